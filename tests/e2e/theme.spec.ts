import type { Page } from '@playwright/test'
import { listChallenges } from './catalogue.ts'
import { challengeAt, newMember, passedSolution } from './feedback-journey.ts'
import {
  expect,
  expectHydrated,
  expectNoAxeViolations,
  forgetNotFoundErrors,
  test,
  VIEWPORTS,
} from './fixtures.ts'

/**
 * Dark mode (docs/product.md §2 Footer, docs/decisions/015-dark-mode.md) and the shipped font: the theme
 * follows the system until a member chooses Light or Dark in the footer, the choice outlives a reload,
 * the theme is on <html> before the body exists (no flash of the other theme), every page passes axe
 * (its colour contrast above all) in the dark theme, and the interface's font is Inter from the app.
 */

const html = (page: Page) => page.locator('html')
const themeGroup = (page: Page) => page.getByRole('contentinfo').getByRole('group', { name: 'Theme' })
const themeRadio = (page: Page, name: 'System' | 'Light' | 'Dark') =>
  themeGroup(page).getByRole('radio', { name, exact: true })

/**
 * Records, in every document the page opens, the theme <html> carries at the moment the parser adds
 * <body>: before anything of the page can be painted. Read it with `themeWhenBodyStarted`.
 */
async function recordThemeBeforeBody(page: Page) {
  await page.addInitScript(() => {
    const record = () => {
      ;(window as unknown as { themeWhenBodyStarted?: string | null }).themeWhenBodyStarted =
        document.documentElement.getAttribute('data-theme')
    }
    if (document.body) return record()
    const observer = new MutationObserver(() => {
      if (!document.body) return
      observer.disconnect()
      record()
    })
    observer.observe(document, { childList: true, subtree: true })
  })
}

const themeWhenBodyStarted = (page: Page) =>
  page.evaluate(() => (window as unknown as { themeWhenBodyStarted?: string | null }).themeWhenBodyStarted)

async function expectDarkAndAxeClean(page: Page, path: string) {
  await page.goto(path)
  await expect(html(page)).toHaveAttribute('data-theme', 'dark')
  await expectHydrated(page)
  // A member page is drawn in the browser after the session check: its heading says it is there.
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible()
  await expectNoAxeViolations(page)
}

test.describe('dark mode', () => {
  test('the theme follows the system until Light or Dark is chosen, before the first paint and after a reload', async ({
    page,
  }) => {
    await recordThemeBeforeBody(page)
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto('/challenges')
    expect(await themeWhenBodyStarted(page)).toBe('light')
    await expectHydrated(page)
    await expect(themeRadio(page, 'System')).toBeChecked()

    // System follows the system's preference as it changes, without a reload.
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect(html(page)).toHaveAttribute('data-theme', 'dark')
    await page.emulateMedia({ colorScheme: 'light' })
    await expect(html(page)).toHaveAttribute('data-theme', 'light')

    // By keyboard: Tab reaches the group, the arrow keys move the choice.
    await themeRadio(page, 'System').focus()
    await page.keyboard.press('ArrowRight')
    await expect(themeRadio(page, 'Light')).toBeChecked()
    await expect(themeRadio(page, 'Light')).toBeFocused()
    await page.keyboard.press('ArrowRight')
    await expect(themeRadio(page, 'Dark')).toBeChecked()
    await expect(html(page)).toHaveAttribute('data-theme', 'dark')
    await expectNoAxeViolations(page)

    // Remembered in this browser, and in place before the body of the next document: a server-rendered
    // page, then a member page (the app rendered in the browser).
    await page.reload()
    expect(await themeWhenBodyStarted(page)).toBe('dark')
    await expectHydrated(page)
    await expect(themeRadio(page, 'Dark')).toBeChecked()
    await page.goto('/settings')
    expect(await themeWhenBodyStarted(page)).toBe('dark')
    await expect(html(page)).toHaveAttribute('data-theme', 'dark')

    // Light holds against a dark system; System gives the theme back to the system.
    await page.goto('/about')
    await expectHydrated(page)
    await themeRadio(page, 'Light').check()
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.reload()
    expect(await themeWhenBodyStarted(page)).toBe('light')
    await expectHydrated(page)
    await expect(themeRadio(page, 'Light')).toBeChecked()
    await themeRadio(page, 'System').check()
    await expect(html(page)).toHaveAttribute('data-theme', 'dark')
    await page.reload()
    expect(await themeWhenBodyStarted(page)).toBe('dark')
  })

  test('a choice made in one tab applies to the browser’s other tabs', async ({ page, context }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto('/about')
    await expectHydrated(page)
    const other = await context.newPage()
    await other.emulateMedia({ colorScheme: 'light' })
    await other.goto('/terms')
    await expectHydrated(other)
    await themeRadio(page, 'Dark').check()
    await expect(html(other)).toHaveAttribute('data-theme', 'dark')
    await expect(themeRadio(other, 'Dark')).toBeChecked()
  })

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    test(`every public page passes axe in the dark theme (${name})`, async ({
      page,
      request,
      consoleErrors,
    }) => {
      test.setTimeout(240_000)
      await page.setViewportSize(viewport)
      await page.emulateMedia({ colorScheme: 'dark' })
      const [challenge] = await listChallenges(request)
      if (!challenge) throw new Error('the catalogue is empty')
      for (const path of [
        '/',
        '/challenges',
        '/challenges/navbar',
        `/challenge/${challenge.slug}`,
        `/challenge/${challenge.slug}/solutions`,
        '/solutions',
        '/leaderboard',
        '/competitions',
        '/badges',
        '/about',
        '/terms',
        '/privacy',
        '/contact',
        '/my',
      ]) {
        await test.step(path, () => expectDarkAndAxeClean(page, path))
      }
      await test.step('the 404 page', async () => {
        await expectDarkAndAxeClean(page, '/no-such-page')
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        forgetNotFoundErrors(consoleErrors)
      })
    })
  }

  test('the member pages and a solution page pass axe in the dark theme', async ({ browser }, testInfo) => {
    // A review to pass, then fourteen pages checked by axe.
    test.setTimeout(480_000)
    const member = await newMember(browser, testInfo, 'dark')
    const { page } = member
    const solutionId = await passedSolution(member, await challengeAt(page, testInfo.workerIndex + 3))
    await page.goto('/about')
    await expectHydrated(page)
    await themeRadio(page, 'Dark').check()
    for (const viewport of Object.values(VIEWPORTS)) {
      await page.setViewportSize(viewport)
      for (const path of [
        '/my',
        '/settings',
        '/notifications',
        '/leaderboard',
        '/user-challenges/completed',
        `/solutions/${solutionId}`,
        `/profile/${member.login}`,
      ]) {
        await test.step(`${path} at ${viewport.width}`, () => expectDarkAndAxeClean(page, path))
      }
    }
    await member.close()
  })
})

