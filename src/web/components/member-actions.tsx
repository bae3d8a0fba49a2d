import { Link, NavLink } from 'react-router'
import { paths } from '#shared/paths.ts'
import type { SessionUser } from '#shared/user.ts'
import { Avatar } from '#web/components/ui/avatar.tsx'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { TrophyIcon } from '#web/components/ui/icons.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { UserMenu } from '#web/components/user-menu.tsx'
import { useSignOut } from '#web/features/auth/use-sign-out.ts'
import { NotificationBell } from '#web/features/notifications/components/notification-bell.tsx'

/** The signed-in member's side of the navbar (docs/product.md §2), in the top bar or the small-screen menu. */
export default function MemberActions({
  layout,
  user,
  onNavigate,
}: {
  layout: 'bar' | 'menu'
  user: SessionUser
  onNavigate?: (() => void) | undefined
}) {
  return layout === 'bar' ? (
    <div className="flex items-center gap-3">
      <PointsBadge points={user.points} />
      <Link to={paths.my} className={buttonClasses('outline-ink', 'sm')}>
        Dashboard
      </Link>
      <NotificationBell layout="bar" />
      <UserMenu user={user} />
    </div>
  ) : (
    <MemberPanel user={user} onNavigate={onNavigate} />
  )
}

/** The member's points, updated in place when a submit earns more. */
function PointsBadge({ points }: { points: number }) {
  return (
    <span
      data-testid="points-badge"
      className="inline-flex items-center gap-1.5 rounded-full bg-accent-400/10 px-3 py-1 text-sm font-semibold whitespace-nowrap text-accent-200 tabular-nums ring-1 ring-accent-400/30"
    >
      <TrophyIcon className="size-4 text-accent-300" />
      {points === 1 ? '1 point' : `${points} points`}
    </span>
  )
}

/**
 * The signed-in part of the small-screen sidebar: who, their points, their notifications, and the
 * dropdown's actions (Admin for an admin).
 */
function MemberPanel({ user, onNavigate }: { user: SessionUser; onNavigate?: () => void }) {
  const signOut = useSignOut(onNavigate)
  const displayName = user.name ?? user.username
  const linkClasses = ({ isActive }: { isActive: boolean }) =>
    `flex items-center rounded-xl px-4 py-3 text-base font-medium transition-colors ${
      isActive ? 'bg-white/10 text-white' : 'text-slate-300 hover:bg-white/5 hover:text-white'
    }`

  return (
    <div className="space-y-4">
      <div className="flex items-start gap-3 px-1">
        <Avatar src={user.avatarUrl} name={displayName} className="size-11 text-sm ring-2 ring-white/20" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-white">{displayName}</p>
          <p className="truncate text-sm text-slate-400">@{user.username}</p>
          <div className="mt-2">
            <PointsBadge points={user.points} />
          </div>
        </div>
      </div>
      <nav aria-label="Account">
        <ul className="flex flex-col gap-1">
          <li>
            <NavLink to={paths.my} onClick={onNavigate} className={linkClasses}>
              Dashboard
            </NavLink>
          </li>
          <li>
            <NavLink to={paths.profile(user.username)} onClick={onNavigate} className={linkClasses}>
              Profile
            </NavLink>
          </li>
          <li>
            <NotificationBell layout="menu" onNavigate={onNavigate} />
          </li>
          <li>
            <NavLink to={paths.settings} onClick={onNavigate} className={linkClasses}>
              Settings
            </NavLink>
          </li>
          {user.isAdmin ? (
            <li>
              <NavLink to={paths.admin} onClick={onNavigate} className={linkClasses}>
                Admin
              </NavLink>
            </li>
          ) : null}
        </ul>
      </nav>
      <button
        type="button"
        disabled={signOut.isPending}
        aria-busy={signOut.isPending || undefined}
        onClick={() => signOut.mutate()}
        className={buttonClasses('outline-ink', 'md', 'w-full')}
      >
        {signOut.isPending ? <Spinner className="size-4" /> : null}
        {signOut.isPending ? 'Signing out...' : 'Sign Out'}
      </button>
    </div>
  )
}
