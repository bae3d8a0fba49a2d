import { queryOptions } from '@tanstack/react-query'
import { publicProfileResponse } from '#shared/user.ts'
import { apiFetch, isApiNotFound } from '#web/lib/api-client.ts'

export const profileKeys = {
  all: ['profiles'] as const,
  byUsername: (username: string) => [...profileKeys.all, username] as const,
}

/** A member's public profile (SPEC §7 "Public profile"). */
export const profileQuery = (username: string) =>
  queryOptions({
    queryKey: profileKeys.byUsername(username),
    queryFn: async () =>
      (await apiFetch(`/api/users/${encodeURIComponent(username)}`, publicProfileResponse)).profile,
    // Points change with every submit; a profile is read fresh each time it is opened.
    staleTime: 0,
    retry: (failures, error) => !isApiNotFound(error) && failures < 1,
  })
