import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import type { Notification } from '#shared/feedback.ts'
import { paths } from '#shared/paths.ts'
import { LoadMore } from '#web/components/load-more.tsx'
import { LoadError } from '#web/components/network-error.tsx'
import { PageTitle } from '#web/components/page-title.tsx'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { BellIcon } from '#web/components/ui/icons.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import {
  afterMarkingRead,
  classroomNotificationsQuery,
  markAllNotificationsRead,
  markNotificationRead,
  notificationKeys,
  notificationsQuery,
} from '#web/features/notifications/api/notifications.ts'
import {
  CLASSROOM_NOTIFICATION_TEXTS,
  type ClassroomNotification,
  classroomNotificationHref,
  classroomNotificationSentence,
  NOTIFICATION_TEXTS,
  notificationDetail,
  notificationHref,
  notificationSentence,
  notificationTime,
} from '#web/features/notifications/texts.ts'
import { formatDateTime, formatEventTime } from '#web/lib/relative-time.ts'
import { toast } from '#web/lib/toast.ts'

/**
 * /notifications, members only (docs/product.md §12): newest first, page by page. An unread one is marked
 * by a dot and the word "Unread" for screen readers; `Mark as read` on it, `Mark all as read` above, and
 * following its link marks it read too. Focus never falls to the page's start: marking one moves it to
 * that notification's link, marking all to the heading, a loaded page to its first new link.
 */
export function NotificationsPage() {
  const query = useInfiniteQuery(notificationsQuery())
  const classroom = useQuery(classroomNotificationsQuery())
  const classroomNotices = classroom.data ?? []
  const queryClient = useQueryClient()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const listRef = useRef<HTMLUListElement>(null)
  const focusFrom = useRef<number | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const notifications = query.data?.pages.flatMap((page) => page.notifications) ?? []
  const listedUnread = query.data?.pages[0]?.unreadCount
  const anyUnread =
    (listedUnread ?? 0) > 0 ||
    notifications.some((notification) => !notification.read) ||
    classroomNotices.some((notice) => !notice.read)

  const markOne = useMutation({
    mutationFn: (id: string) => markNotificationRead(id),
    onSuccess: (count, id) => afterMarkingRead(queryClient, count, id),
    onError: (error) => toast.error(error.message),
  })
  const markAll = useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: (count) => {
      afterMarkingRead(queryClient, count, null)
      queryClient.setQueryData<ClassroomNotification[]>(notificationKeys.classroom, (notices) =>
        notices?.map((notice) => ({ ...notice, read: true })),
      )
      setAnnouncement(NOTIFICATION_TEXTS.allMarkedRead)
      headingRef.current?.focus()
    },
    onError: (error) => toast.error(error.message),
  })

  // The list's count is the newest: the bell shows it too.
  useEffect(() => {
    if (listedUnread !== undefined) queryClient.setQueryData(notificationKeys.unreadCount, listedUnread)
  }, [listedUnread, queryClient])

  useEffect(() => {
    const from = focusFrom.current
    if (from === null || query.isFetchingNextPage) return
    if (notifications.length > from) {
      focusFrom.current = null
      listRef.current?.querySelectorAll<HTMLAnchorElement>(':scope > li a')[from]?.focus()
    }
  }, [notifications.length, query.isFetchingNextPage])

  return (
    <div className="page-container max-w-3xl py-10 sm:py-14">
      <PageTitle>{NOTIFICATION_TEXTS.heading}</PageTitle>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
        >
          {NOTIFICATION_TEXTS.heading}
        </h1>
        {anyUnread ? (
          <button
            type="button"
            className={buttonClasses('secondary', 'md')}
            aria-disabled={markAll.isPending}
            onClick={() => {
              if (!markAll.isPending) markAll.mutate()
            }}
          >
            {markAll.isPending ? <Spinner className="size-4" /> : null}
            {NOTIFICATION_TEXTS.markAllRead}
          </button>
        ) : null}
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>

      {classroomNotices.length > 0 ? <ClassroomNotices notices={classroomNotices} /> : null}

      <div className="mt-8">
        {query.isPending ? (
          <NotificationsSkeleton />
        ) : query.isError && notifications.length === 0 ? (
          <LoadError
            error={query.error}
            headingLevel={2}
            message={NOTIFICATION_TEXTS.failed}
            onRetry={() => query.refetch()}
          />
        ) : notifications.length === 0 ? (
          <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
            <BellIcon className="size-10 text-slate-500" />
            <p className="mt-4 max-w-md text-base leading-7 text-slate-700">{NOTIFICATION_TEXTS.empty}</p>
            <Link to={paths.needsFeedback} className={buttonClasses('primary', 'md', 'mt-6')}>
              {NOTIFICATION_TEXTS.emptyNext}
            </Link>
          </div>
        ) : (
          <>
            <ul
              ref={listRef}
              aria-label={NOTIFICATION_TEXTS.heading}
              className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-card"
            >
              {notifications.map((notification) => (
                <NotificationItem
                  key={notification.id}
                  notification={notification}
                  marking={markOne.isPending && markOne.variables === notification.id}
                  onMarkRead={(link) => {
                    markOne.mutate(notification.id, {
                      onSuccess: () => {
                        setAnnouncement(NOTIFICATION_TEXTS.markedRead)
                        // The button goes away with the mark: focus stays on this notification.
                        link?.focus()
                      },
                    })
                  }}
                  onFollow={() => {
                    if (!notification.read) markOne.mutate(notification.id)
                  }}
                />
              ))}
            </ul>
            {query.hasNextPage ? (
              <LoadMore
                query={query}
                texts={NOTIFICATION_TEXTS}
                onLoad={() => {
                  focusFrom.current = notifications.length
                }}
              />
            ) : null}
          </>
        )}
      </div>
    </div>
  )
}

