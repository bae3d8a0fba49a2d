import type { SiteCapture } from '#server/review/capture.ts'
import type { ReviewEngine } from '#server/review/engine-process.ts'
import type { EngineRequest, EngineResult } from '#server/review/engine-work.ts'
import { scoreShot } from '#server/review/engine-work.ts'
import type { RunLighthouse } from '#server/review/quality/lighthouse.ts'
import { qualityReport } from '#server/review/quality/report.ts'
import { loadSharp } from '#server/sharp.ts'
import { REVIEW_BREAKPOINTS, type ReviewBreakpointName } from '#shared/review.ts'

/**
 * A review engine for the tests that opens no browser: it has the interface of the real one
 * (engine-process.ts) and is passed where the real one is, as the review capture's `engine`. What the
 * browser would do is the test's: `capture` stands in for the capture of the site, `renderDesign` for
 * the browser's drawing of each design, `lighthouse` for Lighthouse. The scores (breakpoint-score.ts) and the
 * quality report (report.ts) are the real ones, as in engine-work.ts, and the pipeline that stores,
 * judges and awards the points is the product's.
 */
export type StandInWork = {
  capture: (
    request: EngineRequest,
    options: { signal?: AbortSignal; onBreakpoint: (breakpoint: ReviewBreakpointName) => void },
  ) => Promise<SiteCapture>
  /** The design as the browser would draw it at `width`, from its PNG. */
  renderDesign: (png: Buffer, width: number) => Promise<Buffer>
  /** Lighthouse, when the request asks for it; none by default. */
  lighthouse?: RunLighthouse
}

export function standInEngine(work: StandInWork): ReviewEngine {
  return {
    memoryLimitMb: 0,
    async run(request, { signal, onStage } = {}) {
      const site = await work.capture(request, {
        ...(signal ? { signal } : {}),
        onBreakpoint: (breakpoint) => onStage?.(`capturing-${breakpoint}`),
      })
      onStage?.('scoring')
      const sharp = await loadSharp()
      const scored: EngineResult['scored'] = []
      for (const { breakpoint, width } of REVIEW_BREAKPOINTS) {
        const shot = site.captures.find((c) => c.breakpoint === breakpoint)
        const stored = request.designs.find((d) => d.breakpoint === breakpoint)
        if (!shot || !stored) throw new Error(`The stand-in review has no ${breakpoint} capture or design.`)
        signal?.throwIfAborted()
        const design = await work.renderDesign(await sharp(stored.image).png().toBuffer(), width)
        scored.push(await scoreShot(shot, width, design, stored.elements))
      }
      onStage?.('auditing')
      const report = await qualityReport({
        site,
        axe: request.audits.axe,
        html: request.audits.html,
        lighthouse: request.audits.lighthouse ? (work.lighthouse ?? null) : null,
        ...(signal ? { signal } : {}),
      })
      const { finalUrl, captures, versions, timings } = site
      return {
        site: { finalUrl, captures, versions, timings },
        scored,
        quality: report.quality,
        timings: report.timings,
      }
    },
    async close() {},
  }
}
