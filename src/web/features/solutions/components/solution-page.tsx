import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { Link, useParams } from 'react-router'
import { categoryHeading } from '#shared/categories.ts'
import { paths } from '#shared/paths.ts'
import type { QualitySummary, Solution } from '#shared/solution.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { Avatar } from '#web/components/ui/avatar.tsx'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { AlertIcon, ExternalLinkIcon } from '#web/components/ui/icons.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { useSession } from '#web/features/auth/use-session.ts'
import { DifficultyBadge } from '#web/features/challenges/components/difficulty-badge.tsx'
import { CommentsSection } from '#web/features/feedback/components/comments-section.tsx'
import { LikeControl } from '#web/features/feedback/components/like-button.tsx'
import { ReportDialog } from '#web/features/feedback/components/report-dialog.tsx'
import { reviewPath } from '#web/features/reviews/api/reviews.ts'
import { useCompareWithDesign } from '#web/features/reviews/components/compare-with-design.tsx'
import { solutionQuery } from '#web/features/solutions/api/solutions.ts'
import { SOLUTION_TEXTS } from '#web/features/solutions/solution-texts.ts'
import { WRITE_UP_CLASSES } from '#web/features/solutions/write-up-styles.ts'
import { isApiNotFound } from '#web/lib/api-client.ts'
import { formatLongDateUtc, formatScore } from '#web/lib/format.ts'
import { NoIndex } from '#web/lib/head.tsx'
import { isNoSuchRecord } from '#web/lib/no-such-record.ts'

/** The owner's form (react-hook-form with it) loads only for the owner. */
const EditSolution = lazy(async () => ({
  default: (await import('#web/features/solutions/components/edit-solution.tsx')).EditSolution,
}))

const VIEWPORTS = { desktop: [1440, 900], tablet: [768, 1024], mobile: [375, 812] } as const
/** Each capture's first screen, boxed at its viewport's shape (a class: the CSP allows no style attribute). */
const ASPECT = {
  desktop: 'aspect-[1440/900]',
  tablet: 'aspect-[768/1024]',
  mobile: 'aspect-[375/812]',
} as const
const BREAKPOINT_NAMES = { desktop: 'Desktop', tablet: 'Tablet', mobile: 'Mobile' } as const

/** "<member>'s <challenge> solution": the page's title and its link preview's (docs/product.md §11). */
export function solutionTitle(solution: Pick<Solution, 'member' | 'challenge'>): string {
  const name = solution.member.name?.trim() || solution.member.username
  return `${name}'s ${solution.challenge.title} solution`
}

/** /solutions/:solutionId, public once listed; its member always (docs/product.md §11). */
export function SolutionPage() {
  const { solutionId = '' } = useParams()
  const solution = useQuery(solutionQuery(solutionId))
  const session = useSession()
  const signedIn = session.status === 'signed-in'
  const askedAgain = useRef<string | null>(null)
  const { isError, error, refetch } = solution
  useEffect(() => {
    // The server renders the page as a visitor sees it: a solution hidden from visitors comes as "not
    // found". Its member, and the admins for one an admin hid (docs/product.md §12), may read it: once
    // signed in, the page asks again, once.
    if (!signedIn || !isError || !isApiNotFound(error) || askedAgain.current === solutionId) return
    askedAgain.current = solutionId
    void refetch()
  }, [signedIn, isError, error, refetch, solutionId])
  return (
    <div className="flex-1 bg-slate-50">
      <div className="page-container max-w-5xl py-10 sm:py-16">
        {solution.data ? (
          <SolutionView solution={solution.data} />
        ) : solution.isError ? (
          <div className="mx-auto flex max-w-lg flex-col items-center py-12 text-center">
            <PageTitle>
              {isNoSuchRecord(solution.error) ? 'Solution not found' : 'Solution unavailable'}
            </PageTitle>
            {isNoSuchRecord(solution.error) ? <NoIndex /> : null}
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              {isNoSuchRecord(solution.error) ? 'Solution not found' : 'Solution unavailable'}
            </h1>
            <p role="alert" className="mt-3 text-base leading-7 text-slate-700">
              {isNoSuchRecord(solution.error) ? SOLUTION_TEXTS.notFound : `Error: ${solution.error.message}`}
            </p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <Link to={paths.challenges} className={buttonClasses('primary')}>
                Browse challenges
              </Link>
              <Link to={paths.home} className={buttonClasses('secondary')}>
                Go to Home
              </Link>
            </div>
          </div>
        ) : (
          <div className="flex justify-center py-16">
            <PageTitle>Solution</PageTitle>
            <Spinner className="size-6" />
          </div>
        )}
      </div>
    </div>
  )
}

