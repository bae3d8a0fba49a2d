import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PublicConfig } from '#shared/public-config.ts'
import { apiFetch } from '#web/lib/api-client.ts'

/** Shown until /api/config answers (and if it cannot), so nothing waits on configuration. */
const DEFAULT_PUBLIC_CONFIG: PublicConfig = {
  brandName: 'Frontend Dojo',
  supportEmail: 'support@frontend-dojo.dev',
  social: [],
  classrooms: 'open',
}

export const publicConfigQuery = () =>
  queryOptions({
    queryKey: ['config'],
    queryFn: () => apiFetch<PublicConfig>('/api/config'),
    staleTime: Number.POSITIVE_INFINITY,
  })

export function usePublicConfig(): PublicConfig {
  return useQuery(publicConfigQuery()).data ?? DEFAULT_PUBLIC_CONFIG
}
