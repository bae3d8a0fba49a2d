import type { Page } from '@playwright/test'
import type { Challenge } from '#shared/challenge.ts'
import { listChallenges } from './catalogue.ts'
import { expect, expectHydrated, expectNoAxeViolations, test, VIEWPORTS } from './fixtures.ts'
import { memberReviews, reviewVerdict } from './live-sites.ts'
import { mutate, signIn } from './sign-in-helper.ts'

/**
 * The loop after Submit on the challenge page (docs/product.md §2, §10): the review comes into view and
 * its status takes the focus; the current submission shows its addresses and write-up, and the write-up
 * is edited without a review; "Review again" says what it costs, and a name that does not resolve is
 * refused for nothing; "Change the address" opens the form with the current addresses. The server
 * resolves no Netlify name (playwright.config.ts): those reviews fail, and "Review again" is refused.
 */

const REPOSITORY = 'https://github.com/someone/loop'

async function challengeAt(request: Parameters<typeof listChallenges>[0], index: number): Promise<Challenge> {
  const challenges = await listChallenges(request)
  const challenge = challenges[index % challenges.length]
  if (!challenge) throw new Error('the catalogue is empty')
  return challenge
}

const panel = (page: Page) => page.getByRole('region', { name: 'Review', exact: true })
const panelState = (page: Page) => panel(page).getByTestId('review-panel-state')
const submission = (page: Page) => page.getByRole('region', { name: 'Your submission' })
const urlField = (page: Page) => page.getByLabel('Live site URL')
const repositoryField = (page: Page) => page.getByLabel('Repository URL (optional)')
const writeUpField = (page: Page) => page.getByLabel('Write-up (optional)')

