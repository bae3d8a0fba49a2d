import { type ReactNode, useId } from 'react'

/** Shared by the filter bars' selects and search box. */
export const filterControlClass =
  'h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-sm font-medium text-slate-900 shadow-sm hover:border-slate-400'
export const filterLabelClass = 'text-sm font-semibold text-slate-800'

/** A labelled select of a filter bar (the galleries', the catalogue's), its choice kept in the address. */
export function FilterSelect({
  label,
  name,
  value,
  onChange,
  children,
}: {
  label: string
  /** The query parameter it sends when its form is submitted before the scripts run. */
  name?: string
  value: string
  onChange: (value: string) => void
  children: ReactNode
}) {
  const id = useId()
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className={filterLabelClass}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={filterControlClass}
      >
        {children}
      </select>
    </div>
  )
}
