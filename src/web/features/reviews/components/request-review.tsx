import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId } from 'react'
import type { ReviewSummary } from '#shared/review.ts'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { Spinner } from '#web/components/ui/spinner.tsx'
import {
  isReviewPending,
  memberReviewsQuery,
  requestReview,
  reviewKeys,
} from '#web/features/reviews/api/reviews.ts'
import { ApiError, isUnauthorized, NetworkError } from '#web/lib/api-client.ts'
import { toast } from '#web/lib/toast.ts'

const REQUEST_FAILED = 'We could not request a review. Please try again.'

// The limit itself (REVIEW_REQUESTS_PER_DAY) lives beside the zod schemas, which the browser must not
// load: the server's count is all the sentence needs.
function requestsLeftText(left: number, pending: boolean): string {
  // The server answers a request made while a review waits with that same review.
  if (pending) return 'A review is on its way: you can request another once it has finished.'
  if (left <= 0)
    return 'You have used all your review requests for this challenge today. You can ask again in 24 hours.'
  return `${left} review ${left === 1 ? 'request' : 'requests'} left today.`
}

/**
 * "Request a new review" for the signed-in member's own challenge: disabled, with the reason beside
 * it, while a review is on its way and once the day's allowance is used. The server's refusal (429) is shown as its own sentence.
 */
export function RequestReview({
  challengeId,
  onRequested,
  className = '',
}: {
  challengeId: number
  onRequested?: (review: ReviewSummary) => void
  className?: string
}) {
  const queryClient = useQueryClient()
  const reviews = useQuery(memberReviewsQuery(challengeId))
  const hintId = useId()
  const request = useMutation({
    mutationFn: () => requestReview(challengeId),
    onSuccess: (review) => {
      queryClient.setQueryData(memberReviewsQuery(challengeId).queryKey, (old) =>
        old
          ? { reviews: [review, ...old.reviews], requestsLeftToday: Math.max(0, old.requestsLeftToday - 1) }
          : old,
      )
      onRequested?.(review)
    },
    onError: (error) => {
      console.warn('Requesting a review failed:', error)
      if (isUnauthorized(error)) return
      if (error instanceof ApiError && error.status === 429) {
        toast.error(error.message)
        return
      }
      const detail =
        error instanceof NetworkError || (error instanceof ApiError && error.status < 500)
          ? error.message
          : undefined
      toast.error(REQUEST_FAILED, { description: detail })
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.member(challengeId) }),
  })

  const left = reviews.data?.requestsLeftToday
  const pending = isReviewPending(reviews.data?.reviews[0]?.status)
  const busy = request.isPending
  return (
    <div className={className}>
      <button
        type="button"
        disabled={busy || pending || left === undefined || left <= 0}
        aria-busy={busy || undefined}
        aria-describedby={left === undefined ? undefined : hintId}
        onClick={() => request.mutate()}
        className={buttonClasses('secondary', 'md', 'w-full')}
      >
        {busy ? (
          <>
            <Spinner className="size-4" />
            Requesting...
          </>
        ) : (
          'Request a new review'
        )}
      </button>
      {left === undefined ? null : (
        <p id={hintId} className="mt-2 text-center text-sm text-slate-600" data-testid="review-requests-left">
          {requestsLeftText(left, pending)}
        </p>
      )}
    </div>
  )
}
