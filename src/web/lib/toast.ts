import type { ExternalToast } from 'sonner'

/**
 * Toasts without sonner in the first page's code: the library (and the Toaster in the root layout)
 * loads the first time a toast is asked for, and that toast shows once the Toaster is mounted.
 * Same calls as sonner's `toast`.
 */
type Sonner = typeof import('sonner')

let sonner: Promise<Sonner> | null = null
const listeners = new Set<() => void>()

export function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner')
    for (const listener of listeners) listener()
  }
  return sonner
}

/** For the root layout's Toaster: whether anything asked for a toast yet. */
export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function toastsRequested(): boolean {
  return sonner !== null
}

let markReady: () => void = () => {}
/** Resolves once the Toaster is mounted: a toast sent before would not be shown. */
const toasterReady = new Promise<void>((resolve) => {
  markReady = resolve
})

export function toasterMounted(): void {
  markReady()
}

type Kind = 'success' | 'info' | 'error'

function show(kind: Kind, message: string, options?: ExternalToast): void {
  void Promise.all([loadSonner(), toasterReady]).then(([module]) => module.toast[kind](message, options))
}

export const toast = {
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  info: (message: string, options?: ExternalToast) => show('info', message, options),
  error: (message: string, options?: ExternalToast) => show('error', message, options),
}