function SolutionView({ solution }: { solution: Solution }) {
  const session = useSession()
  const owner = session.status === 'signed-in' && session.user.username === solution.member.username
  const isAdmin = session.status === 'signed-in' && session.user.isAdmin
  const [reporting, setReporting] = useState(false)
  const name = solution.member.name?.trim() || solution.member.username
  const review = solution.latestReview
  const writeUpHeading = useId()
  const iterationsHeading = useId()
  return (
    <article>
      <PageTitle>{solutionTitle(solution)}</PageTitle>
      <header className="rounded-2xl border border-slate-200 bg-white p-6 shadow-card">
        <p className="text-sm font-semibold text-slate-600">
          <Link to={paths.challenge(solution.challenge.slug)} className="underline underline-offset-4">
            {solution.challenge.title}
          </Link>
          <span aria-hidden="true"> · </span>
          {categoryHeading(solution.challenge.category)}
        </p>
        <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {solutionTitle(solution)}
        </h1>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Link
            to={paths.profile(solution.member.username)}
            className="inline-flex items-center gap-2 rounded-sm font-semibold text-slate-900 underline-offset-4 hover:underline"
          >
            <Avatar src={solution.member.avatarUrl} name={name} />
            {name}
          </Link>
          <DifficultyBadge difficulty={solution.challenge.difficulty} />
          {review?.score != null ? (
            <span className="text-sm font-semibold text-slate-800 tabular-nums">
              Score {formatScore(review.score)} / 100
            </span>
          ) : null}
          <LikeControl
            solution={solution}
            viewer={
              session.status === 'loading'
                ? 'loading'
                : session.status === 'signed-out'
                  ? 'visitor'
                  : owner || !solution.listed
                    ? 'count'
                    : 'member'
            }
          />
        </div>
        <div className="mt-5 flex flex-wrap gap-3">
          {solution.liveUrl ? (
            <a
              href={solution.liveUrl}
              target="_blank"
              rel="noopener noreferrer ugc"
              className={buttonClasses('primary')}
            >
              View live site
              <ExternalLinkIcon className="size-4" />
            </a>
          ) : null}
          {solution.repositoryUrl ? (
            <a
              href={solution.repositoryUrl}
              target="_blank"
              rel="noopener noreferrer ugc"
              className={buttonClasses('secondary')}
            >
              View code
              <ExternalLinkIcon className="size-4" />
            </a>
          ) : null}
          {session.status === 'signed-in' && !owner && solution.listed ? (
            <button type="button" className={buttonClasses('secondary')} onClick={() => setReporting(true)}>
              Report<span className="sr-only"> this solution</span>
            </button>
          ) : null}
        </div>
        {reporting ? (
          <ReportDialog target={{ type: 'solution', id: solution.id }} onClose={() => setReporting(false)} />
        ) : null}
        {solution.moderatorHidden && (owner || isAdmin) ? (
          <p className="mt-5 flex items-start gap-1.5 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
            <AlertIcon className="mt-0.5 size-4 shrink-0" />
            {owner ? SOLUTION_TEXTS.moderatorHiddenAuthor : SOLUTION_TEXTS.moderatorHiddenAdmin}
          </p>
        ) : null}
        {owner && !solution.listed && !solution.moderatorHidden ? (
          <p className="mt-5 flex items-start gap-1.5 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
            <AlertIcon className="mt-0.5 size-4 shrink-0" />
            {solution.hidden ? SOLUTION_TEXTS.hidden : SOLUTION_TEXTS.unlisted}
          </p>
        ) : null}
      </header>

      {review ? <Captures review={review} /> : null}

      <section
        aria-labelledby={writeUpHeading}
        className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-card"
      >
        <h2 id={writeUpHeading} className="text-xl font-semibold tracking-tight text-slate-900">
          Write-up
        </h2>
        {solution.writeUpHtml ? (
          <div
            className={`mt-4 ${WRITE_UP_CLASSES}`}
            // Rendered and sanitised on the server (docs/product.md §11).
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitised write-up
            dangerouslySetInnerHTML={{ __html: solution.writeUpHtml }}
          />
        ) : (
          <p className="mt-4 text-base text-slate-600">{SOLUTION_TEXTS.noWriteUp}</p>
        )}
      </section>

      <CommentsSection solution={solution} />

      <section aria-labelledby={iterationsHeading} className="mt-8">
        <h2 id={iterationsHeading} className="text-xl font-semibold tracking-tight text-slate-900">
          Iterations
        </h2>
        <ol className="mt-4 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-card">
          {solution.iterations.map((iteration, index) => (
            <li
              key={iteration.reviewId}
              className="flex flex-wrap items-center justify-between gap-2 px-5 py-3"
            >
              <Link
                to={reviewPath(iteration.reviewId)}
                className="font-semibold text-slate-900 underline underline-offset-4"
              >
                Iteration {solution.iterations.length - index}
              </Link>
              <span className="text-sm text-slate-700 tabular-nums">
                {formatLongDateUtc(new Date(iteration.createdAt))} ·{' '}
                {iteration.status === 'passed' && iteration.score !== null
                  ? `${formatScore(iteration.score)} / 100`
                  : iteration.status}
                {/* The iteration visitors see (docs/product.md §11). */}
                {iteration.public ? ' · Public' : null}
              </span>
            </li>
          ))}
        </ol>
      </section>

      {owner ? (
        <Suspense fallback={null}>
          <EditSolution solution={solution} />
        </Suspense>
      ) : null}
    </article>
  )
}

