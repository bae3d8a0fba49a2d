/**
 * Running one review: captures the site at the three widths, scores each capture against the design,
 * stores the images, the quality report and the timings, and ends the review done, or failed with the
 * site's sentence when the capture's error is final. The queue adapter (workers.ts) calls it per job.
 */
import { createRequire } from 'node:module'
import { buffer } from 'node:stream/consumers'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { challenges, reviewBreakpoints, submissionReviews, userChallenges } from '#server/db/schema.ts'
import type { BrowserPool } from '#server/review/browser-pool.ts'
import type { CapturedBreakpoint, SiteCapture } from '#server/review/capture.ts'
import { CaptureError } from '#server/review/capture-errors.ts'
import { DESIGN_COLUMN } from '#server/review/read-model.ts'
import { scoreCapture } from '#server/review/score.ts'
import { loadSharp } from '#server/sharp.ts'
import type { Storage } from '#server/storage/storage.ts'
import { AXE_BREAKPOINTS, REVIEW_BREAKPOINTS, type ReviewBreakpointName } from '#shared/review.ts'

const pixelmatchVersion: string = createRequire(import.meta.url)('pixelmatch/package.json').version

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

/** The quality report's audits (docs/product.md §10); each is on unless turned off here. */
type ReviewAuditDeps = {
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

export type ReviewPipelineDeps = {
  db: Database
  storage: Storage
  /** Absent in a web-only process, which queues and reads reviews but runs none. */
  capture: ReviewCaptureDeps | undefined
  /** Called after a review's status changed. */
  changed: () => void
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

  /** Ends a review that is still queued or running as failed, with this code and sentence. */
  const markFailed = async (reviewId: number, code: string, message: string) => {
    await db
      .update(submissionReviews)
      .set({ status: 'failed', errorCode: code, errorMessage: message, finishedAt: sql`now()` })
      .where(
        and(eq(submissionReviews.id, reviewId), inArray(submissionReviews.status, ['queued', 'running'])),
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

  /**
   * The job: captures the site at the three widths, scores each capture against the challenge's design
   * and stores the images. A CaptureError is the site's answer (unreachable, too large...): the review
   * fails with its sentence and the error is rethrown for the queue not to retry (see `workerQueue` in
   * workers.ts). Any other error (`browser_failed` included) is ours; the queue retries, and the review
   * waits again meanwhile.
   */
  const runReview = async (reviewId: number, signal?: AbortSignal): Promise<void> => {
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
  }

  return { runReview, markFailed }
}

export type ReviewPipeline = ReturnType<typeof createReviewPipeline>
