import { useCallback } from 'react'
import { useBrowserStore } from '#web/lib/hydration.ts'

/** Whether a CSS media query matches now; re-renders when that changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  // The server renders as if it did not match; hydration then takes the real answer.
  return useBrowserStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  )
}
