import { LOGO_NAVIGATION_DELAY_MS } from '#shared/constants.ts'
import { publicConfig } from './catalogue.ts'
import { expect, expectHydrated, expectNoAxeViolations, test, VIEWPORTS } from './fixtures.ts'
import { signIn } from './sign-in-helper.ts'

test.describe('layout', () => {
  test('the navbar links to Home, Challenges, Paths, Solutions and Competitions and marks the current page', async ({
    page,
  }) => {
    await page.goto('/challenges')
    await expectHydrated(page)
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link')).toHaveText([
      'Home',
      'Challenges',
      'Paths',
      'Solutions',
      'Competitions',
    ])
    await expect(nav.getByRole('link', { name: 'Challenges' })).toHaveAttribute('aria-current', 'page')
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page')
    // Log in comes back to the page it was pressed on (docs/product.md §2 Navbar).
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/auth/github?returnTo=%2Fchallenges',
    )

    await nav.getByRole('link', { name: 'Competitions' }).click()
    await expect(page).toHaveURL('/competitions')
    await expect(nav.getByRole('link', { name: 'Competitions' })).toHaveAttribute('aria-current', 'page')
  })

  test('a member also gets Leaderboard and Badges, in the bar and in the small-screen menu', async ({
    page,
  }, testInfo) => {
    await signIn(page, testInfo)
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link')).toHaveText([
      'Home',
      'Challenges',
      'Paths',
      'Solutions',
      'Competitions',
      'Leaderboard',
      'Badges',
    ])
    await nav.getByRole('link', { name: 'Leaderboard' }).click()
    await expect(page).toHaveURL('/leaderboard')
    await expect(page.getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Leaderboard' })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByText('Loading the leaderboard...')).toHaveCount(0)
    await expectNoAxeViolations(page)
    await nav.getByRole('link', { name: 'Badges' }).click()
    await expect(page).toHaveURL('/badges')
    await expect(nav.getByRole('link', { name: 'Badges' })).toHaveAttribute('aria-current', 'page')

    // Below 1280 px a member's bar would not hold it all: the links go to the menu, and nothing overflows.
    await page.setViewportSize({ width: 1024, height: 768 })
    await expect(page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true })).toBeVisible()
    await expect(nav).toBeHidden()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024)

    await page.setViewportSize(VIEWPORTS.mobile)
    await page.goto('/my')
    await expectHydrated(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    await expectNoAxeViolations(page)
    await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click()
    const menu = page.getByRole('dialog', { name: 'Menu' })
    const menuNav = menu.getByRole('navigation', { name: 'Main' })
    await expect(menuNav.getByRole('link')).toHaveText([
      'Home',
      'Challenges',
      'Paths',
      'Solutions',
      'Competitions',
      'Leaderboard',
      'Badges',
    ])
    await expectNoAxeViolations(page)
    await menuNav.getByRole('link', { name: 'Leaderboard' }).click()
    await expect(page).toHaveURL('/leaderboard')
    await expect(menu).toBeHidden()
  })

  test('the logo scrolls to the top, then goes home after the delay', async ({ page, request }) => {
    const { brandName } = await publicConfig(request)
    await page.clock.install()
    await page.goto('/challenges')
    await expect(page.getByRole('heading', { level: 1, name: 'All Challenges' })).toBeVisible()
    // Before hydration the logo is a plain link that goes home at once.
    await expectHydrated(page)
    // Stop the page's clock so the delay is measured, not raced.
    await page.clock.pauseAt(Date.now() + 10_000)

    await page.getByRole('banner').getByRole('link', { name: brandName, exact: true }).click()
    await page.clock.runFor(LOGO_NAVIGATION_DELAY_MS - 50)
    await expect(page).toHaveURL('/challenges')
    await page.clock.runFor(100)
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Master Frontend Skills with Hands-On Projects',
    )
  })

  test('a route change scrolls to the top and moves focus to the new page heading', async ({ page }) => {
    await page.goto('/')
    await expectHydrated(page)
    const explore = page
      .getByRole('region', { name: 'New Challenges' })
      .getByRole('link', { name: 'Explore more' })
    await explore.scrollIntoViewIfNeeded()
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300)

    await explore.click()
    await expect(page).toHaveURL('/challenges')
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    await expect(page.getByRole('heading', { level: 1, name: 'All Challenges' })).toBeFocused()
  })

  test('the skip link moves focus to the page content', async ({ page }) => {
    await page.goto('/challenges')
    await expect(page.getByRole('heading', { level: 1, name: 'All Challenges' })).toBeVisible()
    // The page's heading is the app's target. Before the page comes alive (its scripts start after the
    // first paint, docs/decisions/019-first-visit-budgets.md), the link is a plain one to <main>.
    await expectHydrated(page)
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to main content' })
    await expect(skip).toBeFocused()
    await expect(skip).toBeInViewport()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { level: 1, name: 'All Challenges' })).toBeFocused()
  })

  test('the footer has its links, three social networks and this year in the copyright line', async ({
    page,
    request,
  }) => {
    const { brandName, social } = await publicConfig(request)
    expect(social).toHaveLength(3)
    await page.goto('/')
    const footer = page.getByRole('contentinfo')

    const links = footer.getByRole('navigation', { name: 'Footer' }).getByRole('link')
    await expect(links).toHaveText([
      'Home',
      'About',
      'Contact',
      'Challenges',
      'Competitions',
      'Badges',
      'Terms and Conditions',
      'Privacy policy',
      'API docs',
    ])
    await expect(footer.getByRole('link', { name: 'Competitions' })).toHaveAttribute('href', '/competitions')
    await expect(footer.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about')
    await expect(footer.getByRole('link', { name: 'Badges' })).toHaveAttribute('href', '/badges')
    // The server's own page (src/server/openapi), which answers with the API's operations.
    const apiDocs = footer.getByRole('link', { name: 'API docs' })
    await expect(apiDocs).toHaveAttribute('href', '/api/docs')
    expect((await request.get('/api/docs')).status()).toBe(200)

    for (const network of social) {
      const link = footer.getByRole('link', { name: `${brandName} on ${network.name}` })
      await expect(link).toHaveAttribute('href', network.url)
      await expect(link).toHaveAttribute('target', '_blank')
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    }

    await expect(footer).toContainText(`© ${new Date().getFullYear()} ${brandName}. All rights reserved.`)
  })

  test('a footer link scrolls to the top of its page', async ({ page }) => {
    await page.goto('/')
    await expectHydrated(page)
    const footer = page.getByRole('contentinfo')
    await footer.getByRole('link', { name: 'Challenges' }).click()
    await expect(page).toHaveURL('/challenges')
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)

    // The link to the page you are on still takes you up.
    await footer.getByRole('link', { name: 'Challenges' }).click()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  })

  test('the footer logo goes home', async ({ page, request }) => {
    const { brandName } = await publicConfig(request)
    await page.goto('/challenges')
    await expectHydrated(page)
    await page.getByRole('contentinfo').getByRole('link', { name: brandName, exact: true }).click()
    await expect(page).toHaveURL('/')
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  })

  test.describe('small screens', () => {
    test.use({ viewport: VIEWPORTS.mobile })

    test('the menu opens as a sidebar, locks scrolling and closes with Escape', async ({ page }) => {
      await page.goto('/')
      await expectHydrated(page)
      const toggle = page.getByRole('button', { name: 'Menu', exact: true })
      const menu = page.getByRole('dialog', { name: 'Menu' })
      await expect(page.getByRole('banner').getByRole('navigation')).toBeHidden()
      await expect(toggle).toHaveAttribute('aria-expanded', 'false')
      await expect(menu).toBeHidden()

      await toggle.click()
      await expect(menu).toBeVisible()
      await expect(toggle).toHaveAttribute('aria-expanded', 'true')
      await expect(page.locator('body')).toHaveCSS('overflow', 'hidden')
      await expect(menu.getByRole('link')).toHaveText([
        'Frontend Dojo',
        'Home',
        'Challenges',
        'Paths',
        'Solutions',
        'Competitions',
        'Login',
      ])
      expect(await menu.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true)

      await page.keyboard.press('Escape')
      await expect(menu).toBeHidden()
      await expect(toggle).toHaveAttribute('aria-expanded', 'false')
      await expect(toggle).toBeFocused()
      await expect(page.locator('body')).not.toHaveCSS('overflow', 'hidden')
    })

    test('the menu closes on a link and on the backdrop', async ({ page }) => {
      await page.goto('/')
      await expectHydrated(page)
      const toggle = page.getByRole('button', { name: 'Menu', exact: true })
      const menu = page.getByRole('dialog', { name: 'Menu' })

      await toggle.click()
      await menu.getByRole('link', { name: 'Challenges' }).click()
      await expect(page).toHaveURL('/challenges')
      await expect(menu).toBeHidden()
      await expect(page.locator('body')).not.toHaveCSS('overflow', 'hidden')

      await toggle.click()
      await expect(menu).toBeVisible()
      // The backdrop is the part of the screen left of the sidebar.
      await page.mouse.click(10, 400)
      await expect(menu).toBeHidden()
      await expect(toggle).toBeFocused()

      await toggle.click()
      await menu.getByRole('button', { name: 'Close menu' }).click()
      await expect(menu).toBeHidden()
    })
  })
})
