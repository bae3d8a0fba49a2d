import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { NavLink } from 'react-router'
import { paths } from '#shared/paths.ts'
import { BellIcon } from '#web/components/ui/icons.tsx'
import { sessionQuery } from '#web/features/auth/api/session.ts'
import { unreadCountQuery } from '#web/features/notifications/api/notifications.ts'

/** "Notifications" or "Notifications, 3 unread": the bell's name for screen readers (docs/product.md §12). */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'
}

/** What the badge shows: the count, or "99+" past it, so the badge keeps its size. */
function badgeText(unread: number): string {
  return unread > 99 ? '99+' : String(unread)
}

function useUnreadCount(poll: boolean): number {
  const count = useQuery(unreadCountQuery({ poll }))
  // A tab shown again checks the session first (sessionQuery): the count is asked for once that check
  // has answered with the member still signed in, so a session that ended elsewhere costs no 401.
  const sessionCheckedAt = useQuery(sessionQuery()).dataUpdatedAt
  const lastCheck = useRef(sessionCheckedAt)
  const { refetch } = count
  useEffect(() => {
    if (!poll || sessionCheckedAt === lastCheck.current) return
    lastCheck.current = sessionCheckedAt
    void refetch()
  }, [poll, sessionCheckedAt, refetch])
  return count.data ?? 0
}

/** The unread count on the bell, hidden from screen readers: the link's name says it. */
function Badge({ unread, className = '' }: { unread: number; className?: string }) {
  if (unread <= 0) return null
  return (
    <span
      aria-hidden="true"
      data-testid="notification-badge"
      className={`inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-rose-700 px-1.5 text-xs leading-none font-bold text-white tabular-nums ring-2 ring-ink-900 ${className}`}
    >
      {badgeText(unread)}
    </span>
  )
}

/**
 * The navbar's bell for a signed-in member (docs/product.md §12): a link to /notifications with the
 * unread count as a badge. `bar` is the round icon of the top bar; `menu` the labelled row of the
 * small-screen menu. The one with `poll` keeps the count fresh for all of them.
 */
export function NotificationBell({
  layout,
  poll = false,
  onNavigate,
}: {
  layout: 'bar' | 'menu'
  poll?: boolean
  onNavigate?: (() => void) | undefined
}) {
  const unread = useUnreadCount(poll)
  if (layout === 'menu') {
    return (
      <NavLink
        to={paths.notifications}
        aria-label={bellLabel(unread)}
        onClick={onNavigate}
        className={({ isActive }) =>
          `flex items-center gap-3 rounded-xl px-4 py-3 text-base font-medium transition-colors ${
            isActive ? 'bg-white/10 text-white' : 'text-slate-300 hover:bg-white/5 hover:text-white'
          }`
        }
      >
        <BellIcon className="size-5 shrink-0" />
        Notifications
        <Badge unread={unread} className="ml-auto" />
      </NavLink>
    )
  }
  return (
    <NavLink
      to={paths.notifications}
      aria-label={bellLabel(unread)}
      title="Notifications"
      onClick={onNavigate}
      className={({ isActive }) =>
        `relative inline-flex size-11 items-center justify-center rounded-full transition-colors ${
          isActive ? 'bg-white/10 text-white' : 'text-slate-200 hover:bg-white/10 hover:text-white'
        }`
      }
    >
      <BellIcon className="size-6" />
      <Badge unread={unread} className="absolute -top-0.5 -right-0.5" />
    </NavLink>
  )
}
