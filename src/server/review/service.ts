/**
 * The review service the app and the workers use. It only composes the four parts: asking for reviews
 * (request.ts), running one (pipeline.ts), the review jobs on the queue (workers.ts) and reading them
 * (read-model.ts). The parts never import this file.
 */
import type { Database } from '#server/db/client.ts'
import type { EventEmitter } from '#server/events/bus.ts'
import type { JobQueue } from '#server/jobs/queue.ts'
import type { Logger } from '#server/logger.ts'
import type { Lookup } from '#server/review/address-policy.ts'
import { createReviewPipeline, type ReviewCaptureDeps } from '#server/review/pipeline.ts'
import { readReview, reviewSummariesOf } from '#server/review/read-model.ts'
import { createReviewRequests, nextRequestAt, requestsToday } from '#server/review/request.ts'
import { createReviewJobs } from '#server/review/workers.ts'
import type { Storage } from '#server/storage/storage.ts'
import { type MemberReviewsResponse, REVIEW_REQUESTS_PER_DAY, type Review } from '#shared/review.ts'

export type ReviewServiceDeps = {
  db: Database
  storage: Storage
  queue: JobQueue
  log: Logger
  /** Needed only where reviews run (workers); a web-only process queues and reads without it. */
  capture?: ReviewCaptureDeps
  /** Called after a review job was queued, e.g. to wake this process's workers at once. */
  onQueued?: () => void
  /** Told when a review progressed or settled (events/bus.ts): profiles show it, points may move. */
  events: EventEmitter
  /** Resolves names for "Review again"'s check (request.ts); the system's resolver by default. */
  lookup?: Lookup
}

export function createReviewService(deps: ReviewServiceDeps) {
  const { db, storage, queue, log } = deps
  const changed = () => deps.events.emit({ type: 'review-progressed' })
  const requests = createReviewRequests({
    db,
    queue,
    changed,
    queued: () => deps.onQueued?.(),
    ...(deps.lookup ? { lookup: deps.lookup } : {}),
  })
  const pipeline = createReviewPipeline({
    db,
    storage,
    capture: deps.capture,
    changed,
    events: deps.events,
  })
  const jobs = createReviewJobs({ db, queue, log, pipeline, changed })

  return {
    requestReview: requests.requestReview,
    queueIn: requests.queueIn,
    afterQueued: requests.afterQueued,
    runReview: pipeline.runReview,
    handleJob: jobs.handleJob,
    workerQueue: jobs.workerQueue,

    /**
     * A report by its public id, for this reader (a member's id, or null for a visitor): a review that has
     * not passed is its member's only (docs/product.md §10). Null when unknown or not theirs to read.
     */
    async getReview(publicId: string, readerId: string | null): Promise<Review | null> {
      const found = await readReview(db, publicId)
      if (!found) return null
      return found.review.status === 'passed' || found.memberId === readerId ? found.review : null
    },

    /** A submission's reviews, newest first, how many more may be asked for today, and when the next may. */
    async listMemberReviews(userChallengeId: number): Promise<Omit<MemberReviewsResponse, 'solutionId'>> {
      const [reviews, nextAt, today] = await Promise.all([
        reviewSummariesOf(db, userChallengeId),
        nextRequestAt(db, userChallengeId),
        requestsToday(db, userChallengeId),
      ])
      return {
        reviews,
        requestsLeftToday: Math.max(0, REVIEW_REQUESTS_PER_DAY - today),
        nextRequestAt: nextAt?.toISOString() ?? null,
      }
    },
  }
}

export type ReviewService = ReturnType<typeof createReviewService>
