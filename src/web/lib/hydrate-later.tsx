import { type ReactNode, type RefObject, Suspense, useEffect, useRef } from 'react'
import { boundaryHydrated, boundaryWaiting, isHydrated } from '#web/lib/hydration.ts'

type SliceState = 'new' | 'waiting' | 'hydrated'

/**
 * Hydration in slices: a Suspense boundary. The server renders its content with the page; in the
 * browser React hydrates the part around it first and each such boundary after it, separately and
 * interruptibly (yielding to the browser between units of work), or at once when the visitor
 * interacts with it. A long page (a grid of cards) thus never hydrates in one long task.
 *
 * Each boundary also counts itself out with `markHydrated` (#web/lib/hydration.ts), which says when
 * the last one is in.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  const state = useRef<SliceState>('new')
  // The part around the boundary commits first (or, hydrated in the same pass, after its content:
  // child effects run first, and the state says so).
  useEffect(() => {
    if (state.current !== 'new' || isHydrated()) return
    state.current = 'waiting'
    boundaryWaiting()
    return () => {
      // Gone before its content hydrated (the visitor left the page): it no longer holds anything up.
      if (state.current !== 'waiting') return
      state.current = 'new'
      boundaryHydrated()
    }
  }, [])
  return (
    <Suspense fallback={null}>
      {children}
      {/* Last: its effect runs after those of the content, so a boundary nested in this one has counted
          itself in before this one counts itself out. */}
      <Hydrated state={state} />
    </Suspense>
  )
}

/** Commits with the boundary's content: this slice is hydrated. */
function Hydrated({ state }: { state: RefObject<SliceState> }) {
  useEffect(() => {
    const was = state.current
    state.current = 'hydrated'
    if (was === 'waiting') boundaryHydrated()
  }, [state])
  return null
}
