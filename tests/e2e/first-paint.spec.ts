import type { Browser } from '@playwright/test'
import { listChallenges } from './catalogue.ts'
import { challengeAt, newMember, passedSolution } from './feedback-journey.ts'
import { expect, expectHydrated, test, VIEWPORTS } from './fixtures.ts'

/**
 * What a first visit's largest paint and its stability need (docs/decisions/019-first-visit-budgets.md):
 * the largest image above a phone's fold is asked for first, the scripts after what the first paint
 * shows, and the page does not move when it comes alive (hydrated, the session known).
 */

test('a server-rendered page asks for its scripts after its stylesheet', async ({ request }) => {
  const [challenge] = await listChallenges(request)
  if (!challenge) throw new Error('the catalogue is empty')
  for (const path of ['/', '/challenges', `/challenge/${challenge.slug}`]) {
    const html = await (await request.get(path)).text()
    const scripts = [...html.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]*>/g)]
    // index.html's entry and preloads, and the route's own chunk.
    expect(scripts.length, path).toBeGreaterThanOrEqual(4)
    for (const [tag] of scripts) expect(tag, path).toContain('fetchpriority="low"')
    const stylesheets = [...html.matchAll(/<link rel="stylesheet"[^>]*>/g)]
    expect(stylesheets.length, path).toBeGreaterThanOrEqual(1)
    for (const [tag] of stylesheets) expect(tag, path).not.toContain('fetchpriority')
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
