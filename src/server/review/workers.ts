/**
 * Reviews on the job queue: the review job's kind and payload, the queue as the review workers see it
 * (a final capture error fails the review without retry, a retried or released job's review waits
 * again, a dead job's review fails), and starting those workers in a process.
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '#server/db/client.ts'
import { jobs, submissionReviews } from '#server/db/schema.ts'
import { type Job, type JobHandler, type JobQueue, startWorkers, type Workers } from '#server/jobs/queue.ts'
import type { Logger } from '#server/logger.ts'
import type { CaptureError } from '#server/review/capture-errors.ts'
import { isFinal, type ReviewPipeline } from '#server/review/pipeline.ts'
import { REVIEW_FAILED } from '#server/review/read-model.ts'

/** The job kind the review workers take. */
export const REVIEW_JOB_KIND = 'review'

/** A review job holds its lease this long between renewals (every third of it). */
const REVIEW_LEASE_MS = 60_000
/** How long an idle worker waits before looking at the queue again; a review queued here wakes it at once. */
const REVIEW_POLL_MS = 1000

/** What a review job carries: the review it runs. Parsed, as a job's row may come from anywhere. */
const reviewPayload = z.object({ reviewId: z.number().int().positive() })

/** The review a job names, or null when its payload is not a review's. */
export function reviewIdOf(job: Job): number | null {
  const payload = reviewPayload.safeParse(job.payload)
  return payload.success ? payload.data.reviewId : null
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

export type ReviewJobsDeps = {
  db: Database
  queue: JobQueue
  log: Logger
  pipeline: ReviewPipeline
  /** Called after a review's status changed. */
  changed: () => void
}

export function createReviewJobs(deps: ReviewJobsDeps) {
  const { db, queue, log, pipeline, changed } = deps

  /**
   * Reviews whose job ended dead (attempts used up, or the lease of the last attempt ran out while its
   * worker was gone) would otherwise show queued or running forever.
   */
  const failReviewsOfDeadJobs = async () => {
    const dead = await db
      .select({ id: submissionReviews.id })
      .from(submissionReviews)
      .innerJoin(
        jobs,
        and(
          eq(jobs.kind, REVIEW_JOB_KIND),
          eq(jobs.status, 'dead'),
          eq(submissionReviews.id, sql`(${jobs.payload}->>'reviewId')::int`),
        ),
      )
      .where(inArray(submissionReviews.status, ['queued', 'running']))
      .limit(100)
    // One at a time: a failed upgrade re-review also settles the member's points (outcome.ts).
    for (const { id } of dead) await pipeline.markFailed(id, REVIEW_FAILED.code, REVIEW_FAILED.message)
  }

  /** startWorkers' handler for review jobs. */
  const handleJob = (async (job: Job, { signal }) => {
    const reviewId = reviewIdOf(job)
    if (reviewId === null) throw new Error(`review job ${job.id} names no review`)
    await pipeline.runReview(reviewId, signal)
  }) satisfies JobHandler

  /**
   * The queue as the review workers should see it: a CaptureError fails the job without retry; a
   * retried or released job's review shows queued again; a job that ends dead fails its review with a plain
   * sentence. Dead jobs whose worker vanished are found at most once per `sweepMs`.
   */
  const workerQueue = (options: { sweepMs?: number } = {}): JobQueue => {
    const sweepMs = options.sweepMs ?? 60_000
    const showQueuedAgain = async (reviewId: number) => {
      await db
        .update(submissionReviews)
        .set({ status: 'queued', stage: null })
        .where(and(eq(submissionReviews.id, reviewId), eq(submissionReviews.status, 'running')))
      changed()
    }
    let lastSweep = 0
    return {
      ...queue,
      async claim(kinds, leaseMs) {
        const job = await queue.claim(kinds, leaseMs)
        if (Date.now() - lastSweep >= sweepMs) {
          lastSweep = Date.now()
          await failReviewsOfDeadJobs().catch((error: unknown) =>
            log.warn('reviews: could not fail the reviews of dead jobs', { error: errorMessage(error) }),
          )
        }
        return job
      },
      async fail(job, error, failOptions) {
        const final = isFinal(error)
        const outcome = await queue.fail(job, error, final ? { retry: false } : failOptions)
        const reviewId = reviewIdOf(job)
        if (job.kind !== REVIEW_JOB_KIND || reviewId === null) return outcome
        if (outcome === 'failed' && final) {
          // runReview has written the site's sentence already, unless the error came from elsewhere.
          const { code, message } = error as CaptureError
          await pipeline.markFailed(reviewId, code, message)
        } else if (outcome === 'dead' || outcome === 'failed') {
          log.error('reviews: a review failed for good', { reviewId, error: errorMessage(error) })
          await pipeline.markFailed(reviewId, REVIEW_FAILED.code, REVIEW_FAILED.message)
        } else if (outcome === 'retry') {
          await showQueuedAgain(reviewId)
        }
        return outcome
      },
      // A stopping process gives its running reviews back: they wait in the queue again.
      async release(job) {
        const held = await queue.release(job)
        const reviewId = reviewIdOf(job)
        if (held && job.kind === REVIEW_JOB_KIND && reviewId !== null) await showQueuedAgain(reviewId)
        return held
      },
    }
  }

  return { handleJob, workerQueue }
}

export type ReviewJobs = ReturnType<typeof createReviewJobs>

/** Runs `count` reviews at a time in this process until `stop()`; 0 runs none. */
export function startReviewWorkers(
  reviews: ReviewJobs,
  options: { count: number; log: Logger; leaseMs?: number; pollMs?: number; stopTimeoutMs?: number },
): Workers {
  return startWorkers({
    queue: reviews.workerQueue(),
    count: options.count,
    kinds: [REVIEW_JOB_KIND],
    handle: reviews.handleJob,
    leaseMs: options.leaseMs ?? REVIEW_LEASE_MS,
    pollMs: options.pollMs ?? REVIEW_POLL_MS,
    log: options.log,
    ...(options.stopTimeoutMs === undefined ? {} : { stopTimeoutMs: options.stopTimeoutMs }),
  })
}
