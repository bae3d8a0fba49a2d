import { useCallback, useId, useState } from 'react'
import type { ReviewBreakpoint, ReviewFinding } from '#shared/review.ts'
import { ExternalLinkIcon } from '#web/components/ui/icons.tsx'
import { DifferencesToggle } from '#web/features/reviews/components/differences-toggle.tsx'
import { FindingBoxes } from '#web/features/reviews/components/element-findings.tsx'
import { HeatmapLegendEntries } from '#web/features/reviews/components/heatmap-legend.tsx'
import { PercentRange } from '#web/features/reviews/components/percent-range.tsx'

/**
 * How wide each comparison is shown at most: a capture is never blown up past its real width. Below
 * 40rem the frame runs edge to edge (its section's padding undone), so a phone shows a 375 px capture at
 * its own size; the links under it open each image at full size.
 */
const FRAME_WIDTH: Record<ReviewBreakpoint['breakpoint'], string> = {
  // No max-width: on a phone `max-w-full` would hold the frame inside the padding it runs past.
  desktop: '',
  tablet: 'max-w-[768px]',
  mobile: 'max-w-[375px]',
}

/**
 * The design and the capture of one breakpoint laid over each other: the range input uncovers the
 * capture from the left (a clip-path, so both images stay in place), and a toggle swaps in the diff
 * heatmap, with a legend of its colours. The images are lazy and sized, so the page does not jump as
 * they arrive; the frame scrolls when a page is long. A chosen finding (element-findings.tsx) draws its
 * boxes over either view, and the frame scrolls them into sight.
 */
export function BreakpointComparison({
  breakpoint,
  label,
  finding = null,
}: {
  breakpoint: ReviewBreakpoint
  label: string
  finding?: ReviewFinding | null
}) {
  const [shown, setShown] = useState(50)
  const [heatmap, setHeatmap] = useState(false)
  const sliderId = useId()
  const legendId = useId()
  const openId = useId()
  const frameLabel = `${label} comparison`
  // The frame scrolls to the chosen finding's box (its own scroll only, never the page's: the member's
  // focus stays on the finding they chose, which stays where it was).
  const showBox = useCallback((box: SVGRectElement | null) => {
    const frame = box?.closest('section')
    if (!box || !frame) return
    const frameRect = frame.getBoundingClientRect()
    const boxRect = box.getBoundingClientRect()
    const top = boxRect.top - frameRect.top + frame.scrollTop
    const left = boxRect.left - frameRect.left + frame.scrollLeft
    frame.scrollTo({
      top: Math.max(0, top - Math.max(16, (frame.clientHeight - boxRect.height) / 2)),
      left: Math.max(0, left - 16),
    })
  }, [])

  return (
    <div className="min-w-0">
      <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
        <div className="min-w-48 flex-1">
          <label htmlFor={sliderId} className="block text-sm font-semibold text-slate-900">
            Your site over the design ({label})
          </label>
          <PercentRange
            id={sliderId}
            value={shown}
            disabled={heatmap}
            onChange={setShown}
            valueText={`${shown}% of your site shown, ${100 - shown}% of the design`}
            className="mt-2 block w-full accent-accent-700 disabled:opacity-50"
          />
          <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-slate-600">
            <span>← Your site</span>
            <span>Design →</span>
          </div>
        </div>
        <DifferencesToggle pressed={heatmap} onToggle={() => setHeatmap((value) => !value)} />
      </div>

      <section
        aria-label={frameLabel}
        // The frame scrolls when a page is long, so it must be reachable with the keyboard.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable region
        tabIndex={0}
        className={`-mx-4 mt-4 max-h-[75vh] overflow-auto border-y border-slate-200 bg-slate-100 sm:mx-0 sm:w-full sm:rounded-xl sm:border ${FRAME_WIDTH[breakpoint.breakpoint]}`}
      >
        <div className="relative">
          <div className={heatmap ? 'hidden' : 'relative grid'}>
            <img
              src={breakpoint.designUrl}
              alt={`The design at ${label} width`}
              width={breakpoint.width}
              height={breakpoint.designHeight}
              loading="lazy"
              decoding="async"
              className="col-start-1 row-start-1 h-auto w-full"
            />
            <img
              src={breakpoint.captureUrl}
              alt={`Your site at ${label} width`}
              width={breakpoint.width}
              height={breakpoint.captureHeight}
              loading="lazy"
              decoding="async"
              style={{ clipPath: `inset(0 ${100 - shown}% 0 0)` }}
              className="col-start-1 row-start-1 h-auto w-full"
            />
            <div
              aria-hidden="true"
              className="pointer-events-none absolute inset-y-0 w-0.5 -translate-x-1/2 bg-accent-600 shadow-[0_0_0_1px_rgb(255_255_255/0.8)]"
              style={{ left: `${shown}%` }}
            />
          </div>
          {heatmap ? (
            <img
              src={breakpoint.diffUrl}
              alt={`Differences between the design and your site at ${label} width, changed pixels highlighted`}
              aria-describedby={legendId}
              width={breakpoint.width}
              height={breakpoint.comparedHeight}
              loading="lazy"
              decoding="async"
              className="h-auto w-full"
            />
          ) : null}
          {finding ? (
            <FindingBoxes
              // Drawn anew for each finding, so the frame scrolls to each one chosen.
              key={`${finding.sentence} ${JSON.stringify([finding.designBox, finding.pageBox])}`}
              finding={finding}
              width={breakpoint.width}
              height={
                heatmap
                  ? breakpoint.comparedHeight
                  : Math.max(breakpoint.designHeight, breakpoint.captureHeight)
              }
              boxRef={showBox}
            />
          ) : null}
        </div>
      </section>

      {heatmap ? (
        <div className="mt-3 text-sm text-slate-700" data-testid="heatmap-legend">
          <p className="font-semibold text-slate-900">What the colours mean</p>
          <ul id={legendId} className="mt-1.5 space-y-1">
            <HeatmapLegendEntries itemClass="flex items-start gap-2" swatchClass="mt-0.5" end="." />
          </ul>
        </div>
      ) : null}

      <div className="mt-3 flex flex-wrap items-baseline gap-x-4 gap-y-1 text-sm">
        <p id={openId} className="text-slate-700">
          Open at full size:
        </p>
        <ul aria-labelledby={openId} className="flex flex-wrap gap-x-4 gap-y-1">
          {(
            [
              ['Design', 'the design', breakpoint.designUrl],
              ['Your site', 'your site', breakpoint.captureUrl],
              ['Differences', 'the differences', breakpoint.diffUrl],
            ] as const
          ).map(([text, what, url]) => (
            <li key={text}>
              <a
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`${text}: open ${what} at ${label} width at full size (opens in a new tab)`}
                className="inline-flex items-center gap-1 rounded-sm font-medium text-accent-800 underline underline-offset-4 hover:no-underline"
              >
                {text}
                <ExternalLinkIcon className="size-3.5 shrink-0" />
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}
