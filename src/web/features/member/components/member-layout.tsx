import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Outlet } from 'react-router'
import { MOBILE_BREAKPOINT_PX } from '#shared/constants.ts'
import { sessionQuery } from '#web/features/auth/api/session.ts'
import { MemberSidebar } from '#web/features/member/components/member-sidebar.tsx'
import { useMediaQuery } from '#web/lib/use-media-query.ts'

const COMPACT_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`

/**
 * The frame of every member page (the children of the member-area route in src/web/routes.tsx: /my,
 * /user-challenges/*, /leaderboard, /settings, /notifications, /admin): the member sidebar beside the page.
 * A visitor gets the page alone (it asks to log in). At MOBILE_BREAKPOINT_PX and below the sidebar is a
 * bar above the page that opens downwards, pushing the page down, never covering it (docs/product.md §2);
 * it starts collapsed there. Its state lives in memory only.
 */
export function MemberLayout() {
  const session = useQuery(sessionQuery())
  const compact = useMediaQuery(COMPACT_QUERY)
  const [open, setOpen] = useState(() => !window.matchMedia(COMPACT_QUERY).matches)

  if (!session.data && !session.isPending && !session.isError) return <Outlet />

  return (
    <div className={`flex flex-1 ${compact ? 'flex-col' : 'flex-row'} bg-slate-50`}>
      <MemberSidebar
        user={session.data ?? null}
        loading={session.isPending}
        open={open}
        compact={compact}
        onToggle={() => setOpen((value) => !value)}
        onNavigate={() => {
          if (compact) setOpen(false)
        }}
      />
      <div data-testid="member-content" className="flex min-w-0 flex-1 flex-col">
        <Outlet />
      </div>
    </div>
  )
}
