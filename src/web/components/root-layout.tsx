import { type ComponentType, lazy, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { Outlet, useLocation, useNavigation } from 'react-router'
import type { ToasterProps } from 'sonner'
import { TOAST_AUTO_CLOSE_MS } from '#shared/constants.ts'
import { Navbar } from '#web/components/navbar.tsx'
import { OfflineDialog } from '#web/components/network-error.tsx'
import { useSignInGreetingToast } from '#web/features/auth/greeting.ts'
import { useForgetActiveLinkOutsideChallenges } from '#web/features/member/active-link.ts'
import { HydrateLater } from '#web/lib/hydrate-later.tsx'
import { shellHydrated } from '#web/lib/hydration.ts'
import { scrollToTop } from '#web/lib/scroll.ts'
import { loadSonner, subscribeToasts, toasterMounted, toastsRequested } from '#web/lib/toast.ts'

const MAIN_ID = 'main'

/**
 * Below every page's fold, so not in the code a first visit waits for: its chunk loads as the page
 * hydrates, and its slice (HydrateLater) hydrates when it is in (docs/decisions/019-first-visit-budgets.md).
 * The server renders it with the page.
 */
const Footer = lazy(async () => ({ default: (await import('#web/components/footer.tsx')).Footer }))

/**
 * The frame of every page: skip link, navbar, the page, footer. While the connection is lost the "Network
 * Error" dialog shows over it, the page kept as it is underneath (docs/product.md §2).
 */
export function RootLayout() {
  // The first commit is in; the page is hydrated once its later slices (HydrateLater) are too.
  useEffect(() => shellHydrated(), [])

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <RouteChangeEffects />
      <NavigationProgress />
      <Navbar />
      <main id={MAIN_ID} tabIndex={-1} className="flex flex-1 flex-col">
        <Outlet />
      </main>
      <HydrateLater>
        <Footer />
      </HydrateLater>
      <Toasts />
      <OfflineDialog />
    </div>
  )
}

/**
 * The one place toasts appear (docs/product.md §9: top right, closing after 5 s; they can be swiped away).
 * Each has a close button; the region is a polite live region, so screen readers read new toasts, and Alt+T
 * moves focus to it. It sits below the sticky navbar.
 */
function Toasts() {
  // Loaded with the first toast (never on the server): toasts are not part of the first paint.
  const requested = useSyncExternalStore(subscribeToasts, toastsRequested, () => false)
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null)
  useEffect(() => {
    if (!requested) return
    let active = true
    loadSonner().then((module) => {
      if (active) setToaster(() => module.Toaster)
    })
    return () => {
      active = false
    }
  }, [requested])
  useEffect(() => {
    if (Toaster) toasterMounted()
  }, [Toaster])
  if (!Toaster) return null
  return (
    <Toaster
      position="top-right"
      duration={TOAST_AUTO_CLOSE_MS}
      closeButton
      offset={{ top: 80, right: 24 }}
      mobileOffset={{ top: 72, right: 16, left: 16 }}
      // WCAG 2.5.8: the close button gets a 24 px target (sonner draws 20 px).
      toastOptions={{ classNames: { closeButton: 'size-6!' } }}
    />
  )
}

function focusMain() {
  const main = document.getElementById(MAIN_ID)
  if (!main) return
  const heading = main.querySelector('h1')
  if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
  ;(heading ?? main).focus({ preventScroll: true })
}

function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        // Handled here: a hash change would be a history entry the router treats as a navigation.
        event.preventDefault()
        focusMain()
      }}
      className="fixed top-3 left-3 z-50 -translate-y-24 rounded-full bg-accent-400 px-5 py-3 text-sm font-semibold text-ink-950 shadow-lg focus:translate-y-0 motion-safe:transition-transform"
    >
      Skip to main content
    </a>
  )
}

/**
 * Every route change scrolls to the top (smoothly unless reduced motion is asked for) and moves focus to
 * the new page's heading, so screen readers announce the page instead of staying on the clicked link.
 * Nothing happens on the first load: the browser already starts at the top, focus on the document.
 */
function RouteChangeEffects() {
  const { pathname, hash } = useLocation()
  const previous = useRef(pathname)
  useForgetActiveLinkOutsideChallenges()
  useSignInGreetingToast()

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs per path; the hash is read, not watched
  useEffect(() => {
    if (previous.current === pathname) return
    previous.current = pathname
    // A link to a section (/terms#termination) is the page's to scroll to.
    if (hash) return
    scrollToTop()
    focusMain()
  }, [pathname])

  return null
}

/** A thin bar at the top while the next page's code loads. */
function NavigationProgress() {
  const navigation = useNavigation()
  if (navigation.state === 'idle') return null
  return (
    <div
      aria-hidden="true"
      className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-accent-400/20 motion-safe:animate-pulse"
    >
      <div className="h-full w-1/3 bg-gradient-to-r from-accent-400 to-pop-400" />
    </div>
  )
}
