import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type Ref, useEffect, useId, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { paths } from '#shared/paths.ts'
import type { ReviewSummary } from '#shared/review.ts'
import { AlertIcon, ArrowRightIcon, PassedIcon } from '#web/components/ui/icons.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { sessionQuery } from '#web/features/auth/api/session.ts'
import { useSession } from '#web/features/auth/use-session.ts'
import { progressKeys, progressQuery } from '#web/features/challenges/api/progress.ts'
import { AchievementDialog } from '#web/features/challenges/components/achievement-dialog.tsx'
import { myPathKeys, nextChallengeQuery } from '#web/features/learning-paths/api/learning-paths.ts'
import { isReviewPending, memberReviewsQuery, reviewPath } from '#web/features/reviews/api/reviews.ts'
import { RequestReview } from '#web/features/reviews/components/request-review.tsx'
import { ReviewStatusBadge } from '#web/features/reviews/components/review-status.tsx'
import { ReviewSteps } from '#web/features/reviews/components/review-steps.tsx'
import {
  createReviewWatcher,
  formatLocalTime,
  progressAnnouncement,
  reviewProgress,
} from '#web/features/reviews/progress.ts'
import { useNow } from '#web/features/reviews/use-now.ts'
import { solutionPath } from '#web/features/solutions/api/solutions.ts'
import { formatScore } from '#web/lib/format.ts'
import { scrollToTop } from '#web/lib/scroll.ts'

const FAILED_FALLBACK = 'Something went wrong while reviewing the site.'

/**
 * The newest reviews the member watched, across visits of the page in this tab (the panel only renders
 * in the browser, for a signed-in member).
 */
const watcher = createReviewWatcher()

const linkClasses =
  'inline-flex items-center gap-1.5 rounded-sm text-sm font-semibold text-accent-800 underline-offset-4 hover:underline'

/**
 * The member's reviews of a challenge they started (docs/product.md §10): the newest, followed live step by
 * step while it waits and runs; its verdict once it ended (the score and the report when it passed, the
 * reason and "Review again" when it failed); the earlier ones below. When a review the member watched
 * passes and earns the challenge's points, the achievement overlay opens; closing it goes to the profile.
 */
