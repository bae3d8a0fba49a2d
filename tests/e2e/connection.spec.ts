import type { Page } from '@playwright/test'
import { expect, expectHydrated, expectNoAxeViolations, test, VIEWPORTS } from './fixtures.ts'
import { signIn } from './sign-in-helper.ts'

/**
 * A lost connection (docs/product.md §2 "Every page"): the Network Error dialog over the app, which stays
 * mounted underneath with what was typed, until the connection is back.
 */
const offlineDialog = (page: Page) => page.getByRole('dialog', { name: 'Network Error' })

/** Requests cut off by the offline switch are logged by the browser as failed: provoked on purpose. */
function forgetCutOffRequests(consoleErrors: string[]) {
  const others = consoleErrors.filter(
    (error) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(error),
  )
  consoleErrors.splice(0, consoleErrors.length, ...others)
}

test.describe('a lost connection', () => {
  // The other files run under reduced motion (playwright.config.ts); the dialog opens animated here.
  test.use({ reducedMotion: 'no-preference' })

  test('going offline shows the dialog over the settings, which keep what was typed when it is back', async ({
    page,
    context,
    consoleErrors,
  }, testInfo) => {
    await signIn(page, testInfo)
    await page.goto('/settings')
    await expectHydrated(page)
    const bio = page.getByLabel('Bio', { exact: true })
    const linkedin = page.getByLabel('LinkedIn', { exact: true })
    await bio.fill('Typed on a train, just before the tunnel')
    await linkedin.fill('https://www.linkedin.com/in/ada')

    // The browser's offline event.
    await context.setOffline(true)
    const dialog = offlineDialog(page)
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText('Check your internet connection and try again.')
    await expect(dialog).toContainText('This page comes back on its own once you are online again.')
    // A modal dialog with focus inside, the app still mounted beneath it.
    await expect(dialog.getByRole('button', { name: 'Try again' })).toBeFocused()
    await expect(page.locator('main#main')).toHaveCount(1)

    // Its online event.
    await context.setOffline(false)
    await expect(dialog).toHaveCount(0)
    await expect(page).toHaveURL('/settings')
    await expect(bio).toHaveValue('Typed on a train, just before the tunnel')
    await expect(linkedin).toHaveValue('https://www.linkedin.com/in/ada')
    // Focus goes back where it was.
    await expect(linkedin).toBeFocused()
    forgetCutOffRequests(consoleErrors)
  })

  test('a save that gets no answer shows the dialog; Try again says so until the server answers, and the form is kept', async ({
    page,
    consoleErrors,
  }, testInfo) => {
    await signIn(page, testInfo)
    await page.goto('/settings')
    await expectHydrated(page)
    const bio = page.getByLabel('Bio', { exact: true })
    const update = page.getByRole('button', { name: 'Update' })
    // A name the profile rules accept (the test login's digits are not).
    await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace')
    await bio.fill('Typed just before the server went away')

    // The browser believes it is online; the server cannot be reached.
    const unreachable = (url: URL) => url.pathname === '/api/me/profile' || url.pathname === '/api/health'
    await page.route(unreachable, (route) => route.abort('connectionrefused'))
    await update.click()
    const dialog = offlineDialog(page)
    await expect(dialog).toBeVisible()
    const retry = dialog.getByRole('button', { name: 'Try again' })
    await expect(retry).toBeFocused()
    await retry.click()
    await expect(dialog.getByRole('status')).toHaveText('Still no connection.')
    await expect(retry).toBeFocused()

    await page.unroute(unreachable)
    await retry.click()
    await expect(dialog).toHaveCount(0)
    await expect(page).toHaveURL('/settings')
    await expect(bio).toHaveValue('Typed just before the server went away')
    await expect(update).toBeFocused()
    consoleErrors.splice(
      0,
      consoleErrors.length,
      ...consoleErrors.filter((e) => !/ERR_CONNECTION_REFUSED/.test(e)),
    )
  })

  test('Escape puts the dialog away until the connection is lost again', async ({
    page,
    context,
    consoleErrors,
  }) => {
    await page.goto('/')
    await expectHydrated(page)
    await context.setOffline(true)
    await expect(offlineDialog(page)).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(offlineDialog(page)).toHaveCount(0)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Master Frontend Skills with Hands-On Projects',
    )

    await context.setOffline(false)
    await context.setOffline(true)
    await expect(offlineDialog(page)).toBeVisible()
    await context.setOffline(false)
    await expect(offlineDialog(page)).toHaveCount(0)
    await expect(page.getByRole('banner')).toBeVisible()
    forgetCutOffRequests(consoleErrors)
  })

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    test(`the dialog has no axe violations (${name})`, async ({ page, context, consoleErrors }) => {
      await page.setViewportSize(viewport)
      await page.goto('/')
      await expectHydrated(page)
      await context.setOffline(true)
      await expect(offlineDialog(page)).toBeVisible()
      await expectNoAxeViolations(page)
      await context.setOffline(false)
      forgetCutOffRequests(consoleErrors)
    })
  }
})
