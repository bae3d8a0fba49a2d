import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId } from 'react'
import type { ReviewSummary } from '#shared/review.ts'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { FieldError } from '#web/components/ui/field-error.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import {
  isReviewPending,
  memberReviewsQuery,
  requestReview,
  reviewKeys,
} from '#web/features/reviews/api/reviews.ts'
import { allowanceOf, canRequestReview } from '#web/features/reviews/progress.ts'
import { useNow } from '#web/features/reviews/use-now.ts'
import { ApiError, isUnauthorized, NetworkError } from '#web/lib/api-client.ts'
import { toast } from '#web/lib/toast.ts'

const REQUEST_FAILED = 'We could not ask for a review. Please try again.'
const ON_ITS_WAY = 'A review is on its way: you can ask for another once it has finished.'

/** Said before a retry (docs/product.md §10): it is not free. */
export const RETRY_COST = 'Reviewing again uses one of your reviews left today.'

/**
 * "Review again" (docs/product.md §10): a new review of the last address the member submitted. Before it,
 * that it uses one of the day's reviews; beside it, "Change the address" where the page has the submit
 * form, and how many reviews are left today or when the next one is possible; while a review is on its
 * way it is off. The server's refusal stays beside the button in its own words: the day's limit (429)
 * says when to come back, a name that does not resolve (422) says so and that nothing was spent.
 */
export function RequestReview({
  challengeId,
  onRequested,
  onChangeAddress,
  className = '',
}: {
  challengeId: number
  onRequested?: (review: ReviewSummary) => void
  /** Opens the submit form with the current addresses. */
  onChangeAddress?: () => void
  className?: string
}) {
  const queryClient = useQueryClient()
  const reviews = useQuery(memberReviewsQuery(challengeId))
  const now = useNow()
  const hintId = useId()
  const costId = useId()
  const refusedId = useId()
  const request = useMutation({
    mutationFn: () => requestReview(challengeId),
    onSuccess: (review) => {
      queryClient.setQueryData(memberReviewsQuery(challengeId).queryKey, (old) =>
        old
          ? {
              ...old,
              reviews: [review, ...old.reviews.filter((item) => item.id !== review.id)],
              requestsLeftToday: Math.max(0, old.requestsLeftToday - 1),
            }
          : old,
      )
      onRequested?.(review)
    },
    onError: (error) => {
      console.warn('Asking for a review failed:', error)
      // A 401 is the app's (signed out); a 429 is shown beside the button.
      if (isUnauthorized(error) || isRefusal(error)) return
      const detail =
        error instanceof NetworkError || (error instanceof ApiError && error.status < 500)
          ? error.message
          : undefined
      toast.error(REQUEST_FAILED, { description: detail })
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.member(challengeId) }),
  })

  const data = reviews.data
  const pending = isReviewPending(data?.reviews[0]?.status)
  const allowance = data ? allowanceOf(data, now ?? Date.now()) : null
  const refused = isRefusal(request.error) ? request.error.message : null
  const busy = request.isPending
  // Said while a retry is possible: with none left, the hint says when the next one is.
  const costs = !pending && allowance !== null && canRequestReview(allowance)
  const describedBy = [costs ? costId : null, allowance ? hintId : null, refused ? refusedId : null]
    .filter(Boolean)
    .join(' ')
  const again = (
    <button
      type="button"
      disabled={busy || pending || !allowance || !canRequestReview(allowance)}
      aria-busy={busy || undefined}
      aria-describedby={describedBy || undefined}
      onClick={() => request.mutate()}
      className={buttonClasses('secondary', 'md', 'w-full')}
    >
      {busy ? (
        <>
          <Spinner className="size-4" />
          Asking for a review...
        </>
      ) : (
        'Review again'
      )}
    </button>
  )
  return (
    <div className={className}>
      {costs ? (
        <p id={costId} className="text-sm text-slate-700" data-testid="review-cost">
          {RETRY_COST}
        </p>
      ) : null}
      <div className={costs ? 'mt-3 grid gap-3' : 'grid gap-3'}>
        {again}
        {onChangeAddress ? (
          <button
            type="button"
            onClick={onChangeAddress}
            className={buttonClasses('secondary', 'md', 'w-full')}
          >
            Change the address
          </button>
        ) : null}
      </div>
      {allowance ? (
        <p id={hintId} className="mt-2 text-center text-sm text-slate-600" data-testid="review-requests-left">
          {pending ? (
            ON_ITS_WAY
          ) : allowance.kind === 'wait' ? (
            <>
              Next review possible at <time dateTime={allowance.until}>{allowance.at}</time>.
            </>
          ) : (
            allowance.text
          )}
        </p>
      ) : null}
      {refused ? (
        <FieldError id={refusedId} testId="review-refused" className="mt-2 text-sm font-medium text-rose-800">
          {refused}
        </FieldError>
      ) : null}
    </div>
  )
}

/**
 * A refusal that cost nothing: the day's allowance is used (HTTP 429, the message says when the next
 * review is possible), or the address's name does not resolve (HTTP 422, the message says why).
 */
function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 429 || error.status === 422)
}
