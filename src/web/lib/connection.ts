import { useSyncExternalStore } from 'react'
import { REQUEST_BOUNDS } from '#web/lib/request-bounds.ts'

/**
 * Whether the app has lost its connection (docs/product.md §2 "Every page"): the browser said so (its
 * `offline` event, or `navigator.onLine` false when the app starts) or a request to our API got no answer
 * at all (api-client.ts). It is back with the `online` event or an answer to `checkConnection`. The app
 * stays mounted meanwhile; only the Network Error dialog (OfflineDialog) shows over it.
 */
let lost = false
const listeners = new Set<() => void>()
/** The element that last had focus: a pressed button may be disabled (and lose focus) while it waits. */
let lastFocused: HTMLElement | null = null
const onFocusIn = (event: FocusEvent) => {
  if (event.target instanceof HTMLElement && !event.target.closest('dialog')) lastFocused = event.target
}

/** Where focus goes back to when the Network Error dialog closes: what had it before, if still there. */
export function focusBeforeLoss(): HTMLElement | null {
  const active = document.activeElement
  if (active instanceof HTMLElement && active !== document.body && !active.closest('dialog')) return active
  return lastFocused?.isConnected ? lastFocused : null
}

function set(value: boolean) {
  if (lost === value) return
  lost = value
  for (const listener of listeners) listener()
}

const onOnline = () => set(false)
const onOffline = () => set(true)

/** A request got no answer (offline, server unreachable, connection reset, no answer within its bound). */
export function connectionLost(): void {
  if (typeof window !== 'undefined') set(true)
}

/**
 * Code the app waits for (a route's, loaded on navigation) that has not come within the read bound shows
 * the dialog; the wait goes on, and the navigation ends when the code comes.
 */
export async function boundedLoad<T>(load: Promise<T>): Promise<T> {
  const timer = setTimeout(connectionLost, REQUEST_BOUNDS.read)
  try {
    return await load
  } finally {
    clearTimeout(timer)
  }
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    window.addEventListener('online', onOnline)
    window.addEventListener('offline', onOffline)
    document.addEventListener('focusin', onFocusIn)
    if (!navigator.onLine) lost = true
  }
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
    if (listeners.size > 0) return
    window.removeEventListener('online', onOnline)
    window.removeEventListener('offline', onOffline)
    document.removeEventListener('focusin', onFocusIn)
  }
}

/** True while the connection is lost; always false on the server. */
export function useConnectionLost(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => lost,
    () => false,
  )
}

/**
 * "Try again": asks our server for its health. Any answer, even an error status, means the connection is
 * back; only no answer at all keeps it lost. Returns whether it is back.
 */
export async function checkConnection(): Promise<boolean> {
  try {
    await fetch('/api/health', {
      cache: 'no-store',
      credentials: 'same-origin',
      signal: AbortSignal.timeout(REQUEST_BOUNDS.read),
    })
  } catch {
    return false
  }
  set(false)
  return true
}
