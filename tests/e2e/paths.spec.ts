import type { APIRequestContext, Page } from '@playwright/test'
import { escapeHtml } from '#server/render/document.ts'
import { pathResponse } from '#shared/learning-paths.ts'
import { listChallenges } from './catalogue.ts'
import { expect, expectHydrated, expectNoAxeViolations, test, VIEWPORTS } from './fixtures.ts'
import { ownSite, REVIEW_TIMEOUT_MS } from './live-sites.ts'
import { mutate, signIn } from './sign-in-helper.ts'

/** The first path of content/paths/ and its first two steps (docs/product.md §15). */
const PATH = { slug: 'your-first-landing-page', title: 'Your first landing page' }
const STEP_1 = 'Safelight-Studio-Footer'
const STEP_2 = 'Gridform-Biennale-Navbar'

/**
 * The path as the server holds it, read through the API: its number of steps and its summary follow the
 * content (challenges are added to paths over time), and the pages are compared with them.
 */
async function pathFromApi(request: APIRequestContext) {
  const response = await request.get(`/api/paths/${PATH.slug}`)
  expect(response.ok()).toBe(true)
  return pathResponse.parse(await response.json()).path
}

/** axe at 1440 and 375 px, in the light and the dark theme, on the page as it is. */
async function expectAccessibleEverywhere(page: Page, ready: (page: Page) => Promise<void>) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme)
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
      await page.setViewportSize(viewport)
      await ready(page)
      await expectNoAxeViolations(page)
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize(VIEWPORTS.desktop)
}

test.describe('learning paths', () => {
  test('a visitor sees the paths, server-rendered, with link previews', async ({ page, request }) => {
    const html = await (await request.get('/paths')).text()
    expect(html).toContain('<h1')
    expect(html).toContain(PATH.title)
    expect(html).toMatch(/<meta property="og:title" content="[^"]*Learning paths/)
    const path = await pathFromApi(request)
    expect(path.steps.map((step) => step.challenge.slug)).toContain(STEP_1)
    const one = await (await request.get(`/paths/${PATH.slug}`)).text()
    expect(one).toContain(STEP_1.replaceAll('-', ' '))
    expect(one).toContain(`<meta property="og:description" content="${escapeHtml(path.summary)}`)
    expect((await request.get('/paths/no-such-path')).status()).toBe(404)

    await page.goto(`/paths/${PATH.slug}`)
    await expect(page.getByRole('heading', { level: 1, name: PATH.title })).toBeVisible()
    await expect(page.getByTestId('path-step')).toHaveCount(path.stepCount)
    await expect(page.getByRole('link', { name: 'Login to follow this path' })).toBeVisible()
  })

  test('a member starts a path, passes step 1, sees "1 of N" and step 2 suggested on the dashboard', async ({
    page,
    request,
  }, testInfo) => {
    test.slow()
    const challenges = await listChallenges(request)
    const { stepCount } = await pathFromApi(request)
    const first = challenges.find((c) => c.slug === STEP_1)
    const second = challenges.find((c) => c.slug === STEP_2)
    if (!first || !second) throw new Error('the path’s challenges are not in the catalogue')
    const login = await signIn(page, testInfo)

    await page.goto('/')
    await expectHydrated(page)
    await page.getByRole('banner').getByRole('link', { name: 'Paths', exact: true }).click()
    await expect(page).toHaveURL('/paths')
    await expect(page.getByRole('heading', { level: 1, name: 'Learning paths' })).toBeVisible()
    await expectAccessibleEverywhere(page, async (p) => {
      await expect(p.getByRole('link', { name: PATH.title })).toBeVisible()
    })
    await page.getByRole('link', { name: PATH.title }).click()

    // Not started: every step not started, 0 of N, and Start this path.
    await expect(page.getByRole('heading', { level: 1, name: PATH.title })).toBeVisible()
    const steps = page.getByTestId('path-step')
    await expect(steps).toHaveCount(stepCount)
    await expect(steps.first()).toContainText(first.title)
    await expect(steps.first().locator('[data-status]')).toHaveText('Not started')
    await expect(page.getByTestId('path-progress')).toHaveText(`0 of ${stepCount} passed`)
    await page.getByRole('button', { name: 'Start this path' }).click()
    const nextStep = page.getByRole('link', { name: 'Start the next step' })
    await expect(nextStep).toHaveAttribute('href', `/challenge/${STEP_1}`)
    await expectAccessibleEverywhere(page, async (p) => {
      await expect(p.getByRole('link', { name: 'Start the next step' })).toBeVisible()
    })

    // Step 1: start it, submit the member's own site from its page, and watch the review pass.
    await nextStep.click()
    await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible()
    expect((await mutate(page, `/api/me/challenges/${first.id}/start`, {})).ok()).toBe(true)
    await page.reload()
    await expectHydrated(page)
    await page.getByLabel('Live site URL').fill(ownSite(login, first))
    await page.getByRole('button', { name: 'Submit', exact: true }).click()
    const overlay = page.getByRole('dialog', { name: 'Congratulations!' })
    await expect(overlay).toBeVisible({ timeout: REVIEW_TIMEOUT_MS })
    // The "review passed" dialog suggests step 2, and says why.
    const upNext = overlay.getByTestId('achievement-next')
    await expect(upNext).toContainText(second.title)
    await expect(upNext).toContainText(`Next in ${PATH.title}`)
    await expectNoAxeViolations(page)
    await upNext.getByRole('button', { name: `Go to ${second.title}` }).click()
    await expect(page).toHaveURL(`/challenge/${STEP_2}`)

    // The path: step 1 passed, 1 of N, the next step is step 2.
    await page.goto(`/paths/${PATH.slug}`)
    await expect(page.getByTestId('path-progress')).toHaveText(`1 of ${stepCount} passed`)
    await expect(steps.first().locator('[data-status]')).toHaveText('Passed')
    await expect(steps.nth(1).locator('[data-status]')).toHaveText('Not started')
    await expect(page.getByRole('link', { name: 'Start the next step' })).toHaveAttribute(
      'href',
      `/challenge/${STEP_2}`,
    )

    // The dashboard suggests step 2, with why.
    await page.goto('/my')
    await expectHydrated(page)
    const card = page.getByTestId('next-challenge')
    await expect(card).toContainText(second.title)
    await expect(card.getByTestId('next-challenge-reason')).toHaveText(`Next in ${PATH.title}`)
    await expectAccessibleEverywhere(page, async (p) => {
      await expect(p.getByTestId('next-challenge')).toContainText(second.title)
    })
    await card.getByRole('link', { name: `Go to ${second.title}` }).click()
    await expect(page).toHaveURL(`/challenge/${STEP_2}`)

    // The member's profile: today is filled in the activity calendar (docs/product.md §14).
    await page.goto(`/profile/${login}`)
    const today = page.getByRole('grid', { name: 'Activity calendar' }).locator('td[tabindex="0"]')
    await expect(today).toHaveAccessibleName(/: 1 passed review, 1 submit, 0 comments$/)
    await expect(today).not.toHaveAttribute('data-level', '0')
  })
})