test.describe('the interface font', () => {
  test('Inter comes preloaded from the app, cached for a year, and is the font the text is drawn in', async ({
    page,
    request,
  }) => {
    const document = await (await request.get('/challenges')).text()
    const preload =
      /<link rel="preload" as="font" type="font\/woff2" crossorigin href="(\/assets\/inter-latin-wght-normal-[\w-]+\.woff2)" \/>/.exec(
        document,
      )?.[1]
    expect(preload, 'the server-rendered head preloads the font').toBeTruthy()

    const fontRequests: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fontRequests.push(new URL(request.url()).pathname)
    })
    const fontResponse = page.waitForResponse((response) => response.url().endsWith(preload ?? '-'))
    await page.goto('/challenges')
    const response = await fontResponse
    expect(response.status()).toBe(200)
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(response.headers()['content-type']).toMatch(/^font\/woff2/)

    await expectHydrated(page)
    const fonts = await page.evaluate(async () => {
      await window.document.fonts.ready
      return {
        inter: [...window.document.fonts]
          .filter((face) => face.family.replace(/"/g, '') === 'Inter Variable')
          .map((face) => face.status),
        body: getComputedStyle(window.document.body).fontFamily,
      }
    })
    expect(fonts.body).toMatch(/^"Inter Variable", "Inter Fallback: Arial"/)
    expect(fonts.inter).toContain('loaded')
    // The preload is the download the page uses: the file is fetched once.
    expect(fontRequests.filter((path) => path === preload)).toEqual([preload])
  })

  test('text drawn in the fallback keeps its place when Inter arrives (no layout shift)', async ({
    page,
  }) => {
    // The font is held back until the page is drawn in the fallback, then let through.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(/\/assets\/inter-[\w-]+\.woff2$/, async (route) => {
      await held
      await route.continue()
    })
    // Not waiting for the load event, which waits for the font.
    await page.goto('/challenges', { waitUntil: 'domcontentloaded' })
    await expectHydrated(page)
    await page.evaluate(() => {
      const shifts: number[] = []
      ;(window as unknown as { shifts: number[] }).shifts = shifts
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
          shifts.push(entry.value)
      }).observe({ type: 'layout-shift', buffered: false })
    })
    expect(await page.evaluate(() => document.fonts.check('16px "Inter Variable"'))).toBe(false)
    release()
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.fonts].some(
            (face) => face.family.replace(/"/g, '') === 'Inter Variable' && face.status === 'loaded',
          ),
        ),
      )
      .toBe(true)
    // Two frames for the swap to be laid out and any shift it causes reported.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    )
    const shifted = await page.evaluate(() =>
      (window as unknown as { shifts: number[] }).shifts.reduce((total, value) => total + value, 0),
    )
    expect(shifted).toBeLessThan(0.01)
  })
})
