import { type KeyboardEvent, type PointerEvent, useId, useLayoutEffect, useRef, useState } from 'react'
import { comparedArea, splitClip } from '#web/components/compare/compare.ts'
import { pixelSize } from '#web/components/image-viewer/size.ts'
import {
  clampScroll,
  panForKey,
  scaleFor,
  scrollAfterZoom,
  ZOOMS,
  type Zoom,
  zoomForKey,
  zoomLabel,
} from '#web/components/image-viewer/zoom.ts'
import { useMediaQuery } from '#web/lib/use-media-query.ts'

/**
 * How to move, for the device in hand (docs/product.md §2): a touch screen without a fine pointer drags
 * and taps; anything with a mouse or trackpad, and so most likely a keyboard, gets the keys too.
 */
const HELP = {
  touch: 'Drag to pan. Zoom with the buttons.',
  keyboard:
    'Pan: drag the image, or use the arrow keys when it has focus (Shift, Page Up, Page Down, Home and End go further). Zoom: + and −, 0 fits.',
} as const
const TOUCH_ONLY = '(pointer: coarse) and (hover: none)'

export type ViewerImage = {
  src: string
  alt: string
  /** Natural size in pixels; a null height is read from the image once it has loaded. */
  width: number
  height: number | null
  /** A short name for the image when the viewer shows several side by side. */
  label: string
  /** The file name its download link suggests. */
  downloadName: string
  /** What the download link gives, when it is not `src` (a design's PNG beside the WebP shown). */
  download?: string
}

/**
 * The second image drawn over the first, both from their top left at the same scale, in an area as wide
 * as the wider and as tall as the taller: `split` uncovers its left `shown` % (a slider moves the split),
 * `overlay` draws it at `opacity` %.
 */
export type ViewerStack = { kind: 'split'; shown: number } | { kind: 'overlay'; opacity: number }

/** The room around the images in the scrolling area, and between two images, in CSS pixels (p-4, gap-4). */
const PADDING = 16
const GAP = 16

/**
 * A zoomable, pannable view of one image or several side by side at the same scale (docs/product.md §2
 * "Full-size design viewer"): zoom Fit, 100 % and 200 % with buttons or + / − / 0, panning by dragging with
 * the mouse or with the arrow keys while the image area has focus, each image's natural size and a
 * download link. Zoom and pan are pure functions in zoom.ts; this component draws them. The images are
 * sized with their width and height attributes, not inline style, which the CSP would refuse in server
 * HTML. Give the viewer a new `key` for other images, so they start at their top left; `zoom` and
 * `onZoomChange` make the zoom the caller's, to keep it across images. With `stack`, it draws two images
 * over each other instead of side by side ("Compare with the design", docs/product.md §10); the viewer
 * is then only ever mounted in the browser, so the split and the opacity may be inline styles.
 */
