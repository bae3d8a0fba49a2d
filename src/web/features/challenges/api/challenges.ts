import { queryOptions } from '@tanstack/react-query'
import type { Category } from '#shared/categories.ts'
import type {
  ChallengeCountResponse,
  ChallengeListResponse,
  ChallengeResponse,
  ChallengeZipResponse,
} from '#shared/challenge.ts'
import { apiFetch } from '#web/lib/api-client.ts'

/** Query options per endpoint (one factory each); keys are shared so mutations can refresh them. */
export const challengeKeys = {
  all: ['challenges'] as const,
  list: () => [...challengeKeys.all, 'list'] as const,
  category: (category: Category) => [...challengeKeys.all, 'category', category] as const,
  ids: (ids: readonly number[]) => [...challengeKeys.all, 'ids', ...ids] as const,
  count: () => [...challengeKeys.all, 'count'] as const,
  slug: (slug: string) => [...challengeKeys.all, 'slug', slug] as const,
  zip: (id: number) => [...challengeKeys.all, 'zip', id] as const,
}

export const challengeListQuery = () =>
  queryOptions({
    queryKey: challengeKeys.list(),
    queryFn: async () => (await apiFetch<ChallengeListResponse>('/api/challenges')).challenges,
  })

export const challengeCategoryQuery = (category: Category) =>
  queryOptions({
    queryKey: challengeKeys.category(category),
    queryFn: async () =>
      (await apiFetch<ChallengeListResponse>(`/api/challenges?category=${encodeURIComponent(category)}`))
        .challenges,
  })

export const challengesByIdsQuery = (ids: readonly number[]) =>
  queryOptions({
    queryKey: challengeKeys.ids(ids),
    queryFn: async () =>
      ids.length === 0
        ? []
        : (await apiFetch<ChallengeListResponse>(`/api/challenges?ids=${ids.join(',')}`)).challenges,
  })

export const challengeCountQuery = () =>
  queryOptions({
    queryKey: challengeKeys.count(),
    queryFn: async () => (await apiFetch<ChallengeCountResponse>('/api/challenges/count')).count,
  })

export const challengeBySlugQuery = (slug: string) =>
  queryOptions({
    queryKey: challengeKeys.slug(slug),
    queryFn: async () =>
      (await apiFetch<ChallengeResponse>(`/api/challenges/by-slug/${encodeURIComponent(slug)}`)).challenge,
  })

export const challengeZipQuery = (id: number) =>
  queryOptions({
    queryKey: challengeKeys.zip(id),
    queryFn: async () => (await apiFetch<ChallengeZipResponse>(`/api/challenges/${id}/zip`)).zip,
  })