export function ReviewPanel({
  challengeId,
  challengeTitle,
  statusRef,
  onChangeAddress,
}: {
  challengeId: number
  challengeTitle: string
  /** The newest review's live region, which the page focuses after a submit (docs/product.md §10). */
  statusRef?: Ref<HTMLDivElement>
  /** "Change the address" beside "Review again": opens the submit form with the current addresses. */
  onChangeAddress?: () => void
}) {
  const session = useSession()
  // Member data, asked only while signed in: the panel re-renders as a sign-out empties the cache, and
  // asking again then would only be refused (401) before the page it sits on goes away.
  const signedIn = session.status === 'signed-in'
  const reviews = useQuery({ ...memberReviewsQuery(challengeId), enabled: signedIn })
  // The same query as the start area's: what visitors see of the solution while a later submit waits.
  const progress = useQuery({ ...progressQuery(challengeId), enabled: signedIn })
  const solutionId = reviews.data?.solutionId ?? null
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const headingId = useId()
  const [achievement, setAchievement] = useState<ReviewSummary | null>(null)
  const latest = reviews.data?.reviews[0]
  const earlier = reviews.data?.reviews.slice(1) ?? []
  // What to do next, shown in the achievement overlay (docs/product.md §15).
  const suggestion = useQuery({ ...nextChallengeQuery(), enabled: achievement !== null })

  useEffect(() => {
    if (!latest) return
    const seen = watcher.observe(latest)
    if (seen.justEnded && latest.status === 'passed') {
      // A pass completes the challenge and may add points: the progress and the navbar's points change.
      void queryClient.invalidateQueries({ queryKey: progressKeys.one(challengeId) })
      void queryClient.invalidateQueries({ queryKey: sessionQuery().queryKey })
      void queryClient.invalidateQueries({ queryKey: myPathKeys.all })
    }
    if (seen.achievement) setAchievement(latest)
  }, [latest, challengeId, queryClient])

  return (
    <section
      aria-labelledby={headingId}
      data-testid="review-panel"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-card"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold tracking-tight text-slate-900">
          Review
        </h2>
        {latest ? <ReviewStatusBadge status={latest.status} stage={latest.stage} /> : null}
      </div>
      <p className="mt-2 text-sm leading-6 text-slate-600">
        We visit your live site at desktop, tablet and mobile widths and score how closely it matches the
        design. It passes when every width loads, the page is not blank and the site is your own.
      </p>

      {reviews.data ? (
        <>
          <LatestReview
            review={latest}
            challengeId={challengeId}
            publicUrl={progress.data?.publicIteration?.liveUrl ?? null}
            statusRef={statusRef}
            onChangeAddress={onChangeAddress}
          />
          {earlier.length > 0 ? (
            <EarlierReviews reviews={earlier} total={reviews.data.reviews.length} />
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

      {achievement ? (
        <AchievementDialog
          challengeTitle={challengeTitle}
          pointsAwarded={achievement.pointsAwarded}
          solutionId={solutionId}
          suggestion={
            suggestion.data
              ? { title: suggestion.data.challenge.title, reason: suggestion.data.reason }
              : null
          }
          onClose={(next) => {
            watcher.acknowledge(achievement.id)
            setAchievement(null)
            scrollToTop()
            if (next === 'next' && suggestion.data) navigate(paths.challenge(suggestion.data.challenge.slug))
            else if (next === 'solution' && solutionId) navigate(solutionPath(solutionId))
            else if (session.status === 'signed-in') navigate(paths.profile(session.user.username))
          }}
        />
      ) : null}
    </section>
  )
}

/**
 * The newest review. Its state is one live region that stays mounted, so each step and the verdict are
 * announced as the panel polls.
 */
function LatestReview({
  review,
  challengeId,
  publicUrl,
  statusRef,
  onChangeAddress,
}: {
  review: ReviewSummary | undefined
  challengeId: number
  /** The address visitors see (docs/product.md §11): the newest passed review's; null before one passed. */
  publicUrl: string | null
  statusRef: Ref<HTMLDivElement> | undefined
  onChangeAddress: (() => void) | undefined
}) {
  const pending = isReviewPending(review?.status)
  const failed = review?.status === 'failed'
  // A submit after a pass is the member's own business until it passes too (docs/product.md §11).
  const notPublic = review && review.status !== 'passed' && publicUrl !== null
  return (
    <div className="mt-4">
      <div
        ref={statusRef}
        // Focused from code after a submit, never by Tab.
        tabIndex={-1}
        role="status"
        aria-live="polite"
        data-testid="review-panel-state"
        className={failed ? 'rounded-xl bg-rose-50 p-4 ring-1 ring-rose-200' : undefined}
      >
        {!review ? (
          <p className="text-sm text-slate-700">
            No review yet. Submit your live site: its review starts at once.
          </p>
        ) : pending ? (
          <p className="text-sm font-medium text-slate-900">
            Reviewing your site. {progressAnnouncement(reviewProgress(review))}.
          </p>
        ) : review.status === 'passed' ? (
          <>
            <p className="flex items-center gap-2 text-base font-semibold text-emerald-800">
              <PassedIcon strokeWidth="2" className="size-5 shrink-0" />
              Review passed
            </p>
            {review.score !== null ? (
              <p className="mt-2 flex items-baseline gap-1.5">
                <span className="text-sm font-medium text-slate-700">Score</span>
                <span
                  data-testid="review-panel-score"
                  className="text-4xl font-bold tracking-tight text-slate-900 tabular-nums"
                >
                  {formatScore(review.score)}
                </span>
                <span className="text-sm font-medium text-slate-600">/ 100</span>
              </p>
            ) : null}
            {review.pointsAwarded > 0 ? (
              <p className="mt-2 inline-flex items-center rounded-full bg-emerald-50 px-3 py-1 text-sm font-bold text-emerald-800 ring-1 ring-emerald-600/25">
                +{review.pointsAwarded} points
              </p>
            ) : null}
          </>
        ) : (
          <>
            <p className="flex items-center gap-2 text-base font-semibold text-rose-900">
              <AlertIcon className="size-5 shrink-0" />
              Review failed
            </p>
            <p className="mt-1 text-sm leading-6 text-rose-900">{review.error?.message ?? FAILED_FALLBACK}</p>
          </>
        )}
      </div>
      {review ? (
        <p className="mt-3 text-sm text-slate-700">
          Submitted: <span className="break-all">{review.requestedUrl}</span>
        </p>
      ) : null}
      {notPublic ? (
        <p data-testid="review-panel-not-public" className="mt-1 text-sm text-slate-600">
          {pending
            ? 'Not public yet: visitors see your passed site until this review passes.'
            : 'Not public: visitors still see your passed site.'}
        </p>
      ) : null}
      {review && pending ? <ReviewSteps review={review} className="mt-4" /> : null}
      {review ? (
        <Link to={reviewPath(review.id)} className={`mt-4 ${linkClasses}`}>
          View the review report
          <ArrowRightIcon className="size-4" />
        </Link>
      ) : null}
      {failed ? (
        <RequestReview
          challengeId={challengeId}
          onChangeAddress={onChangeAddress}
          className="mt-5 border-t border-slate-200 pt-5"
        />
      ) : null}
    </div>
  )
}

/** The member's earlier reviews of the challenge, newest first, numbered in the order they were asked. */
function EarlierReviews({ reviews, total }: { reviews: ReviewSummary[]; total: number }) {
  const headingId = useId()
  const now = useNow()
  return (
    <div className="mt-6 border-t border-slate-200 pt-5">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        Earlier reviews
      </h3>
      <ol aria-labelledby={headingId} className="mt-3 space-y-4">
        {reviews.map((review, index) => {
          // The newest is the panel's own; these count down from the one before it.
          const number = total - 1 - index
          return (
            <li key={review.id} data-testid="earlier-review" className="text-sm">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="font-semibold text-slate-900">Review {number}</span>
                <ReviewStatusBadge status={review.status} stage={review.stage} />
                {review.score !== null ? (
                  <span className="font-semibold text-slate-900 tabular-nums">
                    {formatScore(review.score)}
                    <span className="font-medium text-slate-600"> / 100</span>
                  </span>
                ) : null}
              </div>
              <p className="mt-1 text-slate-600">
                <time dateTime={review.createdAt}>
                  {formatLocalTime(review.createdAt, now ?? Date.now())}
                </time>
              </p>
              <p className="mt-1 break-all text-slate-700">{review.requestedUrl}</p>
              <Link to={reviewPath(review.id)} className={`mt-1 ${linkClasses}`}>
                Report<span className="sr-only"> of review {number}</span>
                <ArrowRightIcon className="size-4" />
              </Link>
            </li>
          )
        })}
      </ol>
    </div>
  )
}
