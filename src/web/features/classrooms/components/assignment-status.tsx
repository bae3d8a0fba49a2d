import type { AssignmentStatus } from '#shared/classroom.ts'
import { STATUS_LABELS } from '#web/features/classrooms/format.ts'

const STYLES: Record<AssignmentStatus, string> = {
  not_started: 'bg-slate-100 text-slate-800 ring-slate-500/30',
  started: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  submitted: 'bg-sky-50 text-sky-900 ring-sky-600/30',
  passed: 'bg-emerald-50 text-emerald-900 ring-emerald-600/30',
  passed_late: 'bg-teal-50 text-teal-900 ring-teal-600/30',
  missed: 'bg-rose-50 text-rose-900 ring-rose-600/30',
}

/** An assignment's status for one student (docs/product.md §13); the word carries it, not the colour. */
export function AssignmentStatusBadge({ status }: { status: AssignmentStatus }) {
  return (
    <span
      data-status={status}
      className={`inline-flex items-center rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${STYLES[status]}`}
    >
      {STATUS_LABELS[status]}
    </span>
  )
}
