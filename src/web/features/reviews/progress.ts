import type { MemberReviewsResponse, ReviewStage, ReviewStatus, ReviewSummary } from '#shared/review.ts'

/**
 * A pending review's steps as the app shows them (docs/product.md §10): it waits, then a worker captures
 * the three widths, scores them and audits the page. The stages repeat REVIEW_STAGES of
 * #shared/review.ts, in its order (not imported: that module carries zod; progress.test.ts compares
 * them). Pure functions, so the panel and the report say the same thing.
 */
const REVIEW_STEPS = [
  { id: 'queued', label: 'Queued' },
  { id: 'capturing-desktop', label: 'Capturing desktop' },
  { id: 'capturing-tablet', label: 'Capturing tablet' },
  { id: 'capturing-mobile', label: 'Capturing mobile' },
  { id: 'scoring', label: 'Scoring' },
  { id: 'auditing', label: 'Auditing' },
] as const satisfies ReadonlyArray<{ id: 'queued' | ReviewStage; label: string }>

type ReviewStepId = (typeof REVIEW_STEPS)[number]['id']
type StepState = 'done' | 'current' | 'waiting'
export type ReviewStep = { id: ReviewStepId; label: string; state: StepState }

/** Where a review is: every step with its state, and the current one's index (= the steps done). */
type ReviewProgress = { steps: ReviewStep[]; current: number; total: number }

/** The index of the step a review is at; every step is done once it ended. */
function currentStep(status: ReviewStatus, stage: ReviewStage | null): number {
  if (status === 'queued') return 0
  if (status === 'running') {
    // Running before its first stage is recorded: the first capture is what comes.
    const index = stage ? REVIEW_STEPS.findIndex((step) => step.id === stage) : -1
    return index > 0 ? index : 1
  }
  return REVIEW_STEPS.length
}

export function reviewProgress(review: { status: ReviewStatus; stage: ReviewStage | null }): ReviewProgress {
  const current = currentStep(review.status, review.stage)
  return {
    steps: REVIEW_STEPS.map((step, index) => ({
      ...step,
      state: index < current ? 'done' : index === current ? 'current' : 'waiting',
    })),
    current,
    total: REVIEW_STEPS.length,
  }
}

/** What a live region says while the review is pending, e.g. "Step 3 of 6: Capturing tablet". */
export function progressAnnouncement(progress: ReviewProgress): string {
  const step = progress.steps[progress.current]
  return step ? `Step ${progress.current + 1} of ${progress.total}: ${step.label}` : 'Review finished'
}

/** The label of a running review's stage ("Capturing tablet"), or null before it has one. */
export function stageLabel(stage: ReviewStage | null): string | null {
  return REVIEW_STEPS.find((step) => step.id === stage)?.label ?? null
}

type TimeFormats = { time: Intl.DateTimeFormat; dated: Intl.DateTimeFormat }

/** In the reader's locale and time zone; built on first use (lib/format.ts says why). */
let readerFormats: TimeFormats | undefined

function timeFormats(locale: string | undefined, timeZone: string | undefined): TimeFormats {
  const build = () => ({
    time: new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone }),
    dated: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }),
  })
  if (locale !== undefined || timeZone !== undefined) return build()
  readerFormats ??= build()
  return readerFormats
}

/**
 * A time a few hours away, in the reader's zone: "14:05" (or "2:05 PM") when it is today, else with its
 * date, "Mar 12, 2026, 14:05". `locale` and `timeZone` are for tests.
 */
export function formatLocalTime(
  iso: string,
  nowMs: number,
  options: { locale?: string; timeZone?: string } = {},
): string {
  const date = new Date(iso)
  const { time, dated } = timeFormats(options.locale, options.timeZone)
  const day = (ms: number) =>
    options.timeZone === undefined
      ? new Date(ms).toDateString()
      : new Intl.DateTimeFormat('en-CA', { dateStyle: 'short', timeZone: options.timeZone }).format(ms)
  return day(date.getTime()) === day(nowMs) ? time.format(date) : dated.format(date)
}

/** What the member may still ask for today, in one sentence (beside "Review again"). */
type Allowance =
  | { kind: 'left'; text: string }
  | { kind: 'wait'; text: string; until: string; at: string }
  | { kind: 'none'; text: string }

export function allowanceOf(
  reviews: Pick<MemberReviewsResponse, 'requestsLeftToday' | 'nextRequestAt'>,
  nowMs: number,
  format: (iso: string, nowMs: number) => string = formatLocalTime,
): Allowance {
  const left = reviews.requestsLeftToday
  if (left > 0) return { kind: 'left', text: `${left} ${left === 1 ? 'review' : 'reviews'} left today.` }
  const next = reviews.nextRequestAt
  if (next && Date.parse(next) > nowMs) {
    const at = format(next, nowMs)
    return { kind: 'wait', text: `Next review possible at ${at}.`, until: next, at }
  }
  if (next) return { kind: 'left', text: 'You can ask for a review again now.' }
  return { kind: 'none', text: 'No reviews left today.' }
}

/** Whether "Review again" may be pressed: a review left, or the time of the next one has come. */
export function canRequestReview(allowance: Allowance): boolean {
  return allowance.kind === 'left'
}

/**
 * Follows the newest review of a challenge from poll to poll, so the page knows when one it watched
 * pending has ended (once), and when that end earned points the member has not been shown yet. It
 * outlives the panel (a module-level instance in the browser), so leaving the page and coming back
 * still shows an achievement that was not acknowledged.
 */
export function createReviewWatcher() {
  const seenPending = new Set<string>()
  const ended = new Set<string>()
  const acknowledged = new Set<string>()
  return {
    observe(review: Pick<ReviewSummary, 'id' | 'status' | 'pointsAwarded'>): {
      justEnded: boolean
      achievement: boolean
    } {
      if (review.status === 'queued' || review.status === 'running') {
        seenPending.add(review.id)
        return { justEnded: false, achievement: false }
      }
      // A review found already over was not watched: nothing to celebrate or refresh.
      if (!seenPending.has(review.id)) return { justEnded: false, achievement: false }
      const justEnded = !ended.has(review.id)
      ended.add(review.id)
      return {
        justEnded,
        achievement: review.status === 'passed' && review.pointsAwarded > 0 && !acknowledged.has(review.id),
      }
    },
    /** The member closed the overlay: it does not open again for this review. */
    acknowledge(reviewId: string): void {
      acknowledged.add(reviewId)
    },
  }
}