function NotificationItem({
  notification,
  marking,
  onMarkRead,
  onFollow,
}: {
  notification: Notification
  marking: boolean
  onMarkRead: (link: HTMLAnchorElement | null) => void
  onFollow: () => void
}) {
  const linkRef = useRef<HTMLAnchorElement>(null)
  const sentenceId = `notification-${notification.id}`
  const unread = !notification.read
  const detail = notificationDetail(notification)

  return (
    <li
      data-testid="notification"
      data-read={notification.read ? 'true' : 'false'}
      className={`notification-item flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center ${
        unread ? 'notification-unread' : ''
      }`}
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span
          aria-hidden="true"
          className={`mt-2 size-2.5 shrink-0 rounded-full ${unread ? 'bg-accent-600' : 'bg-transparent'}`}
        />
        <div className="min-w-0">
          <Link
            ref={linkRef}
            id={sentenceId}
            to={notificationHref(notification)}
            onClick={onFollow}
            className={`block rounded-sm text-base break-words underline-offset-4 hover:underline ${
              unread ? 'font-semibold text-slate-900' : 'font-normal text-slate-700'
            }`}
          >
            {unread ? <span className="sr-only">{NOTIFICATION_TEXTS.unread}: </span> : null}
            {notificationSentence(notification)}
          </Link>
          {detail ? (
            <p data-testid="notification-detail" className="mt-1 text-sm break-words text-slate-700">
              {detail}
            </p>
          ) : null}
          <p className="mt-1 text-sm text-slate-600">
            <time dateTime={notification.createdAt} title={formatDateTime(new Date(notification.createdAt))}>
              {notificationTime(notification)}
            </time>
          </p>
        </div>
      </div>
      {unread ? (
        <button
          type="button"
          aria-describedby={sentenceId}
          aria-disabled={marking}
          onClick={() => {
            if (!marking) onMarkRead(linkRef.current)
          }}
          className={buttonClasses('secondary', 'sm', 'self-start sm:self-center')}
        >
          {marking ? <Spinner className="size-4" /> : null}
          {NOTIFICATION_TEXTS.markRead}
        </button>
      ) : null}
    </li>
  )
}

/**
 * The member's classroom notifications (docs/product.md §13) above the others: a new assignment, a due
 * time 24 hours away, a student's late pass. `Mark all as read` marks them too.
 */
function ClassroomNotices({ notices }: { notices: readonly ClassroomNotification[] }) {
  return (
    <section aria-labelledby="classroom-notices-heading" className="mt-8">
      <h2 id="classroom-notices-heading" className="text-lg font-semibold text-slate-900">
        {CLASSROOM_NOTIFICATION_TEXTS.heading}
      </h2>
      <ul className="mt-3 divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-card">
        {notices.map((notice) => (
          <li
            key={notice.id}
            data-testid="classroom-notification"
            data-read={notice.read ? 'true' : 'false'}
            className={`notification-item flex items-start gap-3 px-5 py-4 ${notice.read ? '' : 'notification-unread'}`}
          >
            <span
              aria-hidden="true"
              className={`mt-2 size-2.5 shrink-0 rounded-full ${notice.read ? 'bg-transparent' : 'bg-accent-600'}`}
            />
            <div className="min-w-0">
              <Link
                to={classroomNotificationHref(notice)}
                className={`block rounded-sm text-base break-words underline-offset-4 hover:underline ${
                  notice.read ? 'font-normal text-slate-700' : 'font-semibold text-slate-900'
                }`}
              >
                {notice.read ? null : <span className="sr-only">{NOTIFICATION_TEXTS.unread}: </span>}
                {classroomNotificationSentence(notice)}
              </Link>
              <p className="mt-1 text-sm text-slate-600">
                <time dateTime={notice.createdAt} title={formatDateTime(new Date(notice.createdAt))}>
                  {formatEventTime(new Date(notice.createdAt), new Date())}
                </time>
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}

function NotificationsSkeleton() {
  return (
    <>
      <p role="status" className="mb-6 flex items-center gap-2 text-sm font-medium text-slate-600">
        <Spinner className="size-4" />
        {NOTIFICATION_TEXTS.loading}
      </p>
      <div aria-hidden="true" className="space-y-3">
        <Skeleton className="h-16 w-full rounded-2xl" />
        <Skeleton className="h-16 w-full rounded-2xl" />
        <Skeleton className="h-16 w-full rounded-2xl" />
      </div>
    </>
  )
}
