import type { Page } from '@playwright/test'
import { CATEGORIES } from '#shared/categories.ts'
import type { Challenge } from '#shared/challenge.ts'
import { challengeZip, listChallenges, publicConfig } from './catalogue.ts'
import { renderInBrowserOnly } from './client-render.ts'
import { expect, expectHydrated, expectNoAxeViolations, test, VIEWPORTS } from './fixtures.ts'

const WIDTHS = { Desktop: 1440, Tablet: 768, Mobile: 375 } as const

async function firstChallenge(request: Parameters<typeof listChallenges>[0]): Promise<Challenge> {
  const [challenge] = await listChallenges(request)
  if (!challenge) throw new Error('the catalogue is empty')
  return challenge
}

function designImage(page: Page, challenge: Challenge, view: keyof typeof WIDTHS) {
  return page.getByRole('img', { name: `${challenge.title} design at ${view} width (${WIDTHS[view]} px)` })
}

test.describe('challenge detail', () => {
  test('shows the challenge with its category, difficulty, description and assets', async ({
    page,
    request,
  }) => {
    const challenge = await firstChallenge(request)
    const zip = await challengeZip(request, challenge.id)
    const { brandName } = await publicConfig(request)
    await page.goto(`/challenge/${encodeURIComponent(challenge.slug)}`)

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(challenge.title)
    await expect(page).toHaveTitle(`${challenge.title} | ${brandName}`)
    const header = page.getByRole('main').locator('header')
    await expect(header).toContainText(CATEGORIES.find((c) => c.value === challenge.category)?.heading ?? '?')
    await expect(header.locator(`[data-difficulty="${challenge.difficulty}"]`)).toHaveText(
      challenge.difficulty,
    )
    await expect(page.getByRole('region', { name: 'About this challenge' })).toContainText(
      challenge.description,
    )

    const assets = page.getByRole('list', { name: 'Assets included' }).getByRole('listitem')
    await expect(assets).toHaveText(zip.assets.map((group) => group.label))
    await expect(
      assets.filter({ hasText: 'Editable design (SVG) for Figma, Penpot or Inkscape' }),
    ).toHaveCount(1)
    await expect(page.getByRole('region', { name: 'Assets included' })).toContainText(
      /ZIP archive · \d+(\.\d)? [kM]B/,
    )
  })

  test('the design tabs switch the image by click and with the arrow, Home and End keys', async ({
    page,
    request,
  }) => {
    const challenge = await firstChallenge(request)
    await page.goto(`/challenge/${encodeURIComponent(challenge.slug)}`)
    // The tabs are the app's: the scripts come after the first paint, and a click before they run is lost.
    await expectHydrated(page)

    const tablist = page.getByRole('tablist', { name: 'Design preview' })
    const tab = (name: keyof typeof WIDTHS) => tablist.getByRole('tab', { name })
    await expect(tablist.getByRole('tab')).toHaveText(['Desktop', 'Tablet', 'Mobile'])
    await expect(tab('Desktop')).toHaveAttribute('aria-selected', 'true')
    await expect(designImage(page, challenge, 'Desktop')).toBeVisible()
    await expect(designImage(page, challenge, 'Desktop')).toHaveAttribute('src', challenge.templateImg)

    await tab('Tablet').click()
    await expect(tab('Tablet')).toHaveAttribute('aria-selected', 'true')
    await expect(tab('Desktop')).toHaveAttribute('aria-selected', 'false')
    await expect(page.getByRole('tabpanel')).toHaveCount(1)
    await expect(designImage(page, challenge, 'Tablet')).toBeVisible()
    await expect(designImage(page, challenge, 'Tablet')).toHaveAttribute('src', challenge.tabletImg)
    await expect(designImage(page, challenge, 'Desktop')).toBeHidden()

    await page.keyboard.press('ArrowRight')
    await expect(tab('Mobile')).toBeFocused()
    await expect(tab('Mobile')).toHaveAttribute('aria-selected', 'true')
    await expect(designImage(page, challenge, 'Mobile')).toBeVisible()
    await expect(designImage(page, challenge, 'Mobile')).toHaveAttribute('src', challenge.mobileImg)

    await page.keyboard.press('ArrowRight')
    await expect(tab('Desktop')).toBeFocused()
    await expect(designImage(page, challenge, 'Desktop')).toBeVisible()

    await page.keyboard.press('ArrowLeft')
    await expect(tab('Mobile')).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('Home')
    await expect(tab('Desktop')).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('End')
    await expect(tab('Mobile')).toHaveAttribute('aria-selected', 'true')
    await expect(tab('Mobile')).toBeFocused()

    // Only the selected tab is in the tab order; Tab moves on to `View full size`, then into the panel.
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'View full size (Mobile)' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('tabpanel')).toBeFocused()
  })

  test("a phone loads the desktop design's preview, a desktop the full image", async ({
    browser,
    request,
  }) => {
    const challenge = await firstChallenge(request)
    const desktop = challenge.designs.views.find((image) => image.view === 'desktop')
    if (!desktop?.preview) throw new Error('the desktop design has no preview')
    for (const [viewport, deviceScaleFactor, expected] of [
      // A phone of Lighthouse's size and density: the frame is 354 px wide, 620 of the screen's pixels.
      [{ width: 412, height: 823 }, 1.75, desktop.preview],
      [VIEWPORTS.desktop, 1, challenge.templateImg],
    ] as const) {
      const context = await browser.newContext({ viewport, deviceScaleFactor })
      const phone = await context.newPage()
      await phone.goto(`/challenge/${encodeURIComponent(challenge.slug)}`)
      const image = designImage(phone, challenge, 'Desktop')
      await expect(image).toHaveJSProperty('complete', true)
      expect(new URL(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname).toBe(expected)
      await context.close()
    }
  })

  test('"Login to start" is a sign-in that comes back to the challenge', async ({ page, request }) => {
    // The whole round trip through GitHub is in sign-in-return.spec.ts.
    const challenge = await firstChallenge(request)
    const path = `/challenge/${encodeURIComponent(challenge.slug)}`
    await page.goto(path)
    await expect(page.getByRole('link', { name: 'Login to start' })).toHaveAttribute(
      'href',
      `/auth/github?returnTo=${encodeURIComponent(path)}`,
    )
  })

  test('a deep link survives a reload', async ({ page, request }) => {
    const challenges = await listChallenges(request)
    const challenge = challenges.at(-1)
    if (!challenge) throw new Error('the catalogue is empty')
    await page.goto(`/challenge/${encodeURIComponent(challenge.slug)}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(challenge.title)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(challenge.title)
    await expect(designImage(page, challenge, 'Desktop')).toBeVisible()
  })

  test('an unknown challenge is the 404 page', async ({ page, consoleErrors }) => {
    await page.goto('/challenge/No-Such-Challenge-Anywhere')
    await expectHydrated(page)
    await expect(page.getByRole('heading', { level: 1, name: '404 - Not Found' })).toBeVisible()
    await expect(page.getByText("Oops! The page you're looking for doesn't exist.")).toBeVisible()
    await page.getByRole('main').getByRole('link', { name: 'Go to Home' }).click()
    await expect(page).toHaveURL('/')
    // The browser logs the API's 404 answer as a failed resource: that answer is what this test is about.
    consoleErrors.splice(0)
  })

  test('a failed load shows the Network Error screen', async ({ page, request, consoleErrors }) => {
    await renderInBrowserOnly(page)
    const challenge = await firstChallenge(request)
    await page.route('**/api/challenges/by-slug/**', (route) => route.abort('internetdisconnected'))
    await page.goto(`/challenge/${encodeURIComponent(challenge.slug)}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Network Error' })).toBeVisible({
      timeout: 10_000,
    })
    await expect(
      page.getByRole('main').getByText('Check your internet connection and try again', { exact: true }),
    ).toBeVisible()
    // The request got no answer: the Network Error dialog shows over the page too (docs/product.md §2).
    await expect(page.getByRole('dialog', { name: 'Network Error' })).toBeVisible()
    // The aborted requests are logged by the browser as failed resources: provoked on purpose here.
    consoleErrors.splice(0)
  })

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    test(`has no axe violations (${name})`, async ({ page, request }) => {
      const challenge = await firstChallenge(request)
      await page.setViewportSize(viewport)
      await page.goto(`/challenge/${encodeURIComponent(challenge.slug)}`)
      await expect(designImage(page, challenge, 'Desktop')).toBeVisible()
      await expect(page.getByRole('list', { name: 'Assets included' })).toBeVisible()
      await expectNoAxeViolations(page)
    })
  }
})
