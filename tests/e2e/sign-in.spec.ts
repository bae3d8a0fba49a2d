import type { Page } from '@playwright/test'
import { renderInBrowserOnly } from './client-render.ts'
import { expect, expectHydrated, expectNoAxeViolations, test, VIEWPORTS } from './fixtures.ts'
import { emulatedName, signInThroughPages } from './sign-in-helper.ts'

function accountButton(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: /^Account menu for / })
}

function pointsBadge(page: Page) {
  return page.getByRole('banner').getByTestId('points-badge')
}

/** Holds every request to `url` until the returned function is called. */
async function holdRequests(page: Page, url: string) {
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(url, async (route) => {
    await released
    await route.continue()
  })
  return release
}

test.describe('sign-in', () => {
  // The other files run under reduced motion (playwright.config.ts); the avatar menu opens animated here.
  test.use({ reducedMotion: 'no-preference' })

  test('signs in through the GitHub emulator, lands on /my signed in and welcomed, and signs out', async ({
    page,
    consoleErrors,
  }, testInfo) => {
    const login = await signInThroughPages(page, testInfo)
    const name = emulatedName(login)

    // The sign-in that created the account says "Welcome", in the dashboard's words, not in a toast too.
    await expect(page.getByText(`Welcome, ${name}!`)).toBeVisible()
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)
    await expect(accountButton(page)).toHaveAccessibleName(`Account menu for ${name}`)
    await expect(pointsBadge(page)).toHaveText('0 points')
    await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/my',
    )
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toHaveCount(0)

    // Home offers "Login with GitHub" to visitors only.
    await page.getByRole('banner').getByRole('link', { name: 'Home' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Master Frontend Skills with Hands-On Projects',
    )
    await expect(page.getByRole('link', { name: 'Login with GitHub' })).toHaveCount(0)

    // A failed sign-out keeps the member signed in and says so.
    await page.route('**/auth/sign-out', (route) =>
      route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'Down.' } } }),
    )
    await accountButton(page).click()
    await page.getByRole('menuitem', { name: 'Sign Out' }).click()
    await expect(page.getByText('Sign-out failed. Please try again.')).toBeVisible()
    await expect(accountButton(page)).toBeVisible()
    await expect(pointsBadge(page)).toHaveText('0 points')
    consoleErrors.splice(0) // the browser logs the provoked 503
    await page.unroute('**/auth/sign-out')

    await page.goto('/my')
    await expectHydrated(page)
    await accountButton(page).click()
    await page.getByRole('menuitem', { name: 'Sign Out' }).click()
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
    await expect(page.getByRole('main').getByRole('link', { name: 'Login with GitHub' })).toBeVisible()
    await expect(accountButton(page)).toHaveCount(0)

    // The session is gone on the server too: a reload stays signed out.
    expect((await page.request.get('/api/me')).status()).toBe(401)
    await page.reload()
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
  })

  test('the Log in button reads "Loading..." and is disabled while the session check runs', async ({
    page,
  }) => {
    const release = await holdRequests(page, '**/api/session')
    await page.goto('/')
    const loading = page.getByRole('banner').getByRole('button', { name: 'Loading...' })
    await expect(loading).toBeVisible()
    await expect(loading).toBeDisabled()
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toHaveCount(0)
    release()
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/auth/github?returnTo=%2F',
    )
    await expect(loading).toHaveCount(0)
  })

  test('the avatar dropdown: click outside, Escape, the keyboard, and its links', async ({
    page,
  }, testInfo) => {
    const login = await signInThroughPages(page, testInfo)
    const button = accountButton(page)
    const menu = page.getByRole('menu')
    const item = (name: string) => menu.getByRole('menuitem', { name })

    await expect(button).toHaveAttribute('aria-haspopup', 'menu')
    await expect(button).toHaveAttribute('aria-expanded', 'false')
    await button.click()
    await expect(menu).toBeVisible()
    await expect(button).toHaveAttribute('aria-expanded', 'true')
    await expect(menu.getByRole('menuitem')).toHaveText(['Home', 'Profile', 'Settings', 'Sign Out'])
    await expect(menu).toHaveAccessibleName(`Account menu for ${emulatedName(login)}`)
    await expectNoAxeViolations(page)

    // A click outside closes it.
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).click()
    await expect(menu).toBeHidden()
    await expect(button).toHaveAttribute('aria-expanded', 'false')

    // Keyboard: Enter opens on the first item, arrows move and wrap, Home and End jump.
    await button.focus()
    await page.keyboard.press('Enter')
    await expect(item('Home')).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(item('Profile')).toBeFocused()
    await page.keyboard.press('End')
    await expect(item('Sign Out')).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(item('Home')).toBeFocused()
    await page.keyboard.press('ArrowUp')
    await expect(item('Sign Out')).toBeFocused()
    await page.keyboard.press('Home')
    await expect(item('Home')).toBeFocused()

    // Escape closes it and gives focus back to the avatar.
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(button).toBeFocused()

    // ArrowUp opens it on the last item; Tab leaves and closes it.
    await page.keyboard.press('ArrowUp')
    await expect(item('Sign Out')).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(menu).toBeHidden()

    // Its links.
    await button.click()
    await item('Profile').click()
    await expect(page).toHaveURL(`/profile/${login}`)
    await expect(menu).toBeHidden()
    await expect(page.getByRole('heading', { level: 1, name: emulatedName(login) })).toBeVisible()
    await expect(page.getByRole('main').getByText(`@${login}`)).toBeVisible()
    await expect(page.getByRole('main').getByText('Frontend Developer')).toBeVisible()

    await button.click()
    await item('Settings').click()
    await expect(page).toHaveURL('/settings')
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(emulatedName(login))
    await expect(page.getByTestId('member-content').getByText(`@${login}`)).toBeVisible()

    await button.click()
    await item('Home').click()
    await expect(page).toHaveURL('/')

    // The session is checked again when the tab becomes visible: one that ended elsewhere shows at once.
    await page.context().clearCookies()
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })))
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
    await expect(button).toHaveCount(0)
  })

  test('Escape closes the avatar menu however soon after it opened, and focus goes back to the avatar', async ({
    page,
  }, testInfo) => {
    await signInThroughPages(page, testInfo)
    const button = accountButton(page)
    const menu = page.getByRole('menu')
    const closedWithFocusBack = async (round: string) => {
      await expect(menu, round).toHaveCount(0)
      await expect(button, round).toHaveAttribute('aria-expanded', 'false')
      await expect(button, round).toBeFocused()
    }
    // Opened by a click and by the keyboard, then Escape at once.
    for (let round = 0; round < 10; round += 1) {
      if (round % 2 === 0) {
        await button.click()
      } else {
        await button.focus()
        await page.keyboard.press('Enter')
      }
      await page.keyboard.press('Escape')
      await closedWithFocusBack(`round ${round}`)
    }
    // The key in the same task as the click, so before the page has rendered the menu or moved focus to
    // its first item: what a fast press meets on a busy machine, every time instead of now and then.
    for (let round = 0; round < 10; round += 1) {
      await button.evaluate((avatar: HTMLElement) => {
        avatar.focus()
        avatar.click()
        document.activeElement?.dispatchEvent(
          new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }),
        )
      })
      await closedWithFocusBack(`same-task round ${round}`)
    }
    // And the menu still opens and works after all that.
    await button.click()
    await expect(menu.getByRole('menuitem', { name: 'Home' })).toBeFocused()
    await page.keyboard.press('Escape')
    await closedWithFocusBack('after the rounds')
  })

  test('a cancelled sign-in ends signed out on the "Login failed" page', async ({ page }) => {
    await page.goto('/')
    await expectHydrated(page)
    await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }))
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).click()
    // The emulator's username field is required even to cancel.
    await page.getByLabel('GitHub username').fill('someone')
    await page.getByRole('button', { name: 'Cancel' }).click()

    await expect(page).toHaveURL('/sign-in-failed')
    await expect(page.getByRole('heading', { level: 1, name: 'Login failed' })).toBeVisible()
    await expect(page.getByText('We could not log you in with GitHub.')).toBeVisible()
    await expect(page.getByRole('main').getByRole('link', { name: 'Try again' })).toHaveAttribute(
      'href',
      '/auth/github',
    )
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
    await expectNoAxeViolations(page)

    await page.getByRole('main').getByRole('link', { name: 'Go to Home' }).click()
    await expect(page).toHaveURL('/')
  })

  for (const [path, heading] of [
    ['/my', 'Log in to see your dashboard'],
    ['/settings', 'Log in to change your settings'],
  ] as const) {
    test(`${path} asks a visitor to sign in, after the session check`, async ({ page }) => {
      const release = await holdRequests(page, '**/api/session')
      await page.goto(path)
      await expect(page.getByRole('main').getByRole('status')).toHaveText('Loading...')
      await expect(page.getByRole('heading', { level: 1, name: heading })).toHaveCount(0)
      release()
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      await expect(page).toHaveURL(path)
    })
  }

  test('on a small screen the sidebar has the member actions', async ({ page }, testInfo) => {
    await page.setViewportSize(VIEWPORTS.mobile)
    const login = await signInThroughPages(page, testInfo)
    const toggle = page.getByRole('button', { name: 'Menu', exact: true })
    const sidebar = page.getByRole('dialog', { name: 'Menu' })

    await toggle.click()
    await expect(sidebar).toBeVisible()
    await expect(sidebar.getByTestId('points-badge')).toHaveText('0 points')
    await expect(sidebar.getByText(`@${login}`)).toBeVisible()
    const account = sidebar.getByRole('navigation', { name: 'Account' })
    await expect(account.getByRole('link')).toHaveText(['Dashboard', 'Profile', 'Notifications', 'Settings'])
    await expectNoAxeViolations(page)

    await account.getByRole('link', { name: 'Settings' }).click()
    await expect(sidebar).toBeHidden()
    await expect(page).toHaveURL('/settings')

    await toggle.click()
    await account.getByRole('link', { name: 'Profile' }).click()
    await expect(sidebar).toBeHidden()
    await expect(page).toHaveURL(`/profile/${login}`)

    await toggle.click()
    await sidebar.getByRole('button', { name: 'Sign Out' }).click()
    await expect(page).toHaveURL('/')
    await expect(sidebar).toBeHidden()
    await toggle.click()
    await expect(sidebar.getByRole('link', { name: 'Login' })).toBeVisible()
  })
})

