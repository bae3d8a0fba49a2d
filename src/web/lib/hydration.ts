import { useEffect, useReducer, useRef, useSyncExternalStore } from 'react'

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
  // Observable from outside (the browser tests wait for it): every part of the page answers now.
  document.documentElement.dataset.hydrated = ''
}

/**
 * `useSyncExternalStore` for a value only the browser knows (a media query, the network, the clock).
 * The server renders `serverSnapshot`, and so does the render that hydrates its HTML; from then on the
 * browser's value counts. Hydration keeps the server's attributes, so a first render that differed
 * would leave the page showing what the server rendered. After hydration (a page the visitor
 * navigates to), components start with the browser's value.
 *
 * The component renders again after hydration only when the browser's value differs from the
 * server's: the layout (online, say) would otherwise re-render the whole page for nothing.
 */
export function useBrowserStore<T>(
  subscribe: (onChange: () => void) => () => void,
  snapshot: () => T,
  serverSnapshot: () => T,
): T {
  const hydrating = useRef(!hydrated)
  const [, rerender] = useReducer((count: number) => count + 1, 0)
  useEffect(() => {
    if (!hydrating.current) return
    hydrating.current = false
    if (!Object.is(snapshot(), serverSnapshot())) rerender()
  }, [snapshot, serverSnapshot])
  return useSyncExternalStore(subscribe, () => (hydrating.current ? serverSnapshot() : snapshot()))
}

const subscribeToNothing = () => () => {}
const always = () => true
const never = () => false

/**
 * False in the server's HTML and while the browser hydrates it, true from the render after. A control
 * that only works with JavaScript (the small-screen menu toggle) is disabled until then, so a tap that
 * comes before the app can answer it is not silently lost.
 */
export function useInteractive(): boolean {
  return useBrowserStore(subscribeToNothing, always, never)
}
