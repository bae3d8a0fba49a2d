import type { ReactNode } from 'react'

/**
 * A form field's label and the hint under it: the label names the control `htmlFor` points at, and the
 * control lists `hintId` in its `aria-describedby`.
 */
export function FieldLabel({
  htmlFor,
  hintId,
  label,
  hint,
}: {
  htmlFor: string
  hintId: string
  label: ReactNode
  hint: ReactNode
}) {
  return (
    <>
      <label htmlFor={htmlFor} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        {hint}
      </p>
    </>
  )
}
