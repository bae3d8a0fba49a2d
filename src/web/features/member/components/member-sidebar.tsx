import { type ReactNode, useId, useState } from 'react'
import { Link, NavLink } from 'react-router'
import { CATEGORIES } from '#shared/categories.ts'
import { paths } from '#shared/paths.ts'
import type { SessionUser } from '#shared/user.ts'
import { Avatar } from '#web/components/ui/avatar.tsx'
import {
  BellIcon,
  CheckCircleIcon,
  ChevronDownIcon,
  CodeIcon,
  DashboardIcon,
  LayersIcon,
  RocketIcon,
  SettingsIcon,
  ShieldIcon,
  SidebarIcon,
  TrophyIcon,
} from '#web/components/ui/icons.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { readActiveLink, storeActiveLink } from '#web/features/member/active-link.ts'

type MemberLink = { to: string; label: string; icon: ReactNode; end?: boolean }

/**
 * The member pages, one link each, in the sidebar's order (docs/product.md §2 Member sidebar): open or
 * collapsed, on every member page, the same list, with the page's own link marked current. The catalogue's
 * Challenges group sits between the member's challenges and the leaderboard.
 */
function memberLinks(user: SessionUser): { before: MemberLink[]; after: MemberLink[] } {
  return {
    before: [
      { to: paths.my, label: 'Dashboard', icon: <DashboardIcon className="size-5 shrink-0" />, end: true },
      {
        to: paths.userChallenges('ongoing'),
        label: 'Ongoing challenges',
        icon: <RocketIcon className="size-5 shrink-0" />,
      },
      {
        to: paths.userChallenges('completed'),
        label: 'Completed challenges',
        icon: <CheckCircleIcon className="size-5 shrink-0" />,
      },
    ],
    after: [
      { to: paths.classrooms, label: 'Classrooms', icon: <LayersIcon className="size-5 shrink-0" /> },
      { to: paths.leaderboard, label: 'Leaderboard', icon: <TrophyIcon className="size-5 shrink-0" /> },
      { to: paths.notifications, label: 'Notifications', icon: <BellIcon className="size-5 shrink-0" /> },
      { to: paths.settings, label: 'Settings', icon: <SettingsIcon className="size-5 shrink-0" /> },
      ...(user.isAdmin
        ? [{ to: paths.admin, label: 'Admin', icon: <ShieldIcon className="size-5 shrink-0" /> }]
        : []),
    ],
  }
}

const CHALLENGE_LINKS = [
  { to: paths.challenges, label: 'All challenges' },
  ...CATEGORIES.map((category) => ({ to: paths.category(category), label: category.heading })),
]

const itemClass = (active: boolean) =>
  `flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors ${
    active
      ? 'bg-accent-50 text-accent-800 ring-1 ring-accent-200'
      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
  }`

/**
 * The member sidebar (docs/product.md §2), the one frame of every member page: who is logged in, the
 * member pages' links (`memberLinks`) and a collapsible Challenges group. Open, it is a column of labelled
 * links; collapsed, a rail of icons on wide screens and a single bar on narrow ones. On narrow screens it
 * sits above the page, never over it; `onNavigate` lets the layout close it there after a choice.
 */
export function MemberSidebar({
  user,
  loading,
  open,
  compact,
  onToggle,
  onNavigate,
}: {
  user: SessionUser | null
  loading: boolean
  open: boolean
  /** At MOBILE_BREAKPOINT_PX and below: full width when open, a bar when collapsed. */
  compact: boolean
  onToggle: () => void
  onNavigate: () => void
}) {
  const panelId = useId()
  const width = compact ? 'w-full' : open ? 'w-64' : 'w-[4.5rem]'
  const frame = compact ? 'border-b border-slate-200' : 'border-r border-slate-200'
  // On wide screens the white column runs the page's full height while its contents stay in view.
  const inner = compact ? '' : 'sticky top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto'

  return (
    <div
      data-testid="member-sidebar"
      data-state={open ? 'open' : 'collapsed'}
      className={`shrink-0 bg-white ${width} ${frame}`}
    >
      <div className={inner}>
        <div className={`flex items-center gap-3 p-3 ${open ? 'justify-between' : 'justify-center'}`}>
          {open || !compact ? null : <CollapsedIdentity user={user} />}
          {open ? (
            <span className="px-2 text-xs font-semibold tracking-[0.12em] text-slate-600 uppercase">
              Member area
            </span>
          ) : null}
          <button
            type="button"
            aria-label="Toggle sidebar"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={onToggle}
            className="ml-auto inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 hover:text-slate-900"
          >
            <SidebarIcon className="size-5" />
          </button>
        </div>
        <div id={panelId} className={open || !compact ? 'px-3 pb-6' : 'hidden'}>
          {loading ? (
            <SidebarSkeleton open={open} />
          ) : user ? (
            open ? (
              <OpenPanel user={user} onNavigate={onNavigate} />
            ) : (
              <Rail user={user} />
            )
          ) : open ? (
            <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200">
              No user data found. Please log in.
            </p>
          ) : null}
        </div>
      </div>
    </div>
  )
}

