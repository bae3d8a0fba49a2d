/**
 * Asking for reviews (docs/product.md §10): queues a review job per request, at most
 * REVIEW_REQUESTS_PER_DAY per submission in 24 hours, and while one still waits or runs, asking again
 * returns that one.
 */
import { and, count, eq, gt, inArray, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { jobs, submissionReviews, userChallenges } from '#server/db/schema.ts'
import type { JobQueue } from '#server/jobs/queue.ts'
import { reviewSummary, summaryColumns, toReviewSummary } from '#server/review/read-model.ts'
import { REVIEW_JOB_KIND, reviewIdOf } from '#server/review/workers.ts'
import { REVIEW_REQUESTS_PER_DAY, type ReviewSummary } from '#shared/review.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/** One queued or running review job per submission: asking again while it waits returns that review. */
const reviewDedupeKey = (userChallengeId: number) => `review:${userChallengeId}`

export type RequestReviewResult =
  | { outcome: 'queued' | 'existing'; review: ReviewSummary }
  /** REVIEW_REQUESTS_PER_DAY reviews of this submission were created in the last 24 hours. */
  | { outcome: 'limited' }

export type ReviewRequestsDeps = {
  db: Database
  queue: JobQueue
  /** Called after a review's status changed. */
  changed: () => void
  /** Called after a review job was queued. */
  queued: () => void
}

export function createReviewRequests(deps: ReviewRequestsDeps) {
  const { db, queue, changed } = deps

  /** The review an unfinished job of this submission is working on, if any. */
  const pendingReview = async (userChallengeId: number) => {
    const [row] = await db
      .select({
        id: submissionReviews.id,
        status: submissionReviews.status,
        url: submissionReviews.requestedUrl,
      })
      .from(jobs)
      .innerJoin(submissionReviews, eq(submissionReviews.id, sql`(${jobs.payload}->>'reviewId')::int`))
      .where(
        and(
          eq(jobs.dedupeKey, reviewDedupeKey(userChallengeId)),
          inArray(jobs.status, ['queued', 'running']),
        ),
      )
    return row ?? null
  }

  /** While a review still waits, a new live URL replaces the one it will open: it reviews the submission as it is. */
  const existing = async (
    review: { id: number; status: string; url: string },
    liveUrl: string,
  ): Promise<RequestReviewResult | null> => {
    if (review.status === 'queued' && review.url !== liveUrl) {
      await db
        .update(submissionReviews)
        .set({ requestedUrl: liveUrl })
        .where(and(eq(submissionReviews.id, review.id), eq(submissionReviews.status, 'queued')))
    }
    const summary = await reviewSummary(db, review.id)
    return summary ? { outcome: 'existing', review: summary } : null
  }

  const requestsMadeToday = async (userChallengeId: number, executor: Pick<Database, 'select'> = db) => {
    const [row] = await executor
      .select({ n: count() })
      .from(submissionReviews)
      .where(
        and(
          eq(submissionReviews.userChallengeId, userChallengeId),
          gt(
            submissionReviews.createdAt,
            sql`now() - ${DAY_MS}::double precision * interval '1 millisecond'`,
          ),
        ),
      )
    return row?.n ?? 0
  }

  /**
   * Queues a review of a submission's live site, or returns the one already waiting for it; at most
   * REVIEW_REQUESTS_PER_DAY are created per submission in 24 hours.
   */
  const requestReview = async (userChallengeId: number, liveUrl: string): Promise<RequestReviewResult> => {
    const pending = await pendingReview(userChallengeId)
    if (pending) {
      const result = await existing(pending, liveUrl)
      if (result) return result
    }
    // The submission's row is locked while counting and inserting, so two requests at once cannot
    // both take the last review of the day.
    const created = await db.transaction(async (tx) => {
      await tx
        .select({ id: userChallenges.id })
        .from(userChallenges)
        .where(eq(userChallenges.id, userChallengeId))
        .for('update')
      if ((await requestsMadeToday(userChallengeId, tx)) >= REVIEW_REQUESTS_PER_DAY) return null
      const [row] = await tx
        .insert(submissionReviews)
        .values({ userChallengeId, requestedUrl: liveUrl })
        .returning(summaryColumns)
      return row ?? null
    })
    if (!created) return { outcome: 'limited' }
    const job = await queue.enqueue(
      REVIEW_JOB_KIND,
      { reviewId: created.id },
      { dedupeKey: reviewDedupeKey(userChallengeId) },
    )
    const jobReviewId = reviewIdOf(job)
    if (jobReviewId !== created.id) {
      // Another request queued its review between our look and our insert: that one stands.
      await db.delete(submissionReviews).where(eq(submissionReviews.id, created.id))
      const holder = jobReviewId !== null ? await pendingReview(userChallengeId) : null
      const result = holder ? await existing(holder, liveUrl) : null
      if (result) return result
      throw new Error(`review job ${job.id} holds ${reviewDedupeKey(userChallengeId)} without a review`)
    }
    changed()
    deps.queued()
    return { outcome: 'queued', review: toReviewSummary(created) }
  }

  const requestsLeftToday = async (userChallengeId: number): Promise<number> =>
    Math.max(0, REVIEW_REQUESTS_PER_DAY - (await requestsMadeToday(userChallengeId)))

  return { requestReview, requestsLeftToday }
}
