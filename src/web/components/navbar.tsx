import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react'
import { NavLink, useLocation } from 'react-router'
import { paths } from '#shared/paths.ts'
import { Logo } from '#web/components/logo.tsx'
import { SessionActions } from '#web/components/session-actions.tsx'
import { CloseIcon, MenuIcon } from '#web/components/ui/icons.tsx'
import { useSession } from '#web/features/auth/use-session.ts'
import { HydrateLater } from '#web/lib/hydrate-later.tsx'
import { useInteractive } from '#web/lib/hydration.ts'
import { useScrollLock } from '#web/lib/use-scroll-lock.ts'

const NAV_LINKS = [
  { to: paths.home, label: 'Home', end: true },
  { to: paths.challenges, label: 'Challenges', end: false },
  { to: paths.learningPaths, label: 'Paths', end: false },
  { to: paths.solutions, label: 'Solutions', end: false },
  { to: paths.competitions, label: 'Competitions', end: false },
] as const

/** A member's links after those (docs/product.md §2 Navbar): the leaderboard is for members only. */
const MEMBER_NAV_LINKS = [
  { to: paths.leaderboard, label: 'Leaderboard', end: false },
  { to: paths.badges, label: 'Badges', end: false },
] as const

/** Loaded once the session says someone is signed in, as the member's other controls are. */
const NotificationBell = lazy(async () => ({
  default: (await import('#web/features/notifications/components/notification-bell.tsx')).NotificationBell,
}))

/**
 * The bell beside the small-screen menu's toggle: the unread count shows without opening the menu. It is
 * on the page at every width (hidden where the bar holds the links), once, so it is the bell that polls for all of them.
 */
function SmallScreenBell() {
  const session = useSession()
  if (session.status !== 'signed-in') return null
  return (
    <Suspense fallback={null}>
      <NotificationBell layout="bar" poll />
    </Suspense>
  )
}

/**
 * Where the links leave the small-screen menu for the top bar: Tailwind's `md` for a visitor, `xl` for a
 * member, whose bar also holds two more links, the points, Dashboard, the bell and the avatar, and would
 * not fit below it. Full class names, so Tailwind finds them.
 */
const BREAKPOINTS = {
  visitor: { query: '(min-width: 48rem)', bar: 'md:block', actions: 'md:flex', menu: 'md:hidden' },
  member: { query: '(min-width: 80rem)', bar: 'xl:block', actions: 'xl:flex', menu: 'xl:hidden' },
} as const

function useBreakpoint() {
  return BREAKPOINTS[useSession().status === 'signed-in' ? 'member' : 'visitor']
}

