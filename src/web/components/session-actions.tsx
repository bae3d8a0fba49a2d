import { Link, NavLink } from 'react-router'
import { paths } from '#shared/paths.ts'
import type { SessionUser } from '#shared/user.ts'
import { Avatar } from '#web/components/ui/avatar.tsx'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { TrophyIcon } from '#web/components/ui/icons.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { UserMenu } from '#web/components/user-menu.tsx'
import { SIGN_IN_PATH } from '#web/features/auth/sign-in.ts'
import { useSession } from '#web/features/auth/use-session.ts'
import { useSignOut } from '#web/features/auth/use-sign-out.ts'

/**
 * The navbar's right-hand side for each session state (SPEC §2 Navbar). `layout` is 'bar' in the top
 * bar and 'menu' in the small-screen sidebar, where controls take the full width.
 */
export function SessionActions({ layout, onNavigate }: { layout: 'bar' | 'menu'; onNavigate?: () => void }) {
  const session = useSession()
  const wide = layout === 'menu' ? 'w-full' : ''

  switch (session.status) {
    case 'loading':
      return (
        <div className={`flex items-center gap-3 ${wide}`}>
          <button type="button" disabled className={buttonClasses('accent', 'sm', wide)}>
            Loading...
          </button>
          <Skeleton className="size-9 shrink-0 rounded-full!" />
        </div>
      )
    case 'signed-out':
      return (
        <a href={SIGN_IN_PATH} className={buttonClasses('accent', layout === 'menu' ? 'md' : 'sm', wide)}>
          Login
        </a>
      )
    case 'signed-in':
      return layout === 'bar' ? (
        <div className="flex items-center gap-3">
          <PointsBadge points={session.user.points} />
          <Link to={paths.my} className={buttonClasses('outline-ink', 'sm')}>
            Dashboard
          </Link>
          <UserMenu user={session.user} />
        </div>
      ) : (
        <MemberPanel user={session.user} onNavigate={onNavigate} />
      )
  }
}

/** The member's points, updated in place when a submit earns more. */
export function PointsBadge({ points }: { points: number }) {
  return (
    <span
      data-testid="points-badge"
      className="inline-flex items-center gap-1.5 rounded-full bg-accent-400/10 px-3 py-1 text-sm font-semibold text-accent-200 tabular-nums ring-1 ring-accent-400/30"
    >
      <TrophyIcon className="size-4 text-accent-300" />
      {points === 1 ? '1 point' : `${points} points`}
    </span>
  )
}

/** The signed-in part of the small-screen sidebar: who, their points, and the dropdown's actions. */
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
            <NavLink to={paths.settings} onClick={onNavigate} className={linkClasses}>
              Settings
            </NavLink>
          </li>
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
