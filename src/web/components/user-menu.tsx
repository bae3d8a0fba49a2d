import {
  type KeyboardEvent,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import { Link, useLocation } from 'react-router'
import { paths } from '#shared/paths.ts'
import type { SessionUser } from '#shared/user.ts'
import { Avatar } from '#web/components/ui/avatar.tsx'
import { ChevronDownIcon } from '#web/components/ui/icons.tsx'
import { useSignOut } from '#web/features/auth/use-sign-out.ts'

/** Loaded when the menu first opens: the badges' code stays out of every page's first download. */
const MenuBadges = lazy(() => import('#web/features/badges/components/menu-badges.tsx'))

type FocusTarget = 'first' | 'last'

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])
}

const itemClasses =
  'flex w-full items-center rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:bg-slate-100 focus-visible:text-slate-900 focus-visible:-outline-offset-2'

/**
 * The avatar and its dropdown (docs/product.md §2 Navbar): Home, Profile, Settings, Admin for an admin
 * (docs/product.md §12), Sign Out. It follows the
 * ARIA menu button pattern: Enter, Space or the arrow keys open it on an item, the arrow keys, Home and End
 * move between items, Escape closes it and gives focus back to the avatar, Tab leaves and closes it. A click
 * outside closes it too. Escape is heard by the whole widget, avatar included, and as soon as the menu was
 * asked to open: a key pressed before focus has reached the first item still closes it.
 */
export function UserMenu({ user }: { user: SessionUser }) {
  const [open, setOpenState] = useState(false)
  /** Whether the menu is open or asked to open: known at once, before React has rendered it. */
  const expanded = useRef(false)
  const setOpen = useCallback((value: boolean) => {
    expanded.current = value
    setOpenState(value)
  }, [])
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)
  const pendingFocus = useRef<FocusTarget | null>(null)
  const buttonId = useId()
  const menuId = useId()
  const { pathname } = useLocation()
  const signOut = useSignOut()
  const displayName = user.name ?? user.username

  const items = () => menuItems(menuRef.current)

  const openMenu = (focus: FocusTarget) => {
    pendingFocus.current = focus
    setOpen(true)
  }

  const close = (returnFocus: boolean) => {
    setOpen(false)
    if (returnFocus) buttonRef.current?.focus()
  }

  // The menu exists only while open, so the item to focus is focused once it has rendered: in the same
  // commit, before the browser paints or handles another key.
  useLayoutEffect(() => {
    if (!open || !pendingFocus.current) return
    const list = menuItems(menuRef.current)
    ;(pendingFocus.current === 'first' ? list[0] : list.at(-1))?.focus()
    pendingFocus.current = null
  }, [open])

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open, setOpen])

  // Back and forward navigation leave no reason to keep it open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the path changes
  useEffect(() => setOpen(false), [pathname])

  // On the whole widget: focus may still be on the avatar when Escape comes right after opening.
  const onWidgetKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || !expanded.current) return
    event.preventDefault()
    close(true)
  }

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      openMenu(event.key === 'ArrowDown' ? 'first' : 'last')
    }
  }

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items()
    const index = list.indexOf(document.activeElement as HTMLElement)
    const focusAt = (next: number) => list[(next + list.length) % list.length]?.focus()
    switch (event.key) {
      case 'ArrowDown':
        focusAt(index + 1)
        break
      case 'ArrowUp':
        focusAt(index - 1)
        break
      case 'Home':
        focusAt(0)
        break
      case 'End':
        focusAt(list.length - 1)
        break
      case 'Tab':
        // Focus moves on to what follows the menu; the menu closes behind it.
        setOpen(false)
        return
      default:
        return
    }
    event.preventDefault()
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape from the avatar or an item bubbles here
    <div ref={rootRef} className="relative" onKeyDown={onWidgetKeyDown}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Account menu for ${displayName}`}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
        className="group flex items-center gap-1 rounded-full p-0.5 text-slate-300 hover:text-white"
      >
        <Avatar
          src={user.avatarUrl}
          name={displayName}
          className="size-9 text-sm ring-2 ring-white/20 group-hover:ring-white/50"
        />
        <ChevronDownIcon className={`size-4 motion-safe:transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      {open ? (
        <div className="absolute top-full right-0 z-50 mt-3 w-64 origin-top-right rounded-2xl bg-white p-2 text-slate-900 shadow-xl ring-1 ring-slate-900/10 [--focus-ring:var(--accent-700)] motion-safe:animate-menu-in">
          <div className="flex items-center gap-3 px-3 pt-2 pb-3">
            <Avatar src={user.avatarUrl} name={displayName} className="size-10 text-sm" />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold text-slate-900">{displayName}</p>
              <p className="truncate text-sm text-slate-600">@{user.username}</p>
            </div>
          </div>
          <Suspense fallback={null}>
            <MenuBadges username={user.username} />
          </Suspense>
          <div
            ref={menuRef}
            id={menuId}
            role="menu"
            tabIndex={-1}
            aria-labelledby={buttonId}
            onKeyDown={onMenuKeyDown}
            className="flex flex-col border-t border-slate-200 pt-2"
          >
            {[
              { to: paths.home, label: 'Home' },
              { to: paths.profile(user.username), label: 'Profile' },
              { to: paths.settings, label: 'Settings' },
              ...(user.isAdmin ? [{ to: paths.admin, label: 'Admin' }] : []),
            ].map((item) => (
              <Link
                key={item.label}
                role="menuitem"
                tabIndex={-1}
                to={item.to}
                onClick={() => close(false)}
                className={itemClasses}
              >
                {item.label}
              </Link>
            ))}
            <hr className="my-2 border-slate-200" />
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                close(true)
                signOut.mutate()
              }}
              className={itemClasses}
            >
              Sign Out
            </button>
          </div>
        </div>
      ) : null}
    </div>
  )
}
