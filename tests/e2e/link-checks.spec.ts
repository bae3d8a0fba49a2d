import type { Browser, Page, TestInfo } from '@playwright/test'
import { sql } from 'drizzle-orm'
import { openDatabase } from '#server/db/client.ts'
import type { Challenge } from '#shared/challenge.ts'
import { profilePageResponse } from '#shared/member.ts'
import { LOOPBACK_ONLY_DNS_ENV } from '#tests/support/loopback-only-dns.ts'
import { type ServerProcess, startServer } from '#tests/support/server-process.ts'
import { SITE_STATUS_DESCRIPTIONS } from '#web/features/profile/components/site-status.tsx'
import { expect, expectNoAxeViolations, test, VIEWPORTS } from './fixtures.ts'
import { signIn, uniqueLogin } from './sign-in-helper.ts'

/**
 * The member's view of ownership and dead links (docs/product.md §4, §6). The weekly re-check really runs:
 * this file starts its own server, gives one submission a failure from more than a day ago (by writing to the
 * stopped server's database), starts it again, and waits for its scheduler and workers to check the site. The
 * server resolves no name but localhost (tests/support/loopback-only-dns.mjs), so the check of a github.io
 * address fails ("does not exist") on every machine, with DNS or without, and that second failure makes it
 * offline.
 */

test.describe.configure({ mode: 'serial' })

let server: ServerProcess
let login: string
let challenges: { own: Challenge; down: Challenge; other: Challenge }
const urls = (member: string) => ({
  own: `https://${member}.github.io/portfolio`,
  down: `https://${member}.github.io/landing`,
  other: 'https://someone-else.github.io/borrowed',
})

/** The server's CSRF rule: mutations are JSON from our own origin. */
async function mutate(page: Page, path: string, body: unknown) {
  const response = await page.request.post(path, {
    headers: { Origin: new URL(page.url()).origin, 'Content-Type': 'application/json' },
    data: JSON.stringify(body),
  })
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true)
}

/** A signed-in member on this file's server; console errors and page errors fail the test. */
async function memberPage(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: VIEWPORTS.desktop })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  await signIn(page, testInfo, login)
  return { context, page, errors }
}

test.beforeAll(async ({ browser }, testInfo) => {
  test.setTimeout(300_000)
  // No review workers: this file is about the plain-HTTP re-checks, and Chromium would only compete.
  const env = { REVIEW_WORKERS: '0', ...LOOPBACK_ONLY_DNS_ENV }
  server = await startServer({ entry: 'dist/server/index.js', env })
  login = uniqueLogin(testInfo, 'links')
  const first = await memberPage(browser, testInfo)
  const list = (await (await first.page.request.get('/api/challenges')).json()).challenges as Challenge[]
  const [own, down, other] = list
  if (!own || !down || !other) throw new Error('the catalogue needs three challenges')
  challenges = { own, down, other }
  for (const key of ['own', 'down', 'other'] as const) {
    await mutate(first.page, `/api/me/challenges/${challenges[key].id}/start`, {})
    await mutate(first.page, `/api/me/challenges/${challenges[key].id}/submit`, { liveUrl: urls(login)[key] })
  }
  await first.context.close()
  expect(first.errors).toEqual([])

  // Last week's check of one site failed more than a day ago; the others were checked this week.
  await server.stop()
  const database = await openDatabase({ kind: 'pglite', dataDir: server.dataDir })
  try {
    await database.db.execute(sql`update user_challenges set
      link_failures = 1,
      link_first_failure_at = now() - interval '25 hours',
      link_checked_at = now() - interval '8 days',
      link_last_error = 'The site answered 404 (Not Found).'
      where challenge_live = ${urls(login).down}`)
    await database.db.execute(sql`update user_challenges set link_checked_at = now()
      where challenge_live in (${urls(login).own}, ${urls(login).other})`)
  } finally {
    await database.close()
  }
  server = await startServer({ entry: 'dist/server/index.js', dataDir: server.dataDir, env })

  // The scheduler's first tick comes a few seconds after start; the check itself takes at most 10 s.
  await expect
    .poll(
      async () => {
        const response = await fetch(`${server.baseUrl}/api/users/${login}`)
        const profile = profilePageResponse.parse(await response.json())
        return profile.submissions.find((s) => s.challenge.id === challenges.down.id)?.linkStatus
      },
      { timeout: 90_000, intervals: [500] },
    )
    .toBe('offline')
})

test.afterAll(async () => {
  await server?.destroy()
})

const card = (page: Page, challenge: Challenge) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: challenge.title }) })

