import { useSyncExternalStore } from 'react'

/**
 * Whether the app has finished its first render in this tab. Until then (on the server, and while the
 * browser hydrates the server's HTML) components render what the HTML already shows, e.g. an image
 * visible rather than hidden behind a skeleton, so the page paints before its JavaScript arrives.
 */
let hydrated = false

export function isHydrated(): boolean {
  return hydrated
}

export function markHydrated(): void {
  hydrated = true
}

const subscribeToNothing = () => () => {}

/**
 * False in the server's HTML and while the browser hydrates it, true from the render after. A control
 * that only works with JavaScript (the small-screen menu toggle) is disabled until then, so a tap that
 * comes before the app can answer it is not silently lost.
 */
export function useInteractive(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  )
}
