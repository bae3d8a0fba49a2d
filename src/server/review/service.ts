import { createRequire } from 'node:module'
import { buffer } from 'node:stream/consumers'
import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import { fileUrl } from '#server/catalogue/challenge-rows.ts'
import type { Database } from '#server/db/client.ts'
import {
  challenges,
  jobs,
  reviewBreakpoints,
  submissionReviews,
  userChallenges,
  users,
} from '#server/db/schema.ts'
import { type Job, type JobHandler, type JobQueue, startWorkers, type Workers } from '#server/jobs/queue.ts'
import type { Logger } from '#server/logger.ts'
import type { BrowserPool, CapturedBreakpoint, SiteCapture } from '#server/review/capture.ts'
import { CaptureError } from '#server/review/capture-errors.ts'
import { scoreCapture } from '#server/review/score.ts'
import { loadSharp } from '#server/sharp.ts'
import type { Storage } from '#server/storage/storage.ts'
import { type LinkStatus, type Ownership, ownershipSchema } from '#shared/ownership.ts'
import {
  AXE_BREAKPOINTS,
  REVIEW_BREAKPOINTS,
  REVIEW_REQUESTS_PER_DAY,
  type Review,
  type ReviewBreakpointName,
  type ReviewQuality,
  type ReviewStatus,
  type ReviewSummary,
  reviewQualitySchema,
} from '#shared/review.ts'

/** What a review job carries: the review it runs. Parsed, as a job's row may come from anywhere. */
const reviewPayload = z.object({ reviewId: z.number().int().positive() })

/** The review a job names, or null when its payload is not a review's. */
function reviewIdOf(job: Job): number | null {
  const payload = reviewPayload.safeParse(job.payload)
  return payload.success ? payload.data.reviewId : null
}

/** The job kind the review workers take. */
export const REVIEW_JOB_KIND = 'review'

/** What a member reads when a review ended without a result and trying again later may help. */
export const REVIEW_FAILED = {
  code: 'review_failed',
  message: 'We could not review this site. Please try again later.',
} as const

const DAY_MS = 24 * 60 * 60 * 1000

const pixelmatchVersion: string = createRequire(import.meta.url)('pixelmatch/package.json').version

/** One queued or running review job per submission: asking again while it waits returns that review. */
export const reviewDedupeKey = (userChallengeId: number) => `review:${userChallengeId}`

/** Where a review's images live; under public/, so /files/reviews/<id>/... serves them (reports are public). */
export const reviewImageKey = (
  reviewId: number,
  breakpoint: ReviewBreakpointName,
  kind: 'capture' | 'diff',
) => `public/reviews/${reviewId}/${breakpoint}-${kind}.png`

type CaptureModule = typeof import('#server/review/capture.ts')

/**
 * The browser code is loaded with the first review a process runs: a web-only process (and every test
 * that is not about reviews) never loads Playwright.
 */
let captureModule: Promise<CaptureModule> | undefined
const loadCapture = () => {
  captureModule ??= import('#server/review/capture.ts')
  return captureModule
}

type QualityModule = typeof import('#server/review/quality/report.ts')
type LighthouseModule = typeof import('#server/review/quality/lighthouse.ts')

/** The audits' code (html-validate, Lighthouse) is loaded with the first review too. */
let qualityModule: Promise<QualityModule> | undefined
const loadQuality = () => {
  qualityModule ??= import('#server/review/quality/report.ts')
  return qualityModule
}

/** The quality report's audits (issue 11); each is on unless turned off here. */
export type ReviewAuditDeps = {
  /** axe on the desktop and mobile pages, while the capture has them open. */
  axe?: boolean
  /** html-validate on the served HTML (and the rendered DOM of a page its scripts build). */
  html?: boolean
  /**
   * Lighthouse on the desktop address: the real run by default, a stand-in in tests, or false for none
   * (it takes tens of seconds, which most tests have no use for).
   */
  lighthouse?: false | LighthouseModule['runLighthouse']
}

export type ReviewCaptureDeps = {
  pool: BrowserPool
  /** Tests only (REVIEW_ALLOW_LOOPBACK): lets the capture open sites on 127.0.0.1. */
  allowLoopback?: boolean | { ports: readonly number[] }
  /** The capture functions; the real ones by default, stand-ins in tests that are not about the browser. */
  captureSite?: CaptureModule['captureSite']
  renderDesign?: CaptureModule['renderDesign']
  audits?: ReviewAuditDeps
}

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

