import { useState } from 'react'
import type { Challenge, DesignImage } from '#shared/challenge.ts'
import { FullScreenDialog } from '#web/components/full-screen-dialog.tsx'
import { ImageViewer } from '#web/components/image-viewer/image-viewer.tsx'
import type { Zoom } from '#web/components/image-viewer/zoom.ts'
import { BreakpointTabs, TabList, useTabs } from '#web/components/ui/tabs.tsx'
import {
  DESIGN_VIEWS,
  type DesignTarget,
  designAlt,
  stateLabel,
  VIEW_LABEL,
} from '#web/features/challenges/design-images.ts'

function viewerImage(challenge: Challenge, image: DesignImage) {
  return {
    src: image.src,
    download: image.download,
    alt: designAlt(challenge, image),
    width: image.width,
    height: image.height,
    label: image.name === image.view ? VIEW_LABEL[image.view] : stateLabel(image),
    downloadName: `${challenge.slug}-${image.name}.png`,
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
  const names = images.map((image) => image.name)
  const tabs = useTabs(names, current.name, onSelect)
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
      <TabList
        tabs={tabs}
        keys={names}
        active={current.name}
        label={`${VIEW_LABEL[page.view]} state`}
        labelOf={(name) =>
          name === page.name ? 'Full page' : stateLabel(images.find((image) => image.name === name) ?? page)
        }
        className="mx-4 mb-2 flex-wrap self-start rounded-2xl"
      />
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
  const [view, setView] = useState(initial.view)
  const [selected, setSelected] = useState<Record<DesignTarget['view'], string>>({
    desktop: 'desktop',
    tablet: 'tablet',
    mobile: 'mobile',
    [initial.view]: initial.name,
  })
  const [zoom, setZoom] = useState<Zoom>('fit')
  const views = useTabs(DESIGN_VIEWS, view, setView)

  return (
    <FullScreenDialog title={`${challenge.title} design`} closeLabel="Close design viewer" onClose={onClose}>
      <BreakpointTabs
        tabs={views}
        keys={DESIGN_VIEWS}
        active={view}
        className="m-4 mb-2 self-start rounded-full"
      />
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
    </FullScreenDialog>
  )
}
