import { queryOptions } from '@tanstack/react-query'
import type {
  NextChallengeResponse,
  PathProgressResponse,
  PathResponse,
  PathsProgressResponse,
  PathsResponse,
} from '#shared/learning-paths.ts'
import { memberKeys } from '#web/features/auth/api/session.ts'
import { apiFetch, postJson } from '#web/lib/api-client.ts'

const pathKeys = {
  all: ['paths'] as const,
  list: () => [...pathKeys.all, 'list'] as const,
  slug: (slug: string) => [...pathKeys.all, 'slug', slug] as const,
}

/** Under the member keys: signing out drops them with the rest of the member's data. */
export const myPathKeys = {
  all: [...memberKeys.all, 'paths'] as const,
  list: () => [...myPathKeys.all, 'list'] as const,
  slug: (slug: string) => [...myPathKeys.all, 'slug', slug] as const,
  next: () => [...myPathKeys.all, 'next'] as const,
}

/** Every learning path (public, docs/product.md §15). */
export const pathsQuery = () =>
  queryOptions({
    queryKey: pathKeys.list(),
    queryFn: async () => (await apiFetch<PathsResponse>('/api/paths')).paths,
  })

/** One path and its ordered steps (public). */
export const pathQuery = (slug: string) =>
  queryOptions({
    queryKey: pathKeys.slug(slug),
    queryFn: async () => (await apiFetch<PathResponse>(`/api/paths/${encodeURIComponent(slug)}`)).path,
  })

/** The signed-in member's progress on every path. Fresh on every visit: a pass changes it. */
export const myPathsQuery = () =>
  queryOptions({
    queryKey: myPathKeys.list(),
    queryFn: async () => (await apiFetch<PathsProgressResponse>('/api/me/paths')).paths,
    staleTime: 0,
  })

/** The signed-in member's progress on one path. */
export const myPathQuery = (slug: string) =>
  queryOptions({
    queryKey: myPathKeys.slug(slug),
    queryFn: async () =>
      (await apiFetch<PathProgressResponse>(`/api/me/paths/${encodeURIComponent(slug)}`)).progress,
    staleTime: 0,
  })

/** Starts a path for the member: its next step becomes their suggestion. */
export async function startPath(slug: string) {
  return (await apiFetch<PathProgressResponse>(`/api/me/paths/${encodeURIComponent(slug)}/start`, postJson()))
    .progress
}

/** What the member could do next, and why (GET /api/me/next). */
export const nextChallengeQuery = () =>
  queryOptions({
    queryKey: myPathKeys.next(),
    queryFn: async () => (await apiFetch<NextChallengeResponse>('/api/me/next')).next,
    staleTime: 0,
  })
