import { Link } from 'react-router'
import type { ReviewSummary } from '#shared/review.ts'
import { reviewPath } from '#web/features/reviews/api/reviews.ts'
import { ReviewStatusBadge } from '#web/features/reviews/components/review-status.tsx'
import { formatScore } from '#web/lib/format.ts'

/** docs/product.md §2 Dashboard and User challenge lists, word for word. */
export const LATEST_REVIEW_TEXTS = {
  none: 'Not submitted yet.',
  report: 'View the review report',
} as const

/**
 * The newest review of one of the member's challenges (docs/product.md §2 Dashboard): its state in
 * words (`Queued`, `Running: Scoring`, `Passed`, `Failed`), a passed one's score, a failed one's reason,
 * and its report. Its link sits above a card's stretched link.
 */
export function LatestReview({ review, title }: { review: ReviewSummary | null; title: string }) {
  if (!review) return <p className="text-sm text-slate-600">{LATEST_REVIEW_TEXTS.none}</p>
  return (
    <div data-testid="latest-review" className="flex flex-col gap-1.5 text-sm">
      <p className="flex flex-wrap items-center gap-2 text-slate-700">
        <span className="font-medium">Latest review:</span>
        <ReviewStatusBadge status={review.status} stage={review.stage} />
        {review.status === 'passed' && review.score !== null ? (
          <span className="font-semibold text-slate-900 tabular-nums">
            Score: {formatScore(review.score)} / 100
          </span>
        ) : null}
      </p>
      {review.status === 'failed' && review.error ? (
        <p className="break-words text-slate-700">{review.error.message}</p>
      ) : null}
      <Link
        to={reviewPath(review.id)}
        className="relative z-20 self-start rounded-sm font-semibold text-accent-800 underline-offset-4 hover:underline"
      >
        {LATEST_REVIEW_TEXTS.report}
        <span className="sr-only"> ({title})</span>
      </Link>
    </div>
  )
}
