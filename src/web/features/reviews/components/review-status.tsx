import type { ReviewStage, ReviewStatus } from '#shared/review.ts'
import { stageLabel } from '#web/features/reviews/progress.ts'

const STATUS_STYLES: Record<ReviewStatus, { label: string; classes: string; dot: string }> = {
  queued: { label: 'Queued', classes: 'bg-slate-100 text-slate-800 ring-slate-400/40', dot: 'bg-slate-500' },
  running: {
    label: 'Running',
    classes: 'bg-accent-50 text-accent-900 ring-accent-600/30',
    dot: 'bg-accent-600',
  },
  passed: {
    label: 'Passed',
    classes: 'bg-emerald-50 text-emerald-800 ring-emerald-600/25',
    dot: 'bg-emerald-600',
  },
  failed: { label: 'Failed', classes: 'bg-rose-50 text-rose-800 ring-rose-600/25', dot: 'bg-rose-600' },
}

/** The review's state in a word or two: "Queued", "Running: Scoring", "Passed", "Failed". */
export function reviewStatusLabel(status: ReviewStatus, stage: ReviewStage | null = null): string {
  const label = STATUS_STYLES[status].label
  const step = status === 'running' ? stageLabel(stage) : null
  return step ? `${label}: ${step}` : label
}

/** The review's state; the words carry it, the dot only repeats it. A running review names its stage. */
export function ReviewStatusBadge({
  status,
  stage = null,
}: {
  status: ReviewStatus
  stage?: ReviewStage | null
}) {
  const style = STATUS_STYLES[status]
  return (
    <span
      data-review-status={status}
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset ${style.classes}`}
    >
      <span
        aria-hidden="true"
        className={`size-1.5 shrink-0 rounded-full ${style.dot} ${status === 'running' ? 'motion-safe:animate-pulse' : ''}`}
      />
      {reviewStatusLabel(status, stage)}
    </span>
  )
}
