import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
} from '@tanstack/react-query'
import type { ClassroomNotificationsResponse } from '#shared/classroom.ts'
import type { NotificationsResponse, UnreadCountResponse } from '#shared/feedback.ts'
import { NOTIFICATION_POLL_MS } from '#shared/feedback-rule.ts'
import { memberKeys } from '#web/features/auth/api/session.ts'
import { apiFetch, postJson } from '#web/lib/api-client.ts'

/** Under the member keys: signing out drops them with the rest of the member's data. */
export const notificationKeys = {
  all: [...memberKeys.all, 'notifications'] as const,
  unreadCount: [...memberKeys.all, 'notifications', 'unread-count'] as const,
  list: [...memberKeys.all, 'notifications', 'list'] as const,
  classroom: [...memberKeys.all, 'notifications', 'classroom'] as const,
}

/** The member's classroom notifications (docs/product.md §13), the latest 50, newest first. */
export const classroomNotificationsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.classroom,
    queryFn: async () =>
      (await apiFetch<ClassroomNotificationsResponse>('/api/me/classroom-notifications')).notifications,
    staleTime: 0,
  })

/**
 * The navbar bell's count (docs/product.md §12). `poll`: asked every NOTIFICATION_POLL_MS while the tab is
 * visible, never while it is hidden (TanStack Query's focus manager follows `visibilitychange`); when the
 * tab is shown again the bell asks once the session check has answered (notification-bell.tsx). Several
 * bells show it (the bar's, the small screen's, the menu's): one of them polls, so the timers of the
 * others do not add requests of their own.
 */
export const unreadCountQuery = ({ poll }: { poll: boolean }) =>
  queryOptions({
    queryKey: notificationKeys.unreadCount,
    queryFn: async () =>
      (await apiFetch<UnreadCountResponse>('/api/me/notifications/unread-count')).unreadCount,
    // A bell that mounts after another does not ask again.
    staleTime: NOTIFICATION_POLL_MS / 2,
    refetchInterval: poll ? NOTIFICATION_POLL_MS : false,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: false,
  })

/** The member's notifications, newest first, page by page: each page's `nextCursor` asks for the next. */
export const notificationsQuery = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam }) =>
      apiFetch<NotificationsResponse>(
        pageParam === null
          ? '/api/me/notifications'
          : `/api/me/notifications?${new URLSearchParams({ cursor: pageParam })}`,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  })

export async function markNotificationRead(id: string): Promise<number> {
  return (
    await apiFetch<UnreadCountResponse>(`/api/me/notifications/${encodeURIComponent(id)}/read`, postJson())
  ).unreadCount
}

export async function markAllNotificationsRead(): Promise<number> {
  return (await apiFetch<UnreadCountResponse>('/api/me/notifications/read-all', postJson())).unreadCount
}

/**
 * After marking: the bell takes the count the server answered, the list shows the marked ones read at
 * once (`id` null: all of them), and both are read again.
 */
export function afterMarkingRead(queryClient: QueryClient, unreadCount: number, id: string | null): void {
  queryClient.setQueryData(notificationKeys.unreadCount, unreadCount)
  queryClient.setQueryData<InfiniteData<NotificationsResponse, string | null>>(
    notificationKeys.list,
    (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              unreadCount,
              notifications: page.notifications.map((notification) =>
                id === null || notification.id === id ? { ...notification, read: true } : notification,
              ),
            })),
          }
        : data,
  )
  void queryClient.invalidateQueries({ queryKey: notificationKeys.all })
}