function displayName(user: SessionUser): string {
  return user.name?.trim() || 'No Username'
}

function CollapsedIdentity({ user }: { user: SessionUser | null }) {
  if (!user) return null
  return (
    <div className="flex min-w-0 items-center gap-2">
      <Avatar src={user.avatarUrl} name={user.name?.trim() || user.username} className="size-8 text-xs" />
      <span className="truncate text-sm font-semibold text-slate-900">{displayName(user)}</span>
    </div>
  )
}

function OpenPanel({ user, onNavigate }: { user: SessionUser; onNavigate: () => void }) {
  const [challengesOpen, setChallengesOpen] = useState(false)
  const [activeLink, setActiveLink] = useState(readActiveLink)
  const groupId = useId()
  const links = memberLinks(user)

  return (
    <>
      <div className="flex items-center gap-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
        <Avatar src={user.avatarUrl} name={user.name?.trim() || user.username} className="size-11 text-sm" />
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-slate-900">{displayName(user)}</p>
          <p className="truncate text-sm text-slate-600">@{user.username}</p>
        </div>
      </div>
      <nav aria-label="Member" className="mt-4">
        <ul className="space-y-1">
          {links.before.map((link) => (
            <PanelLink key={link.to} link={link} onNavigate={onNavigate} />
          ))}
          <li>
            <button
              type="button"
              aria-expanded={challengesOpen}
              aria-controls={groupId}
              onClick={() => setChallengesOpen((value) => !value)}
              className={itemClass(false)}
            >
              <CodeIcon className="size-5 shrink-0" />
              Challenges
              <ChevronDownIcon
                className={`ml-auto size-4 shrink-0 motion-safe:transition-transform ${challengesOpen ? 'rotate-180' : ''}`}
              />
            </button>
            <ul
              id={groupId}
              hidden={!challengesOpen}
              className="mt-1 ml-5 space-y-1 border-l border-slate-200 pl-3"
            >
              {CHALLENGE_LINKS.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    aria-current={activeLink === link.to ? 'true' : undefined}
                    onClick={() => {
                      storeActiveLink(link.to)
                      setActiveLink(link.to)
                      onNavigate()
                    }}
                    className={itemClass(activeLink === link.to)}
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </li>
          {links.after.map((link) => (
            <PanelLink key={link.to} link={link} onNavigate={onNavigate} />
          ))}
        </ul>
      </nav>
    </>
  )
}

function PanelLink({ link, onNavigate }: { link: MemberLink; onNavigate: () => void }) {
  return (
    <li>
      <NavLink
        to={link.to}
        end={link.end ?? false}
        onClick={onNavigate}
        className={({ isActive }) => itemClass(isActive)}
      >
        {link.icon}
        {link.label}
      </NavLink>
    </li>
  )
}

/** The collapsed sidebar on wide screens: the same destinations as icons, each named for screen readers. */
function Rail({ user }: { user: SessionUser }) {
  const links = memberLinks(user)
  return (
    <>
      <div className="flex justify-center">
        <Avatar src={user.avatarUrl} name={user.name?.trim() || user.username} className="size-9 text-xs" />
      </div>
      <nav aria-label="Member" className="mt-4">
        <ul className="space-y-1">
          {links.before.map((link) => (
            <RailLink key={link.to} link={link} />
          ))}
          <RailLink
            link={{ to: paths.challenges, label: 'Challenges', icon: <CodeIcon className="size-5" /> }}
          />
          {links.after.map((link) => (
            <RailLink key={link.to} link={link} />
          ))}
        </ul>
      </nav>
    </>
  )
}

function RailLink({ link }: { link: MemberLink }) {
  return (
    <li>
      <NavLink
        to={link.to}
        end={link.end ?? false}
        title={link.label}
        className={({ isActive }) => `${itemClass(isActive)} justify-center px-0`}
      >
        {link.icon}
        <span className="sr-only">{link.label}</span>
      </NavLink>
    </li>
  )
}

function SidebarSkeleton({ open }: { open: boolean }) {
  return (
    // Silent for screen readers: the page beside it announces its own loading.
    <div>
      {open ? (
        <div aria-hidden="true" className="space-y-3">
          <div className="flex items-center gap-3 p-3">
            <Skeleton className="size-11 rounded-full!" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-3 w-1/2" />
            </div>
          </div>
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
        </div>
      ) : (
        <Skeleton className="mx-auto size-9 rounded-full!" />
      )}
    </div>
  )
}
