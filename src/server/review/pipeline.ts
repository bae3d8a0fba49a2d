/**
 * Running one review: captures the site at the three widths, scores each capture against the design,
 * stores the images, the quality report and the timings, and ends the review done, or failed with the
 * site's sentence when the capture's error is final. The queue adapter (workers.ts) calls it per job.
 */
import { createRequire } from 'node:module'
import { buffer } from 'node:stream/consumers'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { challenges, reviewBreakpoints, submissionReviews, userChallenges, users } from '#server/db/schema.ts'
import type { AppEvent, EventEmitter } from '#server/events/bus.ts'
import { notifyReviewEnded } from '#server/feedback/notifications.ts'
import { JobCancelled } from '#server/jobs/queue.ts'
import { CaptureError } from '#server/review/capture-errors.ts'
import { loadDesignElements } from '#server/review/elements-design.ts'
import { createReviewEngine, type ReviewEngine } from '#server/review/engine-process.ts'
import type { EngineResult } from '#server/review/engine-work.ts'
import { settleFailed, settlePassed } from '#server/review/outcome.ts'
import { DESIGN_COLUMN, withMemberAndChallenge } from '#server/review/read-model.ts'
import { judgeReview } from '#server/review/verdict.ts'
import { settleListing } from '#server/solutions/listing.ts'
import type { Storage } from '#server/storage/storage.ts'
import {
  REVIEW_BREAKPOINTS,
  REVIEW_ELEMENTS_VERSION,
  type ReviewBreakpointName,
  type ReviewStage,
  type StoredReviewElements,
} from '#shared/review.ts'

const pixelmatchVersion: string = createRequire(import.meta.url)('pixelmatch/package.json').version

/**
 * Where a review's images live: under public/, so /files/reviews/<public id>/... serves them. The public id
 * is unguessable, so only those who can read the report find them.
 */
export const reviewImageKey = (
  reviewId: string,
  breakpoint: ReviewBreakpointName,
  kind: 'capture' | 'diff' | 'preview',
) => `public/reviews/${reviewId}/${breakpoint}-${kind}.${kind === 'preview' ? 'webp' : 'png'}`

/** The quality report's audits (docs/product.md §10); each is on unless turned off here. */
type ReviewAuditDeps = {
  /** axe on the desktop and mobile pages, while the capture has them open. */
  axe?: boolean
  /** html-validate on the served HTML (and the rendered DOM of a page its scripts build). */
  html?: boolean
  /** Lighthouse on the desktop address (it takes tens of seconds, which most tests have no use for). */
  lighthouse?: boolean
}

export type ReviewCaptureDeps = {
  /** Tests only (REVIEW_ALLOW_LOOPBACK): lets the capture open sites on 127.0.0.1. */
  allowLoopback?: boolean | { ports: readonly number[] }
  audits?: ReviewAuditDeps
  /**
   * Where the review runs: a child process with a memory limit (engine-process.ts,
   * docs/decisions/013-review-engine-process.md). Made from REVIEW_MEMORY_LIMIT_MB when absent; tests
   * pass their own (one with a lower limit, or one that opens no browser).
   */
  engine?: ReviewEngine
}

type WorkOptions = {
  axeOn: boolean
  htmlOn: boolean
  signal: AbortSignal | undefined
  stage: (stage: ReviewStage) => Promise<void>
}

export type ReviewPipelineDeps = {
  db: Database
  storage: Storage
  /** Absent in a web-only process, which queues and reads reviews but runs none. */
  capture: ReviewCaptureDeps | undefined
  /** Called after a review's status changed. */
  changed: () => void
  /** Told when a review settled (events/bus.ts), once its transaction committed. */
  events: EventEmitter
}

/** The review is gone: its member deleted their account (or its challenge went) while it ran. */
const reviewGone = (reviewId: number) =>
  new JobCancelled(`review ${reviewId} is gone: its member or its challenge was deleted`)

