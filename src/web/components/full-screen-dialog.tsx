import { type ReactNode, useEffect, useId, useRef } from 'react'
import { CloseIcon } from '#web/components/ui/icons.tsx'
import { useDialogClose } from '#web/lib/use-dialog-close.ts'
import { useScrollLock } from '#web/lib/use-scroll-lock.ts'

/**
 * A native modal <dialog> that fills the window but for a margin (the design viewer, the comparison):
 * the browser traps focus in it, makes the page behind inert and closes it on Escape; page scrolling is
 * locked while it is open. It opens as it mounts, under a bar with its `title` and a close button named
 * `closeLabel`; `onClose` runs once however it closes.
 */
export function FullScreenDialog({
  title,
  closeLabel,
  onClose,
  children,
}: {
  title: ReactNode
  closeLabel: string
  onClose: () => void
  children: ReactNode
}) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const headingId = useId()
  useScrollLock(true)
  const finish = useDialogClose(dialogRef, onClose)

  useEffect(() => {
    const dialog = dialogRef.current
    if (dialog && !dialog.open) dialog.showModal()
  }, [])

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={headingId}
      onCancel={finish}
      onClose={finish}
      className="m-auto h-[calc(100dvh-1rem)] max-h-none w-[calc(100vw-1rem)] max-w-none flex-col overflow-hidden rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-ink-950/75 open:flex sm:h-[calc(100dvh-3rem)] sm:w-[calc(100vw-3rem)]"
    >
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 py-2 pr-2 pl-4">
        <h2 id={headingId} className="truncate text-base font-bold tracking-tight sm:text-lg">
          {title}
        </h2>
        <button
          type="button"
          aria-label={closeLabel}
          onClick={finish}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 hover:text-slate-900"
        >
          <CloseIcon className="size-5" />
        </button>
      </div>
      {children}
    </dialog>
  )
}
