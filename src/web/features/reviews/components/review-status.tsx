import type { ReviewStatus } from '#shared/review.ts'

const STATUS_STYLES: Record<ReviewStatus, { label: string; classes: string; dot: string }> = {
  queued: { label: 'Queued', classes: 'bg-slate-100 text-slate-800 ring-slate-400/40', dot: 'bg-slate-500' },
  running: {
    label: 'Running',
    classes: 'bg-accent-50 text-accent-900 ring-accent-600/30',
    dot: 'bg-accent-600',
  },
  done: {
    label: 'Done',
    classes: 'bg-emerald-50 text-emerald-800 ring-emerald-600/25',
    dot: 'bg-emerald-600',
  },
  failed: { label: 'Failed', classes: 'bg-rose-50 text-rose-800 ring-rose-600/25', dot: 'bg-rose-600' },
}

/** What a pending review is doing, in the member's words (shown in live regions). */
export const PENDING_TEXT = {
  queued: 'Waiting for a worker',
  running: 'Visiting your site…',
} as const satisfies Partial<Record<ReviewStatus, string>>

export function reviewStatusLabel(status: ReviewStatus): string {
  return STATUS_STYLES[status].label
}

/** A score out of 100 with its one decimal, e.g. "82.4". */
export function formatScore(score: number): string {
  return (Math.round(score * 10) / 10).toFixed(1)
}

/** The review's state; the word carries it, the dot only repeats it. */
export function ReviewStatusBadge({ status }: { status: ReviewStatus }) {
  const style = STATUS_STYLES[status]
  return (
    <span
      data-review-status={status}
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset ${style.classes}`}
    >
      <span
        aria-hidden="true"
        className={`size-1.5 rounded-full ${style.dot} ${status === 'running' ? 'motion-safe:animate-pulse' : ''}`}
      />
      {style.label}
    </span>
  )
}
