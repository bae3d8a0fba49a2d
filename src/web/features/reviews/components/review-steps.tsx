import type { ReviewStage, ReviewStatus } from '#shared/review.ts'
import { CheckIcon } from '#web/components/ui/icons.tsx'
import { type ReviewStep, reviewProgress } from '#web/features/reviews/progress.ts'

const STATE_TEXT: Record<ReviewStep['state'], string> = {
  done: 'done',
  current: 'in progress',
  waiting: 'waiting',
}

function StepMarker({ state }: { state: ReviewStep['state'] }) {
  if (state === 'done')
    return (
      <span
        aria-hidden="true"
        className="flex size-5 shrink-0 items-center justify-center rounded-full bg-emerald-700 text-white"
      >
        <CheckIcon strokeWidth="3" className="size-3" />
      </span>
    )
  if (state === 'current')
    return (
      <span
        aria-hidden="true"
        className="flex size-5 shrink-0 items-center justify-center rounded-full border-2 border-accent-700 bg-white"
      >
        <span className="size-2 rounded-full bg-accent-700 motion-safe:animate-pulse" />
      </span>
    )
  return (
    <span aria-hidden="true" className="size-5 shrink-0 rounded-full border-2 border-slate-400 bg-white" />
  )
}

/**
 * A pending review's progress (docs/product.md §10): a bar with the share of steps done, and the steps
 * Queued → Capturing desktop → tablet → mobile → Scoring → Auditing, each marked done, in progress or
 * waiting in words as well as marks. The sentence that announces the current step is the caller's live
 * region; this part only shows.
 */
export function ReviewSteps({
  review,
  className = '',
  listClassName = 'space-y-2.5',
}: {
  review: { status: ReviewStatus; stage: ReviewStage | null }
  className?: string
  listClassName?: string
}) {
  const { steps, current, total } = reviewProgress(review)
  const step = steps[current]
  return (
    <div className={className} data-testid="review-steps">
      <div
        role="progressbar"
        aria-label="Review progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={current}
        aria-valuetext={`${current} of ${total} steps done${step ? `, now ${step.label.toLowerCase()}` : ''}`}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-accent-700 transition-[width] duration-500 ease-out motion-reduce:transition-none"
          style={{ width: `${Math.max(4, (current / total) * 100)}%` }}
        />
      </div>
      <ol aria-label="Review steps" className={`mt-4 ${listClassName}`}>
        {steps.map((item) => (
          <li
            key={item.id}
            data-step={item.id}
            data-state={item.state}
            aria-current={item.state === 'current' ? 'step' : undefined}
            className="flex items-center gap-2.5 text-sm"
          >
            <StepMarker state={item.state} />
            <span
              className={
                item.state === 'current'
                  ? 'font-semibold text-slate-900'
                  : item.state === 'done'
                    ? 'text-slate-800'
                    : 'text-slate-600'
              }
            >
              {item.label}
              <span className="sr-only"> ({STATE_TEXT[item.state]})</span>
            </span>
          </li>
        ))}
      </ol>
    </div>
  )
}
