import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { eq } from 'drizzle-orm'
import { closeEndedCompetitions } from '#server/competitions/standings.ts'
import { openDatabase } from '#server/db/client.ts'
import { challenges } from '#server/db/schema.ts'
import { createMember, createReviewedSubmission } from '#tests/support/factories.ts'
import { liveSitesEnv } from '#tests/support/loopback-only-dns.ts'
import { type ServerProcess, startServer } from '#tests/support/server-process.ts'
import { type StaticSite, startStaticSite } from '../../scripts/static-site.ts'
import { expect, expectHydrated, expectNoAxeViolations, test, VIEWPORTS } from './fixtures.ts'
import { ownSite, REVIEW_TIMEOUT_MS } from './live-sites.ts'
import { signIn, uniqueLogin } from './sign-in-helper.ts'

/** A 1 × 1 transparent PNG. */
const BLANK_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='

/**
 * /competitions (docs/product.md §2) with competitions an operator scheduled. The shared browser-test server
 * has only the weekly one it started itself (tested with the static pages), so these tests run a server of
 * their own: started once to import the catalogue, stopped while the test writes members and their passed reviews
 * into its database (entries of chosen scores, one from a competition that ended last week, which no live
 * review could produce now), then started again. Its github.io hosts are the challenges' reference
 * solutions on loopback (as on the shared server, playwright.config.ts), so a member's own passed review
 * enters the running competition for real, last.
 */
const DAY = 24 * 3600_000
const [runningSlug, pastSlug, upcomingSlug] = readdirSync('content/challenges').sort()

let server: ServerProcess
let site: StaticSite

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(240_000)
  site = await startStaticSite(resolve('content/challenges'))
  const dataDir = mkdtempSync(join(tmpdir(), 'dojo-competitions-'))
  const competitionsDir = mkdtempSync(join(tmpdir(), 'dojo-competitions-files-'))
  const now = Date.now()
  const iso = (offset: number) => new Date(now + offset).toISOString()
  const file = (name: string, body: object) =>
    writeFileSync(join(competitionsDir, name), JSON.stringify(body))
  file('past.json', { title: 'Past sprint', challenge: pastSlug, start: iso(-14 * DAY), end: iso(-7 * DAY) })
  file('running.json', {
    title: 'This week',
    challenge: runningSlug,
    start: iso(-DAY),
    end: iso(2 * DAY + 3 * 3600_000),
  })
  file('upcoming.json', {
    title: 'Next week',
    challenge: upcomingSlug,
    start: iso(3 * DAY),
    end: iso(10 * DAY),
  })
  const options = {
    entry: 'dist/server/index.js',
    dataDir,
    readyTimeoutMs: 180_000,
    env: {
      COMPETITIONS_DIR: competitionsDir,
      REVIEW_WORKERS: '1',
      REVIEW_LIGHTHOUSE: 'off',
      LINK_CHECK_WORKERS: '0',
      ...liveSitesEnv(site.port),
    },
  }
  server = await startServer(options)
  await server.stop()

  const database = await openDatabase({ kind: 'pglite', dataDir })
  try {
    const db = database.db
    const idOf = async (slug: string | undefined) =>
      (
        await db
          .select({ id: challenges.id })
          .from(challenges)
          .where(eq(challenges.slug, slug ?? ''))
      )[0]?.id ?? 0
    const entry = async (login: string, slug: string | undefined, score: number, at: number) => {
      const member = await createMember(db, login, login === 'ada-e2e' ? 'Ada Winner' : null)
      // Competitions count passed reviews only (docs/product.md §4).
      await createReviewedSubmission(db, member.id, await idOf(slug), [
        { score, at: new Date(now + at), status: 'passed' },
      ])
    }
    await entry('ada-e2e', runningSlug, 92.5, -3 * 3600_000)
    await entry('bo-e2e', runningSlug, 84, -2 * 3600_000)
    await entry('cy-e2e', runningSlug, 70, -3600_000) // below 80: not ranked
    await entry('past-winner-e2e', pastSlug, 97, -10 * DAY)
    await closeEndedCompetitions(db)
  } finally {
    await database.close()
  }
  server = await startServer(options)
})

test.afterAll(async () => {
  await server?.destroy()
  await site?.close()
})

