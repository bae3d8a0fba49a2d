import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import type http from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page, TestInfo } from '@playwright/test'
import { VERDICT_FAILURES } from '#shared/review.ts'
import { type FixtureServer, startFixtureServer } from '#tests/support/capture-fixtures.ts'
import { liveSitesEnv } from '#tests/support/loopback-only-dns.ts'
import { type ServerProcess, startServer } from '#tests/support/server-process.ts'
import { expect, expectHydrated, test } from './fixtures.ts'
import { memberPageOn, uniqueLogin } from './sign-in-helper.ts'

/**
 * The review decides (docs/product.md §10), for real: members submit on the challenge page, a worker
 * captures each site with Chromium through the egress proxy, and the panel follows the review live to its
 * verdict. The sites are fixtures on loopback under their real kinds of names: this file's server resolves
 * every github.io and gitlab.io host (not an HSTS-preloaded .app domain, which Chromium would only open over https) to 127.0.0.1 (LOOPBACK_TEST_DOMAINS), sends port 80 there to this
 * fixture's port (LOOPBACK_TEST_PORT), and may open loopback port 80 (REVIEW_ALLOW_LOOPBACK). Lighthouse and axe are off
 * (REVIEW_LIGHTHOUSE, REVIEW_AXE): the verdict never depends on them.
 */

const SLUG = 'Safelight-Studio-Footer'
const CHALLENGE_DIR = join('content/challenges', SLUG)
/** One review without Lighthouse takes seconds; a busy two-core machine may queue it behind another. */
const REVIEW_TIMEOUT_MS = 120_000

const CONTENT_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  woff2: 'font/woff2',
}

const send =
  (body: string | Buffer, type: string, status = 200): http.RequestListener =>
  (_req, res) =>
    res.writeHead(status, { 'Content-Type': type }).end(body)

const referenceHtml = readFileSync(join(CHALLENGE_DIR, 'reference/index.html'), 'utf8')
const withHead = (extra: string) => referenceHtml.replace('<head>', `<head>\n    ${extra}`)
const tag = (token: string) => `<meta name="frontend-dojo-verification" content="${token}">`

/**
 * The fixture web: the challenge's reference solution in folders (each with its own index.html and the
 * stylesheet beside it, the images and fonts at the root as its relative links expect), and pages that
 * are blank, missing, or move on elsewhere by each kind of redirect.
 */
const routes: Record<string, http.RequestListener> = {}
function addSite(folder: string, html: string) {
  routes[`/${folder}/index.html`] = send(html, CONTENT_TYPES.html as string)
  routes[`/${folder}/style.css`] = send(
    readFileSync(join(CHALLENGE_DIR, 'reference/style.css')),
    CONTENT_TYPES.css as string,
  )
}

let site: FixtureServer
let server: ServerProcess | undefined
let contentDir: string
let competitionsDir: string

/**
 * An address on this file's fixture server under a test domain's host name, on port 80 as a live site
 * is: the server under test sends connections to 127.0.0.1:80 to the fixture's port (LOOPBACK_TEST_PORT).
 */
const at = (host: string, path: string) => `http://${host}${path}`

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  for (const folder of ['images', 'fonts'])
    for (const name of readdirSync(join(CHALLENGE_DIR, folder))) {
      const type = CONTENT_TYPES[name.split('.').at(-1) ?? ''] ?? 'application/octet-stream'
      routes[`/${folder}/${name}`] = send(readFileSync(join(CHALLENGE_DIR, folder, name)), type)
    }
  addSite('site', referenceHtml)
  routes['/blank.html'] = send('<!doctype html><html lang="en"><title>Soon</title></html>', 'text/html')
  site = await startFixtureServer(routes)
  const elsewhere = at('someone-else.github.io', '/site/index.html')
  routes['/moved-http'] = (_req, res) => res.writeHead(302, { Location: elsewhere }).end()
  routes['/moved-meta'] = send(
    `<!doctype html><html lang="en"><head><meta http-equiv="refresh" content="0; url=${elsewhere}"><title>Moved</title></head></html>`,
    'text/html',
  )
  routes['/moved-script'] = send(
    `<!doctype html><html lang="en"><head><title>Moved</title><script>location.replace(${JSON.stringify(elsewhere)})</script></head></html>`,
    'text/html',
  )
  contentDir = mkdtempSync(join(tmpdir(), 'dojo-verdicts-content-'))
  cpSync(CHALLENGE_DIR, join(contentDir, SLUG), { recursive: true })
  competitionsDir = mkdtempSync(join(tmpdir(), 'dojo-verdicts-competitions-'))
  server = await startServer({
    entry: 'dist/server/index.js',
    env: {
      REVIEW_WORKERS: '1',
      REVIEW_LIGHTHOUSE: 'off',
      REVIEW_AXE: 'off',
      LINK_CHECK_WORKERS: '0',
      CONTENT_DIR: contentDir,
      COMPETITIONS_DIR: competitionsDir,
      ...liveSitesEnv(site.port, ['github.io', 'gitlab.io']),
    },
    readyTimeoutMs: 240_000,
  })
})

test.afterAll(async () => {
  await server?.destroy()
  await site?.close()
  for (const dir of [contentDir, competitionsDir]) if (dir) rmSync(dir, { recursive: true, force: true })
})

