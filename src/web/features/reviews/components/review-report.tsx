import { type ReactNode, useId, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { paths } from '#shared/paths.ts'
import type { Review, ReviewBreakpoint } from '#shared/review.ts'
import { Avatar } from '#web/components/ui/avatar.tsx'
import { AlertIcon, CheckIcon, ChevronRightIcon, ExternalLinkIcon } from '#web/components/ui/icons.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { useSession } from '#web/features/auth/use-session.ts'
import { isReviewPending, reviewPath } from '#web/features/reviews/api/reviews.ts'
import { BreakpointComparison } from '#web/features/reviews/components/breakpoint-comparison.tsx'
import { useCompareWithDesign } from '#web/features/reviews/components/compare-with-design.tsx'
import { CopyMarkdown } from '#web/features/reviews/components/copy-markdown.tsx'
import { ElementFindings } from '#web/features/reviews/components/element-findings.tsx'
import { QualityReport } from '#web/features/reviews/components/quality-report.tsx'
import { RequestReview } from '#web/features/reviews/components/request-review.tsx'
import { ReviewStatusBadge } from '#web/features/reviews/components/review-status.tsx'
import { ReviewSteps } from '#web/features/reviews/components/review-steps.tsx'
import { progressAnnouncement, reviewProgress } from '#web/features/reviews/progress.ts'
import { heightSentence, SCORE_BAND_LABELS, type ScoreBand, scoreBand } from '#web/features/reviews/report.ts'
import { formatRelative, useNow } from '#web/features/reviews/use-now.ts'
import { formatScore } from '#web/lib/format.ts'
import { webUrl } from '#web/lib/web-url.ts'

/** Widest first, as REVIEW_BREAKPOINTS lists them (not imported: that module carries zod). */
const LABELS: Record<ReviewBreakpoint['breakpoint'], string> = {
  desktop: 'Desktop',
  tablet: 'Tablet',
  mobile: 'Mobile',
}

const exactFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' })

/** "3 minutes ago (12 Mar 2026, 14:05)" in a <time>; the relative part only once the app runs. */
function When({ iso }: { iso: string }) {
  const now = useNow()
  const exact = exactFormat.format(new Date(iso))
  return (
    <time dateTime={iso} title={exact}>
      {now === null ? exact : `${formatRelative(iso, now)} (${exact})`}
    </time>
  )
}

/**
 * The meter's bar by the score's band (report.ts: green from 80, amber from 50, red below), in the meter's
 * text colour (`.score-meter`, styles.css). The number and the band's word say it; the colour only repeats
 * it. Each bar is 4:1 or more on its grey track and on white (WCAG 1.4.11 asks 3:1).
 */
const METER_TONES: Record<ScoreBand, string> = {
  good: 'text-emerald-700',
  fair: 'text-amber-700',
  poor: 'text-rose-700',
}

/** The band's word in a colour of its own, 7:1 or more on white. */
const BAND_TEXT: Record<ScoreBand, string> = {
  good: 'bg-emerald-50 text-emerald-800 ring-emerald-700/30',
  fair: 'bg-amber-50 text-amber-900 ring-amber-700/30',
  poor: 'bg-rose-50 text-rose-800 ring-rose-700/30',
}

function ScoreBandLabel({ score }: { score: number }) {
  const band = scoreBand(score)
  return (
    <span
      data-testid="score-band"
      data-band={band}
      className={`ml-1 self-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${BAND_TEXT[band]}`}
    >
      {SCORE_BAND_LABELS[band]}
    </span>
  )
}

function ScoreMeter({ score, labelledBy }: { score: number; labelledBy: string }) {
  const value = Math.min(100, Math.max(0, score))
  const band = scoreBand(value)
  return (
    <meter
      aria-labelledby={labelledBy}
      min={0}
      max={100}
      value={value}
      data-band={band}
      aria-valuetext={`${formatScore(score)} out of 100, ${SCORE_BAND_LABELS[band].toLowerCase()}`}
      className={`score-meter block h-2.5 w-full appearance-none overflow-hidden rounded-full border-0 bg-slate-200 ${METER_TONES[band]}`}
    >
      {formatScore(score)} out of 100
    </meter>
  )
}

/** Member-given addresses: followed by nobody's ranking, opened without access to this page. */
const MEMBER_LINK_REL = 'nofollow ugc noopener'

const externalLinkClasses =
  'inline-flex max-w-full items-center gap-1.5 rounded-sm font-medium break-all text-accent-800 underline underline-offset-4 hover:no-underline'

/**
 * The report of one review (docs/product.md §2 Reviews, §10): who, which site (as submitted, and where
 * the capture ended), when, the verdict, the scores and the comparisons.
 */
export function ReviewReport({ review }: { review: Review }) {
  const session = useSession()
  const navigate = useNavigate()
  const isOwner = session.status === 'signed-in' && session.user.username === review.member.username
  const memberName = review.member.name?.trim() || review.member.username
  const submitted = webUrl(review.requestedUrl)
  const repository = webUrl(review.repositoryUrl)
  const ranAt = review.finishedAt ?? review.startedAt
  const overallId = useId()

  return (
    <>
      <header className="border-b border-slate-200 bg-slate-50">
        <div className="page-container py-8 sm:py-12">
          <nav aria-label="Breadcrumb">
            <ol className="flex flex-wrap items-center gap-1.5 text-sm text-slate-600">
              <li>
                <Link
                  to={paths.challenge(review.challenge.slug)}
                  className="rounded hover:text-slate-900 hover:underline"
                >
                  {review.challenge.title}
                </Link>
              </li>
              <li className="flex items-center gap-1.5">
                <ChevronRightIcon className="size-3.5 text-slate-400" />
                <span aria-current="page" className="font-medium text-slate-900">
                  Review report
                </span>
              </li>
            </ol>
          </nav>
          <div className="mt-5 flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
              Review of {review.challenge.title}
            </h1>
            <ReviewStatusBadge status={review.status} stage={review.stage} />
          </div>
          <dl className="mt-6 grid gap-x-8 gap-y-4 text-sm sm:grid-cols-2 lg:grid-cols-3">
            <div>
              <dt className="font-semibold text-slate-900">Member</dt>
              <dd className="mt-1">
                <Link
                  to={paths.profile(review.member.username)}
                  className="inline-flex items-center gap-2 rounded-sm font-medium text-accent-800 underline-offset-4 hover:underline"
                >
                  <Avatar src={review.member.avatarUrl} name={memberName} className="size-6" />
                  {memberName}
                  <span className="text-slate-600">@{review.member.username}</span>
                </Link>
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="font-semibold text-slate-900">Live site</dt>
              <dd className="mt-1 space-y-1">
                <p className="break-all text-slate-700">
                  Submitted:{' '}
                  {submitted ? (
                    <a
                      href={submitted}
                      target="_blank"
                      rel={MEMBER_LINK_REL}
                      data-testid="review-submitted-url"
                      className={externalLinkClasses}
                    >
                      {review.requestedUrl}
                      <span className="sr-only"> (opens in a new tab)</span>
                      <ExternalLinkIcon className="size-4 shrink-0" />
                    </a>
                  ) : (
                    <span>{review.requestedUrl}</span>
                  )}
                </p>
                {review.finalUrl ? (
                  // Plain text: where the browser ended up is evidence, not a link to follow.
                  <p className="break-all text-slate-700" data-testid="review-final-url">
                    The capture ended on: {review.finalUrl}
                  </p>
                ) : null}
                <SiteStatus review={review} />
              </dd>
            </div>
            {repository ? (
              <div className="min-w-0">
                <dt className="font-semibold text-slate-900">Repository</dt>
                <dd className="mt-1">
                  <a
                    href={repository}
                    target="_blank"
                    rel={MEMBER_LINK_REL}
                    data-testid="review-repository-url"
                    className={externalLinkClasses}
                  >
                    {review.repositoryUrl}
                    <span className="sr-only"> (opens in a new tab)</span>
                    <ExternalLinkIcon className="size-4 shrink-0" />
                  </a>
                </dd>
              </div>
            ) : null}
            <div>
              <dt className="font-semibold text-slate-900">{ranAt ? 'Ran' : 'Requested'}</dt>
              <dd className="mt-1 text-slate-700">
                <When iso={ranAt ?? review.createdAt} />
              </dd>
            </div>
          </dl>
        </div>
      </header>

      <div className="page-container space-y-8 py-8 sm:py-10">
        <ReviewState
          review={review}
          isOwner={isOwner}
          onRequested={(next) => navigate(reviewPath(next.id))}
        />

        {review.score !== null ? (
          <section
            aria-labelledby={overallId}
            className="rounded-2xl border border-slate-200 bg-white p-6 shadow-card sm:p-8"
          >
            <h2 id={overallId} className="text-lg font-semibold tracking-tight text-slate-900">
              Overall score
            </h2>
            <p className="mt-2 flex items-baseline gap-2">
              <span className="text-5xl font-bold tracking-tight text-slate-900 tabular-nums">
                {formatScore(review.score)}
              </span>
              <span className="text-base font-medium text-slate-600">/ 100</span>
              <ScoreBandLabel score={review.score} />
            </p>
            <div className="mt-4 max-w-xl">
              <ScoreMeter score={review.score} labelledBy={overallId} />
            </div>
            <p className="mt-3 text-sm text-slate-600">
              The mean of the three widths below. 100 means the page matches the design pixel for pixel; a
              blank page scores about 0.
            </p>
            {review.status === 'passed' ? (
              <div className="mt-5">
                <CopyMarkdown review={review} />
              </div>
            ) : null}
          </section>
        ) : null}

        <BreakpointSections breakpoints={orderedBreakpoints(review)} />

        {review.quality ? <QualityReport quality={review.quality} /> : null}

        {review.versions && Object.keys(review.versions).length > 0 ? (
          // Closed by default: what ran matters to reproduce a score, not to improve one.
          <details className="group text-sm text-slate-600" data-testid="engine-versions">
            <summary className="inline-flex cursor-pointer items-center gap-1.5 rounded-sm py-1 text-slate-900 [&::-webkit-details-marker]:hidden">
              <ChevronRightIcon className="size-4 shrink-0 transition-transform group-open:rotate-90" />
              <h2 className="text-base font-semibold">Engine versions</h2>
            </summary>
            <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1">
              {Object.entries(review.versions).map(([name, version]) => (
                <div key={name} className="flex gap-1.5">
                  <dt className="font-medium text-slate-800">{name}</dt>
                  <dd className="tabular-nums">{version}</dd>
                </div>
              ))}
            </dl>
          </details>
        ) : null}
      </div>
    </>
  )
}

/**
 * Whose site the capture ended on (docs/product.md §6, §10) and whether it still answers. Words, not colours:
 * "Verified" for the member's own site (their GitHub Pages site, or one carrying their verification tag), a
 * neutral note for one that is not shown to be theirs, "Offline" for a dead link.
 */
function SiteStatus({ review }: { review: Review }) {
  const { ownership, linkStatus } = review
  if (!ownership && linkStatus !== 'offline') return null
  return (
    <ul className="mt-2 flex flex-wrap items-center gap-2 text-sm" aria-label="Site status">
      {ownership === 'verified' ? (
        <li
          data-testid="ownership-badge"
          className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-600/25 ring-inset"
          title={`The site is @${review.member.username}'s own: their GitHub Pages site, or a site carrying their verification tag.`}
        >
          <CheckIcon strokeWidth="2.2" className="size-3.5" />
          <span>
            Verified<span className="sr-only"> (the member's own site)</span>
          </span>
        </li>
      ) : ownership === 'unverified' ? (
        <li data-testid="ownership-note" className="text-slate-600">
          Unverified: the site is not the member's GitHub Pages site and carries no verification tag of
          theirs.
        </li>
      ) : ownership === 'mismatch' ? (
        <li data-testid="ownership-note" className="text-slate-600">
          Not the member's GitHub Pages site.
        </li>
      ) : null}
      {linkStatus === 'offline' ? (
        <li
          data-testid="link-offline"
          className="inline-flex items-center rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800 ring-1 ring-slate-400/40 ring-inset"
        >
          <span>
            Offline<span className="sr-only"> (the site did not answer the last checks)</span>
          </span>
        </li>
      ) : null}
    </ul>
  )
}

function orderedBreakpoints(review: Review): ReviewBreakpoint[] {
  const order = Object.keys(LABELS)
  return [...review.breakpoints].sort((a, b) => order.indexOf(a.breakpoint) - order.indexOf(b.breakpoint))
}

/**
 * The verdict in words, in a live region that stays mounted, so each step of a pending review and then
 * its end are announced as the page polls. A failed review says why, and its member may review again.
 */
function ReviewState({
  review,
  isOwner,
  onRequested,
}: {
  review: Review
  isOwner: boolean
  onRequested: (review: { id: string }) => void
}) {
  const pending = isReviewPending(review.status)
  return (
    <div
      className={
        review.status === 'failed'
          ? 'rounded-2xl bg-rose-50 p-6 ring-1 ring-rose-200'
          : pending
            ? 'rounded-2xl border border-slate-200 bg-white p-6 shadow-card'
            : ''
      }
    >
      <div role="status" aria-live="polite" data-testid="review-state">
        {pending ? (
          <p className="text-base font-semibold text-slate-900">
            Reviewing the site. {progressAnnouncement(reviewProgress(review))}.
          </p>
        ) : review.status === 'failed' ? (
          <>
            <p className="flex items-center gap-2 text-base font-semibold text-rose-900">
              <AlertIcon className="size-5 shrink-0" />
              Review failed
            </p>
            <p className="mt-2 text-base text-rose-900">
              {review.error?.message ?? 'Something went wrong while reviewing the site.'}
            </p>
          </>
        ) : (
          <p className="sr-only">Review passed.</p>
        )}
      </div>
      {pending ? (
        <>
          <ReviewSteps
            review={review}
            className="mt-4 max-w-3xl"
            listClassName="grid gap-x-6 gap-y-2.5 sm:grid-cols-2 lg:grid-cols-3"
          />
          <p className="mt-4 text-sm text-slate-700">
            The platform visits the site at three widths, compares each capture with the design and audits the
            page. This page updates by itself.
          </p>
        </>
      ) : null}
      {review.status === 'failed' && isOwner ? (
        <RequestReview
          challengeId={review.challenge.id}
          onRequested={onRequested}
          className="mt-4 max-w-xs"
        />
      ) : null}
    </div>
  )
}

/** Each breakpoint's section, each with "Compare with the design", which opens one dialog for all. */
function BreakpointSections({ breakpoints }: { breakpoints: ReviewBreakpoint[] }) {
  const compare = useCompareWithDesign(breakpoints)
  return (
    <>
      {breakpoints.map((breakpoint) => (
        <BreakpointSection
          key={breakpoint.breakpoint}
          breakpoint={breakpoint}
          compareButton={compare.button(breakpoint.breakpoint)}
        />
      ))}
      {compare.dialog}
    </>
  )
}

function BreakpointSection({
  breakpoint,
  compareButton,
}: {
  breakpoint: ReviewBreakpoint
  compareButton: ReactNode
}) {
  const label = LABELS[breakpoint.breakpoint]
  const headingId = useId()
  const scoreId = useId()
  const ratio = breakpoint.heightRatio
  const height = heightSentence(breakpoint)
  const findings = breakpoint.elements?.findings ?? null
  const [selected, setSelected] = useState<number | null>(null)
  return (
    // Edge to edge on a phone (the page's 1rem padding undone), so the comparison gets the screen's
    // whole width; a card from 40rem on.
    <section
      aria-labelledby={headingId}
      className="-mx-4 grid gap-6 border-y border-slate-200 bg-white px-4 py-5 sm:mx-0 sm:rounded-2xl sm:border sm:p-6 sm:shadow-card lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10"
    >
      <div>
        <h2 id={headingId} className="text-lg font-semibold tracking-tight text-slate-900">
          {label} <span className="font-normal text-slate-600">{breakpoint.width} px</span>
        </h2>
        <p id={scoreId} className="mt-3 flex items-baseline gap-1.5">
          <span className="sr-only">{label} score: </span>
          <span className="text-4xl font-bold tracking-tight text-slate-900 tabular-nums">
            {formatScore(breakpoint.score)}
          </span>
          <span className="text-sm font-medium text-slate-600">/ 100</span>
          <ScoreBandLabel score={breakpoint.score} />
        </p>
        <div className="mt-3">
          <ScoreMeter score={breakpoint.score} labelledBy={scoreId} />
        </div>
        <dl className="mt-4 space-y-2 text-sm">
          <div>
            <dt className="font-medium text-slate-900">Height ratio</dt>
            <dd className="text-slate-700">
              {ratio.toFixed(2)}× the design ({breakpoint.captureHeight.toLocaleString('en')} px for{' '}
              {breakpoint.designHeight.toLocaleString('en')} px)
            </dd>
            {height ? (
              <dd className="mt-1 text-slate-700" data-testid="height-sentence">
                {height}
              </dd>
            ) : null}
          </div>
          {breakpoint.failedFonts.length > 0 ? (
            <div>
              <dt className="font-medium text-slate-900">Fonts that failed to load</dt>
              <dd className="text-rose-800">{breakpoint.failedFonts.join(', ')}</dd>
            </div>
          ) : null}
        </dl>
        <div className="mt-4">{compareButton}</div>
      </div>
      <BreakpointComparison
        breakpoint={breakpoint}
        label={label}
        finding={findings && selected !== null ? (findings[selected] ?? null) : null}
      />
      {findings ? (
        <div className="lg:col-span-2">
          <ElementFindings findings={findings} label={label} selected={selected} onSelect={setSelected} />
        </div>
      ) : null}
    </section>
  )
}

/** The page's shape while the review loads. */
export function ReviewReportSkeleton() {
  return (
    <>
      <p role="status" className="sr-only">
        Loading the review...
      </p>
      <div aria-hidden="true" className="border-b border-slate-200 bg-slate-50">
        <div className="page-container space-y-5 py-8 sm:py-12">
          <Skeleton className="h-4 w-48" />
          <Skeleton className="h-10 w-2/3 max-w-xl" />
          <Skeleton className="h-5 w-80 max-w-full" />
        </div>
      </div>
      <div aria-hidden="true" className="page-container space-y-6 py-8 sm:py-10">
        <Skeleton className="h-40 rounded-2xl" />
        <Skeleton className="h-96 rounded-2xl" />
      </div>
    </>
  )
}
