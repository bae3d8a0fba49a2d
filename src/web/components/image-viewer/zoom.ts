/**
 * The image viewer's zoom and pan, as pure functions (docs/product.md §2 Challenge detail, "Full-size
 * design viewer"). `fit` shows the whole width of the images (never larger than 100 %); 1 and 2 draw each
 * image pixel at one and two screen pixels.
 */
export type Zoom = 'fit' | 1 | 2

export const ZOOMS: readonly Zoom[] = ['fit', 1, 2]

export function zoomLabel(zoom: Zoom): string {
  return zoom === 'fit' ? 'Fit' : `${zoom * 100} %`
}

/** The scale of a zoom for content `contentWidth` px wide in `availableWidth` px (both above 0). */
export function scaleFor(zoom: Zoom, contentWidth: number, availableWidth: number): number {
  if (zoom !== 'fit') return zoom
  if (contentWidth <= 0 || availableWidth <= 0) return 1
  return Math.min(1, availableWidth / contentWidth)
}

/** The next zoom in (`1`) or out (`-1`), staying at the ends. */
export function stepZoom(zoom: Zoom, direction: 1 | -1): Zoom {
  const index = ZOOMS.indexOf(zoom) + direction
  return ZOOMS[Math.min(ZOOMS.length - 1, Math.max(0, index))] ?? zoom
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value))
}

/** A scroll position kept within the content: 0 up to how far the content overflows the viewport. */
export function clampScroll(position: number, content: number, viewport: number): number {
  return clamp(Math.round(position), 0, Math.max(0, content - viewport))
}

/**
 * Where to scroll after the scale changes from `from` to `to`, so the point at the centre of the viewport
 * stays there, on one axis. `content` is the content's length at the new scale.
 */
export function scrollAfterZoom(
  scroll: number,
  viewport: number,
  from: number,
  to: number,
  content: number,
): number {
  const centre = (scroll + viewport / 2) / from
  return clampScroll(centre * to - viewport / 2, content, viewport)
}

/** How far one arrow key pans, in screen pixels; with Shift, most of the viewport. */
export const PAN_STEP = 48

/**
 * The pan a key asks for, in screen pixels, or null for another key: the arrow keys (Shift for a
 * viewport at a time), Page Up and Page Down, Home and End (to the top and the bottom).
 */
export function panForKey(
  key: string,
  shift: boolean,
  viewport: { width: number; height: number },
): { x: number; y: number } | null {
  const across = shift ? Math.round(viewport.width * 0.9) : PAN_STEP
  const down = shift ? Math.round(viewport.height * 0.9) : PAN_STEP
  const page = Math.round(viewport.height * 0.9)
  switch (key) {
    case 'ArrowLeft':
      return { x: -across, y: 0 }
    case 'ArrowRight':
      return { x: across, y: 0 }
    case 'ArrowUp':
      return { x: 0, y: -down }
    case 'ArrowDown':
      return { x: 0, y: down }
    case 'PageUp':
      return { x: 0, y: -page }
    case 'PageDown':
      return { x: 0, y: page }
    case 'Home':
      return { x: 0, y: Number.NEGATIVE_INFINITY }
    case 'End':
      return { x: 0, y: Number.POSITIVE_INFINITY }
    default:
      return null
  }
}

/** The zoom a key asks for: + (or =) zooms in, - zooms out, 0 fits; null for another key. */
export function zoomForKey(key: string, zoom: Zoom): Zoom | null {
  if (key === '+' || key === '=') return stepZoom(zoom, 1)
  if (key === '-' || key === '_') return stepZoom(zoom, -1)
  if (key === '0') return 'fit'
  return null
}
