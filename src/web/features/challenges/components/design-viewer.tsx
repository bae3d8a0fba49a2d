import { useEffect, useId, useRef, useState } from 'react'
import type { Challenge, DesignImage } from '#shared/challenge.ts'
import { ImageViewer } from '#web/components/image-viewer/image-viewer.tsx'
import type { Zoom } from '#web/components/image-viewer/zoom.ts'
import { CloseIcon } from '#web/components/ui/icons.tsx'
import { useTabs } from '#web/components/ui/tabs.tsx'
import {
  DESIGN_VIEWS,
  type DesignTarget,
  designAlt,
  stateLabel,
  VIEW_LABEL,
} from '#web/features/challenges/design-images.ts'
import { useDialogClose } from '#web/lib/use-dialog-close.ts'
import { useScrollLock } from '#web/lib/use-scroll-lock.ts'

const tabClasses = (selected: boolean) =>
  `inline-flex h-9 items-center justify-center rounded-full px-3 text-sm font-semibold transition-colors sm:px-4 ${
    selected
      ? 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-200'
      : 'text-slate-700 hover:text-slate-900'
  }`

function viewerImage(challenge: Challenge, image: DesignImage) {
  return {
    src: image.src,
    alt: designAlt(challenge, image),
    width: image.width,
    height: image.height,
    label: image.name === image.view ? VIEW_LABEL[image.view] : stateLabel(image),
    downloadName: `${challenge.slug}-${image.name}.webp`,
  }
}

/** One breakpoint: its full page and its states as tabs, the chosen one in the image viewer. */
function BreakpointPanel({
  challenge,
  page,
  states,
  selected,
  onSelect,
  zoom,
  onZoomChange,
}: {
  challenge: Challenge
  page: DesignImage
  states: DesignImage[]
  selected: string
  onSelect: (name: string) => void
  zoom: Zoom
  onZoomChange: (zoom: Zoom) => void
}) {
  const images = [page, ...states]
  const current = images.find((image) => image.name === selected) ?? page
  const tabs = useTabs(
    images.map((image) => image.name),
    current.name,
    onSelect,
  )
  const viewer = (
    <ImageViewer
      key={current.name}
      images={[viewerImage(challenge, current)]}
      label={designAlt(challenge, current)}
      zoom={zoom}
      onZoomChange={onZoomChange}
    />
  )
  if (states.length === 0) return viewer
  return (
    <>
      <div
        role="tablist"
        {...tabs.tabListProps}
        aria-label={`${VIEW_LABEL[page.view]} state`}
        className="mx-4 mb-2 flex flex-wrap gap-1 self-start rounded-2xl bg-slate-100 p-1 ring-1 ring-slate-200"
      >
        {images.map((image) => (
          <button key={image.name} {...tabs.tabProps(image.name)} className={tabClasses(image === current)}>
            {image === page ? 'Full page' : stateLabel(image)}
          </button>
        ))}
      </div>
      {images.map((image) => (
        <div key={image.name} {...tabs.panelProps(image.name)} className="flex min-h-0 flex-1 flex-col">
          {image === current ? viewer : null}
        </div>
      ))}
    </>
  )
}

/**
 * The full-size design viewer (docs/product.md §2 "Full-size design viewer"): a native modal <dialog>, so
 * the browser traps focus in it, makes the page behind inert and closes it on Escape; page scrolling is
 * locked while it is open. Breakpoints and, within each, the full page and its states are WAI-ARIA tabs;
 * the image viewer zooms and pans the chosen image, keeping its zoom from one image to the next. It is
 * mounted on opening, so its images load only then; `onClose` runs however it closes, and the caller
 * gives focus back to what opened it.
 */
export function DesignViewer({
  challenge,
  initial,
  onClose,
}: {
  challenge: Challenge
  initial: DesignTarget
  onClose: () => void
}) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const headingId = useId()
  const [view, setView] = useState(initial.view)
  const [selected, setSelected] = useState<Record<DesignTarget['view'], string>>({
    desktop: 'desktop',
    tablet: 'tablet',
    mobile: 'mobile',
    [initial.view]: initial.name,
  })
  const [zoom, setZoom] = useState<Zoom>('fit')
  const views = useTabs(DESIGN_VIEWS, view, setView)
  useScrollLock(true)
  const finish = useDialogClose(dialogRef, onClose)

  useEffect(() => {
    const dialog = dialogRef.current
    if (dialog && !dialog.open) dialog.showModal()
  }, [])

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
          {challenge.title} design
        </h2>
        <button
          type="button"
          aria-label="Close design viewer"
          onClick={finish}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 hover:text-slate-900"
        >
          <CloseIcon className="size-5" />
        </button>
      </div>
      <div
        role="tablist"
        {...views.tabListProps}
        aria-label="Breakpoint"
        className="m-4 mb-2 flex gap-1 self-start rounded-full bg-slate-100 p-1 ring-1 ring-slate-200"
      >
        {DESIGN_VIEWS.map((key) => (
          <button key={key} {...views.tabProps(key)} className={tabClasses(key === view)}>
            {VIEW_LABEL[key]}
          </button>
        ))}
      </div>
      {DESIGN_VIEWS.map((key) => {
        const page = challenge.designs.views.find((image) => image.view === key)
        return (
          <div key={key} {...views.panelProps(key)} className="flex min-h-0 flex-1 flex-col">
            {key === view && page ? (
              <BreakpointPanel
                challenge={challenge}
                page={page}
                states={challenge.designs.states.filter((image) => image.view === key)}
                selected={selected[key]}
                onSelect={(name) => setSelected((current) => ({ ...current, [key]: name }))}
                zoom={zoom}
                onZoomChange={setZoom}
              />
            ) : null}
          </div>
        )
      })}
    </dialog>
  )
}
