import type { Page } from '@playwright/test'
import { expect, expectNoAxeViolations, test, VIEWPORTS } from './fixtures.ts'

/**
 * The API described at /api/openapi.json (docs/decisions/007-openapi-from-a-route-table.md), readable and
 * tryable at /api/docs, offline.
 */
test('the API docs page lists the operations and runs one against this server, under the CSP', async ({
  page,
}) => {
  const requested: string[] = []
  page.on('request', (request) => requested.push(request.url()))
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text())
  })

  await page.goto('/api/docs')
  await expect(page).toHaveTitle('Frontend Dojo API')
  await expect(page.getByRole('heading', { name: /Frontend Dojo API/ })).toBeVisible()
  const health = page.locator('#operations-Site-getHealth')
  await expect(health).toBeVisible()

  // Try it out: the viewer calls this server and shows the answer.
  await health.locator('.opblock-summary').click()
  await health.getByRole('button', { name: 'Try it out' }).click()
  await health.getByRole('button', { name: 'Execute' }).click()
  await expect(health.locator('.live-responses-table tbody .response-col_status').first()).toHaveText('200')

  expect(violations).toEqual([])
  // Nothing from elsewhere: no CDN, no fonts, no validator badge.
  const { origin } = new URL(page.url())
  expect(requested.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:'))).toEqual([])
  await expectNoAxeViolations(page)
})

test('the API docs page links back to the site', async ({ page }) => {
  await page.goto('/api/docs')
  const back = page.getByRole('banner').getByRole('link', { name: 'Back to Frontend Dojo' })
  await expect(back).toBeVisible()
  await back.click()
  await expect(page).toHaveURL('/')
})

test.describe('the API docs page in the site’s theme', () => {
  const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor)

  test('follows the system’s preference, and the choice kept by the site over it', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.goto('/api/docs')
    await expect(page.locator('html')).toHaveClass(/\bdark-mode\b/)
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await expect(page.locator('#operations-Site-getHealth')).toBeVisible()
    expect(await background(page)).toBe('rgb(28, 32, 34)')

    // Light chosen on the site wins over a dark system; the system changing is followed while open.
    await page.evaluate(() => localStorage.setItem('theme', 'light'))
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
    await expect(page.locator('html')).not.toHaveClass(/\bdark-mode\b/)
    await page.evaluate(() => localStorage.removeItem('theme'))
    await page.reload()
    await expect(page.locator('html')).toHaveClass(/\bdark-mode\b/)
    await page.emulateMedia({ colorScheme: 'light' })
    await expect(page.locator('html')).not.toHaveClass(/\bdark-mode\b/)

    // Dark chosen on the site wins over a light system.
    await page.evaluate(() => localStorage.setItem('theme', 'dark'))
    await page.reload()
    await expect(page.locator('html')).toHaveClass(/\bdark-mode\b/)
  })

  for (const theme of ['light', 'dark'] as const) {
    for (const [width, viewport] of Object.entries(VIEWPORTS)) {
      test(`has no axe violations (${theme}, ${width})`, async ({ page }) => {
        await page.emulateMedia({ colorScheme: theme })
        await page.setViewportSize(viewport)
        await page.goto('/api/docs')
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
        await expect(page.locator('#operations-Site-getHealth')).toBeVisible()
        await expectNoAxeViolations(page)
      })
    }
  }
})
