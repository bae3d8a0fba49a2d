import { queryOptions } from '@tanstack/react-query'
import type { ChallengeStatusesResponse } from '#shared/challenge.ts'
import type { ProgressResponse, SubmitResponse } from '#shared/user.ts'
import { memberKeys } from '#web/features/auth/api/session.ts'
import { apiFetch, apiRequest, postJson } from '#web/lib/api-client.ts'
import { saveFile } from '#web/lib/save-file.ts'

/** Under the member keys: signing out drops them with the rest of the member's data. */
export const progressKeys = {
  all: [...memberKeys.all, 'challenges'] as const,
  one: (challengeId: number) => [...progressKeys.all, challengeId] as const,
}

/** The signed-in member's status on one challenge (docs/product.md §7, GET /api/me/challenges/:id). */
export const progressQuery = (challengeId: number) =>
  queryOptions({
    queryKey: progressKeys.one(challengeId),
    queryFn: async () => (await apiFetch<ProgressResponse>(`/api/me/challenges/${challengeId}`)).progress,
    staleTime: 0,
  })

/** Start (docs/product.md §4): records the challenge as ongoing; the server keeps an existing start time. */
export async function startChallenge(challengeId: number) {
  return (await apiFetch<ProgressResponse>(`/api/me/challenges/${challengeId}/start`, postJson())).progress
}

/** Fetches the challenge's zip (members only) and saves it as "{title}.zip" (docs/product.md §7). */
export async function downloadChallengeZip(challengeId: number, title: string): Promise<void> {
  const response = await apiRequest(`/api/me/challenges/${challengeId}/download`, {
    headers: { Accept: 'application/zip' },
  })
  saveFile(await response.blob(), `${title}.zip`)
}

/**
 * What a submit sends (docs/product.md §5, §11): the live site's URL and, when given, the repository's and
 * the write-up.
 */
export type SubmitBody = { liveUrl: string; repositoryUrl?: string; writeUp?: string }

/**
 * Submit (docs/product.md §4): records an iteration and queues its review; the points come when a review
 * passes. 400 for an address the rule refuses, 429 `review_limit` when no review may be asked for now.
 */
export async function submitSolution(challengeId: number, body: SubmitBody) {
  return apiFetch<SubmitResponse>(`/api/me/challenges/${challengeId}/submit`, postJson(body))
}

/**
 * The member's status on every challenge they started (GET /api/me/statuses): the catalogue's badges and
 * status filter (docs/product.md §2). Fresh on every visit: a start changes it.
 */
export const statusesQuery = () =>
  queryOptions({
    queryKey: [...progressKeys.all, 'statuses'] as const,
    queryFn: async () => (await apiFetch<ChallengeStatusesResponse>('/api/me/statuses')).statuses,
    staleTime: 0,
  })
