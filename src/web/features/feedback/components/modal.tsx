import { type ReactNode, useEffect, useRef } from 'react'
import { useDialogClose } from '#web/lib/use-dialog-close.ts'
import { useScrollLock } from '#web/lib/use-scroll-lock.ts'

/**
 * A small modal for the feedback controls (a report, a confirmation): a native <dialog> opened with
 * showModal, so the browser keeps focus inside it, makes the page behind inert and closes it on Escape.
 * However it closes, `onClose` runs and focus goes back to the control that opened it.
 */
export function Modal({
  labelledBy,
  describedBy,
  onClose,
  children,
}: {
  labelledBy: string
  describedBy?: string
  onClose: () => void
  children: (close: () => void) => ReactNode
}) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  useScrollLock(true)
  const finish = useDialogClose(dialogRef, onClose)

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const dialog = dialogRef.current
    if (dialog && !dialog.open) dialog.showModal()
    return () => {
      if (opener?.isConnected) opener.focus()
    }
  }, [])

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={finish}
      onClose={finish}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] max-w-none rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-ink-950/60 open:motion-safe:animate-dialog-in"
    >
      <div className="p-6">
        {children(() => {
          finish()
        })}
      </div>
    </dialog>
  )
}