type LatestReview = NonNullable<Solution['latestReview']>

/**
 * The latest passed review's captures (docs/product.md §11), each with its score and "Compare with the
 * design", which opens the compare dialog on its breakpoint.
 */
function Captures({ review }: { review: LatestReview }) {
  const capturesHeading = useId()
  const compare = useCompareWithDesign(
    review.captures.map((capture) => ({ ...capture, captureHeight: capture.height })),
  )
  return (
    <section aria-labelledby={capturesHeading} className="mt-8">
      <h2 id={capturesHeading} className="text-xl font-semibold tracking-tight text-slate-900">
        Captures
      </h2>
      <ul className="mt-4 grid gap-6 md:grid-cols-3">
        {review.captures.map((capture, index) => {
          const [width, height] = VIEWPORTS[capture.breakpoint]
          return (
            <li
              key={capture.breakpoint}
              className="rounded-2xl border border-slate-200 bg-white p-4 shadow-card"
            >
              <img
                // The first screen, small (a review stored before previews shows its whole capture's top).
                src={capture.previewUrl ?? capture.captureUrl}
                alt={`${BREAKPOINT_NAMES[capture.breakpoint]} capture of the live site, ${capture.width} pixels wide`}
                width={width}
                height={height}
                loading={index === 0 ? 'eager' : 'lazy'}
                // The first capture is the page's largest paint: React also asks for it from the head.
                fetchPriority={index === 0 ? 'high' : undefined}
                className={`${ASPECT[capture.breakpoint]} w-full rounded-lg border border-slate-200 bg-slate-100 object-cover object-top`}
              />
              <p className="mt-3 flex items-center justify-between text-sm">
                <span className="font-semibold text-slate-900">{BREAKPOINT_NAMES[capture.breakpoint]}</span>
                <Link
                  to={reviewPath(review.id)}
                  className="font-semibold text-accent-800 underline underline-offset-4 tabular-nums"
                >
                  {formatScore(capture.score)} / 100
                  <span className="sr-only">
                    {' '}
                    at {BREAKPOINT_NAMES[capture.breakpoint].toLowerCase()}: full review report
                  </span>
                </Link>
              </p>
              <div className="mt-3">{compare.button(capture.breakpoint)}</div>
            </li>
          )
        })}
      </ul>
      {review.quality ? <QualityLine quality={review.quality} /> : null}
      {review.findings.length > 0 ? <TopFindings review={review} /> : null}
      <p className="mt-4">
        <Link
          to={reviewPath(review.id)}
          className="font-semibold text-accent-800 underline underline-offset-4"
        >
          Full review report
        </Link>
      </p>
      {compare.dialog}
    </section>
  )
}

