/**
 * The review service the app and the workers use. It only composes the four parts: asking for reviews
 * (request.ts), running one (pipeline.ts), the review jobs on the queue (workers.ts) and reading them
 * (read-model.ts). The parts never import this file.
 */
import type { Database } from '#server/db/client.ts'
import type { JobQueue } from '#server/jobs/queue.ts'
import type { Logger } from '#server/logger.ts'
import { createReviewPipeline, type ReviewCaptureDeps } from '#server/review/pipeline.ts'
import { readReview, reviewSummariesOf } from '#server/review/read-model.ts'
import { createReviewRequests } from '#server/review/request.ts'
import { createReviewJobs } from '#server/review/workers.ts'
import type { Storage } from '#server/storage/storage.ts'
import type { Review } from '#shared/review.ts'

export type ReviewServiceDeps = {
  db: Database
  storage: Storage
  queue: JobQueue
  log: Logger
  /** Needed only where reviews run (workers); a web-only process queues and reads without it. */
  capture?: ReviewCaptureDeps
  /** Called after a review job was queued, e.g. to wake this process's workers at once. */
  onQueued?: () => void
  /** Called after a review's status changed (queued, running, done, failed): profiles show it. */
  onReviewChanged?: () => void
}

export function createReviewService(deps: ReviewServiceDeps) {
  const { db, storage, queue, log } = deps
  const changed = () => deps.onReviewChanged?.()
  const requests = createReviewRequests({ db, queue, changed, queued: () => deps.onQueued?.() })
  const pipeline = createReviewPipeline({ db, storage, capture: deps.capture, changed })
  const jobs = createReviewJobs({ db, queue, log, pipeline, changed })

  return {
    requestReview: requests.requestReview,
    requestsLeftToday: requests.requestsLeftToday,
    runReview: pipeline.runReview,
    handleJob: jobs.handleJob,
    workerQueue: jobs.workerQueue,

    /** The public report; null for an unknown id. */
    getReview: (id: number): Promise<Review | null> => readReview(db, id),

    /** A submission's reviews, newest first, and how many more may be requested today. */
    async listMemberReviews(userChallengeId: number) {
      const [reviews, requestsLeftToday] = await Promise.all([
        reviewSummariesOf(db, userChallengeId),
        requests.requestsLeftToday(userChallengeId),
      ])
      return { reviews, requestsLeftToday }
    },
  }
}

export type ReviewService = ReturnType<typeof createReviewService>
