import { scoreBreakpoint } from '#server/review/breakpoint-score.ts'
import type { BrowserPool } from '#server/review/browser-pool.ts'
import {
  type CapturedBreakpoint,
  captureSite,
  PASSING_PNG,
  renderDesign,
  type SiteCapture,
} from '#server/review/capture.ts'
import type { EgressProxyOptions } from '#server/review/egress-proxy.ts'
import { capturePreview } from '#server/review/preview.ts'
import { type RunLighthouse, startLighthouse } from '#server/review/quality/lighthouse.ts'
import { qualityReport } from '#server/review/quality/report.ts'
import type { CaptureScore } from '#server/review/score.ts'
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
   * engine reads), its pixel measures against the design (`result`), its element review
   * (element-review.ts: the agreement and the findings; null when either side had no elements), the two
   * in its `score` (breakpoint-score.ts, docs/decisions/023-element-score.md), and its first screen as a
   * small WebP (preview.ts).
   */
  scored: Array<{
    shot: CapturedBreakpoint
    width: number
    result: CaptureScore
    score: number
    preview: Buffer
    elements: ReviewElements | null
  }>
  quality: ReviewQuality
  /**
   * ms: each breakpoint's `.design` (drawn, while the site is captured) and `.score` (pixels and elements matched, with the findings), then
   * the audits' (`html-validate`, `lighthouse`).
   */
  timings: Record<string, number>
}

export async function runEngineReview(
  pool: BrowserPool,
  request: EngineRequest,
  options: { signal?: AbortSignal; onStage?: (stage: ReviewStage) => void } = {},
): Promise<EngineResult> {
  const allowLoopback = request.allowLoopback ? { allowLoopback: request.allowLoopback } : {}
  // Lighthouse's Chromium and code load while the site is captured and scored; it runs after them.
  const lighthouse = request.audits.lighthouse ? startLighthouse(allowLoopback) : null
  try {
    return await reviewSite(pool, request, { ...options, allowLoopback, lighthouse: lighthouse?.run ?? null })
  } finally {
    await lighthouse?.dispose()
  }
}

async function reviewSite(
  pool: BrowserPool,
  request: EngineRequest,
  options: {
    signal?: AbortSignal
    onStage?: (stage: ReviewStage) => void
    /** The request's loopback allowance, as the capture and the audits take it. */
    allowLoopback: Pick<EngineRequest, 'allowLoopback'>
    lighthouse: RunLighthouse | null
  },
): Promise<EngineResult> {
  const { signal, allowLoopback } = options
  const timings: Record<string, number> = {}
  // The designs are drawn while the site is captured, which spends most of its time waiting on the page.
  const designs = drawDesigns(pool, request.designs, timings)
  // Each breakpoint is scored as soon as it is captured, while the next one loads: the capture spends
  // most of its time waiting on the page, the score none.
  const scoring = new Map<ReviewBreakpointName, Promise<EngineResult['scored'][number]>>()
  const scoreWhenCaptured = (shot: CapturedBreakpoint) => {
    const score = scoreBreakpointShot(shot, request, designs, timings, signal)
    score.catch(() => {})
    scoring.set(shot.breakpoint, score)
  }
  const site = await captureSite(pool, {
    url: request.url,
    ...allowLoopback,
    ...(signal ? { signal } : {}),
    audits: { axe: request.audits.axe ? AXE_BREAKPOINTS : [], documents: request.audits.html },
    onBreakpoint: (breakpoint) => options.onStage?.(`capturing-${breakpoint}`),
    onCapture: scoreWhenCaptured,
  })

  options.onStage?.('scoring')
  const scored: EngineResult['scored'] = []
  for (const { breakpoint } of REVIEW_BREAKPOINTS) {
    const score = scoring.get(breakpoint)
    if (!score) throw new Error(`The capture has no ${breakpoint} screenshot.`)
    scored.push(await score)
  }

  options.onStage?.('auditing')
  signal?.throwIfAborted()
  const report = await qualityReport({
    site,
    axe: request.audits.axe,
    html: request.audits.html,
    lighthouse: options.lighthouse,
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

/** One capture scored against its breakpoint's design once that is drawn; its time in `timings`. */
async function scoreBreakpointShot(
  shot: CapturedBreakpoint,
  request: EngineRequest,
  designs: Map<ReviewBreakpointName, Promise<Buffer>>,
  timings: Record<string, number>,
  signal: AbortSignal | undefined,
): Promise<EngineResult['scored'][number]> {
  const { breakpoint } = shot
  const width = REVIEW_BREAKPOINTS.find((b) => b.breakpoint === breakpoint)?.width
  const stored = request.designs.find((d) => d.breakpoint === breakpoint)
  const drawn = designs.get(breakpoint)
  if (!stored || !drawn || width === undefined)
    throw new Error(`The review has no ${breakpoint} design image.`)
  const design = await drawn
  signal?.throwIfAborted()
  const started = performance.now()
  const scored = await scoreShot(shot, width, design, stored.elements)
  timings[`${breakpoint}.score`] = Math.round(performance.now() - started)
  return scored
}

/**
 * Each breakpoint's design as the capture's Chromium shows it (renderDesign), started at once; each
 * one's time goes in `timings` as `<breakpoint>.design`. A design that fails is said when the score
 * needs it, not before: each promise is marked handled here so that a capture failing first does not
 * leave it unhandled.
 */
function drawDesigns(
  pool: BrowserPool,
  designs: EngineRequest['designs'],
  timings: Record<string, number>,
): Map<ReviewBreakpointName, Promise<Buffer>> {
  const drawn = new Map<ReviewBreakpointName, Promise<Buffer>>()
  for (const { breakpoint, width } of REVIEW_BREAKPOINTS) {
    const stored = designs.find((d) => d.breakpoint === breakpoint)
    if (!stored) continue
    const draw = async () => {
      const started = performance.now()
      // Stored as WebP for the web; the browser renders the design from a PNG.
      const png = await (await loadSharp())(stored.image).png(PASSING_PNG).toBuffer()
      const design = await renderDesign(pool, { png, width })
      timings[`${breakpoint}.design`] = Math.round(performance.now() - started)
      return design
    }
    const promise = draw()
    promise.catch(() => {})
    drawn.set(breakpoint, promise)
  }
  return drawn
}

/**
 * One breakpoint's entry of `scored`: the capture scored against the design as drawn (breakpoint-score.ts)
 * and its preview. The stand-in engine of the tests scores through here too.
 */
export async function scoreShot(
  shot: CapturedBreakpoint,
  width: number,
  design: Buffer,
  designElements: PageElements | null | undefined,
): Promise<EngineResult['scored'][number]> {
  const { pixel, elements, score } = await scoreBreakpoint({
    breakpoint: shot.breakpoint,
    design,
    capture: shot.png,
    designElements,
    pageElements: shot.elements,
  })
  return {
    shot: withoutElements(shot),
    width,
    result: pixel,
    score,
    preview: await capturePreview(shot),
    elements,
  }
}

/** A capture as the server gets it back: the page's elements (up to 2000) stay in the engine. */
export function withoutElements(shot: CapturedBreakpoint): CapturedBreakpoint {
  const { elements: _elements, ...rest } = shot
  return rest
}
