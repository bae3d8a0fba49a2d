import { useId, useState } from 'react'
import type { ReviewBreakpoint } from '#shared/review.ts'
import {
  COMPARE_MODE_LABEL,
  COMPARE_MODES,
  type CompareMode,
  downloadName,
  opacityText,
  splitText,
} from '#web/components/compare/compare.ts'
import { FullScreenDialog } from '#web/components/full-screen-dialog.tsx'
import {
  ImageViewer,
  type ViewerImage,
  type ViewerStack,
} from '#web/components/image-viewer/image-viewer.tsx'
import type { Zoom } from '#web/components/image-viewer/zoom.ts'
import { BreakpointTabs, segmentClasses, useTabs } from '#web/components/ui/tabs.tsx'
import { DifferencesToggle } from '#web/features/reviews/components/differences-toggle.tsx'
import { HeatmapLegendEntries } from '#web/features/reviews/components/heatmap-legend.tsx'
import { PercentRange } from '#web/features/reviews/components/percent-range.tsx'

export type BreakpointName = ReviewBreakpoint['breakpoint']

/** What one breakpoint's comparison draws: the review report's breakpoint, or a solution's capture. */
export type CompareBreakpoint = Pick<
  ReviewBreakpoint,
  | 'breakpoint'
  | 'width'
  | 'captureUrl'
  | 'captureHeight'
  | 'designUrl'
  | 'designHeight'
  | 'diffUrl'
  | 'comparedHeight'
>

export const BREAKPOINT_LABEL: Record<BreakpointName, string> = {
  desktop: 'Desktop',
  tablet: 'Tablet',
  mobile: 'Mobile',
}

const ORDER: readonly BreakpointName[] = ['desktop', 'tablet', 'mobile']

const SLIDER_CLASS = 'block w-40 min-w-0 flex-1 accent-accent-700 sm:max-w-md'

function images(breakpoint: CompareBreakpoint) {
  const label = BREAKPOINT_LABEL[breakpoint.breakpoint]
  const name = breakpoint.breakpoint
  const design: ViewerImage = {
    src: breakpoint.designUrl,
    alt: `The design at ${label} width`,
    width: breakpoint.width,
    height: breakpoint.designHeight,
    label: 'Design',
    downloadName: downloadName(`design-${name}`, breakpoint.designUrl),
  }
  const capture: ViewerImage = {
    src: breakpoint.captureUrl,
    alt: `Your site at ${label} width`,
    width: breakpoint.width,
    height: breakpoint.captureHeight,
    label: 'Your site',
    downloadName: downloadName(`your-site-${name}`, breakpoint.captureUrl),
  }
  const differences: ViewerImage = {
    src: breakpoint.diffUrl,
    alt: `Differences between the design and your site at ${label} width, changed pixels highlighted`,
    width: breakpoint.width,
    height: breakpoint.comparedHeight,
    label: 'Differences',
    downloadName: downloadName(`differences-${name}`, breakpoint.diffUrl),
  }
  return { design, capture, differences }
}

/**
 * "Compare with the design" (docs/product.md §10, §11): a native modal <dialog> (the browser traps focus
 * in it, makes the page behind inert and closes it on Escape; page scrolling is locked) showing one
 * breakpoint's design and capture in the image viewer, at the same scale from their top left. A tablist
 * chooses the breakpoint and a radio group the view: side by side, a slider that uncovers the capture
 * from the left over the design, or the capture laid over the design at an opacity; `Show differences`
 * shows the review's heatmap instead. Zoom, view, split and opacity stay from one breakpoint to the next.
 * Mounted on opening, so its images load only then; `onClose` runs however it closes, and the caller
 * gives focus back to what opened it.
 */
