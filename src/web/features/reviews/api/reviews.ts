import { queryOptions } from '@tanstack/react-query'
import type { MemberReviewsResponse, ReviewResponse, ReviewStatus, ReviewSummary } from '#shared/review.ts'
import { memberKeys } from '#web/features/auth/api/session.ts'
import { apiFetch, isApiNotFound, postJson } from '#web/lib/api-client.ts'

/** How often a review still waiting or running is asked for again. */
export const REVIEW_POLL_MS = 3_000

/** The report page of a review (public). */
export const reviewPath = (reviewId: number) => `/reviews/${reviewId}`

/** A review a worker has not finished yet: its screens keep asking until it is done or failed. */
export function isReviewPending(status: ReviewStatus | undefined): boolean {
  return status === 'queued' || status === 'running'
}

export const reviewKeys = {
  all: ['reviews'] as const,
  one: (reviewId: number) => [...reviewKeys.all, reviewId] as const,
  /** Under the member keys: signing out drops them with the rest of the member's data. */
  member: (challengeId: number) => [...memberKeys.all, 'reviews', challengeId] as const,
}

/** GET /api/reviews/:id (public): one review with its breakpoints, polled while it is pending. */
export const reviewQuery = (reviewId: number) =>
  queryOptions({
    queryKey: reviewKeys.one(reviewId),
    queryFn: async () => (await apiFetch<ReviewResponse>(`/api/reviews/${reviewId}`)).review,
    staleTime: 0,
    retry: (failures, error) => !isApiNotFound(error) && failures < 1,
    refetchInterval: (query) => (isReviewPending(query.state.data?.status) ? REVIEW_POLL_MS : false),
  })

/** GET /api/me/challenges/:id/reviews: the member's reviews of a challenge (newest first) and today's allowance. */
export const memberReviewsQuery = (challengeId: number) =>
  queryOptions({
    queryKey: reviewKeys.member(challengeId),
    queryFn: () => apiFetch<MemberReviewsResponse>(`/api/me/challenges/${challengeId}/reviews`),
    staleTime: 0,
    refetchInterval: (query) =>
      isReviewPending(query.state.data?.reviews[0]?.status) ? REVIEW_POLL_MS : false,
  })

/** "Request a new review": 202 with the queued review, or 429 once the day's allowance is used. */
export async function requestReview(challengeId: number): Promise<ReviewSummary> {
  return (await apiFetch<{ review: ReviewSummary }>(`/api/me/challenges/${challengeId}/reviews`, postJson()))
    .review
}
