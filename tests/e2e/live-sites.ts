import type { Page } from '@playwright/test'
import type { Challenge } from '#shared/challenge.ts'
import { type MemberReviewsResponse, memberReviewsResponse, type ReviewSummary } from '#shared/review.ts'
import { type SubmitResponse, submitResponse } from '#shared/user.ts'
import { expect } from './fixtures.ts'
import { mutate } from './sign-in-helper.ts'

/**
 * Live sites on the shared browser-test server (playwright.config.ts): every github.io host is this
 * machine, serving each challenge's reference solution (tests/support/challenge-sites.ts). A member's
 * review of their own one passes and earns the challenge's points (docs/product.md §10); anything else
 * fails: someone else's github.io (not their own site), any other host (no name resolves).
 */

/** The member's own GitHub Pages site showing the challenge's reference solution: its review passes. */
export const ownSite = (login: string, challenge: Pick<Challenge, 'slug'>) =>
  `http://${login}.github.io/${challenge.slug}/reference/index.html`

/** Someone else's GitHub Pages site with the same page: its review fails as not the member's own. */
export const someoneElsesSite = (challenge: Pick<Challenge, 'slug'>) =>
  `http://someone-else.github.io/${challenge.slug}/reference/index.html`

/**
 * A review without Lighthouse takes seconds; on a busy two-core machine it may wait behind the other
 * worker's reviews on the one review worker.
 */
export const REVIEW_TIMEOUT_MS = 120_000

export async function memberReviews(page: Page, challengeId: number): Promise<MemberReviewsResponse> {
  const response = await page.request.get(`/api/me/challenges/${challengeId}/reviews`)
  expect(response.ok(), `reviews of challenge ${challengeId} answered ${response.status()}`).toBe(true)
  return memberReviewsResponse.parse(await response.json())
}

/** Waits until the member's newest review of the challenge has ended, and returns it. */
export async function reviewVerdict(page: Page, challengeId: number): Promise<ReviewSummary> {
  let latest: ReviewSummary | undefined
  await expect
    .poll(
      async () => {
        latest = (await memberReviews(page, challengeId)).reviews[0]
        return latest?.status
      },
      { timeout: REVIEW_TIMEOUT_MS, intervals: [250, 500, 1000] },
    )
    .toMatch(/^(passed|failed)$/)
  if (!latest) throw new Error('no review')
  return latest
}

/**
 * Starts the challenge (a start of a started one changes nothing) and submits `liveUrl` through the API.
 * Returns the submit's answer: the progress and member as they are, and the queued review.
 */
export async function submitThroughApi(
  page: Page,
  challengeId: number,
  liveUrl: string,
): Promise<SubmitResponse> {
  const started = await mutate(page, `/api/me/challenges/${challengeId}/start`, {})
  expect(started.ok(), `start answered ${started.status()}`).toBe(true)
  const submitted = await mutate(page, `/api/me/challenges/${challengeId}/submit`, { liveUrl })
  expect(submitted.ok(), `submit answered ${submitted.status()}`).toBe(true)
  return submitResponse.parse(await submitted.json())
}

/**
 * Completes a challenge the way a member does, through the API: start, submit their own site, and wait
 * for its review to pass. Returns the passed review.
 */
export async function completeChallenge(page: Page, login: string, challenge: Challenge) {
  await submitThroughApi(page, challenge.id, ownSite(login, challenge))
  const review = await reviewVerdict(page, challenge.id)
  expect(review.status, review.error?.message ?? '').toBe('passed')
  return review
}

/** Submits `liveUrl` and waits for its review to fail. Returns the failed review. */
export async function submitFailing(page: Page, challenge: Challenge, liveUrl: string) {
  await submitThroughApi(page, challenge.id, liveUrl)
  const review = await reviewVerdict(page, challenge.id)
  expect(review.status).toBe('failed')
  return review
}

/** The summary lines of a review report's quality report: one per audit (axe, HTML, Lighthouse). */
export const qualitySummaries = (page: Page) =>
  page.getByRole('region', { name: 'Quality report' }).getByTestId('quality-summaries').getByRole('listitem')