/** A new member on this file's server, on the challenge page, started; console errors are collected. */
async function member(browser: Browser, testInfo: TestInfo, prefix: string) {
  if (!server) throw new Error('the server is not running')
  const login = uniqueLogin(testInfo, prefix)
  const { context, page, errors } = await memberPageOn(server.baseUrl, browser, testInfo, login)
  await page.goto(`/challenge/${encodeURIComponent(SLUG)}`)
  await expectHydrated(page)
  await page
    .getByRole('region', { name: 'About this challenge' })
    .getByRole('button', { name: 'Start', exact: true })
    .click()
  const token = ((await (await page.request.get('/api/me/verification')).json()) as { token: string }).token
  return { context, page, errors, login, token }
}

const panelState = (page: Page) => page.getByTestId('review-panel').getByTestId('review-panel-state')

/** Submits on the challenge page's form and waits for the review's verdict in the panel. */
async function submitAndWait(page: Page, url: string) {
  await page.getByLabel('Live site URL').fill(url)
  await page.getByRole('button', { name: /^(Submit|Resubmit)$/ }).click()
  // The submit's answer puts its queued review at the top of the panel at once; then it runs.
  await expect(panelState(page)).toHaveText(/Reviewing your site/)
  await expect(panelState(page)).toHaveText(/Review (passed|failed)/, { timeout: REVIEW_TIMEOUT_MS })
}

async function pointsOf(page: Page): Promise<number> {
  return ((await (await page.request.get('/api/me')).json()) as { user: { points: number } }).user.points
}

test("the challenge's reference on the member's own github.io passes live, earns 10 points and opens the overlay", async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000)
  const m = await member(browser, testInfo, 'verdict-pass')
  try {
    await m.page.getByLabel('Live site URL').fill(at(`${m.login}.github.io`, '/site/index.html'))
    await m.page.getByRole('button', { name: 'Submit', exact: true }).click()
    // The panel follows the review step by step: a real progress indicator with its steps.
    const progress = m.page.getByRole('progressbar')
    await expect(progress).toBeVisible()
    await expect(panelState(m.page)).toHaveText(/Capturing (desktop|tablet|mobile)|Scoring|Auditing/, {
      timeout: REVIEW_TIMEOUT_MS,
    })
    const dialog = m.page.getByRole('dialog', { name: 'Congratulations!' })
    await expect(dialog).toBeVisible({ timeout: REVIEW_TIMEOUT_MS })
    await expect(dialog).toContainText('10 points')
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(m.page).toHaveURL(`/profile/${m.login}`)
    expect(await pointsOf(m.page)).toBe(10)
    await m.page.goto(`/challenge/${encodeURIComponent(SLUG)}`)
    await expect(panelState(m.page)).toContainText('Review passed')
    expect(Number(await m.page.getByTestId('review-panel-score').textContent())).toBeGreaterThanOrEqual(90)
    expect(m.errors).toEqual([])
  } finally {
    await m.context.close()
  }
})

test('a blank page, an HTTP 404 and someone else’s github.io (directly and by an HTTP redirect) fail with their reason and no points', async ({
  browser,
}, testInfo) => {
  test.setTimeout(600_000)
  const m = await member(browser, testInfo, 'verdict-fail')
  try {
    const own = `${m.login}.github.io`
    const cases: Array<[string, string | RegExp]> = [
      [at(own, '/blank.html'), VERDICT_FAILURES.blank_page],
      [at(own, '/missing'), /HTTP status 404/],
      [at('someone-else.github.io', '/site/index.html'), VERDICT_FAILURES.not_own_site],
      [at(own, '/moved-http'), VERDICT_FAILURES.not_own_site],
    ]
    for (const [url, reason] of cases) {
      await test.step(url, async () => {
        await submitAndWait(m.page, url)
        await expect(panelState(m.page)).toContainText('Review failed')
        await expect(panelState(m.page)).toContainText(reason)
        await expect(m.page.getByRole('button', { name: 'Review again' })).toBeVisible()
      })
    }
    expect(await pointsOf(m.page)).toBe(0)
    expect(m.errors).toEqual([])
  } finally {
    await m.context.close()
  }
})

test('meta refresh and script redirects to someone else’s site, no tag and another member’s tag fail; the member’s own tag on another host passes', async ({
  browser,
}, testInfo) => {
  test.setTimeout(600_000)
  const owner = await member(browser, testInfo, 'verdict-owner')
  const m = await member(browser, testInfo, 'verdict-tags')
  await owner.context.close()
  try {
    addSite('tag-other', withHead(tag(owner.token)))
    addSite('tag-own', withHead(tag(m.token)))
    const own = `${m.login}.github.io`
    const cases: Array<[string, string]> = [
      [at(own, '/moved-meta'), VERDICT_FAILURES.not_own_site],
      [at(own, '/moved-script'), VERDICT_FAILURES.not_own_site],
      [at('learner.gitlab.io', '/site/index.html'), VERDICT_FAILURES.verification_missing],
      [at('learner.gitlab.io', '/tag-other/index.html'), VERDICT_FAILURES.verification_other_member],
    ]
    for (const [url, reason] of cases) {
      await test.step(url, async () => {
        await submitAndWait(m.page, url)
        await expect(panelState(m.page)).toContainText(reason)
      })
    }
    expect(await pointsOf(m.page)).toBe(0)
    // The verification tag the form shows is the one that counts.
    await expect(m.page.getByText(tag(m.token))).toBeVisible()
    await submitAndWait(m.page, at('learner.gitlab.io', '/tag-own/index.html'))
    await expect(panelState(m.page)).toContainText('Review passed')
    await expect(m.page.getByRole('dialog', { name: 'Congratulations!' })).toBeVisible()
    expect(await pointsOf(m.page)).toBe(10)
    expect(m.errors).toEqual([])
  } finally {
    await m.context.close()
  }
})
