import type { Page } from '@playwright/test'
import { listChallenges } from './catalogue.ts'
import { expect, expectHydrated, expectNoAxeViolations, test, VIEWPORTS } from './fixtures.ts'
import { emulatedName, uniqueLogin } from './sign-in-helper.ts'

const toasts = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text })

/** The GitHub emulator's authorize page, as a person goes through it. */
async function authorizeAs(page: Page, login: string) {
  await expect(page.getByRole('heading', { name: 'Sign in to GitHub' })).toBeVisible()
  await page.getByLabel('GitHub username').fill(login)
  await page.getByRole('button', { name: 'Authorize' }).click()
}

async function signOut(page: Page) {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Account menu for / })
    .click()
  await page.getByRole('menuitem', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
}

test.beforeEach(async ({ page }) => {
  // The emulator's page names no icon, so the browser asks for /favicon.ico, which the app does not have.
  await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }))
})

test.describe('a sign-in keeps your place', () => {
  test('"Login to start" comes back to the challenge with "Welcome"; the leaderboard\'s sign-in comes back there with "Welcome back"', async ({
    page,
    request,
  }, testInfo) => {
    const login = uniqueLogin(testInfo, 'returner')
    const name = emulatedName(login)
    const [challenge] = await listChallenges(request)
    if (!challenge) throw new Error('the catalogue is empty')
    const path = `/challenge/${encodeURIComponent(challenge.slug)}`

    await page.goto(path)
    await expectHydrated(page)
    await page.getByRole('link', { name: 'Login to start' }).click()
    await authorizeAs(page, login)
    await expect(page).toHaveURL(path)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(challenge.title)
    await expect(page.getByRole('button', { name: 'Start' })).toBeVisible()
    await expect(toasts(page, `Welcome, ${name}!`)).toHaveCount(1)

    // Said once: a reload greets no one.
    await page.reload()
    await expectHydrated(page)
    await expect(page.getByRole('button', { name: 'Start' })).toBeVisible()
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)

    await signOut(page)
    await page.goto('/leaderboard?period=month')
    await expectHydrated(page)
    await page.getByRole('main').getByRole('link', { name: 'Login with GitHub' }).click()
    await authorizeAs(page, login)
    await expect(page).toHaveURL('/leaderboard?period=month')
    await expect(
      page.getByRole('navigation', { name: 'Period' }).getByRole('link', { name: 'This month' }),
    ).toHaveAttribute('aria-current', 'page')
    await expect(toasts(page, `Welcome back, ${name}!`)).toHaveCount(1)
    await expect(toasts(page, `Welcome, ${name}!`)).toHaveCount(0)
  })

  test('a visitor on the dashboard reads why it needs a sign-in, and that sign-in comes back to it', async ({
    page,
  }, testInfo) => {
    const login = uniqueLogin(testInfo, 'visitor')
    await page.goto('/my')
    await expectHydrated(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Log in to see your dashboard' })).toBeVisible()
    await expect(
      page.getByText(
        'Your dashboard shows the challenges you are working on, the ones you have completed and your latest solutions.',
      ),
    ).toBeVisible()
    await expect(
      page.getByText('Logging in takes you to GitHub and straight back to this page.'),
    ).toBeVisible()
    await expect(page).toHaveTitle(/^Log in to see your dashboard \|/)
    await expectNoAxeViolations(page)
    await page.setViewportSize(VIEWPORTS.mobile)
    await expectNoAxeViolations(page)
    await page.setViewportSize(VIEWPORTS.desktop)

    await page.getByRole('main').getByRole('link', { name: 'Login with GitHub' }).click()
    await authorizeAs(page, login)
    await expect(page).toHaveURL('/my')
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    await expect(page.getByText(`Welcome, ${emulatedName(login)}!`)).toBeVisible()
  })

  test('the navbar and the small-screen menu sign in back to the page, query included', async ({
    page,
  }, testInfo) => {
    const login = uniqueLogin(testInfo, 'browser')
    await page.setViewportSize(VIEWPORTS.mobile)
    await page.goto('/solutions?sort=liked')
    await expectHydrated(page)
    await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click()
    await expect(
      page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Login' }),
    ).toHaveAttribute('href', '/auth/github?returnTo=%2Fsolutions%3Fsort%3Dliked')
    await page.keyboard.press('Escape')

    await page.setViewportSize(VIEWPORTS.desktop)
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).click()
    await authorizeAs(page, login)
    await expect(page).toHaveURL('/solutions?sort=liked')
    await expect(toasts(page, `Welcome, ${emulatedName(login)}!`)).toHaveCount(1)
  })

  test('the sign-in failure page signs in to the dashboard, not back to itself', async ({ page }) => {
    await page.goto('/sign-in-failed')
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/auth/github',
    )
  })
})