export function CompareDialog({
  breakpoints,
  initial,
  onClose,
}: {
  breakpoints: CompareBreakpoint[]
  initial: BreakpointName
  onClose: () => void
}) {
  const modeName = useId()
  const sliderId = useId()
  const opacityId = useId()
  const available = ORDER.filter((name) => breakpoints.some((b) => b.breakpoint === name))
  const [view, setView] = useState<BreakpointName>(initial)
  const [mode, setMode] = useState<CompareMode>('slider')
  const [shown, setShown] = useState(50)
  const [opacity, setOpacity] = useState(50)
  const [heatmap, setHeatmap] = useState(false)
  const [zoom, setZoom] = useState<Zoom>('fit')
  const tabs = useTabs(available, view, setView)

  const stack: ViewerStack | undefined =
    mode === 'slider'
      ? { kind: 'split', shown }
      : mode === 'overlay'
        ? { kind: 'overlay', opacity }
        : undefined

  return (
    <FullScreenDialog title="Compare with the design" closeLabel="Close comparison" onClose={onClose}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 pt-3 pb-2">
        <BreakpointTabs tabs={tabs} keys={available} active={view} className="rounded-full" />
        <fieldset
          disabled={heatmap}
          className="flex gap-1 rounded-full bg-slate-100 p-1 ring-1 ring-slate-200 disabled:opacity-50"
        >
          <legend className="sr-only">View</legend>
          {COMPARE_MODES.map((key) => (
            <label
              key={key}
              className={`${segmentClasses(key === mode)} cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-700`}
            >
              <input
                type="radio"
                name={modeName}
                value={key}
                checked={key === mode}
                onChange={() => setMode(key)}
                className="sr-only"
              />
              {COMPARE_MODE_LABEL[key]}
            </label>
          ))}
        </fieldset>
        <DifferencesToggle pressed={heatmap} onToggle={() => setHeatmap((value) => !value)} />
      </div>

      {heatmap ? (
        <div className="px-4 pb-2 text-sm text-slate-700" data-testid="heatmap-legend">
          <ul aria-label="What the colours mean" className="flex flex-wrap gap-x-4 gap-y-1">
            <HeatmapLegendEntries itemClass="flex items-center gap-1.5" swatchClass="" />
          </ul>
        </div>
      ) : mode === 'slider' ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 pb-2">
          <label htmlFor={sliderId} className="text-sm font-semibold text-slate-900">
            Your site shown
          </label>
          <span aria-hidden="true" className="text-xs text-slate-600">
            ← Your site
          </span>
          <PercentRange
            id={sliderId}
            value={shown}
            onChange={setShown}
            valueText={splitText(shown)}
            className={SLIDER_CLASS}
          />
          <span aria-hidden="true" className="text-xs text-slate-600">
            Design →
          </span>
        </div>
      ) : mode === 'overlay' ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 pb-2">
          <label htmlFor={opacityId} className="text-sm font-semibold text-slate-900">
            Your site’s opacity
          </label>
          <PercentRange
            id={opacityId}
            value={opacity}
            step={5}
            onChange={setOpacity}
            valueText={opacityText(opacity)}
            className={SLIDER_CLASS}
          />
          <span aria-hidden="true" className="w-10 text-sm text-slate-700 tabular-nums">
            {opacity}%
          </span>
        </div>
      ) : null}

      {available.map((key) => {
        const breakpoint = breakpoints.find((b) => b.breakpoint === key)
        const label = BREAKPOINT_LABEL[key]
        const shownImages = breakpoint ? images(breakpoint) : null
        return (
          <div
            key={key}
            {...tabs.panelProps(key)}
            className="flex min-h-0 flex-1 flex-col border-t border-slate-200"
          >
            {key === view && shownImages ? (
              heatmap ? (
                <ImageViewer
                  key={`${key}-differences`}
                  images={[shownImages.differences]}
                  label={`Differences at ${label} width`}
                  zoom={zoom}
                  onZoomChange={setZoom}
                />
              ) : (
                <ImageViewer
                  key={`${key}-${mode}`}
                  images={[shownImages.design, shownImages.capture]}
                  label={`Your site and the design at ${label} width, ${COMPARE_MODE_LABEL[mode].toLowerCase()}`}
                  zoom={zoom}
                  onZoomChange={setZoom}
                  stack={stack}
                />
              )
            ) : null}
          </div>
        )
      })}
    </FullScreenDialog>
  )
}
