import { listChallenges } from './catalogue.ts'
import {
  expect,
  expectHydrated,
  expectNoAxeViolations,
  forgetNotFoundErrors,
  test,
  VIEWPORTS,
} from './fixtures.ts'
import { completeChallenge } from './live-sites.ts'
import { signIn } from './sign-in-helper.ts'

/** Badges (docs/product.md §2, §4) on the profile and in the avatar menu, and the pages that explain them. */

test('a first challenge completed by a passed review shows the First build badge on the profile and in the menu', async ({
  page,
  request,
}, testInfo) => {
  const [challenge] = await listChallenges(request)
  if (!challenge) throw new Error('the catalogue is empty')
  const login = await signIn(page, testInfo)
  // The badge comes with the review that completes the challenge (docs/product.md §4), not the submit.
  await completeChallenge(page, login, challenge)

  await page.goto(`/profile/${login}`)
  await expectHydrated(page)
  const badges = page.getByRole('region', { name: 'Badges' })
  await expect(badges.getByRole('listitem')).toHaveCount(1)
  await expect(badges.getByRole('link', { name: 'First build' })).toHaveAttribute(
    'href',
    '/badges/first-challenge',
  )

  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Account menu for / })
    .click()
  const menuBadges = page.getByTestId('menu-badges')
  await expect(menuBadges).toContainText('1 badge')
  await expect(menuBadges.getByRole('img', { name: 'First build' })).toBeVisible()
  await page.keyboard.press('Escape')

  await badges.getByRole('link', { name: 'First build' }).click()
  await expect(page).toHaveURL('/badges/first-challenge')
  await expect(page.getByRole('heading', { level: 1, name: 'First build' })).toBeVisible()
  await expect(page.getByRole('img', { name: 'First build' })).toHaveJSProperty('complete', true)
})

test('a member copies the Markdown of their README badge from their own profile; others see no such section', async ({
  page,
  browser,
}, testInfo) => {
  const login = await signIn(page, testInfo)
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto(`/profile/${login}`)
  await expectHydrated(page)
  const section = page.getByRole('region', { name: 'Your badge for a README' })
  const image = section.getByRole('img', { name: `Frontend Dojo profile of @${login}` })
  await expect(image).toHaveJSProperty('complete', true)
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100)
  await section.getByRole('button', { name: 'Copy badge Markdown' }).click()
  await expect(page.getByText("Copied the badge's Markdown.")).toBeVisible()
  const origin = new URL(page.url()).origin
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `[![Frontend Dojo profile of @${login}](${origin}/api/users/${login}/badge.svg)](${origin}/profile/${login})`,
  )
  await expectNoAxeViolations(page)

  // Another member on the same profile: their session is known (the Dashboard link), no badge section.
  const other = await browser.newPage({ baseURL: origin })
  await signIn(other, testInfo)
  await other.goto(`/profile/${login}`)
  await expect(other.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toBeVisible()
  await expect(other.getByRole('region', { name: 'Badges' })).toBeVisible()
  await expect(other.getByRole('region', { name: 'Your badge for a README' })).toHaveCount(0)
  await other.close()
})

test('a member without badges sees none, and a link to how to earn them', async ({ page }, testInfo) => {
  const login = await signIn(page, testInfo)
  await page.goto(`/profile/${login}`)
  await expectHydrated(page)
  const badges = page.getByRole('region', { name: 'Badges' })
  await expect(badges.getByText('No badges yet.')).toBeVisible()
  await badges.getByRole('link', { name: 'How to earn badges' }).click()
  await expect(page).toHaveURL('/badges')
})

test('/badges explains every badge, each on a page of its own; an unknown one is the 404 page', async ({
  page,
  consoleErrors,
}) => {
  const response = await page.goto('/badges')
  await expectHydrated(page)
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: 'Badges' })).toBeVisible()
  const names = [
    'Competition gold',
    'Competition silver',
    'Competition bronze',
    'First build',
    'All-rounder',
    'Five-week streak',
    'Helpful',
    'Mentor',
    'Path complete',
  ]
  await expect(page.getByRole('heading', { level: 3 })).toHaveText(names)
  await page.getByRole('link', { name: 'Competition gold' }).click()
  await expect(page).toHaveURL('/badges/competition-gold')
  await expect(page.getByRole('heading', { name: 'How to earn it' })).toBeVisible()
  await expect(page.getByText(/match score of 95 or more/)).toBeVisible()

  const unknown = await page.goto('/badges/no-such-badge')
  expect(unknown?.status()).toBe(404)
  await expect(page.getByText('404 - Not Found')).toBeVisible()
  // The 404 answer is the point here.
  forgetNotFoundErrors(consoleErrors)
})

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  for (const path of ['/badges', '/badges/five-week-streak']) {
    test(`${path} has no axe violations (${name})`, async ({ page }) => {
      await page.setViewportSize(viewport)
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expectNoAxeViolations(page)
    })
  }
}
