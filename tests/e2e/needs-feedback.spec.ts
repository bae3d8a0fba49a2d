import type { Page } from '@playwright/test'
import { BUILT_BY_YOU_TOO } from '#shared/feedback.ts'
import { challengeAt, newMember, passedSolution } from './feedback-journey.ts'
import { expect, expectHydrated, expectNoAxeViolations, test, VIEWPORTS } from './fixtures.ts'
import { completeChallenge } from './live-sites.ts'

/**
 * The "needs feedback" page (docs/product.md §12): listed solutions no one has commented on yet, oldest
 * first, those of challenges the reader completed too first and marked so; a comment takes a solution
 * off it. Other tests on the shared server list solutions too, so the card is looked for page by page.
 */

const TEXTS = {
  intro: 'Solutions no one has commented on yet, oldest first. A few words help a lot.',
  empty: 'Every solution has feedback. Thank you!',
  nonePublished: 'No solutions have been published yet',
} as const

const cardLink = (page: Page, id: string) => page.locator(`main a[href="/solutions/${id}"]`)
const loadMore = (page: Page) => page.getByRole('button', { name: 'Load more solutions' })

/** Presses `Load more solutions` until every page is shown; checks that focus lands on the first new card. */
async function showAllPages(page: Page) {
  const cards = page.locator('main ul > li > a')
  await expect(cards.first().or(page.getByText(TEXTS.empty, { exact: true }))).toBeVisible()
  while (await loadMore(page).isVisible()) {
    const before = await cards.count()
    await loadMore(page).click()
    await expect(cards.nth(before)).toBeFocused()
  }
}

test('a solution without comments is on /needs-feedback, marked for a member who built it too, until someone comments', async ({
  browser,
}, testInfo) => {
  // Two reviews, which may wait behind other tests' on a busy machine.
  test.setTimeout(420_000)
  const author = await newMember(browser, testInfo, 'waiting')
  const challenge = await challengeAt(author.page, testInfo.workerIndex + 7)
  const solutionId = await passedSolution(author, challenge)
  const member = await newMember(browser, testInfo, 'helper')
  const page = member.page
  await completeChallenge(page, member.login, challenge)

  // From the dashboard's link: the member's own solution is never listed, the author's is, first among
  // those of challenges the member built too.
  await page.goto('/my')
  await expectHydrated(page)
  await page.getByRole('link', { name: 'Solutions that need feedback' }).click()
  await expect(page).toHaveURL('/needs-feedback')
  await expect(page.getByRole('heading', { level: 1, name: 'Needs feedback' })).toBeVisible()
  await expect(page.getByText(TEXTS.intro, { exact: true })).toBeVisible()
  await expect(page).toHaveTitle('Needs feedback | Frontend Dojo')
  await showAllPages(page)
  const card = cardLink(page, solutionId)
  await expect(card).toBeVisible()
  await expect(card).toContainText(BUILT_BY_YOU_TOO)
  await expect(card).toContainText(challenge.title)
  await expect(card).toContainText('0 likes')
  await expect(card).toContainText('0 comments')
  // Those marked come before all others.
  const marks = await page
    .locator('main ul > li > a')
    .evaluateAll(
      (links, text) => links.map((link) => link.textContent?.includes(text) ?? false),
      BUILT_BY_YOU_TOO,
    )
  expect(marks.indexOf(false) === -1 || marks.lastIndexOf(true) < marks.indexOf(false)).toBe(true)
  for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
    await page.setViewportSize(viewport)
    await expectNoAxeViolations(page)
  }
  await page.setViewportSize(VIEWPORTS.desktop)

  // The author does not see their own.
  await author.page.goto('/needs-feedback')
  await expectHydrated(author.page)
  await showAllPages(author.page)
  await expect(cardLink(author.page, solutionId)).toHaveCount(0)

  // A comment takes it off the list.
  await card.click()
  await expect(page).toHaveURL(`/solutions/${solutionId}`)
  const form = page.getByRole('form', { name: 'New comment' })
  await form.getByRole('radio', { name: 'Praise' }).check()
  await form.getByLabel('Your comment').fill('Clean and tidy, well done.')
  await form.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Comments (1)' })).toBeVisible()
  await page.goto('/needs-feedback')
  await showAllPages(page)
  await expect(cardLink(page, solutionId)).toHaveCount(0)

  await member.close()
  await author.close()
})

test('/solutions links the needs-feedback page, which says when every solution has feedback', async ({
  page,
}) => {
  await page.goto('/solutions')
  await expectHydrated(page)
  await page.getByRole('link', { name: 'Solutions that need feedback' }).click()
  await expect(page).toHaveURL('/needs-feedback')
  await expect(page.getByRole('heading', { level: 1, name: 'Needs feedback' })).toBeVisible()
  // An empty list (what a server whose every solution has a comment answers).
  await page.route('**/api/needs-feedback**', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ solutions: [], nextCursor: null, anyPublished: true }),
    }),
  )
  await page.reload()
  await expect(page.getByText(TEXTS.empty, { exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Browse solutions' })).toHaveAttribute('href', '/solutions')
  for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
    await page.setViewportSize(viewport)
    await expectNoAxeViolations(page)
  }
})

test('with nothing published yet, the needs-feedback page and the dashboard both say so', async ({
  page,
  browser,
}, testInfo) => {
  // A server where no solution was published yet: the list is empty and says why.
  await page.route('**/api/needs-feedback**', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ solutions: [], nextCursor: null, anyPublished: false }),
    }),
  )
  await page.goto('/needs-feedback')
  await expect(page.getByText(TEXTS.nonePublished, { exact: true })).toBeVisible()
  await expect(page.getByText(TEXTS.empty, { exact: true })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Browse challenges' })).toHaveAttribute('href', '/challenges')
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
      await page.setViewportSize(viewport)
      await expectNoAxeViolations(page)
    }
  }

  // The dashboard's "Give feedback" tells the same, whatever the server's own solutions are.
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize(VIEWPORTS.desktop)
  const member = await newMember(browser, testInfo, 'unpublished')
  let feedback = 'none-published'
  await member.page.route('**/api/me/dashboard', async (route) => {
    const answer = await (await route.fetch()).json()
    await route.fulfill({ json: { ...answer, feedback } })
  })
  const giveFeedback = member.page.getByRole('region', { name: 'Give feedback' })
  await member.page.goto('/my')
  await expect(giveFeedback).toContainText(TEXTS.nonePublished)
  await expect(member.page.getByText('Some solutions have no comment yet')).toHaveCount(0)
  feedback = 'all-commented'
  await member.page.reload()
  await expect(giveFeedback).toContainText(TEXTS.empty)
  feedback = 'waiting'
  await member.page.reload()
  await expect(giveFeedback).toContainText('Some solutions have no comment yet. A few words help a lot.')
  await member.close()
})

test('a visitor sees the same list without the mark', async ({ page }) => {
  await page.goto('/needs-feedback')
  await expectHydrated(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Needs feedback' })).toBeVisible()
  await showAllPages(page)
  await expect(page.getByText(BUILT_BY_YOU_TOO)).toHaveCount(0)
})
