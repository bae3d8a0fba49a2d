import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import type http from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page, TestInfo } from '@playwright/test'
import type { Challenge } from '#shared/challenge.ts'
import { type FixtureServer, startFixtureServer } from '#tests/support/capture-fixtures.ts'
import { liveSitesEnv } from '#tests/support/loopback-only-dns.ts'
import { type ServerProcess, startServer } from '#tests/support/server-process.ts'
import { expect, expectHydrated, test } from './fixtures.ts'
import { qualitySummaries } from './live-sites.ts'
import { memberPageOn, uniqueLogin } from './sign-in-helper.ts'

/**
 * A whole review for real, Lighthouse included, with no answer stubbed: a member submits on the challenge
 * page, a worker captures the site with Chromium at the three widths through the egress proxy, scores it
 * against the challenge's designs and audits it, the review passes and earns the points, and the report
 * shows it all; then the member resubmits after a broken deploy and the new review scores lower.
 *
 * The site is the challenge's own reference solution, served from loopback by this file under the
 * member's own github.io name: this file's server resolves every github.io host to 127.0.0.1
 * (LOOPBACK_TEST_DOMAINS), sends port 80 there to the fixture's port (LOOPBACK_TEST_PORT) and may open
 * loopback port 80 (REVIEW_ALLOW_LOOPBACK), so the form takes the address as a member types it.
 * Unlike the shared server's reviews, axe and Lighthouse run (REVIEW_AXE and REVIEW_LIGHTHOUSE are not off).
 */

/**
 * A footer: its layout does not follow the window's height, which differs between the designs (drawn
 * 900 px tall) and the review's tablet and mobile captures (1024 and 812 px).
 */
const SLUG = 'Safelight-Studio-Footer'
const CHALLENGE_DIR = join('content/challenges', SLUG)
/**
 * A review (three captures, axe, html-validate, Lighthouse) takes about a minute on a busy two-core
 * machine, and over two with another review beside it.
 */
const REVIEW_TIMEOUT_MS = 240_000
/** A report's address ends with its review's public id. */
const REPORT_PATH = /\/reviews\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const BREAKPOINTS = [
  { name: 'Desktop', width: 1440 },
  { name: 'Tablet', width: 768 },
  { name: 'Mobile', width: 375 },
] as const

const CONTENT_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  woff2: 'font/woff2',
}

function fileRoute(path: string): http.RequestListener {
  const body = readFileSync(path)
  const type = CONTENT_TYPES[path.split('.').at(-1) ?? ''] ?? 'application/octet-stream'
  return (_req, res) => res.writeHead(200, { 'Content-Type': type }).end(body)
}

/** Off once the member's fonts have gone missing (a 404), as after a broken deploy. */
let fontsServed = true

/** The reference solution at /site/index.html, with its images and fonts where its relative links point. */
function startReferenceSite(): Promise<FixtureServer> {
  const routes: Record<string, http.RequestListener> = {
    '/site/index.html': fileRoute(join(CHALLENGE_DIR, 'reference/index.html')),
  }
  routes['/site/style.css'] = fileRoute(join(CHALLENGE_DIR, 'reference/style.css'))
  for (const name of readdirSync(join(CHALLENGE_DIR, 'images')))
    routes[`/images/${name}`] = fileRoute(join(CHALLENGE_DIR, 'images', name))
  for (const name of readdirSync(join(CHALLENGE_DIR, 'fonts'))) {
    const font = fileRoute(join(CHALLENGE_DIR, 'fonts', name))
    routes[`/fonts/${name}`] = (req, res) => {
      if (fontsServed) return font(req, res)
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found')
    }
  }
  return startFixtureServer(routes)
}

test.describe.configure({ mode: 'serial' })

let site: FixtureServer
let server: ServerProcess | undefined
/** A catalogue of this one challenge (and no competitions): the first start imports it in seconds. */
let contentDir: string
let competitionsDir: string

test.beforeAll(async () => {
  site = await startReferenceSite()
  contentDir = mkdtempSync(join(tmpdir(), 'dojo-real-review-content-'))
  cpSync(CHALLENGE_DIR, join(contentDir, SLUG), { recursive: true })
  competitionsDir = mkdtempSync(join(tmpdir(), 'dojo-real-review-competitions-'))
  server = await startServer({
    entry: 'dist/server/index.js',
    env: {
      REVIEW_WORKERS: '1',
      LINK_CHECK_WORKERS: '0',
      CONTENT_DIR: contentDir,
      COMPETITIONS_DIR: competitionsDir,
      ...liveSitesEnv(site.port),
    },
    readyTimeoutMs: 240_000,
  })
})

test.afterAll(async () => {
  await server?.destroy()
  await site?.close()
  for (const dir of [contentDir, competitionsDir]) if (dir) rmSync(dir, { recursive: true, force: true })
})

/** A signed-in member on this file's server; console and page errors are collected. */
function memberPage(browser: Browser, testInfo: TestInfo, login: string) {
  if (!server) throw new Error('the server is not running')
  return memberPageOn(server.baseUrl, browser, testInfo, login)
}

const reviewPanel = (page: Page) => page.getByRole('region', { name: 'Review', exact: true })
const panelState = (page: Page) => reviewPanel(page).getByTestId('review-panel-state')

/** Waits for the panel to show that the newest review passed, and returns its score. */
async function passedScore(page: Page): Promise<number> {
  await expect(panelState(page)).toContainText(/Review (passed|failed)/, { timeout: REVIEW_TIMEOUT_MS })
  await expect(panelState(page)).toContainText('Review passed')
  return Number(await reviewPanel(page).getByTestId('review-panel-score').textContent())
}

