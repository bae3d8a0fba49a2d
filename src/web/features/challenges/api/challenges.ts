import { queryOptions } from '@tanstack/react-query'
import type { Category } from '#shared/categories.ts'
import type { ChallengeListResponse, ChallengeResponse, ChallengeZipResponse } from '#shared/challenge.ts'
import { apiFetch } from '#web/lib/api-client.ts'

/** Query options per endpoint (one factory each); keys are shared so mutations can refresh them. */
const challengeKeys = {
  all: ['challenges'] as const,
  list: () => [...challengeKeys.all, 'list'] as const,
  category: (category: Category) => [...challengeKeys.all, 'category', category] as const,
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
