import { useSyncExternalStore } from 'react'

/**
 * Whether the app has finished hydrating in this tab: the first commit and every boundary React
 * hydrates after it (HydrateLater). Until then components render what the server's HTML already
 * shows, e.g. an image visible rather than hidden behind a skeleton, so the page paints before its
 * JavaScript arrives; a page the visitor navigates to later starts in its browser state.
 */
let hydrated = false

export function isHydrated(): boolean {
  return hydrated
}

export function markHydrated(): void {
  hydrated = true
  // Observable from outside (the browser tests wait for it): every part of the page answers now.
  document.documentElement.dataset.hydrated = ''
}

/**
 * Boundaries whose server HTML React has yet to hydrate. Each HydrateLater counts itself in when the
 * part around it commits, and out when its own content does.
 */
let pending = 0
let shellCommitted = false

export function boundaryWaiting(): void {
  pending += 1
}

export function boundaryHydrated(): void {
  pending -= 1
  if (pending === 0 && shellCommitted && !hydrated) markHydrated()
}

/** Called once the first commit's effects ran: the page is hydrated when no boundary still waits. */
export function shellHydrated(): void {
  shellCommitted = true
  if (pending === 0 && !hydrated) markHydrated()
}

const subscribeToNothing = () => () => {}
const always = () => true
const never = () => false

/**
 * False in the server's HTML and while the browser hydrates it, true from the render after. A control
 * that only works with JavaScript (the small-screen menu toggle) is disabled until then, so a tap that
 * comes before the app can answer it is not silently lost. React renders the server snapshot while it
 * hydrates and the browser's right after.
 */
export function useInteractive(): boolean {
  return useSyncExternalStore(subscribeToNothing, always, never)
}
