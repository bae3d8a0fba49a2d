import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { Link } from 'react-router'
import type { ReviewSummary } from '#shared/review.ts'
import { ArrowRightIcon } from '#web/components/ui/icons.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { memberReviewsQuery, reviewPath } from '#web/features/reviews/api/reviews.ts'
import { RequestReview } from '#web/features/reviews/components/request-review.tsx'
import {
  formatScore,
  PENDING_TEXT,
  ReviewStatusBadge,
} from '#web/features/reviews/components/review-status.tsx'

function stateText(review: ReviewSummary | undefined): string {
  if (!review) return 'No review yet.'
  switch (review.status) {
    case 'queued':
    case 'running':
      return PENDING_TEXT[review.status]
    case 'done':
      return review.score === null ? 'Review done.' : `Scored ${formatScore(review.score)} out of 100.`
    case 'failed':
      return 'The review could not be completed. The report says why.'
  }
}

/**
 * The member's latest review of a completed challenge (docs/product.md §10): its state, live while a worker
 * has it, its score, the report, and "Request a new review".
 */
export function ReviewPanel({ challengeId }: { challengeId: number }) {
  const reviews = useQuery(memberReviewsQuery(challengeId))
  const headingId = useId()
  const latest = reviews.data?.reviews[0]

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-card"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold tracking-tight text-slate-900">
          Review
        </h2>
        {latest ? <ReviewStatusBadge status={latest.status} /> : null}
      </div>
      <p className="mt-2 text-sm leading-6 text-slate-600">
        We visit your live site at desktop, tablet and mobile widths and score how closely it matches the
        design.
      </p>

      {reviews.data ? (
        <>
          {latest?.status === 'done' && latest.score !== null ? (
            <p className="mt-4 flex items-baseline gap-1.5" aria-hidden="true">
              <span className="text-4xl font-bold tracking-tight text-slate-900 tabular-nums">
                {formatScore(latest.score)}
              </span>
              <span className="text-sm font-medium text-slate-600">/ 100</span>
            </p>
          ) : null}
          <p
            role="status"
            aria-live="polite"
            data-testid="review-panel-state"
            className="mt-3 text-base font-medium text-slate-900"
          >
            {stateText(latest)}
          </p>
          {latest ? (
            <Link
              to={reviewPath(latest.id)}
              className="mt-3 inline-flex items-center gap-1.5 rounded-sm text-sm font-semibold text-accent-800 underline-offset-4 hover:underline"
            >
              View the review report
              <ArrowRightIcon className="size-4" />
            </Link>
          ) : null}
        </>
      ) : reviews.isError ? (
        <div className="mt-4 rounded-xl bg-rose-50 p-4 text-sm text-rose-900 ring-1 ring-rose-200">
          <p role="alert">We could not load your reviews of this challenge.</p>
          <button
            type="button"
            onClick={() => reviews.refetch()}
            className="mt-2 font-semibold underline underline-offset-2 hover:no-underline"
          >
            Try again
          </button>
        </div>
      ) : (
        <div className="mt-4 space-y-3">
          <p role="status" className="sr-only">
            Loading your reviews...
          </p>
          <Skeleton className="h-6 w-40" />
        </div>
      )}

      <RequestReview challengeId={challengeId} className="mt-5 border-t border-slate-200 pt-5" />
    </section>
  )
}
