import { queryOptions } from '@tanstack/react-query'
import type { MemberReviewsResponse, ReviewResponse, ReviewStatus, ReviewSummary } from '#shared/review.ts'
import { memberKeys } from '#web/features/auth/api/session.ts'
import { apiFetch, isApiNotFound, postJson } from '#web/lib/api-client.ts'

/**
 * How often a page that only shows whether a review is still pending (the profile) asks again while
 * one waits or runs.
 */
export const REVIEW_POLL_MS = 3_000

/**
 * How often a view that shows a pending review's steps (the challenge page's review panel, the report)
 * asks again: a review runs for seconds per step, so a slower poll would skip steps.
 */
const REVIEW_PROGRESS_POLL_MS = 1_500

/** The report page of a review. Ids are unguessable strings; a review that has not passed is its member's only. */
export const reviewPath = (reviewId: string) => `/reviews/${encodeURIComponent(reviewId)}`

/** A review a worker has not finished yet: its screens keep asking until it has passed or failed. */
export function isReviewPending(status: ReviewStatus | undefined): boolean {
  return status === 'queued' || status === 'running'
}

export const reviewKeys = {
  all: ['reviews'] as const,
  one: (reviewId: string) => [...reviewKeys.all, reviewId] as const,
  /** Under the member keys: signing out drops them with the rest of the member's data. */
  member: (challengeId: number) => [...memberKeys.all, 'reviews', challengeId] as const,
}

/** GET /api/reviews/:id: one review with its breakpoints, polled while it is pending. */
export const reviewQuery = (reviewId: string) =>
  queryOptions({
    queryKey: reviewKeys.one(reviewId),
    queryFn: async () =>
      (await apiFetch<ReviewResponse>(`/api/reviews/${encodeURIComponent(reviewId)}`)).review,
    staleTime: 0,
    retry: (failures, error) => !isApiNotFound(error) && failures < 1,
    refetchInterval: (query) => (isReviewPending(query.state.data?.status) ? REVIEW_PROGRESS_POLL_MS : false),
  })

/**
 * GET /api/me/challenges/:id/reviews: the member's reviews of a challenge (newest first), how many more
 * they may ask for today and when the next one is possible. Polled while the newest is pending.
 */
export const memberReviewsQuery = (challengeId: number) =>
  queryOptions({
    queryKey: reviewKeys.member(challengeId),
    queryFn: () => apiFetch<MemberReviewsResponse>(`/api/me/challenges/${challengeId}/reviews`),
    staleTime: 0,
    refetchInterval: (query) =>
      isReviewPending(query.state.data?.reviews[0]?.status) ? REVIEW_PROGRESS_POLL_MS : false,
  })

/** "Review again" (the last submitted address): 202 with the queued review, or 429 once the day's allowance is used. */
export async function requestReview(challengeId: number): Promise<ReviewSummary> {
  return (await apiFetch<{ review: ReviewSummary }>(`/api/me/challenges/${challengeId}/reviews`, postJson()))
    .review
}
