import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { LoadError } from '#web/components/network-error.tsx'
import { PageTitle } from '#web/components/page-title.tsx'
import { reviewQuery } from '#web/features/reviews/api/reviews.ts'
import { ReviewReport, ReviewReportSkeleton } from '#web/features/reviews/components/review-report.tsx'
import { isNoSuchRecord } from '#web/lib/no-such-record.ts'
import { NotFoundPage } from '#web/routes/not-found.tsx'

export { RouteError as ErrorBoundary } from '#web/components/route-error.tsx'

/**
 * A review id as the URL gives it. Ids are unguessable strings (a uuid): anything that could not be one
 * is the 404 page at once, and the API answers the rest (404 for an unknown review, or another member's
 * that has not passed).
 */
function reviewIdOf(segment: string | undefined): string | null {
  return segment && /^[A-Za-z0-9_-]{1,100}$/.test(segment) ? segment : null
}

/**
 * /reviews/:reviewId (docs/product.md §10): the report of one submission review, live while it runs; public
 * once it passed, its member's only before.
 */
export function Component() {
  const { reviewId } = useParams()
  const id = reviewIdOf(reviewId)
  if (id === null) return <NotFoundPage />
  return <ReviewPage reviewId={id} />
}

function ReviewPage({ reviewId }: { reviewId: string }) {
  const review = useQuery(reviewQuery(reviewId))

  // An unknown id (404) and one that cannot be an id (400) alike: there is no such review.
  if (isNoSuchRecord(review.error)) return <NotFoundPage />
  // A failed poll keeps showing what is already there.
  if (!review.data) {
    if (review.isError) {
      return (
        <LoadError
          error={review.error}
          message="Check your internet connection and try again"
          onRetry={() => review.refetch()}
        />
      )
    }
    return (
      <>
        <PageTitle>Review</PageTitle>
        <ReviewReportSkeleton />
      </>
    )
  }
  return (
    <>
      <PageTitle>{`Review of ${review.data.challenge.title}`}</PageTitle>
      <ReviewReport review={review.data} />
    </>
  )
}