export type RequestReviewResult =
  | { outcome: 'queued' | 'existing'; review: ReviewSummary }
  /** REVIEW_REQUESTS_PER_DAY reviews of this submission were created in the last 24 hours. */
  | { outcome: 'limited' }

/**
 * The mean of a review's breakpoint scores, one decimal, null until done; in SQL so lists and reports
 * agree to the digit. Columns are named in full: Drizzle leaves them bare in a one-table select, where
 * the subquery's `id` would be the breakpoint's own.
 */
export const scoreOf = sql<number | null>`case when "submission_reviews"."status" = 'done' then (
  select round(avg(b."score"::numeric), 1)::float8
  from "review_breakpoints" b where b."review_id" = "submission_reviews"."id"
) end`

const summaryColumns = {
  id: submissionReviews.id,
  status: submissionReviews.status,
  score: scoreOf,
  createdAt: submissionReviews.createdAt,
}

type SummaryRow = { id: number; status: string; score: number | null; createdAt: Date }

export function toReviewSummary(row: SummaryRow): ReviewSummary {
  return {
    id: row.id,
    status: row.status as ReviewStatus,
    score: row.score === null ? null : Number(row.score),
    createdAt: row.createdAt.toISOString(),
  }
}

/** The profile's LEFT JOIN LATERAL: a submission's newest review; every column null when it has none. */
export function latestReviewOf(db: Database, userChallengeId: typeof userChallenges.id) {
  return db
    .select({
      id: sql<number | null>`${submissionReviews.id}`.as('latest_review_id'),
      status: sql<string | null>`${submissionReviews.status}`.as('latest_review_status'),
      score: scoreOf.as('latest_review_score'),
      createdAt: sql<Date | null>`${submissionReviews.createdAt}`
        .mapWith(submissionReviews.createdAt)
        .as('latest_review_created_at'),
    })
    .from(submissionReviews)
    .where(eq(submissionReviews.userChallengeId, userChallengeId))
    .orderBy(desc(submissionReviews.createdAt), desc(submissionReviews.id))
    .limit(1)
    .as('latest_review')
}

const DESIGN_COLUMN = { desktop: 'templateImg', tablet: 'tabletImg', mobile: 'mobileImg' } as const

/**
 * A CaptureError is the site's answer (unreachable, too large, too slow...): trying again would not help,
 * so the review fails with its sentence. `browser_failed` is ours, not the site's: retried like any error.
 */
function isFinal(error: unknown): boolean {
  return error instanceof CaptureError && error.code !== 'browser_failed'
}

/** A stored report in today's shape, or null (none yet, or written by an older version in another shape). */
function storedQuality(value: unknown): ReviewQuality | null {
  if (value === null || value === undefined) return null
  const parsed = reviewQualitySchema.safeParse(value)
  return parsed.success ? parsed.data : null
}

