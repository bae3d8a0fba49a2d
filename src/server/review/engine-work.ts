import type { BrowserPool } from '#server/review/browser-pool.ts'
import {
  type CapturedBreakpoint,
  captureSite,
  renderDesign,
  type SiteCapture,
} from '#server/review/capture.ts'
import type { EgressProxyOptions } from '#server/review/egress-proxy.ts'
import { reviewElements } from '#server/review/element-review.ts'
import { capturePreview } from '#server/review/preview.ts'
import { runLighthouse } from '#server/review/quality/lighthouse.ts'
import { qualityReport } from '#server/review/quality/report.ts'
import { type CaptureScore, scoreCapture } from '#server/review/score.ts'
import { loadSharp } from '#server/sharp.ts'
import type { PageElements } from '#shared/page-elements.ts'
import {
  AXE_BREAKPOINTS,
  REVIEW_BREAKPOINTS,
  type ReviewBreakpointName,
  type ReviewElements,
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
  /**
   * The challenge's design images as stored (any format the image library reads), one per breakpoint,
   * each with the design's elements at that width (checked, at most ELEMENTS_MAX of them: the message
   * to the child stays bounded); null when the challenge has none recorded.
   */
  designs: ReadonlyArray<{ breakpoint: ReviewBreakpointName; image: Buffer; elements?: PageElements | null }>
}

export type EngineResult = {
  site: Pick<SiteCapture, 'finalUrl' | 'captures' | 'versions' | 'timings'>
  /**
   * Per breakpoint in REVIEW_BREAKPOINTS' order: its capture (without its elements, which only the
   * engine reads), its score against the design, its first screen as a small WebP (preview.ts), and its
   * element review (element-review.ts: the agreement and the findings), null when either side had no
   * elements. The score does not read the agreement yet (docs/decisions/021-element-review.md).
   */
  scored: Array<{
    shot: CapturedBreakpoint
    width: number
    result: CaptureScore
    preview: Buffer
    elements: ReviewElements | null
  }>
  quality: ReviewQuality
  /**
   * ms: each breakpoint's `.design` (drawn), `.score` and `.elements` (matched, with its findings), then
   * the audits' (`html-validate`, `lighthouse`).
   */
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
    const elementsStarted = performance.now()
    timings[`${breakpoint}.score`] = Math.round(elementsStarted - scoreStarted)
    const elements = reviewElements(stored.elements, shot.elements, breakpoint)
    timings[`${breakpoint}.elements`] = Math.round(performance.now() - elementsStarted)
    scored.push({ shot: withoutElements(shot), width, result, preview: await capturePreview(shot), elements })
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
      captures: site.captures.map(withoutElements),
      versions: site.versions,
      timings: site.timings,
    },
    scored,
    quality: report.quality,
    timings: { ...timings, ...report.timings },
  }
}

/** A capture as the server gets it back: the page's elements (up to 2000) stay in the engine. */
export function withoutElements(shot: CapturedBreakpoint): CapturedBreakpoint {
  const { elements: _elements, ...rest } = shot
  return rest
}
