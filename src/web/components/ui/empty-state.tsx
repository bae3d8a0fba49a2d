import type { ReactNode } from 'react'

/** A list with no card (a gallery, the catalogue): what to do about it. */
export function EmptyState({ text, children }: { text: string; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <p className="max-w-md text-base leading-7 font-medium text-slate-800">{text}</p>
      <div className="mt-6">{children}</div>
    </div>
  )
}