test('the profile shows Verified, Unverified and Offline on the submissions, server-rendered and accessible', async ({
  browser,
}, testInfo) => {
  const { context, page, errors } = await memberPage(browser, testInfo)
  try {
    // The server's first answer already carries the badges.
    const html = await (await page.request.get(`/profile/${login}`)).text()
    expect(html).toContain('>Verified<')
    expect(html).toContain('>Offline<')
    expect(html).toContain('>Unverified<')

    await page.goto(`/profile/${login}`)
    const own = card(page, challenges.own)
    const down = card(page, challenges.down)
    const other = card(page, challenges.other)
    const verified = own.getByRole('button', { name: 'Verified', exact: true })
    await expect(verified).toBeVisible()
    await expect(verified).toHaveAccessibleDescription(SITE_STATUS_DESCRIPTIONS.verified)
    await expect(own.getByRole('button', { name: 'Offline' })).toHaveCount(0)

    const offline = down.getByRole('button', { name: 'Offline', exact: true })
    await expect(offline).toBeVisible()
    await expect(offline).toHaveAccessibleDescription(SITE_STATUS_DESCRIPTIONS.offline)
    await expect(down.getByRole('button', { name: 'Verified', exact: true })).toBeVisible()

    const unverified = other.getByRole('button', { name: 'Unverified', exact: true })
    await expect(unverified).toBeVisible()
    await expect(unverified).toHaveAccessibleDescription(SITE_STATUS_DESCRIPTIONS.mismatch)
    await expect(other.getByRole('button', { name: 'Verified', exact: true })).toHaveCount(0)

    // The explanation shows on keyboard focus and goes with Escape.
    const tooltip = page.getByRole('tooltip', { name: SITE_STATUS_DESCRIPTIONS.verified }).first()
    await expect(tooltip).toBeHidden()
    await verified.focus()
    await expect(tooltip).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(tooltip).toBeHidden()
    // A tap (click) shows it too, for touch screens.
    await offline.click()
    await expect(page.getByRole('tooltip', { name: SITE_STATUS_DESCRIPTIONS.offline })).toBeVisible()
    await page.keyboard.press('Escape')

    await expectNoAxeViolations(page)
    await page.setViewportSize(VIEWPORTS.mobile)
    await expect(offline).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.mobile.width,
    )
    await expectNoAxeViolations(page)
    expect(errors).toEqual([])
  } finally {
    await context.close()
  }
})

test('the dashboard lists the offline site with a way to fix it, and forgets it once resubmitted', async ({
  browser,
}, testInfo) => {
  const { context, page, errors } = await memberPage(browser, testInfo)
  try {
    await expect(page).toHaveURL('/my')
    const notice = page.getByRole('region', { name: 'One of your sites is offline' })
    await expect(notice).toBeVisible()
    await expect(notice.getByRole('listitem')).toHaveCount(1)
    await expect(notice).toContainText(challenges.down.title)
    await expect(
      notice.getByRole('link', { name: new RegExp(urls(login).down.replaceAll('.', '\\.')) }),
    ).toHaveAttribute('href', urls(login).down)
    await expect(notice).not.toContainText(challenges.own.title)
    const resubmit = notice.getByRole('link', { name: `Resubmit ${challenges.down.title}` })
    await expect(resubmit).toHaveAttribute('href', `/challenge/${encodeURIComponent(challenges.down.slug)}`)
    await expectNoAxeViolations(page)
    // On a phone (the member sidebar starts closed there on a fresh load).
    await page.setViewportSize(VIEWPORTS.mobile)
    await page.goto('/my')
    await expect(resubmit).toBeVisible()
    await expectNoAxeViolations(page)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.mobile.width,
    )
    await page.setViewportSize(VIEWPORTS.desktop)
    await page.goto('/my')

    // The fix: a working address, resubmitted on the challenge page.
    await resubmit.focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(`/challenge/${encodeURIComponent(challenges.down.slug)}`)
    await expect(page.getByRole('heading', { level: 2, name: 'Refine and Resubmit' })).toBeVisible()
    await page.getByLabel('Live site URL').fill(`https://${login}.github.io/landing-v2`)
    await page.getByRole('button', { name: 'Resubmit', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Congratulations!' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(page).toHaveURL(`/profile/${login}`)
    await expect(card(page, challenges.down).getByRole('button', { name: 'Offline' })).toHaveCount(0)

    await page.goto('/my')
    await expect(page.getByTestId('count-completed')).toContainText('3')
    await expect(page.getByTestId('offline-sites')).toHaveCount(0)
    expect(errors).toEqual([])
  } finally {
    await context.close()
  }
})
