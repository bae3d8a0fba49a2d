import type { AssignmentStatus } from '#shared/classroom.ts'
import { STATUS_LABELS } from '#web/features/classrooms/format.ts'

// The palette's existing badge colours (components/ui/status-badge.tsx), which dark mode turns over.
const STYLES: Record<AssignmentStatus, string> = {
  not_started: 'bg-slate-100 text-slate-800 ring-slate-500/30',
  started: 'bg-amber-50 text-amber-800 ring-amber-600/30',
  submitted: 'bg-accent-50 text-accent-800 ring-accent-200',
  passed: 'bg-emerald-50 text-emerald-800 ring-emerald-600/25',
  passed_late: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  missed: 'bg-rose-50 text-rose-800 ring-rose-600/25',
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
