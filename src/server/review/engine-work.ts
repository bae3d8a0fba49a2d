import type { BrowserPool } from '#server/review/browser-pool.ts'
import {
  type CapturedBreakpoint,
  captureSite,
  renderDesign,
  type SiteCapture,
} from '#server/review/capture.ts'
import type { EgressProxyOptions } from '#server/review/egress-proxy.ts'
import { capturePreview } from '#server/review/preview.ts'
import { runLighthouse } from '#server/review/quality/lighthouse.ts'
import { qualityReport } from '#server/review/quality/report.ts'
import { type CaptureScore, scoreCapture } from '#server/review/score.ts'
import { loadSharp } from '#server/sharp.ts'
import {
  AXE_BREAKPOINTS,
  REVIEW_BREAKPOINTS,
  type ReviewBreakpointName,
  type ReviewQuality,
  type ReviewStage,
} from '#shared/review.ts'

/**
 * The part of a review that opens the member's site and the design images: the capture at the three
 * widths (with axe and the HTML), each design drawn by the same Chromium and scored against its capture,
 * and the quality report (html-validate, Lighthouse). It runs in the review engine's child process
 * (engine-child.ts, docs/decisions/013-review-engine-process.md), so what a hostile page makes the
 * browser, the image library and Lighthouse hold goes away with that process; the server keeps only
 * the answer, which it stores and judges (pipeline.ts).
 */

export type EngineRequest = {
  url: string
  allowLoopback?: EgressProxyOptions['allowLoopback']
  audits: { axe: boolean; html: boolean; lighthouse: boolean }
  /** The challenge's design images as stored (any format the image library reads), one per breakpoint. */
  designs: ReadonlyArray<{ breakpoint: ReviewBreakpointName; image: Buffer }>
}

export type EngineResult = {
  site: Pick<SiteCapture, 'finalUrl' | 'captures' | 'versions' | 'timings'>
  /**
   * Per breakpoint in REVIEW_BREAKPOINTS' order: its capture, its score against the design, and its
   * first screen as a small WebP (preview.ts).
   */
  scored: Array<{ shot: CapturedBreakpoint; width: number; result: CaptureScore; preview: Buffer }>
  quality: ReviewQuality
  /** ms: each breakpoint's `.design` (drawn) and `.score`, then the audits' (`html-validate`, `lighthouse`). */
  timings: Record<string, number>
}

export async function runEngineReview(
  pool: BrowserPool,
  request: EngineRequest,
  options: { signal?: AbortSignal; onStage?: (stage: ReviewStage) => void } = {},
): Promise<EngineResult> {
  const { signal } = options
  const allowLoopback = request.allowLoopback ? { allowLoopback: request.allowLoopback } : {}
  const site = await captureSite(pool, {
    url: request.url,
    ...allowLoopback,
    ...(signal ? { signal } : {}),
    audits: { axe: request.audits.axe ? AXE_BREAKPOINTS : [], documents: request.audits.html },
    onBreakpoint: (breakpoint) => options.onStage?.(`capturing-${breakpoint}`),
  })

  options.onStage?.('scoring')
  const timings: Record<string, number> = {}
  const scored: EngineResult['scored'] = []
  const sharp = await loadSharp()
  for (const { breakpoint, width } of REVIEW_BREAKPOINTS) {
    const shot = site.captures.find((c) => c.breakpoint === breakpoint)
    if (!shot) throw new Error(`The capture has no ${breakpoint} screenshot.`)
    const stored = request.designs.find((d) => d.breakpoint === breakpoint)
    if (!stored) throw new Error(`The review has no ${breakpoint} design image.`)
    signal?.throwIfAborted()
    const designStarted = performance.now()
    // Stored as WebP for the web; the browser renders the design from a PNG.
    const png = await sharp(stored.image).png().toBuffer()
    const design = await renderDesign(pool, { png, width })
    const scoreStarted = performance.now()
    const result = await scoreCapture({ design, capture: shot.png })
    timings[`${breakpoint}.design`] = Math.round(scoreStarted - designStarted)
    timings[`${breakpoint}.score`] = Math.round(performance.now() - scoreStarted)
    scored.push({ shot, width, result, preview: await capturePreview(shot) })
  }

  options.onStage?.('auditing')
  signal?.throwIfAborted()
  const report = await qualityReport({
    site,
    axe: request.audits.axe,
    html: request.audits.html,
    lighthouse: request.audits.lighthouse ? runLighthouse : null,
    ...allowLoopback,
    ...(signal ? { signal } : {}),
  })
  return {
    site: {
      finalUrl: site.finalUrl,
      captures: site.captures,
      versions: site.versions,
      timings: site.timings,
    },
    scored,
    quality: report.quality,
    timings: { ...timings, ...report.timings },
  }
}
