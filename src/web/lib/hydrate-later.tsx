import { Component, type ReactNode, Suspense } from 'react'
import { isHydrated } from '#web/lib/hydration.ts'

/**
 * Hydration in slices. Hydrating a long server-rendered page (a grid of cards) in one go is one long
 * task: a tap that comes meanwhile waits for all of it. A subtree wrapped in `HydrateLater` keeps its
 * server HTML on screen, as it is, and is hydrated in a task of its own after the rest of the page, one
 * slice per task, so the browser can paint and answer input between slices.
 *
 * Only the first render in the tab is sliced, and only in the browser: the server renders the subtree
 * at once, and so does every later render (a page the visitor navigates to). The child must render
 * exactly one element (a card's <article>), never nothing: that one element is what the renderer keeps
 * while it waits, and a child that rendered none would take its next sibling's.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Slice>{children}</Slice>
    </Suspense>
  )
}

/**
 * Suspends while the page hydrates, until its turn. A class, so the wait lives on the instance the
 * renderer keeps while suspended, and the render it resumes with returns the children.
 */
class Slice extends Component<{ children: ReactNode }> {
  private wait: Promise<void> | null =
    typeof document === 'undefined' || isHydrated()
      ? null
      : nextSlice().then(() => {
          this.wait = null
        })

  override render() {
    if (this.wait) throw this.wait
    return this.props.children
  }
}

const waiting: (() => void)[] = []
const whenDone: (() => void)[] = []
let draining = false

/** Gives the main thread back: the browser paints and handles input before the caller goes on. */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (scheduler?.yield) return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}

function nextSlice(): Promise<void> {
  const turn = new Promise<void>((resolve) => waiting.push(resolve))
  if (!draining) {
    draining = true
    void drain()
  }
  return turn
}

async function drain() {
  while (waiting.length > 0) {
    await yieldToMain()
    // The slice renders in this task's microtasks, before the next yield.
    waiting.shift()?.()
  }
  // Its render comes after the last resolve: let it run before saying all slices are in.
  await yieldToMain()
  draining = false
  for (const callback of whenDone.splice(0)) callback()
}

/** Runs `callback` once every slice waiting now has hydrated (at once when none is waiting). */
export function afterSlices(callback: () => void): void {
  if (draining) whenDone.push(callback)
  else callback()
}
