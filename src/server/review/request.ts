/**
 * Asking for reviews (docs/product.md §10). Every submit is an iteration with its own review; "Review
 * again" reviews the last submitted address once more, or answers with the review still waiting. Limits
 * stop abuse, not learners: the first review of a challenge is never refused; after it, at most
 * REVIEW_REQUESTS_PER_DAY reviews of a challenge in 24 hours, and a refusal says when the next is possible.
 * A review row and its job are written in one transaction: neither exists without the other.
 */
import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { submissionReviews, userChallenges } from '#server/db/schema.ts'
import type { JobQueue } from '#server/jobs/queue.ts'
import { type Lookup, unresolvedName } from '#server/review/address-policy.ts'
import { reviewSummary, summaryColumns, toReviewSummary } from '#server/review/read-model.ts'
import { REVIEW_JOB_KIND } from '#server/review/workers.ts'
import { REVIEW_REQUESTS_PER_DAY, type ReviewSummary } from '#shared/review.ts'

const DAY_MS = 24 * 60 * 60 * 1000

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

export type RequestReviewResult =
  | { outcome: 'queued' | 'existing'; review: ReviewSummary }
  /** REVIEW_REQUESTS_PER_DAY reviews of this challenge were asked for in the last 24 hours. */
  | { outcome: 'limited'; nextAt: Date }

/** "Review again" also answers this: the address's name does not resolve, so nothing was queued or spent. */
export type AgainResult = RequestReviewResult | { outcome: 'unresolvable'; message: string }

/** How long "Review again" waits for the address's name to resolve (docs/product.md §10). */
export const NAME_CHECK_TIMEOUT_MS = 3000
export type ReviewRequestsDeps = {
  db: Database
  queue: JobQueue
  /** Called after a review's status changed. */
  changed: () => void
  /** Called after a review job was queued. */
  queued: () => void
  /** Resolves names for "Review again"'s check; the system's resolver by default (tests give their own). */
  lookup?: Lookup
}

/** An iteration: the address the member submitted, and the repository named with it. */
export type Iteration = { liveUrl: string; repositoryUrl: string | null }

/** The member's own review requests of this solution (not the upgrade's re-review) in the last 24 hours. */
const askedToday = (userChallengeId: number) =>
  and(
    eq(submissionReviews.userChallengeId, userChallengeId),
    eq(submissionReviews.purpose, 'submit'),
    gt(submissionReviews.createdAt, sql`now() - ${DAY_MS}::double precision * interval '1 millisecond'`),
  )

/** How many of those there are. */
export async function requestsToday(executor: Pick<Database, 'select'>, userChallengeId: number) {
  const [row] = await executor
    .select({ n: count() })
    .from(submissionReviews)
    .where(askedToday(userChallengeId))
  return row?.n ?? 0
}

/**
 * When the next review of this solution may be asked for: null when one may be now. The member's own
 * requests count (not the upgrade's re-review); the first one is always possible.
 */
export async function nextRequestAt(
  executor: Pick<Database, 'select'>,
  userChallengeId: number,
): Promise<Date | null> {
  const recent = await executor
    .select({ createdAt: submissionReviews.createdAt })
    .from(submissionReviews)
    .where(askedToday(userChallengeId))
    .orderBy(desc(submissionReviews.createdAt))
    .limit(REVIEW_REQUESTS_PER_DAY)
  if (recent.length < REVIEW_REQUESTS_PER_DAY) return null
  // The oldest of the last REVIEW_REQUESTS_PER_DAY leaves the 24-hour window first.
  const oldest = recent[recent.length - 1]?.createdAt ?? new Date()
  return new Date(oldest.getTime() + DAY_MS)
}

