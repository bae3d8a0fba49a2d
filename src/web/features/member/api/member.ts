import { queryOptions } from '@tanstack/react-query'
import type { ChallengeStatus } from '#shared/constants.ts'
import type { Dashboard, Leaderboard, MemberChallengesResponse } from '#shared/member.ts'
import type { LeaderboardPeriod } from '#shared/periods.ts'
import { memberKeys } from '#web/features/auth/api/session.ts'
import { isReviewPending, REVIEW_POLL_MS } from '#web/features/reviews/api/reviews.ts'
import { apiFetch } from '#web/lib/api-client.ts'

/** Under the member keys: signing out drops them with the rest of the member's data. */
const memberAreaKeys = {
  dashboard: [...memberKeys.all, 'dashboard'] as const,
  challenges: (status: ChallengeStatus) => [...memberKeys.all, 'challenge-list', status] as const,
  leaderboard: (period: LeaderboardPeriod) => [...memberKeys.all, 'leaderboard', period] as const,
}

/** The three count boxes of /my (docs/product.md §7). Fresh on every visit: a start changes them. */
export const dashboardQuery = () =>
  queryOptions({
    queryKey: memberAreaKeys.dashboard,
    queryFn: () => apiFetch<Dashboard>('/api/me/dashboard'),
    staleTime: 0,
  })

/**
 * The member's ongoing or completed challenges, with the challenge itself (no second request) and each
 * one's newest review; asked again while a review waits or runs, so its result shows without a reload.
 */
export const memberChallengesQuery = (status: ChallengeStatus) =>
  queryOptions({
    queryKey: memberAreaKeys.challenges(status),
    queryFn: async () =>
      (await apiFetch<MemberChallengesResponse>(`/api/me/challenges?status=${status}`)).challenges,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.some((entry) => isReviewPending(entry.review?.status)) ? REVIEW_POLL_MS : false,
  })

/**
 * The top card and the top-10 table in one answer (members only): this week, this month or all time.
 * Every point counted comes from a passed review, so there is one ranking of verified work.
 */
export const leaderboardQuery = (period: LeaderboardPeriod = 'all') =>
  queryOptions({
    queryKey: memberAreaKeys.leaderboard(period),
    queryFn: () => apiFetch<Leaderboard>(`/api/leaderboard${leaderboardSearch(period)}`),
    staleTime: 0,
  })

/** The query string of a leaderboard view, without the default (`?period=week`, or ''). */
export function leaderboardSearch(period: LeaderboardPeriod): string {
  return period === 'all' ? '' : `?${new URLSearchParams({ period })}`
}