/** The main links, in the bar or in the small-screen menu; the current page's link is highlighted. */
function MainNav({
  className,
  listClassName,
  linkClassName,
  onNavigate,
}: {
  className: string
  listClassName: string
  linkClassName: string
  onNavigate?: () => void
}) {
  const session = useSession()
  const links = session.status === 'signed-in' ? [...NAV_LINKS, ...MEMBER_NAV_LINKS] : NAV_LINKS
  return (
    <nav aria-label="Main" className={className}>
      <ul className={listClassName}>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              onClick={onNavigate}
              className={({ isActive }) =>
                `${linkClassName} font-medium transition-colors ${
                  isActive ? 'bg-white/10 text-white' : 'text-slate-300 hover:bg-white/5 hover:text-white'
                }`
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}

export function Navbar() {
  const breakpoint = useBreakpoint()
  const [menuOpen, setMenuOpen] = useState(false)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const menuId = useId()
  const closeMenu = useCallback(() => setMenuOpen(false), [])
  const interactive = useInteractive()

  return (
    <>
      <header className="surface-ink sticky top-0 z-40 border-b border-white/10">
        {/* The bar and the menu's panel hydrate in slices of their own (HydrateLater): half of what the
            first hydration task did on every page was the navbar's two copies of the logo and links. */}
        <HydrateLater>
          <div className="page-container flex h-16 items-center gap-6">
            <Logo />
            <MainNav
              className={`hidden ${breakpoint.bar}`}
              listClassName="flex items-center gap-1"
              linkClassName="rounded-full px-3 py-2 text-sm"
            />
            <div className={`ml-auto hidden items-center gap-3 ${breakpoint.actions}`}>
              <SessionActions layout="bar" />
            </div>
            <div className={`-mr-2 ml-auto flex items-center gap-1 ${breakpoint.menu}`}>
              <SmallScreenBell />
              <button
                ref={toggleRef}
                type="button"
                aria-label="Menu"
                aria-expanded={menuOpen}
                aria-controls={menuId}
                disabled={!interactive}
                onClick={() => setMenuOpen((open) => !open)}
                className="inline-flex size-11 items-center justify-center rounded-full text-slate-200 hover:bg-white/10 hover:text-white"
              >
                <MenuIcon className="size-6" />
              </button>
            </div>
          </div>
        </HydrateLater>
      </header>
      <MobileMenu id={menuId} open={menuOpen} onClose={closeMenu} returnFocusTo={toggleRef} />
    </>
  )
}

/**
 * The small-screen sidebar (docs/product.md §2). A modal <dialog>: the browser keeps focus inside it and
 * makes the page behind inert; Escape, a link or a click on the backdrop closes it, and focus goes back to
 * the toggle. Page scrolling is locked while it is open.
 */
function MobileMenu({
  id,
  open,
  onClose,
  returnFocusTo,
}: {
  id: string
  open: boolean
  onClose: () => void
  returnFocusTo: React.RefObject<HTMLButtonElement | null>
}) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const { pathname } = useLocation()
  const breakpoint = useBreakpoint()
  useScrollLock(open)

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])

  // A navigation (including back/forward) or growing past the breakpoint leaves no reason to stay open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the path changes
  useEffect(() => onClose(), [pathname, onClose])
  useEffect(() => {
    const query = window.matchMedia(breakpoint.query)
    const onChange = () => query.matches && onClose()
    query.addEventListener('change', onChange)
    return () => query.removeEventListener('change', onChange)
  }, [onClose, breakpoint.query])

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard closes it with Escape (native dialog cancel)
    <dialog
      ref={dialogRef}
      id={id}
      aria-label="Menu"
      onClose={() => {
        onClose()
        returnFocusTo.current?.focus()
      }}
      onClick={(event) => {
        // The panel fills the dialog box, so a click that targets the dialog itself hit the backdrop.
        if (event.target === event.currentTarget) onClose()
      }}
      className={`surface-ink fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-[min(20rem,86vw)] max-w-none border-l border-white/10 bg-ink-900 p-0 text-slate-200 shadow-2xl backdrop:bg-ink-950/70 backdrop:backdrop-blur-sm motion-safe:transition-[translate,overlay,display] motion-safe:transition-discrete motion-safe:duration-300 motion-safe:ease-out-quint translate-x-full open:translate-x-0 starting:open:translate-x-full ${breakpoint.menu}`}
    >
      <HydrateLater>
        <div className="flex h-full flex-col">
          <div className="flex h-16 items-center justify-between border-b border-white/10 px-4">
            <Logo />
            <button
              type="button"
              aria-label="Close menu"
              onClick={onClose}
              className="-mr-2 inline-flex size-11 items-center justify-center rounded-full text-slate-200 hover:bg-white/10 hover:text-white"
            >
              <CloseIcon className="size-6" />
            </button>
          </div>
          <MainNav
            className="flex-1 overflow-y-auto px-3 py-4"
            listClassName="flex flex-col gap-1"
            linkClassName="flex items-center rounded-xl px-4 py-3 text-base"
            onNavigate={onClose}
          />
          <div className="border-t border-white/10 p-4">
            <SessionActions layout="menu" onNavigate={onClose} />
          </div>
        </div>
      </HydrateLater>
    </dialog>
  )
}