test('shows the running competition, its live ranking, the next one and past results', async ({ page }) => {
  // The stored review written for this test has no capture files: its images are a blank pixel here,
  // so that none answers 404 in the console whenever the solution page's lazy images load.
  await page.route(`${server.baseUrl}/files/**`, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: Buffer.from(BLANK_PIXEL_PNG, 'base64') }),
  )
  await page.goto(`${server.baseUrl}/competitions`)
  await expect(page.getByRole('heading', { level: 1, name: 'Weekly competitions' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Coming Soon' })).toHaveCount(0)

  const running = page.getByRole('region', { name: 'This week' })
  await expect(running.getByText('Running now')).toBeVisible()
  // In the visitor's time zone once the app runs, with a countdown to the end.
  await expect(running.getByTestId('countdown')).toHaveText(/^Time left: 2 days (2|3) hours$/)
  await expect(running.getByRole('link', { name: 'Take the challenge' })).toHaveAttribute(
    'href',
    `/challenge/${runningSlug}`,
  )

  const ranking = page.getByRole('table', { name: 'Live ranking' })
  const rows = ranking.getByRole('row')
  await expect(rows).toHaveCount(3) // the header and two ranked entries
  await expect(rows.nth(1)).toContainText('1')
  await expect(rows.nth(1)).toContainText('Ada Winner')
  await expect(rows.nth(1)).toContainText('@ada-e2e')
  await expect(rows.nth(1)).toContainText('92.5')
  await expect(rows.nth(1).getByTestId('site-verified')).toHaveText('Verified')
  await expect(rows.nth(2)).toContainText('@bo-e2e')
  await expect(rows.nth(2)).toContainText('84.0')
  await expect(ranking).not.toContainText('cy-e2e')
  await expect(rows.nth(1).getByRole('link', { name: 'Ada Winner', exact: true })).toHaveAttribute(
    'href',
    '/profile/ada-e2e',
  )
  // The score opens the entry's solution (docs/product.md §11), the page its link names.
  const adaScore = rows.nth(1).getByRole('link', { name: "92.5 (Ada Winner's solution)" })
  await expect(adaScore).toHaveAttribute('href', /^\/solutions\/[0-9a-f-]{36}$/)
  await adaScore.click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Ada Winner's .+ solution$/)
  await page.goBack()
  await expect(page.getByRole('table', { name: 'Live ranking' })).toBeVisible()

  const upcoming = page.getByRole('region', { name: 'Coming up' })
  await expect(upcoming.getByRole('heading', { name: 'Next week' })).toBeVisible()
  await expect(upcoming.getByText(/Starts/)).toBeVisible()

  const past = page.getByRole('region', { name: 'Past results' })
  const results = past.getByRole('table', { name: 'Results: Past sprint' })
  await expect(results.getByRole('row')).toHaveCount(2)
  await expect(results).toContainText('@past-winner-e2e')
  await expect(results).toContainText('97.0')
})

test('the page is server-rendered with its ranking, in UTC until the app runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto(`${server.baseUrl}/competitions`)
  await expect(page.getByRole('table', { name: 'Live ranking' })).toContainText('@ada-e2e')
  await expect(page.getByRole('region', { name: 'This week' }).locator('time')).toHaveText(/UTC/)
  await expect(page.getByTestId('countdown')).toHaveCount(0)
  await context.close()
})

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`has no axe violations (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport)
    await page.goto(`${server.baseUrl}/competitions`)
    await expect(page.getByRole('table', { name: 'Live ranking' })).toBeVisible()
    await expectNoAxeViolations(page)
  })
}

test("a member's passed review of their own site enters the running competition's live ranking", async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000)
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: VIEWPORTS.desktop })
  const page = await context.newPage()
  try {
    const login = await signIn(page, testInfo, uniqueLogin(testInfo, 'entrant'))
    await page.goto('/competitions')
    await expectHydrated(page)
    await page
      .getByRole('region', { name: 'This week' })
      .getByRole('link', { name: 'Take the challenge' })
      .click()
    await expect(page).toHaveURL(`/challenge/${runningSlug}`)
    await page
      .getByRole('region', { name: 'About this challenge' })
      .getByRole('button', { name: 'Start', exact: true })
      .click()
    await page.getByLabel('Live site URL').fill(ownSite(login, { slug: runningSlug ?? '' }))
    await page.getByRole('button', { name: 'Submit', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Congratulations!' })
    await expect(dialog).toBeVisible({ timeout: REVIEW_TIMEOUT_MS })
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(page).toHaveURL(`/profile/${login}`)

    // The reference solution matches the design: the best score of the week, ranked first, verified.
    await page.goto('/competitions')
    const rows = page.getByRole('table', { name: 'Live ranking' }).getByRole('row')
    await expect(rows).toHaveCount(4)
    await expect(rows.nth(1)).toContainText(`@${login}`)
    await expect(rows.nth(1).getByTestId('site-verified')).toHaveText('Verified')
    await expect(rows.nth(2)).toContainText('@ada-e2e')
    await expect(rows.nth(3)).toContainText('@bo-e2e')
  } finally {
    await context.close()
  }
})
