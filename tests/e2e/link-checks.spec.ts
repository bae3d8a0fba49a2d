import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page, TestInfo } from '@playwright/test'
import { sql } from 'drizzle-orm'
import { openDatabase } from '#server/db/client.ts'
import type { Challenge } from '#shared/challenge.ts'
import { profilePageResponse } from '#shared/member.ts'
import { liveSitesEnv } from '#tests/support/loopback-only-dns.ts'
import { type ServerProcess, startServer } from '#tests/support/server-process.ts'
import { SITE_STATUS_DESCRIPTIONS } from '#web/features/profile/components/site-status.tsx'
import { type StaticSite, startStaticSite } from '../../scripts/static-site.ts'
import { expect, expectHydrated, expectNoAxeViolations, test, VIEWPORTS } from './fixtures.ts'
import { reviewVerdict, submitThroughApi } from './live-sites.ts'
import { memberPageOn, uniqueLogin } from './sign-in-helper.ts'

/**
 * The member's view of their sites and dead links (docs/product.md §4, §6). Reviews and the weekly re-check
 * really run: this file starts its own server, whose github.io hosts are a fixture site of this file on
 * loopback (LOOPBACK_TEST_DOMAINS, LOOPBACK_TEST_PORT; Lighthouse off, the verdict never needs it). The member
 * submits two challenges on their own github.io, whose reviews pass (Verified), and one on someone else's,
 * whose review fails (never completed, so never on the profile). Then one site goes down (a 404); the test
 * gives it a failed check from more than a day ago (by writing to the stopped server's database), starts the
 * server again, and waits for its scheduler and workers to check the site: that second failure makes it
 * offline.
 */

test.describe.configure({ mode: 'serial' })

let server: ServerProcess
let site: StaticSite
/** The fixture site's folders: one per submitted site, each a copy of a challenge's folder. */
let siteRoot: string
let login: string
let challenges: { own: Challenge; down: Challenge; other: Challenge }
/** The reference solution of a challenge copied to `folder` (its images and fonts beside it). */
const referencePath = (folder: string) => `/${folder}/reference/index.html`
const urls = (member: string) => ({
  own: `http://${member}.github.io${referencePath('portfolio')}`,
  down: `http://${member}.github.io${referencePath('landing')}`,
  fixed: `http://${member}.github.io${referencePath('landing-v2')}`,
  other: `http://someone-else.github.io${referencePath('borrowed')}`,
})

/** A signed-in member on this file's server; console errors and page errors fail the test. */
const memberPage = (browser: Browser, testInfo: TestInfo) =>
  memberPageOn(server.baseUrl, browser, testInfo, login)

test.beforeAll(async ({ browser }, testInfo) => {
  test.setTimeout(300_000)
  siteRoot = mkdtempSync(join(tmpdir(), 'dojo-link-sites-'))
  site = await startStaticSite(siteRoot)
  const env = {
    REVIEW_WORKERS: '1',
    // No test here reads the quality report: its audits only slow the reviews.
    REVIEW_LIGHTHOUSE: 'off',
    REVIEW_AXE: 'off',
    ...liveSitesEnv(site.port),
  }
  // Not about the first start: a copy of the prepared data folder (server-process.ts).
  server = await startServer({ entry: 'dist/server/index.js', env, prepared: true })
  login = uniqueLogin(testInfo, 'links')
  const first = await memberPage(browser, testInfo)
  const list = (await (await first.page.request.get('/api/challenges')).json()).challenges as Challenge[]
  const [own, down, other] = list
  if (!own || !down || !other) throw new Error('the catalogue needs three challenges')
  challenges = { own, down, other }
  for (const [folder, challenge] of [
    ['portfolio', own],
    ['landing', down],
    ['landing-v2', down],
    ['borrowed', other],
  ] as const)
    cpSync(join('content/challenges', challenge.slug), join(siteRoot, folder), { recursive: true })

  // Two sites of the member's own pass their reviews; someone else's fails and completes nothing.
  for (const key of ['own', 'down', 'other'] as const)
    await submitThroughApi(first.page, challenges[key].id, urls(login)[key])
  for (const key of ['own', 'down'] as const)
    expect((await reviewVerdict(first.page, challenges[key].id)).status, key).toBe('passed')
  expect((await reviewVerdict(first.page, challenges.other.id)).error?.code).toBe('not_own_site')
  await first.context.close()
  expect(first.errors).toEqual([])

  // The landing page's site goes down.
  rmSync(join(siteRoot, 'landing'), { recursive: true, force: true })

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
  await site?.close()
  if (siteRoot) rmSync(siteRoot, { recursive: true, force: true })
})

const card = (page: Page, challenge: Challenge) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: challenge.title }) })

test('the profile shows Verified and Offline on the completed submissions, server-rendered and accessible', async ({
  browser,
}, testInfo) => {
  const { context, page, errors } = await memberPage(browser, testInfo)
  try {
    // The server's first answer already carries the badges.
    const html = await (await page.request.get(`/profile/${login}`)).text()
    expect(html).toContain('>Verified<')
    expect(html).toContain('>Offline<')
    expect(html).not.toContain('>Unverified<')

    await page.goto(`/profile/${login}`)
    await expectHydrated(page)
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

    // Every completed challenge passed a review of the member's own site: someone else's site, whose
    // review failed, completed nothing and is not listed (docs/product.md §4).
    await expect(page.getByRole('region', { name: 'Submissions' }).getByRole('listitem')).toHaveCount(2)
    await expect(other).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Unverified' })).toHaveCount(0)

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
  // A real review of the resubmitted site, which waits behind the other worker's reviews on a busy machine.
  test.slow()
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
    await expectHydrated(page)

    // The fix: a working address, resubmitted on the challenge page. Its review passes; the points were
    // earned already, so no overlay opens.
    await resubmit.focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(`/challenge/${encodeURIComponent(challenges.down.slug)}`)
    await expect(page.getByRole('heading', { level: 2, name: 'Refine and Resubmit' })).toBeVisible()
    await page.getByLabel('Live site URL').fill(urls(login).fixed)
    await page.getByRole('button', { name: 'Resubmit', exact: true }).click()
    const state = page.getByTestId('review-panel').getByTestId('review-panel-state')
    await expect(state).toHaveText(/^Reviewing your site\. Step [1-6] of 6: /)
    await expect(state).toContainText(/Review (passed|failed)/, { timeout: 120_000 })
    await expect(state).toContainText('Review passed')
    await expect(page.getByRole('dialog', { name: 'Congratulations!' })).toHaveCount(0)
    await page.goto(`/profile/${login}`)
    await expect(card(page, challenges.down).getByRole('link', { name: /View live site/ })).toHaveAttribute(
      'href',
      urls(login).fixed,
    )
    await expect(card(page, challenges.down).getByRole('button', { name: 'Offline' })).toHaveCount(0)

    await page.goto('/my')
    await expect(page.getByTestId('count-completed')).toContainText('2')
    await expect(page.getByTestId('offline-sites')).toHaveCount(0)
    expect(errors).toEqual([])
  } finally {
    await context.close()
  }
})