/** The severity in a word; its colour only repeats it (7:1 or more on its background). */
const SEVERITY: Record<LatestReview['findings'][number]['severity'], [string, string]> = {
  high: ['High', 'bg-rose-50 text-rose-800 ring-rose-700/30'],
  medium: ['Medium', 'bg-amber-50 text-amber-900 ring-amber-700/30'],
  low: ['Low', 'bg-slate-100 text-slate-800 ring-slate-500/30'],
}

/**
 * What differs most from the design (docs/product.md §10, §11): the passed review's three findings of
 * most weight across the widths, each linking to the report, which draws its boxes. The sentences quote
 * the member's text: shown as text.
 */
function TopFindings({ review }: { review: LatestReview }) {
  const headingId = useId()
  return (
    <section
      aria-labelledby={headingId}
      data-testid="top-findings"
      className="mt-4 rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-card"
    >
      <h3 id={headingId} className="font-semibold text-slate-900">
        What differs most from the design
      </h3>
      <ol className="mt-2 space-y-2">
        {review.findings.map((finding, index) => {
          const [word, tone] = SEVERITY[finding.severity]
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the review's own ranking, never reordered
            <li key={index} className="flex items-start gap-2">
              <span
                className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${tone}`}
              >
                {word}
                <span className="sr-only"> severity</span>
              </span>
              <Link
                to={reviewPath(review.id)}
                className="min-w-0 break-words text-slate-800 underline underline-offset-4 hover:no-underline"
              >
                {finding.sentence}
                <span className="sr-only">
                  {' '}
                  ({BREAKPOINT_NAMES[finding.breakpoint].toLowerCase()}: review report)
                </span>
              </Link>
            </li>
          )
        })}
      </ol>
    </section>
  )
}

const lighthouseText = (score: number | null) => (score === null ? '–' : String(score))

function QualityLine({ quality }: { quality: QualitySummary }) {
  return (
    <dl className="mt-4 grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-card sm:grid-cols-3">
      <div>
        <dt className="font-semibold text-slate-900">Accessibility issues</dt>
        <dd className="text-slate-700 tabular-nums">{quality.accessibilityIssues ?? 'Not checked'}</dd>
      </div>
      <div>
        <dt className="font-semibold text-slate-900">HTML errors</dt>
        <dd className="text-slate-700 tabular-nums">{quality.htmlErrors ?? 'Not checked'}</dd>
      </div>
      <div>
        <dt className="font-semibold text-slate-900">Lighthouse</dt>
        <dd className="text-slate-700 tabular-nums">
          {quality.lighthouse
            ? `Performance ${lighthouseText(quality.lighthouse.performance)}, Accessibility ${lighthouseText(quality.lighthouse.accessibility)}, Best practices ${lighthouseText(quality.lighthouse.bestPractices)}, SEO ${lighthouseText(quality.lighthouse.seo)}`
            : 'Not checked'}
        </dd>
      </div>
    </dl>
  )
}
