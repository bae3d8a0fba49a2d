import type { Browser } from '@playwright/test'
import { listChallenges } from './catalogue.ts'
import { challengeAt, newMember, passedSolution } from './feedback-journey.ts'
import { expect, expectHydrated, test, VIEWPORTS } from './fixtures.ts'
import { pageScripts } from './page-scripts.ts'

/**
 * What a first visit's largest paint and its stability need (docs/decisions/019-first-visit-budgets.md):
 * the largest image above a phone's fold is asked for first, the scripts after what the first paint
 * shows, and the page does not move when it comes alive (hydrated, the session known).
 */

test('a server-rendered page asks for no script before its first paint, and comes alive after it', async ({
  page,
  request,
}) => {
  const [challenge] = await listChallenges(request)
  if (!challenge) throw new Error('the catalogue is empty')
  for (const path of ['/', '/challenges', `/challenge/${challenge.slug}`]) {
    const html = await (await request.get(path)).text()
    // Nothing the browser reads in the HTML asks for the app's scripts: start.js names them.
    expect(html, path).not.toMatch(/<script type="module"|rel="modulepreload"/)
    // index.html's entry and the files it imports, and the route's own chunk.
    const scripts = pageScripts(html)
    expect(scripts.length, path).toBeGreaterThanOrEqual(4)

    await page.goto(path)
    await expectHydrated(page)
    const loaded = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry as PerformanceResourceTiming)
        .map(({ name, startTime, responseEnd }) => ({
          path: new URL(name).pathname,
          startTime,
          responseEnd,
        })),
    )
    // No frame is drawn before the stylesheet is in, and start.js waits for the first frame: every
    // script of the app was asked for after the stylesheet arrived.
    const stylesheet = loaded.find((entry) => entry.path.endsWith('.css'))
    if (!stylesheet) throw new Error(`${path} loaded no stylesheet`)
    for (const script of scripts) {
      const entry = loaded.find((resource) => resource.path === script)
      expect(entry, `${path} loads ${script}`).toBeDefined()
      expect(entry?.startTime ?? 0, `${path}: ${script}`).toBeGreaterThanOrEqual(stylesheet.responseEnd)
    }
  }
})

/** Where the solution page's captures start, as the server's page lays them out or once it has come alive. */
async function capturesTop(browser: Browser, path: string, javaScriptEnabled: boolean): Promise<number> {
  const context = await browser.newContext({ viewport: VIEWPORTS.mobile, javaScriptEnabled })
  const page = await context.newPage()
  await page.goto(path)
  if (javaScriptEnabled) {
    await expectHydrated(page)
    // The visitor's like button: the session is known.
    await expect(page.getByRole('link', { name: /^Like\b.*log in with GitHub first$/ })).toBeVisible()
  }
  await page.evaluate(() => document.fonts.ready)
  const box = await page.getByRole('heading', { level: 2, name: 'Captures' }).boundingBox()
  await context.close()
  if (!box) throw new Error('no captures heading')
  return box.y
}

test('a profile and a solution page ask for their largest image first; the solution page does not move as it comes alive', async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(300_000)
  const author = await newMember(browser, testInfo, 'painted')
  const solutionId = await passedSolution(author, await challengeAt(author.page, testInfo.workerIndex + 5))
  await author.close()

  await page.setViewportSize(VIEWPORTS.mobile)
  await page.goto(`/profile/${author.login}`)
  await expect(page.getByRole('img', { name: `${author.login}'s avatar` })).toHaveAttribute(
    'fetchpriority',
    'high',
  )

  await page.goto(`/solutions/${solutionId}`)
  await expect(page.getByRole('img', { name: /^Desktop capture of the live site/ })).toHaveAttribute(
    'fetchpriority',
    'high',
  )
  await expect(page.getByRole('img', { name: /^Mobile capture of the live site/ })).not.toHaveAttribute(
    'fetchpriority',
    'high',
  )

  // The like control keeps its room until the session is known: nothing below it moves.
  const path = `/solutions/${solutionId}`
  expect(await capturesTop(browser, path, true)).toBe(await capturesTop(browser, path, false))
})
