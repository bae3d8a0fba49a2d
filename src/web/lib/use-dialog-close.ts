import { type RefObject, useRef } from 'react'

/**
 * Closes a native <dialog> and runs `onClose` once, however it closes. The browser fires `close` a
 * moment after the dialog closed (and focus went back): the owner hears of it at once instead, from
 * Escape's `cancel` or from our own close button, so a quick Enter on the control that opened it opens
 * it again rather than being undone by that late `close`. The dialog is closed first, so the page behind
 * is no longer inert and `onClose` can move focus there. Pass the result to `onCancel` and `onClose`,
 * and call it from a close button.
 */
export function useDialogClose(dialog: RefObject<HTMLDialogElement | null>, onClose: () => void): () => void {
  const finished = useRef(false)
  return () => {
    if (finished.current) return
    finished.current = true
    if (dialog.current?.open) dialog.current.close()
    onClose()
  }
}