/** axe in the light theme, then the dark one, then light again. */
async function expectAxeCleanInBothThemes(page: Page) {
  await page.emulateMedia({ colorScheme: 'light' })
  await expectNoAxeViolations(page)
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await expectNoAxeViolations(page)
  await page.emulateMedia({ colorScheme: 'light' })
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`the loop after Submit (${name})`, () => {
    test.use({ viewport })

    test('brings the review into view and focuses its status; the write-up is edited without a review', async ({
      page,
      request,
    }, testInfo) => {
      test.slow()
      const challenge = await challengeAt(request, name === 'desktop' ? 4 : 5)
      await signIn(page, testInfo)
      expect((await mutate(page, `/api/me/challenges/${challenge.id}/start`, {})).ok()).toBe(true)
      await page.goto(`/challenge/${encodeURIComponent(challenge.slug)}`)
      await expectHydrated(page)
      const liveUrl = `https://loop-${name}.netlify.app/project`

      await urlField(page).fill(liveUrl)
      await repositoryField(page).fill(REPOSITORY)
      await writeUpField(page).fill('First draft: a **grid** menu.')
      await page.getByRole('button', { name: 'Submit', exact: true }).click()

      // The review's status is in view and focused, a polite live region.
      const status = panelState(page)
      await expect(status).toBeFocused()
      await expect(status).toBeInViewport()
      await expect(status).toHaveAttribute('role', 'status')
      await expect(status).toHaveAttribute('aria-live', 'polite')
      // The form is empty again.
      await expect(urlField(page)).toHaveValue('')
      await expect(repositoryField(page)).toHaveValue('')
      await expect(writeUpField(page)).toHaveValue('')

      // What was submitted stays on the page.
      const current = submission(page)
      await expect(current.getByTestId('current-live-url').getByRole('link')).toHaveAttribute('href', liveUrl)
      await expect(current.getByTestId('current-live-url')).toContainText(liveUrl)
      await expect(current.getByTestId('current-repository').getByRole('link')).toHaveAttribute(
        'href',
        REPOSITORY,
      )
      await expect(current.getByTestId('current-write-up')).toHaveText('First draft: a **grid** menu.')
      await expectAxeCleanInBothThemes(page)

      // Edit the write-up: saved on the solution, no review queued and none of the day's spent.
      await reviewVerdict(page, challenge.id)
      const before = await memberReviews(page, challenge.id)
      await current.getByRole('button', { name: 'Edit the write-up' }).click()
      const editor = current.getByLabel('Write-up (optional)')
      await expect(editor).toBeFocused()
      await expect(editor).toHaveValue('First draft: a **grid** menu.')
      await editor.fill('Second draft: the grid was the hard part.')
      // The submit's toast leaves by itself: axe then reads the form, not a toast on its way out.
      await expect(page.getByText('Solution submitted: its review has started.')).toHaveCount(0, {
        timeout: 20_000,
      })
      await expectAxeCleanInBothThemes(page)
      await current.getByRole('button', { name: 'Save the write-up' }).click()
      await expect(page.getByText('Write-up saved. No new review was started.')).toBeVisible()
      await expect(current.getByTestId('current-write-up')).toHaveText(
        'Second draft: the grid was the hard part.',
      )
      await expect(current.getByRole('button', { name: 'Edit the write-up' })).toBeFocused()
      const after = await memberReviews(page, challenge.id)
      expect(after.reviews.map((review) => review.id)).toEqual(before.reviews.map((review) => review.id))
      expect(after.requestsLeftToday).toBe(before.requestsLeftToday)
    })

    test('"Review again" says what it costs and is refused for nothing when the name does not resolve; "Change the address" opens the form pre-filled', async ({
      page,
      request,
      consoleErrors,
    }, testInfo) => {
      test.slow()
      const challenge = await challengeAt(request, name === 'desktop' ? 6 : 7)
      await signIn(page, testInfo)
      const liveUrl = `https://again-${name}.netlify.app/project`
      expect((await mutate(page, `/api/me/challenges/${challenge.id}/start`, {})).ok()).toBe(true)
      const submitted = await mutate(page, `/api/me/challenges/${challenge.id}/submit`, {
        liveUrl,
        repositoryUrl: REPOSITORY,
      })
      expect(submitted.ok()).toBe(true)
      expect((await reviewVerdict(page, challenge.id)).status).toBe('failed')
      const before = await memberReviews(page, challenge.id)

      await page.goto(`/challenge/${encodeURIComponent(challenge.slug)}`)
      await expectHydrated(page)
      await expect(panelState(page)).toContainText('Review failed')
      await expect(panel(page).getByTestId('review-cost')).toHaveText(
        'Reviewing again uses one of your reviews left today.',
      )
      await expect(panel(page).getByTestId('review-requests-left')).toHaveText(
        `${before.requestsLeftToday} reviews left today.`,
      )
      await expectAxeCleanInBothThemes(page)

      // The name does not resolve: the server refuses with the reason, and nothing is spent.
      await panel(page).getByRole('button', { name: 'Review again' }).click()
      await expect(panel(page).getByTestId('review-refused')).toHaveText(
        `The name again-${name}.netlify.app does not exist. Nothing was reviewed and none of today's reviews was used: check the address, or change it.`,
      )
      const after = await memberReviews(page, challenge.id)
      expect(after.reviews.map((review) => review.id)).toEqual(before.reviews.map((review) => review.id))
      expect(after.requestsLeftToday).toBe(before.requestsLeftToday)
      // The browser logs the refusal's 422 as a failed resource: it is the point here.
      consoleErrors.splice(
        0,
        consoleErrors.length,
        ...consoleErrors.filter((error) => !/status of 422/.test(error)),
      )

      // "Change the address": the form, with the current addresses, ready to change.
      await panel(page).getByRole('button', { name: 'Change the address' }).click()
      await expect(urlField(page)).toBeFocused()
      await expect(urlField(page)).toBeInViewport()
      await expect(urlField(page)).toHaveValue(liveUrl)
      await expect(repositoryField(page)).toHaveValue(REPOSITORY)
      await expectAxeCleanInBothThemes(page)
    })
  })
}