/** The report of a finished review: the overall score, each width's score and its capture, loaded. */
async function expectScoredReport(page: Page, challenge: Challenge, overall: number) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Review of ${challenge.title}`)
  await expect(page.getByTestId('review-state')).toContainText('Review passed')
  await expect(page.getByRole('meter', { name: 'Overall score' })).toHaveAttribute('value', String(overall))
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
    'Overall score',
    ...BREAKPOINTS.map(({ name, width }) => `${name} ${width} px`),
    'Quality report',
    'Engine versions',
  ])
  for (const { name, width } of BREAKPOINTS) {
    const section = page.getByRole('region', { name: `${name} ${width} px`, exact: true })
    await expect(section.getByRole('meter', { name: new RegExp(`^${name} score`) })).toHaveAttribute(
      'value',
      /^\d{1,3}(\.\d+)?$/,
    )
    // The capture itself, served by the server from its storage, at the width it was taken at.
    const capture = section.getByRole('img', { name: `Your site at ${name} width` })
    await capture.scrollIntoViewIfNeeded()
    await expect
      .poll(() => capture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), {
        timeout: 30_000,
      })
      .toBe(width)
  }
  // The quality report ran for real on the same page: axe with its result (the browser tests' only
  // review that runs it), Lighthouse too (its line says why when a busy machine kept it from finishing
  // in time).
  await expect(qualitySummaries(page)).toHaveText([
    /^Accessibility \(axe [\d.]+\): (no issues found|\d+ rules?, \d+ elements?)$/,
    /^HTML \(html-validate \d/,
    /^Lighthouse /,
  ])
}

test('a member submits their own live site, and the review captures, scores, audits and passes it for real', async ({
  browser,
}, testInfo) => {
  // One server start and two real reviews, each with Lighthouse: 2 to 6 minutes on a busy two-core
  // machine. Every wait inside has its own bound.
  test.setTimeout(600_000)
  fontsServed = true
  const login = uniqueLogin(testInfo, 'real-review')
  const liveUrl = `http://${login}.github.io/site/index.html`
  const { context, page, errors } = await memberPage(browser, testInfo, login)
  try {
    const challenges = (await (await page.request.get('/api/challenges')).json()).challenges as Challenge[]
    const challenge = challenges.find((c) => c.slug === SLUG)
    if (!challenge) throw new Error(`the catalogue has no ${SLUG}`)

    // 1. The submit, through the challenge page's form, of the member's own GitHub Pages address.
    await page.goto(`/challenge/${encodeURIComponent(SLUG)}`)
    await expectHydrated(page)
    await page
      .getByRole('region', { name: 'About this challenge' })
      .getByRole('button', { name: 'Start', exact: true })
      .click()
    await page.getByLabel('Live site URL').fill(liveUrl)
    await page.getByRole('button', { name: 'Submit', exact: true }).click()

    // 2. The panel follows the review step by step; when it passes, the overlay brings the points.
    await expect(panelState(page)).toHaveText(/^Reviewing your site\. Step [1-6] of 6: /)
    const dialog = page.getByRole('dialog', { name: 'Congratulations!' })
    await test.step('the first review', () => expect(dialog).toBeVisible({ timeout: REVIEW_TIMEOUT_MS }))
    await expect(dialog).toContainText('earned 10 points')
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(page).toHaveURL(`/profile/${login}`)

    // 3. Back on the challenge: the passed review, its score and its report.
    await page.goto(`/challenge/${encodeURIComponent(SLUG)}`)
    await expectHydrated(page)
    const panel = reviewPanel(page)
    const firstScore = await passedScore(page)
    // The designs were drawn from the reference solution by Chromium (scripts/content-render.ts): it
    // scores 100 at every width on this machine, less where another Chromium draws text differently.
    expect(firstScore).toBeGreaterThanOrEqual(90)
    await expect(panelState(page)).toContainText('+10 points')
    // "Review again" is for a review that failed.
    await expect(page.getByRole('button', { name: 'Review again' })).toHaveCount(0)
    const firstReport = panel.getByRole('link', { name: 'View the review report' })
    const firstPath = (await firstReport.getAttribute('href')) ?? ''
    expect(firstPath).toMatch(REPORT_PATH)
    await firstReport.click()
    await expect(page).toHaveURL(firstPath)
    await expectScoredReport(page, challenge, firstScore)
    expect(site.requests).toContain('/site/style.css')
    expect(site.requests.some((path) => path.startsWith('/fonts/'))).toBe(true)

    // 4. The member's fonts go missing (a broken deploy: the page falls back to DejaVu); they resubmit,
    // and the new review sees it: still their own site, not blank, so it passes, with a lower score and
    // no more points.
    fontsServed = false
    await page.goto(`/challenge/${encodeURIComponent(SLUG)}`)
    await expectHydrated(page)
    await expect(page.getByRole('heading', { level: 2, name: 'Refine and Resubmit' })).toBeVisible()
    await page.getByLabel('Live site URL').fill(liveUrl)
    await page.getByRole('button', { name: 'Resubmit', exact: true }).click()
    await expect(panelState(page)).toHaveText(/^Reviewing your site\. Step [1-6] of 6: /)
    const secondScore = await test.step('the second review', () => passedScore(page))
    expect(secondScore).toBeLessThan(firstScore)
    await expect(panelState(page)).not.toContainText('points')
    await expect(dialog).toHaveCount(0)
    const secondReport = panel.getByRole('link', { name: 'View the review report' })
    await expect(secondReport).not.toHaveAttribute('href', firstPath)
    await secondReport.click()
    await expect(page).toHaveURL(REPORT_PATH)
    await expectScoredReport(page, challenge, secondScore)
    expect(errors).toEqual([])
  } finally {
    await context.close()
  }
})
