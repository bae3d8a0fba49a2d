import { queryOptions } from '@tanstack/react-query'
import type { ChallengeStatus } from '#shared/constants.ts'
import type { Dashboard, Leaderboard, LeaderboardWork, MemberChallengesResponse } from '#shared/member.ts'
import { memberKeys } from '#web/features/auth/api/session.ts'
import { apiFetch } from '#web/lib/api-client.ts'

/** Under the member keys: signing out drops them with the rest of the member's data. */
export const memberAreaKeys = {
  dashboard: [...memberKeys.all, 'dashboard'] as const,
  challenges: (status: ChallengeStatus) => [...memberKeys.all, 'challenge-list', status] as const,
  leaderboard: (work: LeaderboardWork) => [...memberKeys.all, 'leaderboard', work] as const,
}

/** The three count boxes of /my (SPEC §7 "Dashboard counts"). Fresh on every visit: a start changes them. */
export const dashboardQuery = () =>
  queryOptions({
    queryKey: memberAreaKeys.dashboard,
    queryFn: () => apiFetch<Dashboard>('/api/me/dashboard'),
    staleTime: 0,
  })

/** The member's ongoing or completed challenges, with the challenge itself (no second request). */
export const memberChallengesQuery = (status: ChallengeStatus) =>
  queryOptions({
    queryKey: memberAreaKeys.challenges(status),
    queryFn: async () =>
      (await apiFetch<MemberChallengesResponse>(`/api/me/challenges?status=${status}`)).challenges,
    staleTime: 0,
  })

/** The top card and the top-10 table in one answer (members only), of all work or verified work only. */
export const leaderboardQuery = (work: LeaderboardWork = 'all') =>
  queryOptions({
    queryKey: memberAreaKeys.leaderboard(work),
    queryFn: () =>
      apiFetch<Leaderboard>(work === 'all' ? '/api/leaderboard' : `/api/leaderboard?work=${work}`),
    staleTime: 0,
  })
