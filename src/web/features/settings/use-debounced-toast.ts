import { useCallback, useRef } from 'react'
import { TOAST_DEBOUNCE_MS } from '#shared/constants.ts'
import { toast } from '#web/lib/toast.ts'

/**
 * Error toasts for rejected keystrokes, debounced by TOAST_DEBOUNCE_MS (docs/product.md §5): the first
 * rejection shows at once, and further ones with the same message stay quiet until the member has paused that
 * long. The message is also the toast id, so a repeat replaces the toast instead of stacking.
 */
export function useDebouncedErrorToast(): (message: string) => void {
  const lastAttempt = useRef(new Map<string, number>())
  return useCallback((message: string) => {
    const now = Date.now()
    const previous = lastAttempt.current.get(message)
    lastAttempt.current.set(message, now)
    if (previous !== undefined && now - previous < TOAST_DEBOUNCE_MS) return
    toast.error(message, { id: message })
  }, [])
}
