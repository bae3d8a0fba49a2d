import { queryOptions } from '@tanstack/react-query'
import type { ProfilePage } from '#shared/member.ts'
import { isReviewPending, REVIEW_POLL_MS } from '#web/features/reviews/api/reviews.ts'
import { apiFetch, isApiNotFound } from '#web/lib/api-client.ts'

export const profileKeys = {
  all: ['profiles'] as const,
  byUsername: (username: string) => [...profileKeys.all, username] as const,
}

/** A member's public profile and completed challenges, in one request (docs/product.md §7). */
export const profileQuery = (username: string) =>
  queryOptions({
    queryKey: profileKeys.byUsername(username),
    queryFn: () => apiFetch<ProfilePage>(`/api/users/${encodeURIComponent(username)}`),
    // Points change with every submit; a profile is read fresh each time it is opened.
    staleTime: 0,
    retry: (failures, error) => !isApiNotFound(error) && failures < 1,
    // A review still waiting or running shows its result without a reload.
    refetchInterval: (query) =>
      query.state.data?.submissions.some((submission) => isReviewPending(submission.review?.status))
        ? REVIEW_POLL_MS
        : false,
  })
