import { STEP_STATUS_TEXT, type StepStatus } from '#shared/learning-path-rule.ts'

const STYLES: Record<StepStatus, string> = {
  'not-started': 'bg-slate-100 text-slate-700 ring-slate-400/40',
  started: 'bg-amber-50 text-amber-800 ring-amber-600/30',
  passed: 'bg-emerald-50 text-emerald-800 ring-emerald-600/25',
}

/** A step's status for the member, in words (colour is never the only cue). */
export function StepStatusBadge({ status }: { status: StepStatus }) {
  return (
    <span
      data-status={status}
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset ${STYLES[status]}`}
    >
      {STEP_STATUS_TEXT[status]}
    </span>
  )
}
