import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { NetworkError } from '#web/components/network-error.tsx'
import { PageTitle } from '#web/components/page-title.tsx'
import { reviewQuery } from '#web/features/reviews/api/reviews.ts'
import { ReviewReport, ReviewReportSkeleton } from '#web/features/reviews/components/review-report.tsx'
import { isApiNotFound } from '#web/lib/api-client.ts'
import { NotFoundPage } from '#web/routes/not-found.tsx'

export { RouteError as ErrorBoundary } from '#web/components/route-error.tsx'

/** The largest review id the API accepts (a positive 32-bit integer, like a challenge id). */
const MAX_REVIEW_ID = 2_147_483_647

/** A review id as the URL gives it: a positive integer, or nothing the API could know. */
function reviewIdOf(segment: string | undefined): number | null {
  if (!segment || !/^[1-9]\d{0,9}$/.test(segment)) return null
  const id = Number(segment)
  return id <= MAX_REVIEW_ID ? id : null
}

/**
 * /reviews/:reviewId, public (docs/product.md §10): the report of one submission review, live while it runs.
 */
export function Component() {
  const { reviewId } = useParams()
  const id = reviewIdOf(reviewId)
  if (id === null) return <NotFoundPage />
  return <ReviewPage reviewId={id} />
}

function ReviewPage({ reviewId }: { reviewId: number }) {
  const review = useQuery(reviewQuery(reviewId))

  if (isApiNotFound(review.error)) return <NotFoundPage />
  // A failed poll keeps showing what is already there.
  if (!review.data) {
    if (review.isError) {
      return (
        <>
          <PageTitle>Network Error</PageTitle>
          <NetworkError
            message="Check your internet connection and try again"
            onRetry={() => review.refetch()}
          />
        </>
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
