import { useEffect, useId, useRef, useState } from 'react'
import type { ReviewBreakpoint } from '#shared/review.ts'
import {
  COMPARE_MODE_LABEL,
  COMPARE_MODES,
  type CompareMode,
  clampPercent,
  downloadName,
  opacityText,
  splitText,
} from '#web/components/compare/compare.ts'
import {
  ImageViewer,
  type ViewerImage,
  type ViewerStack,
} from '#web/components/image-viewer/image-viewer.tsx'
import type { Zoom } from '#web/components/image-viewer/zoom.ts'
import { CloseIcon } from '#web/components/ui/icons.tsx'
import { useTabs } from '#web/components/ui/tabs.tsx'
import { DifferencesToggle } from '#web/features/reviews/components/differences-toggle.tsx'
import { HEATMAP_LEGEND } from '#web/features/reviews/report.ts'
import { useDialogClose } from '#web/lib/use-dialog-close.ts'
import { useScrollLock } from '#web/lib/use-scroll-lock.ts'

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

const segmentClasses = (selected: boolean) =>
  `inline-flex h-9 items-center justify-center rounded-full px-3 text-sm font-semibold transition-colors sm:px-4 ${
    selected
      ? 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-200'
      : 'text-slate-700 hover:text-slate-900'
  }`

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
  const dialogRef = useRef<HTMLDialogElement>(null)
  const headingId = useId()
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
  useScrollLock(true)
  const finish = useDialogClose(dialogRef, onClose)

  useEffect(() => {
    const dialog = dialogRef.current
    if (dialog && !dialog.open) dialog.showModal()
  }, [])

  const stack: ViewerStack | undefined =
    mode === 'slider'
      ? { kind: 'split', shown }
      : mode === 'overlay'
        ? { kind: 'overlay', opacity }
        : undefined

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={headingId}
      onCancel={finish}
      onClose={finish}
      className="m-auto h-[calc(100dvh-1rem)] max-h-none w-[calc(100vw-1rem)] max-w-none flex-col overflow-hidden rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-ink-950/75 open:flex sm:h-[calc(100dvh-3rem)] sm:w-[calc(100vw-3rem)]"
    >
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 py-2 pr-2 pl-4">
        <h2 id={headingId} className="truncate text-base font-bold tracking-tight sm:text-lg">
          Compare with the design
        </h2>
        <button
          type="button"
          aria-label="Close comparison"
          onClick={finish}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 hover:text-slate-900"
        >
          <CloseIcon className="size-5" />
        </button>
      </div>

      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 pt-3 pb-2">
        <div
          role="tablist"
          {...tabs.tabListProps}
          aria-label="Breakpoint"
          className="flex gap-1 rounded-full bg-slate-100 p-1 ring-1 ring-slate-200"
        >
          {available.map((key) => (
            <button key={key} {...tabs.tabProps(key)} className={segmentClasses(key === view)}>
              {BREAKPOINT_LABEL[key]}
            </button>
          ))}
        </div>
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
                name={`${headingId}-mode`}
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
            {HEATMAP_LEGEND.map((entry) => (
              <li key={entry.label} className="flex items-center gap-1.5">
                <span
                  aria-hidden="true"
                  className="size-3.5 shrink-0 rounded-sm ring-1 ring-slate-900/40"
                  style={{ backgroundColor: `rgb(${entry.rgb.join(' ')})` }}
                />
                <span>
                  <span className="font-semibold text-slate-900">{entry.label}</span>: {entry.meaning}
                </span>
              </li>
            ))}
            <li className="flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className="size-3.5 shrink-0 rounded-sm bg-slate-200 ring-1 ring-slate-900/40"
              />
              <span>
                <span className="font-semibold text-slate-900">Faded grey</span>: the same as the design
              </span>
            </li>
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
          <input
            id={sliderId}
            type="range"
            min={0}
            max={100}
            step={1}
            value={shown}
            onChange={(event) => setShown(clampPercent(Number(event.currentTarget.value)))}
            aria-valuetext={splitText(shown)}
            className="block w-40 min-w-0 flex-1 accent-accent-700 sm:max-w-md"
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
          <input
            id={opacityId}
            type="range"
            min={0}
            max={100}
            step={5}
            value={opacity}
            onChange={(event) => setOpacity(clampPercent(Number(event.currentTarget.value)))}
            aria-valuetext={opacityText(opacity)}
            className="block w-40 min-w-0 flex-1 accent-accent-700 sm:max-w-md"
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
    </dialog>
  )
}
