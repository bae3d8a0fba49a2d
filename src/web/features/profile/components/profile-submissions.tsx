import { Link } from 'react-router'
import { categoryByValue } from '#shared/categories.ts'
import type { ProfilePage } from '#shared/member.ts'
import { paths } from '#shared/paths.ts'
import type { ReviewSummary } from '#shared/review.ts'
import { ExternalLinkIcon } from '#web/components/ui/icons.tsx'
import { ChallengeImage } from '#web/features/challenges/components/challenge-image.tsx'
import { DifficultyBadge } from '#web/features/challenges/components/difficulty-badge.tsx'
import { SiteStatus } from '#web/features/profile/components/site-status.tsx'
import { reviewPath } from '#web/features/reviews/api/reviews.ts'
import { ReviewStatusBadge, reviewStatusLabel } from '#web/features/reviews/components/review-status.tsx'
import { SolutionLink } from '#web/features/solutions/components/solution-link.tsx'
import { formatMediumDate, formatScore } from '#web/lib/format.ts'
import { webUrl } from '#web/lib/web-url.ts'

const NO_SUBMISSIONS = "You haven't completed any challenges yet."
const solutionLinkClass =
  'mt-3 inline-flex items-center gap-1.5 self-start rounded-sm text-sm font-semibold text-accent-800 underline-offset-4 hover:underline'

/**
 * The latest review of a submission, linking to its report: the score once passed, else its state.
 * No relative time here: the profile is rendered by the server and must hydrate to the same text.
 */
function SubmissionReview({ review, title }: { review: ReviewSummary; title: string }) {
  const done = review.status === 'passed' && review.score !== null
  return (
    <Link
      to={reviewPath(review.id)}
      className="mt-3 inline-flex items-center gap-2 self-start rounded-sm text-sm font-semibold text-slate-900 underline-offset-4 hover:underline"
    >
      <span>
        Review:{' '}
        {done ? (
          <span className="tabular-nums">{formatScore(review.score ?? 0)} / 100</span>
        ) : (
          <span className="sr-only">{reviewStatusLabel(review.status, review.stage)}</span>
        )}
        <span className="sr-only"> ({title})</span>
      </span>
      {done ? null : <ReviewStatusBadge status={review.status} stage={review.stage} />}
    </Link>
  )
}

/**
 * The "Submissions" section of a profile (docs/product.md §2): the completed challenges, each with its live
 * site, whether that site is the member's own (§6) and whether it still answers (§4).
 */
export function ProfileSubmissions({ submissions }: { submissions: ProfilePage['submissions'] }) {
  return (
    <section aria-labelledby="submissions-heading" className="mt-10">
      <h2 id="submissions-heading" className="text-2xl font-bold tracking-tight text-slate-900">
        Submissions
      </h2>
      {submissions.length === 0 ? (
        <p className="mt-4 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-base text-slate-600">
          {NO_SUBMISSIONS}
        </p>
      ) : (
        <ul className="mt-5 grid gap-5 sm:grid-cols-2">
          {submissions.map(
            ({ challenge, liveUrl, completedAt, ownership, linkStatus, review, solutionId }) => {
              const live = webUrl(liveUrl)
              return (
                <li
                  key={challenge.id}
                  className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-card"
                >
                  <ChallengeImage
                    src={challenge.thumbnails.desktop}
                    alt=""
                    className="aspect-[16/9] border-b border-slate-200 bg-slate-100"
                    imgClassName="size-full object-cover object-top"
                  />
                  <div className="flex flex-1 flex-col p-5">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <span className="text-xs font-semibold tracking-[0.08em] text-accent-800 uppercase">
                        {categoryByValue(challenge.category)?.heading}
                      </span>
                      <DifficultyBadge difficulty={challenge.difficulty} />
                    </div>
                    <h3 className="mt-3 text-lg font-semibold tracking-tight text-slate-900">
                      <Link
                        to={paths.challenge(challenge.slug)}
                        state={{ challenge }}
                        className="rounded-sm underline-offset-4 hover:text-accent-800 hover:underline"
                      >
                        {challenge.title}
                      </Link>
                    </h3>
                    {completedAt ? (
                      <p className="mt-1 text-sm text-slate-600">
                        Completed on{' '}
                        <time dateTime={completedAt}>{formatMediumDate(new Date(completedAt))}</time>
                      </p>
                    ) : null}
                    <SiteStatus ownership={ownership} linkStatus={linkStatus} />
                    {review ? <SubmissionReview review={review} title={challenge.title} /> : null}
                    {solutionId ? (
                      <SolutionLink id={solutionId} label={challenge.title} className={solutionLinkClass}>
                        View solution
                      </SolutionLink>
                    ) : null}
                    {live ? (
                      <a
                        href={live}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="mt-4 inline-flex items-center gap-1.5 self-start rounded-sm text-sm font-semibold text-accent-800 underline-offset-4 hover:underline"
                      >
                        View live site
                        <span className="sr-only">: {challenge.title} (opens in a new tab)</span>
                        <ExternalLinkIcon className="size-4" />
                      </a>
                    ) : null}
                  </div>
                </li>
              )
            },
          )}
        </ul>
      )}
    </section>
  )
}
