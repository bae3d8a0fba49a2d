import { queryOptions } from '@tanstack/react-query'
import type {
  ActivityResponse,
  ActivitySettings,
  ActivitySettingsUpdate,
  WeeklyGoalResponse,
} from '#shared/activity.ts'
import { memberKeys } from '#web/features/auth/api/session.ts'
import { apiFetch, patchJson } from '#web/lib/api-client.ts'

/**
 * The browser's time zone: sent with the member's own reads, used while they chose none
 * (docs/decisions/024-activity-and-streaks.md). Undefined where the runtime does not say.
 */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined
  } catch {
    return undefined
  }
}

const withZone = (path: string, tz: string | undefined) =>
  tz ? `${path}?${new URLSearchParams({ tz })}` : path

export const activityKeys = {
  all: ['activity'] as const,
  byUsername: (username: string) => [...activityKeys.all, username] as const,
  settings: [...memberKeys.all, 'activity-settings'] as const,
  goal: [...memberKeys.all, 'weekly-goal'] as const,
}

/** A member's calendar and streaks (docs/product.md §14); `tz` counts for the owner only. */
export const activityQuery = (username: string, tz: string | undefined) =>
  queryOptions({
    queryKey: [...activityKeys.byUsername(username), tz ?? ''],
    queryFn: () =>
      apiFetch<ActivityResponse>(withZone(`/api/users/${encodeURIComponent(username)}/activity`, tz)),
    staleTime: 0,
  })

/** The weekly goal and this week's progress, for the dashboard. */
export const weeklyGoalQuery = () =>
  queryOptions({
    queryKey: activityKeys.goal,
    queryFn: () => apiFetch<WeeklyGoalResponse>(withZone('/api/me/goal', browserTimeZone())),
    staleTime: 0,
  })

export const activitySettingsQuery = () =>
  queryOptions({
    queryKey: activityKeys.settings,
    queryFn: async () =>
      (await apiFetch<{ settings: ActivitySettings }>('/api/me/activity-settings')).settings,
    staleTime: 0,
  })

export async function updateActivitySettings(update: ActivitySettingsUpdate) {
  return (await apiFetch<{ settings: ActivitySettings }>('/api/me/activity-settings', patchJson(update)))
    .settings
}