/** "Try again in 3 h 12 min": when the next review is possible, in words that need no time zone. */
export function reviewLimitMessage(nextAt: Date, now = new Date()): string {
  const minutes = Math.max(1, Math.ceil((nextAt.getTime() - now.getTime()) / 60_000))
  const wait =
    minutes < 60
      ? `${minutes} min`
      : `${Math.floor(minutes / 60)} h${minutes % 60 === 0 ? '' : ` ${minutes % 60} min`}`
  return `You can ask for ${REVIEW_REQUESTS_PER_DAY} reviews of a challenge a day, and you have used them. Your next review is possible in ${wait}.`
}

/** Why "Review again" was refused for a name that does not resolve: the reason, and that it cost nothing. */
export function unresolvableMessage(reason: string): string {
  return `${reason} Nothing was reviewed and none of today's reviews was used: check the address, or change it.`
}

/** The solution's newest own review that still waits or runs: it reviews the address submitted last. */
async function pendingReview(
  executor: Pick<Database, 'select'>,
  userChallengeId: number,
): Promise<ReviewSummary | null> {
  const [pending] = await executor
    .select({ id: submissionReviews.id })
    .from(submissionReviews)
    .where(
      and(
        eq(submissionReviews.userChallengeId, userChallengeId),
        inArray(submissionReviews.status, ['queued', 'running']),
        eq(submissionReviews.purpose, 'submit'),
      ),
    )
    .orderBy(desc(submissionReviews.createdAt), desc(submissionReviews.id))
    .limit(1)
  return pending ? await reviewSummary(executor, pending.id) : null
}

export function createReviewRequests(deps: ReviewRequestsDeps) {
  const { db, queue, changed } = deps

  /**
   * Writes an iteration's review and its job in the caller's transaction, which holds the solution's
   * row (FOR UPDATE): two requests at once cannot both take the last review of the day.
   */
  const queueIn = async (
    tx: Transaction,
    userChallengeId: number,
    iteration: Iteration,
  ): Promise<RequestReviewResult> => {
    const nextAt = await nextRequestAt(tx, userChallengeId)
    if (nextAt) return { outcome: 'limited', nextAt }
    const [row] = await tx
      .insert(submissionReviews)
      .values({ userChallengeId, requestedUrl: iteration.liveUrl, repositoryUrl: iteration.repositoryUrl })
      .returning({ internalId: submissionReviews.id, ...summaryColumns })
    if (!row) throw new Error('the review was not written')
    await queue.enqueueIn(tx, REVIEW_JOB_KIND, { reviewId: row.internalId })
    return { outcome: 'queued', review: toReviewSummary(row) }
  }

  /** Tells the workers and the caches, once the transaction that queued a review has committed. */
  const afterQueued = (result: RequestReviewResult) => {
    if (result.outcome !== 'queued') return
    changed()
    deps.queued()
  }

  /**
   * "Review again": the solution's last submitted address, once more. While one of its reviews still
   * waits or runs, that one is the answer.
   */
  const requestReview = async (userChallengeId: number, iteration: Iteration): Promise<AgainResult> => {
    // A name that does not resolve would only fail again, and cost one of the day's reviews: it is
    // refused first, outside the transaction (a lookup may take seconds), unless a review is on its way.
    const unresolved = await unresolvedName(new URL(iteration.liveUrl).hostname, {
      lookup: deps.lookup,
      timeoutMs: NAME_CHECK_TIMEOUT_MS,
    })
    if (unresolved) {
      const waiting = await pendingReview(db, userChallengeId)
      return waiting
        ? { outcome: 'existing', review: waiting }
        : { outcome: 'unresolvable', message: unresolvableMessage(unresolved.message) }
    }
    const result = await db.transaction(async (tx): Promise<RequestReviewResult> => {
      await tx
        .select({ id: userChallenges.id })
        .from(userChallenges)
        .where(eq(userChallenges.id, userChallengeId))
        .for('update')
      const pending = await pendingReview(tx, userChallengeId)
      if (pending) return { outcome: 'existing', review: pending }
      return queueIn(tx, userChallengeId, iteration)
    })
    afterQueued(result)
    return result
  }

  return { queueIn, afterQueued, requestReview }
}