/** A review's public id, for the keys of its images; JobCancelled when the review is gone. */
async function publicIdOf(db: Database, reviewId: number): Promise<string> {
  const [row] = await db
    .select({ publicId: submissionReviews.publicId })
    .from(submissionReviews)
    .where(eq(submissionReviews.id, reviewId))
  if (!row) throw reviewGone(reviewId)
  return row.publicId
}

/**
 * A CaptureError is the site's answer (unreachable, too large, too slow...): trying again would not help,
 * so the review fails with its sentence. `browser_failed` is ours, not the site's: retried like any error.
 */
export function isFinal(error: unknown): boolean {
  return error instanceof CaptureError && error.code !== 'browser_failed'
}

export function createReviewPipeline(deps: ReviewPipelineDeps) {
  const { db, storage, changed } = deps
  // Made now, so a wrong REVIEW_MEMORY_LIMIT_MB stops the server at its start; its child starts with
  // the first review.
  const engine = deps.capture ? (deps.capture.engine ?? createReviewEngine()) : undefined

  /** Who and what a review is about, for the verdict and the points. */
  const subjectOf = async (reviewId: number) => {
    const subject = db
      .select({
        status: submissionReviews.status,
        url: submissionReviews.requestedUrl,
        purpose: submissionReviews.purpose,
        userChallengeId: userChallenges.id,
        challengeId: userChallenges.challengeId,
        userId: users.id,
        githubId: users.githubId,
        login: users.username,
        token: users.verificationToken,
        templateImg: challenges.templateImg,
        tabletImg: challenges.tabletImg,
        mobileImg: challenges.mobileImg,
        contentHash: challenges.contentHash,
      })
      .from(submissionReviews)
      .$dynamic()
    const [row] = await withMemberAndChallenge(subject).where(eq(submissionReviews.id, reviewId))
    return row ? { ...row, reviewId } : null
  }

  /** What is told once a review's end has committed. */
  const settled = (
    subject: { reviewId: number; userId: string; challengeId: number },
    passed: boolean,
    pointsChanged: boolean,
  ): AppEvent => ({
    type: 'review-settled',
    reviewId: subject.reviewId,
    userId: subject.userId,
    challengeId: subject.challengeId,
    passed,
    pointsChanged,
  })

  /**
   * Ends a review that is still queued or running as failed, with this code and sentence; the upgrade's
   * re-review takes the challenge's points back then (outcome.ts).
   */
  const markFailed = async (reviewId: number, code: string, message: string) => {
    const subject = await subjectOf(reviewId)
    if (!subject || subject.status === 'passed' || subject.status === 'failed') return
    const pointsChanged = await db.transaction(async (tx) => {
      const [ended] = await tx
        .update(submissionReviews)
        .set({
          status: 'failed',
          stage: null,
          errorCode: code,
          errorMessage: message,
          finishedAt: sql`now()`,
        })
        .where(
          and(eq(submissionReviews.id, reviewId), inArray(submissionReviews.status, ['queued', 'running'])),
        )
        .returning({ id: submissionReviews.id })
      if (!ended) return null
      const withdrawn = await settleFailed(tx, subject)
      // Its member hears that it ended (docs/product.md §12). After settleFailed, which locks the member's
      // row first: the notification's reference to that row must not take a weaker lock on it before.
      await notifyReviewEnded(tx, {
        recipientId: subject.userId,
        userChallengeId: subject.userChallengeId,
        reviewId,
      })
      return withdrawn
    })
    if (pointsChanged === null) changed()
    else deps.events.emit(settled(subject, false, pointsChanged))
  }

  /** Shows what a running review is doing (REVIEW_STAGES). */
  const showStage = async (reviewId: number, stage: ReviewStage) => {
    await db
      .update(submissionReviews)
      .set({ stage })
      .where(and(eq(submissionReviews.id, reviewId), eq(submissionReviews.status, 'running')))
    changed()
  }

  /** Whether one of these tokens is another member's (a page copied from theirs, or made to look so). */
  const isAnotherMembersToken = (userId: string) => async (tokens: readonly string[]) => {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.verificationToken, [...tokens]), sql`${users.id} <> ${userId}`))
      .limit(1)
    return rows.length > 0
  }

  /** A design image as stored (WebP): the engine's child converts it. */
  const readStored = async (key: string): Promise<Buffer> => {
    const object = await storage.get(key)
    if (!object) throw new Error(`The design image ${key} is missing from storage.`)
    return buffer(object.open())
  }

  type Subject = NonNullable<Awaited<ReturnType<typeof subjectOf>>>

  /** The review's browser work in the engine's child process: the server keeps only the answer. */
  const inEngine = async (
    capture: ReviewCaptureDeps,
    subject: Subject,
    options: WorkOptions,
  ): Promise<EngineResult> => {
    if (!engine) throw new Error('This process has no review engine.')
    // Each view's design elements, for the element review; a challenge imported before they were
    // recorded has none, and its review scores the pixels alone (docs/product.md §10).
    const designs = await Promise.all(
      REVIEW_BREAKPOINTS.map(async ({ breakpoint }) => ({
        breakpoint,
        image: await readStored(subject[DESIGN_COLUMN[breakpoint]]),
        elements: await loadDesignElements(storage, { contentHash: subject.contentHash }, breakpoint),
      })),
    )
    return engine.run(
      {
        url: subject.url,
        ...(capture.allowLoopback ? { allowLoopback: capture.allowLoopback } : {}),
        audits: {
          axe: options.axeOn,
          html: options.htmlOn,
          lighthouse: capture.audits?.lighthouse !== false,
        },
        designs,
      },
      {
        ...(options.signal ? { signal: options.signal } : {}),
        onStage: (stage) => void options.stage(stage),
      },
    )
  }

  /**
   * The job: captures the site at the three widths, scores each capture against the challenge's design,
   * stores the images, audits the page and judges the review (verdict.ts): passed or failed, and what
   * that does to the member's points (outcome.ts). A CaptureError is the site's answer (unreachable, too
   * large...): the review fails with its sentence and the error is rethrown for the queue not to retry
   * (see `workerQueue` in workers.ts). Any other error (`browser_failed` included) is ours; the queue
   * retries, and the review waits again meanwhile.
   */
  const runReview = async (reviewId: number, signal?: AbortSignal): Promise<void> => {
    const capture = deps.capture
    if (!capture) throw new Error('This process has no browser to run reviews with.')
    const started = performance.now()
    /** The stages in the order they were shown, each write after the one before. */
    let stages: Promise<void> = Promise.resolve()
    const stage = (next: ReviewStage) => {
      stages = stages.then(() => showStage(reviewId, next)).catch(() => {})
      return stages
    }
    const subject = await subjectOf(reviewId)
    // Gone (its member or challenge was deleted): its job is cancelled. Finished by an earlier run:
    // nothing to do.
    if (!subject) throw reviewGone(reviewId)
    if (subject.status === 'passed' || subject.status === 'failed') return
    await db
      .update(submissionReviews)
      .set({ status: 'running', stage: null, startedAt: sql`now()`, errorCode: null, errorMessage: null })
      .where(eq(submissionReviews.id, reviewId))
    changed()

    const audits = capture.audits ?? {}
    const axeOn = audits.axe !== false
    const htmlOn = audits.html !== false
    let work: EngineResult
    try {
      work = await inEngine(capture, subject, { axeOn, htmlOn, signal, stage })
    } catch (error) {
      if (!signal?.aborted && isFinal(error)) {
        const { code, message } = error as CaptureError
        await markFailed(reviewId, code, message)
      }
      throw error
    }
    const { site, scored, quality } = work
    const timings: Record<string, number> = { ...site.timings, ...work.timings }

    const breakpoints: Array<typeof reviewBreakpoints.$inferInsert> = []
    const publicId = await publicIdOf(db, reviewId)
    /** The images this run stored: taken away again if the review is gone by the time it ends. */
    const stored: string[] = []
    for (const { shot, width, result, score, preview, elements } of scored) {
      const { breakpoint } = shot
      const storeStarted = performance.now()
      const captureKey = reviewImageKey(publicId, breakpoint, 'capture')
      const diffKey = reviewImageKey(publicId, breakpoint, 'diff')
      const previewKey = reviewImageKey(publicId, breakpoint, 'preview')
      signal?.throwIfAborted()
      stored.push(captureKey, diffKey, previewKey)
      await storage.put(captureKey, shot.png)
      await storage.put(diffKey, result.diff)
      await storage.put(previewKey, preview)
      timings[`${breakpoint}.store`] = Math.round(performance.now() - storeStarted)
      breakpoints.push({
        reviewId,
        breakpoint,
        width,
        captureKey,
        diffKey,
        previewKey,
        designHeight: result.designHeight,
        captureHeight: result.captureHeight,
        comparedHeight: result.comparedHeight,
        heightRatio: result.heightRatio,
        rawMismatch: result.rawMismatch,
        baselineMismatch: result.baselineMismatch,
        score,
        failedFonts: shot.failedFonts,
        elements: elements
          ? ({ version: REVIEW_ELEMENTS_VERSION, ...elements } satisfies StoredReviewElements)
          : null,
      })
    }

    await stages
    const verdict = await judgeReview({
      login: subject.login,
      token: subject.token,
      pages: site.captures,
      // Blank by the pixels alone (docs/decisions/011-blank-page-threshold.md): how much of the design's
      // ink the page draws, which the element part does not change.
      meanScore: scored.reduce((total, b) => total + b.result.score, 0) / scored.length,
      isAnotherMembersToken: isAnotherMembersToken(subject.userId),
    })
    // The capture's own `total` is the browser part; this is the whole review.
    timings.review = Math.round(performance.now() - started)
    signal?.throwIfAborted()
    const pointsChanged = await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ status: submissionReviews.status })
        .from(submissionReviews)
        .where(eq(submissionReviews.id, reviewId))
        .for('update')
      // Deleted meanwhile, with its member's account: nothing of it may stay (below).
      if (!current) return 'gone' as const
      // Ended meanwhile (its job's lease ran out and another worker finished it): that result stands.
      if (current.status !== 'running' && current.status !== 'queued') return null
      const pointsAwarded = verdict.passed ? await settlePassed(tx, subject) : 0
      const withdrawn = verdict.passed ? false : await settleFailed(tx, subject)
      // An earlier attempt may have written some before it failed.
      await tx.delete(reviewBreakpoints).where(eq(reviewBreakpoints.reviewId, reviewId))
      await tx.insert(reviewBreakpoints).values(breakpoints)
      await tx
        .update(submissionReviews)
        .set({
          status: verdict.passed ? 'passed' : 'failed',
          stage: null,
          finalUrl: site.finalUrl,
          versions: { ...site.versions, pixelmatch: pixelmatchVersion },
          timings,
          quality,
          ownership: verdict.ownership,
          ownershipGithubId: subject.githubId,
          pointsAwarded,
          errorCode: verdict.passed ? null : verdict.code,
          errorMessage: verdict.passed ? null : verdict.message,
          finishedAt: sql`now()`,
        })
        .where(eq(submissionReviews.id, reviewId))
      // A review ends once, from queued or running: only a pass moves the solution's latest passed
      // review, which the galleries read from its row (docs/product.md §11).
      if (verdict.passed) await settleListing(tx, subject.userChallengeId)
      // Its member hears that it ended, passed or failed (docs/product.md §12).
      await notifyReviewEnded(tx, {
        recipientId: subject.userId,
        userChallengeId: subject.userChallengeId,
        reviewId,
      })
      return pointsAwarded > 0 || withdrawn
    })
    if (pointsChanged === 'gone') {
      // The account's deletion removed the images it knew of before this run stored them: this run takes
      // its own away (docs/product.md §2 "Your account"), and its job ends cancelled.
      for (const key of stored) await storage.delete(key)
      throw reviewGone(reviewId)
    }
    if (pointsChanged === null) changed()
    else deps.events.emit(settled(subject, verdict.passed, pointsChanged))
  }

  return { runReview, markFailed }
}

export type ReviewPipeline = ReturnType<typeof createReviewPipeline>
