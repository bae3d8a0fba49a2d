import { queryOptions } from '@tanstack/react-query'
import type { OwnProfileResponse, ProfileUpdate } from '#shared/profile.ts'
import { memberKeys } from '#web/features/auth/api/session.ts'
import { apiFetch, patchJson } from '#web/lib/api-client.ts'

export const ownProfileKey = [...memberKeys.all, 'profile'] as const

/** The member's own editable profile (docs/product.md §7, GET /api/me/profile). */
export const ownProfileQuery = () =>
  queryOptions({
    queryKey: ownProfileKey,
    queryFn: async () => (await apiFetch<OwnProfileResponse>('/api/me/profile')).profile,
    staleTime: 0,
  })

/** PATCH /api/me/profile with exactly the four editable fields; answers the saved profile. */
export async function updateProfile(update: ProfileUpdate) {
  const body: ProfileUpdate = {
    name: update.name,
    bio: update.bio,
    linkedinUrl: update.linkedinUrl,
    githubUrl: update.githubUrl,
  }
  return (await apiFetch<OwnProfileResponse>('/api/me/profile', patchJson(body))).profile
}
