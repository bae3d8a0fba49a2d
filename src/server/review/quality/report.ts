import type { SiteCapture } from '#server/review/capture.ts'
import type { EgressProxyOptions } from '#server/review/egress-proxy.ts'
import { AXE_CORE_VERSION } from '#server/review/quality/axe.ts'
import { HTML_VALIDATE_VERSION, validateHtml } from '#server/review/quality/html.ts'
import { LIGHTHOUSE_VERSION, type RunLighthouse } from '#server/review/quality/lighthouse.ts'
import type { AXE_BREAKPOINTS, AxeAudit, ReviewQuality } from '#shared/review.ts'

/**
 * A review's quality report from what the capture kept (axe's findings, the HTML) and a Lighthouse run
 * on the desktop address. Every part is there, done or "unavailable" with its reason.
 */

export type QualityOptions = {
  site: Pick<SiteCapture, 'finalUrl' | 'axe' | 'documents'>
  /** Whether the capture was asked for axe and the HTML (off: the part says it did not run). */
  axe: boolean
  html: boolean
  /** null: Lighthouse is off. */
  lighthouse: RunLighthouse | null
  allowLoopback?: EgressProxyOptions['allowLoopback']
  signal?: AbortSignal
}

const OFF = 'This check is turned off on this server.'

export async function qualityReport(
  options: QualityOptions,
): Promise<{ quality: ReviewQuality; timings: Record<string, number> }> {
  const timings: Record<string, number> = {}
  const axe = (breakpoint: (typeof AXE_BREAKPOINTS)[number]): AxeAudit =>
    options.site.axe?.[breakpoint] ??
    (options.axe
      ? { status: 'unavailable', reason: 'The accessibility check did not run on this page.' }
      : { status: 'unavailable', reason: OFF })

  const htmlStarted = performance.now()
  const html = options.html
    ? await validateHtml(options.site.documents)
    : ({ status: 'unavailable', reason: OFF } as const)
  timings['html-validate'] = Math.round(performance.now() - htmlStarted)

  options.signal?.throwIfAborted()
  const lighthouseStarted = performance.now()
  const lighthouse = options.lighthouse
    ? await options.lighthouse({
        url: options.site.finalUrl,
        ...(options.allowLoopback ? { allowLoopback: options.allowLoopback } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      })
    : { audit: { status: 'unavailable', reason: OFF } as const, version: LIGHTHOUSE_VERSION }
  timings.lighthouse = Math.round(performance.now() - lighthouseStarted)

  return {
    quality: {
      axe: { desktop: axe('desktop'), mobile: axe('mobile') },
      html,
      lighthouse: lighthouse.audit,
      versions: {
        'axe-core': AXE_CORE_VERSION,
        'html-validate': HTML_VALIDATE_VERSION,
        lighthouse: lighthouse.version,
      },
    },
    timings,
  }
}