test.describe('public profile', () => {
  test('shows the fallbacks for a member with no name, picture or bio', async ({ page }) => {
    // The answer is made up in the browser: the server, which would render the page, has no such member.
    await renderInBrowserOnly(page)
    // Its activity (docs/product.md §14), which the page asks for after it: hidden.
    await page.route('**/api/users/quiet-one/activity**', (route) =>
      route.fulfill({ json: { hidden: true } }),
    )
    await page.route('**/api/users/quiet-one', (route) =>
      route.fulfill({
        json: {
          profile: {
            id: 'u1',
            username: 'quiet-one',
            name: null,
            avatarUrl: null,
            bio: null,
            points: 30,
            submission: 3,
            submitted: 4,
            githubUrl: null,
            linkedinUrl: null,
          },
          badges: [],
          submissions: [],
        },
      }),
    )
    await page.goto('/profile/quiet-one')
    await expect(page.getByRole('heading', { level: 1, name: 'No Name' })).toBeVisible()
    await expect(page.getByText('No Image')).toBeVisible()
    await expect(page.getByText('@quiet-one')).toBeVisible()
    await expect(page.getByText('Frontend Developer')).toBeVisible()
    await expect(page.getByRole('definition')).toHaveText(['30', 'Completed 3 · Submitted 4'])
    await expect(page.getByRole('list', { name: 'Social links' })).toHaveCount(0)
    await expectNoAxeViolations(page)
  })

  test('shows the social links, opening in a new tab', async ({ page }) => {
    // The answer is made up in the browser: the server, which would render the page, has no such member.
    await renderInBrowserOnly(page)
    // Its activity (docs/product.md §14), which the page asks for after it: hidden.
    await page.route('**/api/users/linked-one/activity**', (route) =>
      route.fulfill({ json: { hidden: true } }),
    )
    await page.route('**/api/users/linked-one', (route) =>
      route.fulfill({
        json: {
          profile: {
            id: 'u2',
            username: 'linked-one',
            name: 'Linked One',
            avatarUrl: null,
            bio: 'I build accessible interfaces',
            points: 0,
            submission: 0,
            submitted: 0,
            githubUrl: 'https://github.com/linked-one',
            linkedinUrl: 'https://www.linkedin.com/in/linked-one',
          },
          badges: [],
          submissions: [],
        },
      }),
    )
    await page.goto('/profile/linked-one')
    await expect(page.getByRole('heading', { level: 1, name: 'Linked One' })).toBeVisible()
    await expect(page.getByText('I build accessible interfaces')).toBeVisible()
    const links = page.getByRole('list', { name: 'Social links' }).getByRole('link')
    await expect(links).toHaveCount(2)
    await expect(links.nth(0)).toHaveAttribute('href', 'https://www.linkedin.com/in/linked-one')
    await expect(links.nth(1)).toHaveAttribute('href', 'https://github.com/linked-one')
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute('target', '_blank')
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    }
  })

  test('an unknown username says so', async ({ page, consoleErrors }) => {
    await page.goto('/profile/nobody-by-this-name')
    await expect(page.getByText('User not found. Please check the username.')).toBeVisible()
    consoleErrors.splice(0) // the API's 404 is logged by the browser: it is what this test is about
  })

  test('another failure shows "Error: {message}"', async ({ page, consoleErrors }) => {
    // The answer is made up in the browser: the server, which would render the page, has no such member.
    await renderInBrowserOnly(page)
    await page.route('**/api/users/broken-one', (route) =>
      route.fulfill({
        status: 500,
        json: { error: { code: 'internal', message: 'Something broke on our side.' } },
      }),
    )
    await page.goto('/profile/broken-one')
    await expect(page.getByText('Error: Something broke on our side.')).toBeVisible({ timeout: 10_000 })
    consoleErrors.splice(0)
  })
})
