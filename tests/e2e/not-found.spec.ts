import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import {
  expect,
  expectHydrated,
  expectNoAxeViolations,
  forgetNotFoundErrors,
  test,
  VIEWPORTS,
} from './fixtures.ts'
import { signIn } from './sign-in-helper.ts'

/**
 * Addresses that name nothing (docs/product.md §2): the page says so, offers a way onward and is
 * answered 404; an API's 400 for an id that cannot be one is "not found" too, never a server failure.
 */
const h1 = (page: Page) => page.getByRole('heading', { level: 1 })
const main = (page: Page) => page.getByRole('main')

async function expectSolutionNotFound(page: Page) {
  await expect(h1(page)).toHaveText('Solution not found')
  await expect(page.getByText('There is no such solution.', { exact: true })).toBeVisible()
  await expect(page.getByText(/must be a solution id|Error:/)).toHaveCount(0)
  await expect(main(page).getByRole('link', { name: 'Browse challenges' })).toHaveAttribute(
    'href',
    '/challenges',
  )
  await expect(main(page).getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/')
}

async function expectReviewNotFound(page: Page) {
  await expect(h1(page)).toHaveText('404 - Not Found')
  await expect(page.getByText(/Something went wrong|could not answer/)).toHaveCount(0)
  await expect(main(page).getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/')
}

test.describe('pages about nothing', () => {
  test('/solutions/abc says the solution does not exist, answered 404, for a visitor and a member', async ({
    page,
    consoleErrors,
  }, testInfo) => {
    const response = await page.goto('/solutions/abc')
    expect(response?.status()).toBe(404)
    await expectHydrated(page)
    await expectSolutionNotFound(page)
    // Signed in, the page asks the API again (it may be the member's own hidden solution): still 404's page.
    await signIn(page, testInfo)
    await page.goto('/solutions/abc')
    await expectHydrated(page)
    await expectSolutionNotFound(page)
    forgetNotFoundErrors(consoleErrors)
    // The API's 400 for the malformed id, logged by the browser as a failed request.
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/status of 400/.test(e)))
  })

  for (const [name, path] of [
    ['an unknown review', `/reviews/${randomUUID()}`],
    ['a review id that cannot be one', '/reviews/999999999'],
  ] as const) {
    test(`${name} shows the 404 page, answered 404`, async ({ page, consoleErrors }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(404)
      await expectReviewNotFound(page)
      forgetNotFoundErrors(consoleErrors)
      consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/status of 400/.test(e)))
    })
  }

  test('an unknown challenge offers Browse challenges as well as Home', async ({ page, consoleErrors }) => {
    const response = await page.goto('/challenge/No-Such-Challenge-Here')
    expect(response?.status()).toBe(404)
    await expectHydrated(page)
    await expect(h1(page)).toHaveText('404 - Not Found')
    await expect(main(page).getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/')
    forgetNotFoundErrors(consoleErrors)
    await main(page).getByRole('link', { name: 'Browse challenges' }).click()
    await expect(page).toHaveURL('/challenges')
  })

  test('a challenge unknown after a navigation in the app offers Browse challenges too', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/challenges')
    await expectHydrated(page)
    // A client-side navigation to a slug the API does not know.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/challenge/Gone-Away')
      window.dispatchEvent(new PopStateEvent('popstate'))
    })
    await expect(h1(page)).toHaveText('404 - Not Found')
    await expect(main(page).getByRole('link', { name: 'Browse challenges' })).toBeVisible()
    forgetNotFoundErrors(consoleErrors)
  })

  for (const theme of ['light', 'dark'] as const) {
    for (const [width, viewport] of Object.entries(VIEWPORTS)) {
      test(`the 404 pages have no axe violations (${theme}, ${width})`, async ({ page, consoleErrors }) => {
        test.slow()
        await page.emulateMedia({ colorScheme: theme })
        await page.setViewportSize(viewport)
        for (const path of ['/solutions/abc', '/reviews/999999999', '/challenge/No-Such-Challenge-Here']) {
          await page.goto(path)
          await expectHydrated(page)
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
          await expect(h1(page)).toBeVisible()
          await expectNoAxeViolations(page)
        }
        forgetNotFoundErrors(consoleErrors)
        consoleErrors.splice(
          0,
          consoleErrors.length,
          ...consoleErrors.filter((e) => !/status of 400/.test(e)),
        )
      })
    }
  }
})
