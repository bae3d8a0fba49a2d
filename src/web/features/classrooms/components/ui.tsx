import { type ReactNode, useEffect, useRef } from 'react'
import { FieldError } from '#web/components/ui/field-error.tsx'

/** The classroom pages' text fields: the settings form's look. */
export const inputClass =
  'block w-full rounded-xl border border-slate-300 bg-white px-4 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 hover:border-slate-400 aria-invalid:border-rose-600 aria-invalid:ring-1 aria-invalid:ring-rose-600'

export const linkClass = 'font-semibold text-accent-800 underline underline-offset-4 hover:no-underline'

/** A card of the classroom page, named by its heading. */
export function Panel({
  id,
  title,
  description,
  children,
}: {
  id: string
  title: string
  description?: ReactNode
  children: ReactNode
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-card sm:p-6"
    >
      <h2
        id={`${id}-heading`}
        tabIndex={-1}
        className="text-lg font-semibold tracking-tight text-slate-900 focus:outline-none"
      >
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  )
}

/** A form's error above its button, announced, and pointed at by the form's `aria-describedby`. */
export function FormError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null
  return (
    <FieldError id={id} className="mt-3 text-sm text-rose-800" testId={id}>
      <span className="break-words">{message}</span>
    </FieldError>
  )
}

/** A polite status line (what an action did), which also takes the focus when `focus` is set. */
export function StatusLine({ message, focus = false }: { message: string | null; focus?: boolean }) {
  const ref = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (message && focus) ref.current?.focus()
  }, [message, focus])
  return (
    <p
      ref={ref}
      role="status"
      tabIndex={-1}
      className="mt-3 text-sm text-emerald-800 focus:outline-none empty:hidden"
    >
      {message ?? ''}
    </p>
  )
}

/** The server's message of a failed request, or a general one. */
export function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.'
}