function storedOwnership(value: string | null): Ownership | null {
  const parsed = ownershipSchema.safeParse(value)
  return parsed.success ? parsed.data : null
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

export function createReviewService(deps: ReviewServiceDeps) {
  const { db, storage, queue, log } = deps
  const changed = () => deps.onReviewChanged?.()

  const summaryById = async (id: number): Promise<ReviewSummary | null> => {
    const [row] = await db.select(summaryColumns).from(submissionReviews).where(eq(submissionReviews.id, id))
    return row ? toReviewSummary(row) : null
  }

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
    const summary = await summaryById(review.id)
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

  const markFailed = async (reviewId: number, code: string, message: string) => {
    await db
      .update(submissionReviews)
      .set({ status: 'failed', errorCode: code, errorMessage: message, finishedAt: sql`now()` })
      .where(
        and(eq(submissionReviews.id, reviewId), inArray(submissionReviews.status, ['queued', 'running'])),
      )
    changed()
  }

  /**
   * Reviews whose job ended dead (attempts used up, or the lease of the last attempt ran out while its
   * worker was gone) would otherwise show queued or running forever.
   */
  const failReviewsOfDeadJobs = async () => {
    const dead = db
      .select({ id: sql<number>`(${jobs.payload}->>'reviewId')::int` })
      .from(jobs)
      .where(and(eq(jobs.kind, REVIEW_JOB_KIND), eq(jobs.status, 'dead')))
    await db
      .update(submissionReviews)
      .set({
        status: 'failed',
        errorCode: REVIEW_FAILED.code,
        errorMessage: REVIEW_FAILED.message,
        finishedAt: sql`now()`,
      })
      .where(
        and(inArray(submissionReviews.status, ['queued', 'running']), inArray(submissionReviews.id, dead)),
      )
    changed()
  }

  const readDesign = async (key: string): Promise<Buffer> => {
    const object = await storage.get(key)
    if (!object) throw new Error(`The design image ${key} is missing from storage.`)
    // Stored as WebP for the web; the browser renders the design from a PNG.
    const sharp = await loadSharp()
    return sharp(await buffer(object.open()))
      .png()
      .toBuffer()
  }

  const service = {
    /**
     * Queues a review of a submission's live site, or returns the one already waiting for it; at most
     * REVIEW_REQUESTS_PER_DAY are created per submission in 24 hours.
     */
    async requestReview(userChallengeId: number, liveUrl: string): Promise<RequestReviewResult> {
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
      deps.onQueued?.()
      return { outcome: 'queued', review: toReviewSummary(created) }
    },

    async requestsLeftToday(userChallengeId: number): Promise<number> {
      return Math.max(0, REVIEW_REQUESTS_PER_DAY - (await requestsMadeToday(userChallengeId)))
    },

    /**
     * The job: captures the site at the three widths, scores each capture against the challenge's design
     * and stores the images. A CaptureError is the site's answer (unreachable, too large...): the review
     * fails with its sentence and the error is rethrown for the queue not to retry (see `workerQueue`).
     * Any other error (`browser_failed` included) is ours; the queue retries, and the review waits
     * again meanwhile.
     */
    async runReview(reviewId: number, signal?: AbortSignal): Promise<void> {
      const capture = deps.capture
      if (!capture) throw new Error('This process has no browser to run reviews with.')
      const started = performance.now()
      const [row] = await db
        .select({
          status: submissionReviews.status,
          url: submissionReviews.requestedUrl,
          ownership: userChallenges.ownership,
          ownershipGithubId: userChallenges.ownershipGithubId,
          templateImg: challenges.templateImg,
          tabletImg: challenges.tabletImg,
          mobileImg: challenges.mobileImg,
        })
        .from(submissionReviews)
        .innerJoin(userChallenges, eq(userChallenges.id, submissionReviews.userChallengeId))
        .innerJoin(challenges, eq(challenges.id, userChallenges.challengeId))
        .where(eq(submissionReviews.id, reviewId))
      // Gone (its member or challenge was deleted) or already finished by an earlier run: nothing to do.
      if (!row || row.status === 'done' || row.status === 'failed') return
      await db
        .update(submissionReviews)
        .set({
          status: 'running',
          startedAt: sql`now()`,
          errorCode: null,
          errorMessage: null,
          // The submission's ownership verdict as it stands when the review runs, kept with the report.
          ownership: row.ownership,
          ownershipGithubId: row.ownershipGithubId,
        })
        .where(eq(submissionReviews.id, reviewId))
      changed()

      const [engine, qualityEngine] = await Promise.all([loadCapture(), loadQuality()])
      const captureSite = capture.captureSite ?? engine.captureSite
      const renderDesign = capture.renderDesign ?? engine.renderDesign
      const audits = capture.audits ?? {}
      const axeOn = audits.axe !== false
      const htmlOn = audits.html !== false
      let site: SiteCapture
      try {
        site = await captureSite(capture.pool, {
          url: row.url,
          ...(capture.allowLoopback ? { allowLoopback: capture.allowLoopback } : {}),
          ...(signal ? { signal } : {}),
          audits: { axe: axeOn ? AXE_BREAKPOINTS : [], documents: htmlOn },
        })
      } catch (error) {
        if (!signal?.aborted && isFinal(error)) {
          const { code, message } = error as CaptureError
          await markFailed(reviewId, code, message)
        }
        throw error
      }

      const report = await qualityEngine.qualityReport({
        site,
        axe: axeOn,
        html: htmlOn,
        lighthouse:
          audits.lighthouse === false
            ? null
            : (audits.lighthouse ?? (await import('#server/review/quality/lighthouse.ts')).runLighthouse),
        ...(capture.allowLoopback ? { allowLoopback: capture.allowLoopback } : {}),
        ...(signal ? { signal } : {}),
      })
      const timings: Record<string, number> = { ...site.timings, ...report.timings }
      const breakpoints: Array<typeof reviewBreakpoints.$inferInsert> = []
      for (const { breakpoint, width } of REVIEW_BREAKPOINTS) {
        const shot: CapturedBreakpoint | undefined = site.captures.find(
          (c: CapturedBreakpoint) => c.breakpoint === breakpoint,
        )
        if (!shot) throw new Error(`The capture has no ${breakpoint} screenshot.`)
        signal?.throwIfAborted()
        const designStarted = performance.now()
        const designPng = await readDesign(row[DESIGN_COLUMN[breakpoint]])
        const design = await renderDesign(capture.pool, { png: designPng, width })
        const scoreStarted = performance.now()
        const result = await scoreCapture({ design, capture: shot.png })
        const storeStarted = performance.now()
        const captureKey = reviewImageKey(reviewId, breakpoint, 'capture')
        const diffKey = reviewImageKey(reviewId, breakpoint, 'diff')
        signal?.throwIfAborted()
        await storage.put(captureKey, shot.png)
        await storage.put(diffKey, result.diff)
        timings[`${breakpoint}.design`] = Math.round(scoreStarted - designStarted)
        timings[`${breakpoint}.score`] = Math.round(storeStarted - scoreStarted)
        timings[`${breakpoint}.store`] = Math.round(performance.now() - storeStarted)
        breakpoints.push({
          reviewId,
          breakpoint,
          width,
          captureKey,
          diffKey,
          designHeight: result.designHeight,
          captureHeight: result.captureHeight,
          comparedHeight: result.comparedHeight,
          heightRatio: result.heightRatio,
          rawMismatch: result.rawMismatch,
          baselineMismatch: result.baselineMismatch,
          score: result.score,
          failedFonts: shot.failedFonts,
        })
      }
      // The capture's own `total` is the browser part; this is the whole review.
      timings.review = Math.round(performance.now() - started)
      signal?.throwIfAborted()
      await db.transaction(async (tx) => {
        // An earlier attempt may have written some before it failed.
        await tx.delete(reviewBreakpoints).where(eq(reviewBreakpoints.reviewId, reviewId))
        await tx.insert(reviewBreakpoints).values(breakpoints)
        await tx
          .update(submissionReviews)
          .set({
            status: 'done',
            finalUrl: site.finalUrl,
            versions: { ...site.versions, pixelmatch: pixelmatchVersion },
            timings,
            quality: report.quality,
            finishedAt: sql`now()`,
          })
          .where(eq(submissionReviews.id, reviewId))
      })
      changed()
    },

    /** startWorkers' handler for review jobs. */
    handleJob: (async (job: Job, { signal }) => {
      const reviewId = reviewIdOf(job)
      if (reviewId === null) throw new Error(`review job ${job.id} names no review`)
      await service.runReview(reviewId, signal)
    }) satisfies JobHandler,

    /**
     * The queue as the review workers should see it: a CaptureError fails the job without retry; a
     * retried or released job's review shows queued again; a job that ends dead fails its review with a plain
     * sentence. Dead jobs whose worker vanished are found at most once per `sweepMs`.
     */
    workerQueue(options: { sweepMs?: number } = {}): JobQueue {
      const sweepMs = options.sweepMs ?? 60_000
      const showQueuedAgain = async (reviewId: number) => {
        await db
          .update(submissionReviews)
          .set({ status: 'queued' })
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
            await markFailed(reviewId, code, message)
          } else if (outcome === 'dead' || outcome === 'failed') {
            log.error('reviews: a review failed for good', { reviewId, error: errorMessage(error) })
            await markFailed(reviewId, REVIEW_FAILED.code, REVIEW_FAILED.message)
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
    },

    /** The public report; null for an unknown id. */
    async getReview(id: number): Promise<Review | null> {
      // The review first, then its breakpoints, one after the other: the worker writes both in one
      // transaction, so a review read as done has its breakpoints committed before the second read.
      // Read side by side on two connections, the breakpoints could come from before that commit and
      // the review from after it: a finished report with no breakpoints (seen once in CI).
      const [row] = await db
        .select({
          review: submissionReviews,
          score: scoreOf,
          linkStatus: userChallenges.linkStatus,
          member: { username: users.username, name: users.name, avatarUrl: users.avatarUrl },
          challenge: {
            id: challenges.id,
            slug: challenges.slug,
            title: challenges.title,
            templateImg: challenges.templateImg,
            tabletImg: challenges.tabletImg,
            mobileImg: challenges.mobileImg,
          },
        })
        .from(submissionReviews)
        .innerJoin(userChallenges, eq(userChallenges.id, submissionReviews.userChallengeId))
        .innerJoin(users, eq(users.id, userChallenges.userId))
        .innerJoin(challenges, eq(challenges.id, userChallenges.challengeId))
        .where(eq(submissionReviews.id, id))
      if (!row) return null
      const breakpoints = await db
        .select()
        .from(reviewBreakpoints)
        .where(eq(reviewBreakpoints.reviewId, id))
        .orderBy(asc(reviewBreakpoints.width))
      const { review, challenge } = row
      const order = REVIEW_BREAKPOINTS.map((b) => b.breakpoint as string)
      const done = review.status === 'done'
      return {
        id: review.id,
        status: review.status as ReviewStatus,
        requestedUrl: review.requestedUrl,
        finalUrl: review.finalUrl,
        error:
          review.status === 'failed'
            ? {
                code: review.errorCode ?? REVIEW_FAILED.code,
                message: review.errorMessage ?? REVIEW_FAILED.message,
              }
            : null,
        score: row.score === null ? null : Number(row.score),
        createdAt: review.createdAt.toISOString(),
        startedAt: review.startedAt?.toISOString() ?? null,
        finishedAt: review.finishedAt?.toISOString() ?? null,
        versions: review.versions ?? null,
        // Rows of an attempt that did not finish are not shown.
        breakpoints: (done ? breakpoints : [])
          .sort((a, b) => order.indexOf(a.breakpoint) - order.indexOf(b.breakpoint))
          .map((b) => ({
            breakpoint: b.breakpoint as ReviewBreakpointName,
            width: b.width,
            score: b.score,
            captureUrl: fileUrl(b.captureKey),
            diffUrl: fileUrl(b.diffKey),
            designUrl: fileUrl(challenge[DESIGN_COLUMN[b.breakpoint as ReviewBreakpointName]]),
            designHeight: b.designHeight,
            captureHeight: b.captureHeight,
            comparedHeight: b.comparedHeight,
            heightRatio: b.heightRatio,
            failedFonts: b.failedFonts,
          })),
        quality: done ? storedQuality(review.quality) : null,
        ownership: storedOwnership(review.ownership),
        linkStatus: (row.linkStatus === 'offline' ? 'offline' : 'live') satisfies LinkStatus,
        member: row.member,
        challenge: { id: challenge.id, slug: challenge.slug, title: challenge.title },
      }
    },

    /** A submission's reviews, newest first, and how many more may be requested today. */
    async listMemberReviews(userChallengeId: number) {
      const [rows, requestsLeftToday] = await Promise.all([
        db
          .select(summaryColumns)
          .from(submissionReviews)
          .where(eq(submissionReviews.userChallengeId, userChallengeId))
          .orderBy(desc(submissionReviews.createdAt), desc(submissionReviews.id)),
        service.requestsLeftToday(userChallengeId),
      ])
      return { reviews: rows.map(toReviewSummary), requestsLeftToday }
    },
  }
  return service
}

export type ReviewService = ReturnType<typeof createReviewService>

/** A review job holds its lease this long between renewals (every third of it). */
export const REVIEW_LEASE_MS = 60_000
/** How long an idle worker waits before looking at the queue again; a review queued here wakes it at once. */
export const REVIEW_POLL_MS = 1000

/** Runs `count` reviews at a time in this process until `stop()`; 0 runs none. */
export function startReviewWorkers(
  reviews: ReviewService,
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

/**
 * A browser pool that starts nothing until its first use: a process that never runs a review (or not
 * yet) has no Chromium, and does not even load Playwright.
 */
export function lazyBrowserPool(
  options: Parameters<CaptureModule['createBrowserPool']>[0] = {},
): BrowserPool {
  let pool: Promise<BrowserPool> | undefined
  const open = () => {
    pool ??= loadCapture().then((capture) => capture.createBrowserPool(options))
    return pool
  }
  return {
    use: async (fn) => (await open()).use(fn),
    version: async () => (await open()).version(),
    async close() {
      if (pool) await (await pool).close()
    },
  }
}