export function ImageViewer({
  images,
  label,
  zoom: controlledZoom,
  onZoomChange,
  stack,
}: {
  images: ViewerImage[]
  /** What the image area is, for screen readers, e.g. "Desktop design". */
  label: string
  zoom?: Zoom
  onZoomChange?: (zoom: Zoom) => void
  stack?: ViewerStack
}) {
  const [ownZoom, setOwnZoom] = useState<Zoom>('fit')
  const zoom = controlledZoom ?? ownZoom
  const setZoom = (next: Zoom) => {
    setOwnZoom(next)
    onZoomChange?.(next)
  }
  const area = useRef<HTMLElement>(null)
  const [available, setAvailable] = useState(0)
  const [loaded, setLoaded] = useState<Record<string, { width: number; height: number }>>({})
  const drag = useRef<{ id: number; x: number; y: number; left: number; top: number } | null>(null)
  const helpId = useId()
  const touchOnly = useMediaQuery(TOUCH_ONLY)

  useLayoutEffect(() => {
    const element = area.current
    if (!element) return
    const measure = () => setAvailable(element.clientWidth - 2 * PADDING)
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  // Once an image has loaded, its own proportions decide its height.
  const sizes = images.map((image) => {
    const natural = loaded[image.src]
    return {
      width: image.width,
      height: natural ? Math.round((natural.height * image.width) / natural.width) : image.height,
    }
  })
  const [base, top] = images
  const stacked = stack && base && top ? comparedArea(sizes[0] ?? base, sizes[1] ?? top) : null
  const contentWidth = stacked
    ? stacked.width
    : sizes.reduce((sum, size) => sum + size.width, 0) + GAP * (images.length - 1)
  const scale = available > 0 ? scaleFor(zoom, contentWidth, available) : zoom === 'fit' ? 0 : zoom

  // Zooming keeps the point at the centre of the area where it was.
  const previousScale = useRef(scale)
  useLayoutEffect(() => {
    const element = area.current
    const from = previousScale.current
    previousScale.current = scale
    if (!element || from <= 0 || scale <= 0 || from === scale) return
    element.scrollLeft = scrollAfterZoom(
      element.scrollLeft,
      element.clientWidth,
      from,
      scale,
      element.scrollWidth,
    )
    element.scrollTop = scrollAfterZoom(
      element.scrollTop,
      element.clientHeight,
      from,
      scale,
      element.scrollHeight,
    )
  }, [scale])

  function panTo(left: number, top: number) {
    const element = area.current
    if (!element) return
    element.scrollLeft = clampScroll(left, element.scrollWidth, element.clientWidth)
    element.scrollTop = clampScroll(top, element.scrollHeight, element.clientHeight)
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const element = area.current
    if (!element || event.altKey || event.ctrlKey || event.metaKey) return
    const nextZoom = zoomForKey(event.key, zoom)
    if (nextZoom !== null) {
      event.preventDefault()
      setZoom(nextZoom)
      return
    }
    const pan = panForKey(event.key, event.shiftKey, {
      width: element.clientWidth,
      height: element.clientHeight,
    })
    if (!pan) return
    event.preventDefault()
    panTo(element.scrollLeft + pan.x, element.scrollTop + pan.y)
  }

  function onPointerDown(event: PointerEvent<HTMLElement>) {
    // Touch scrolls the area natively; the mouse drags it.
    if (event.pointerType !== 'mouse' || event.button !== 0 || !area.current) return
    event.preventDefault()
    area.current.focus({ preventScroll: true })
    area.current.setPointerCapture(event.pointerId)
    drag.current = {
      id: event.pointerId,
      x: event.clientX,
      y: event.clientY,
      left: area.current.scrollLeft,
      top: area.current.scrollTop,
    }
  }

  function onPointerMove(event: PointerEvent<HTMLElement>) {
    const start = drag.current
    if (!start || start.id !== event.pointerId) return
    panTo(start.left - (event.clientX - start.x), start.top - (event.clientY - start.y))
  }

  function endDrag(event: PointerEvent<HTMLElement>) {
    if (drag.current?.id !== event.pointerId) return
    drag.current = null
    area.current?.releasePointerCapture(event.pointerId)
  }

  const several = images.length > 1

  function drawImage(image: ViewerImage, index: number, className: string) {
    const height = sizes[index]?.height
    return (
      <img
        key={`${image.label}-${image.src}`}
        src={image.src}
        alt={image.alt}
        draggable={false}
        decoding="async"
        width={Math.max(1, Math.round(image.width * scale))}
        height={height ? Math.max(1, Math.round(height * scale)) : undefined}
        onLoad={(event) => {
          const { naturalWidth, naturalHeight } = event.currentTarget
          setLoaded((current) => ({
            ...current,
            [image.src]: { width: naturalWidth, height: naturalHeight },
          }))
        }}
        className={`block h-auto max-w-none ${className}`}
      />
    )
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-slate-200 px-4 py-2">
        {/* 12 px apart: a focus ring reaches 5 px out, and the next button would cover its side. */}
        <fieldset className="flex items-center gap-3">
          <legend className="sr-only">Zoom</legend>
          {ZOOMS.map((level) => (
            <button
              key={level}
              type="button"
              aria-pressed={zoom === level}
              onClick={() => setZoom(level)}
              className={`inline-flex h-9 min-w-14 items-center justify-center rounded-full px-3 text-sm font-semibold ring-1 transition-colors ${
                zoom === level
                  ? 'bg-ink-900 text-white ring-ink-900'
                  : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50'
              }`}
            >
              {zoomLabel(level)}
            </button>
          ))}
        </fieldset>
        <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          {images.map((image, index) => (
            // The same image may be shown twice under two names (a page that is its own design).
            <li key={`${image.label}-${image.src}`} className="flex items-center gap-3">
              <span className="font-mono text-slate-700" data-testid="natural-size">
                {several ? `${image.label}: ` : ''}
                {pixelSize(image.width, sizes[index]?.height ?? null)}
              </span>
              <a
                href={image.download ?? image.src}
                download={image.downloadName}
                className="font-semibold text-accent-800 underline underline-offset-2 hover:text-accent-900"
              >
                Download<span className="sr-only"> {image.alt}</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
      <p id={helpId} className="px-4 py-1.5 text-xs text-slate-600">
        {touchOnly ? HELP.touch : HELP.keyboard}
      </p>
      {/*
        The area scrolls and takes keys: it must be focusable, and says what it holds and how to use it.
        A 6 px margin holds its focus ring (3 px, 2 px out), so no edge of the dialog clips a side of it.
      */}
      <section
        ref={area}
        aria-label={`${label}, zoom ${zoomLabel(zoom)}`}
        aria-describedby={helpId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling area panned with the keyboard
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        data-testid="image-area"
        className="m-1.5 min-h-0 flex-1 cursor-grab overflow-auto overscroll-contain bg-[radial-gradient(circle,rgb(148_163_184/0.25)_1px,transparent_1px)] bg-slate-100 bg-[size:16px_16px] select-none active:cursor-grabbing"
      >
        {stacked && base && top && stack ? (
          <div className="w-max p-4">
            <div
              data-testid="compared-area"
              className="relative overflow-hidden bg-white shadow-card-hover ring-1 ring-slate-200"
              style={{
                width: Math.max(1, Math.round(stacked.width * scale)),
                height: Math.max(1, Math.round(stacked.height * scale)),
              }}
            >
              {drawImage(base, 0, 'absolute top-0 left-0')}
              <div
                data-testid="top-layer"
                className="absolute inset-0"
                style={
                  stack.kind === 'split'
                    ? { clipPath: splitClip(stack.shown) }
                    : { opacity: stack.opacity / 100 }
                }
              >
                {drawImage(top, 1, 'absolute top-0 left-0')}
              </div>
              {stack.kind === 'split' ? (
                <div
                  aria-hidden="true"
                  data-testid="split-line"
                  className="pointer-events-none absolute inset-y-0 w-0.5 -translate-x-1/2 bg-accent-600 shadow-[0_0_0_1px_rgb(255_255_255/0.8)]"
                  style={{ left: `${stack.shown}%` }}
                />
              ) : null}
            </div>
          </div>
        ) : (
          <div className="flex w-max items-start gap-4 p-4">
            {images.map((image, index) =>
              drawImage(image, index, 'bg-white shadow-card-hover ring-1 ring-slate-200'),
            )}
          </div>
        )}
      </section>
    </div>
  )
}
