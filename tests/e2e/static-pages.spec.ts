import type { APIRequestContext, Page } from '@playwright/test'
import { competitionsResponse } from '#shared/competition.ts'
import { isoWeekOf } from '#shared/periods.ts'
import { publicConfigSchema } from '#shared/public-config.ts'
import {
  expect,
  expectHydrated,
  expectNoAxeViolations,
  forgetNotFoundErrors,
  test,
  VIEWPORTS,
} from './fixtures.ts'

async function publicConfig(request: APIRequestContext) {
  const response = await request.get('/api/config')
  expect(response.ok()).toBe(true)
  return publicConfigSchema.parse(await response.json())
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true })

test.describe('static pages', () => {
  test("a fresh server runs this week's competition, which the home page's Join Now leads to", async ({
    page,
    request,
  }) => {
    const { brandName } = await publicConfig(request)
    // This server started on an empty data directory with no competition file: it started one itself.
    const { running } = competitionsResponse.parse(await (await request.get('/api/competitions')).json())
    if (!running) throw new Error('no competition is running on a fresh server')
    const { competition } = running
    // The ISO week: Monday 00:00 UTC to the next Monday (docs/product.md §4).
    const startsAt = new Date(competition.startsAt)
    expect(startsAt).toEqual(isoWeekOf(startsAt).start)
    expect(new Date(competition.endsAt).getTime() - startsAt.getTime()).toBe(7 * 24 * 3600_000)
    expect(competition.title).toBe(
      `Week ${isoWeekOf(startsAt).key.slice(-2)}: ${competition.challenge.title}`,
    )

    await page.goto('/')
    await expectHydrated(page)
    await page
      .getByRole('region', { name: 'Learn and Compete' })
      .getByRole('link', { name: 'Join Now' })
      .click()
    await expect(page).toHaveURL('/competitions')
    await expect(heading(page, 'Weekly competitions')).toBeVisible()
    await expect(page).toHaveTitle(`Competitions | ${brandName}`)
    const section = page.getByRole('region', { name: competition.title })
    await expect(section).toContainText('Running now')

    await section.getByRole('link', { name: 'Take the challenge' }).click()
    await expect(page).toHaveURL(`/challenge/${competition.challenge.slug}`)
    await expect(heading(page, competition.challenge.title)).toBeVisible()
  })

  test('about says what the platform is, who it is for, and how reviews and points work', async ({
    page,
    request,
  }) => {
    const { brandName } = await publicConfig(request)
    await page.goto('/about')
    await expectHydrated(page)

    await expect(heading(page, 'About')).toBeVisible()
    await expect(page).toHaveTitle(`About | ${brandName}`)
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 2 })).toHaveText([
      `What ${brandName} is`,
      'Who it is for',
      'How reviews work',
      'How points work',
    ])
    // The rules of docs/product.md §4 and §10: points after a passed review, once per challenge.
    const points = main.getByRole('region', { name: 'How points work' })
    await expect(points).toContainText('Points come only from passed reviews.')
    await expect(points).toContainText('earns 10 points, once per challenge')
    await expect(main.getByRole('region', { name: 'How reviews work' })).toContainText(
      'A review passes when every width loads, the page is not blank and the site is your own',
    )
    await main.getByRole('link', { name: 'Browse challenges' }).click()
    await expect(page).toHaveURL('/challenges')
  })

  test('terms and conditions answer link requests in 2-3 weeks', async ({ page, request }) => {
    const { brandName, supportEmail } = await publicConfig(request)
    await page.goto('/terms')
    await expectHydrated(page)

    await expect(heading(page, 'Terms and Conditions')).toBeVisible()
    await expect(page).toHaveTitle(`Terms and Conditions | ${brandName}`)
    await expect(page.getByText('Last updated: November 21, 2026')).toBeVisible()
    await expect(
      page.getByText('We answer requests to add or remove a link within 2-3 weeks.', { exact: false }),
    ).toBeVisible()
    await expect(page.getByRole('main').getByRole('link', { name: supportEmail }).first()).toHaveAttribute(
      'href',
      `mailto:${supportEmail}`,
    )

    // The table of contents jumps to its section.
    const contents = page.getByRole('navigation', { name: 'Contents' })
    await contents.getByRole('link', { name: 'Links to third-party sites' }).click()
    await expect(page).toHaveURL('/terms#third-party-links')
    await expect(page.getByRole('heading', { level: 2, name: 'Links to third-party sites' })).toBeInViewport()
  })

  test('a link to a section of the terms opens at that section', async ({ page }) => {
    await page.goto('/terms#termination')
    await expect(page.getByRole('heading', { level: 2, name: 'Suspension and termination' })).toBeInViewport()
  })

  test('privacy policy sets the minimum age at 13', async ({ page, request }) => {
    const { brandName, supportEmail } = await publicConfig(request)
    await page.goto('/privacy')

    await expect(heading(page, 'Privacy Policy')).toBeVisible()
    await expect(page).toHaveTitle(`Privacy Policy | ${brandName}`)
    await expect(page.getByText('Last updated: November 21, 2026')).toBeVisible()
    await expect(
      page.getByText(
        'The Service is not intended for children under 13, and we do not knowingly collect personal data from children under 13.',
        { exact: true },
      ),
    ).toBeVisible()
    await expect(page.getByRole('main').getByRole('link', { name: supportEmail }).first()).toHaveAttribute(
      'href',
      `mailto:${supportEmail}`,
    )
  })

  test('contact shows the support e-mail from configuration', async ({ page, request }) => {
    const { brandName, supportEmail } = await publicConfig(request)
    await page.goto('/contact')

    await expect(heading(page, "Need Help? We're Here for You!")).toBeVisible()
    await expect(page).toHaveTitle(`Contact | ${brandName}`)
    await expect(
      page.getByRole('main').getByRole('link', { name: supportEmail, exact: true }),
    ).toHaveAttribute('href', `mailto:${supportEmail}`)
    await expect(page.getByRole('main').locator('img[src$="/contact.svg"]')).toBeVisible()
  })

  test('an address that is not valid percent-encoding answers 404 and hydrates as the page that names nothing', async ({
    page,
    consoleErrors,
  }) => {
    for (const [path, text] of [
      ['/solutions/%ZZ', 'There is no such solution.'],
      ['/profile/%ZZ', 'User not found. Please check the username.'],
      ['/challenge/%E0%A4%A', '404 - Not Found'],
    ] as const) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(404)
      await expectHydrated(page)
      await expect(page.getByText(text).first(), path).toBeVisible()
    }
    forgetNotFoundErrors(consoleErrors)
  })

  test('an unknown path shows the 404 page with a way home', async ({ page, request, consoleErrors }) => {
    const { brandName } = await publicConfig(request)
    const response = await page.goto('/no-such-page/here')
    await expectHydrated(page)
    expect(response?.status()).toBe(404)
    // The browser logs the page's own 404 answer as a failed resource: it is the point here.
    forgetNotFoundErrors(consoleErrors)

    await expect(heading(page, '404 - Not Found')).toBeVisible()
    await expect(
      page.getByText("Oops! The page you're looking for doesn't exist.", { exact: true }),
    ).toBeVisible()
    await expect(page).toHaveTitle(`404 - Not Found | ${brandName}`)

    const home = page.getByRole('main').getByRole('link', { name: 'Go to Home', exact: true })
    await expect(home).toHaveAttribute('href', '/')
    await home.click()
    await expect(page).toHaveURL('/')
  })
})

test.describe('static pages are accessible', () => {
  const routes = [
    { path: '/competitions', h1: 'Weekly competitions' },
    { path: '/about', h1: 'About' },
    { path: '/terms', h1: 'Terms and Conditions' },
    { path: '/privacy', h1: 'Privacy Policy' },
    { path: '/contact', h1: "Need Help? We're Here for You!" },
    { path: '/no-such-page/here', h1: '404 - Not Found' },
  ]
  const legalPaths = ['/terms', '/privacy']

  for (const { path, h1 } of routes) {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      test(`${path} has no axe violation on ${name}`, async ({ page, consoleErrors }) => {
        test.slow(
          legalPaths.includes(path),
          'axe checks the contrast of every paragraph of a long legal text',
        )
        await page.setViewportSize(viewport)
        await page.goto(path)
        await expect(heading(page, h1)).toBeVisible()
        // An unknown path is answered 404, which the browser logs as a failed resource.
        if (h1 === '404 - Not Found') forgetNotFoundErrors(consoleErrors)
        await expectNoAxeViolations(page)
      })
    }
  }
})
