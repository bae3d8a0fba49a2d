/**
 * "Compare with the design" as pure functions (docs/product.md §10 "Compare with the design", §11): the
 * area two images share when drawn over each other at the same scale from their top left, and the two
 * range controls' values (how much of the member's site the slider uncovers, the overlay's opacity).
 */

export type CompareMode = 'side-by-side' | 'slider' | 'overlay'

export const COMPARE_MODES: readonly CompareMode[] = ['side-by-side', 'slider', 'overlay']

export const COMPARE_MODE_LABEL: Record<CompareMode, string> = {
  'side-by-side': 'Side by side',
  slider: 'Slider',
  overlay: 'Overlay',
}

type Size = { width: number; height: number | null }

/**
 * The area two images drawn over each other take, in their own pixels: the widest width and the tallest
 * height, so a capture taller than the design shows its extra height (and a shorter one the design's).
 * A height not known yet counts as 0.
 */
export function comparedArea(a: Size, b: Size): { width: number; height: number } {
  return {
    width: Math.max(0, a.width, b.width),
    height: Math.max(0, a.height ?? 0, b.height ?? 0),
  }
}

/** A percentage as the range inputs hold it: a whole number from 0 to 100 (NaN counts as 0). */
export function clampPercent(value: number): number {
  if (Number.isNaN(value)) return 0
  return Math.min(100, Math.max(0, Math.round(value)))
}

/**
 * The clip-path that shows the left `shown` % of the top layer (the member's site) and hides the rest,
 * so the design beneath shows on the right of the split.
 */
export function splitClip(shown: number): string {
  return `inset(0 ${100 - clampPercent(shown)}% 0 0)`
}

/** The slider's words for screen readers: how much of each image shows. */
export function splitText(shown: number): string {
  const value = clampPercent(shown)
  return `${value}% of your site shown, ${100 - value}% of the design`
}

/** The overlay's words for screen readers. */
export function opacityText(opacity: number): string {
  return `Your site at ${clampPercent(opacity)}% opacity over the design`
}

/**
 * The name a download link suggests: `base` and the extension of the address's file (`.png` for
 * `/files/reviews/a.png?v=2`), none when it has none.
 */
export function downloadName(base: string, url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? ''
  const file = path.slice(path.lastIndexOf('/') + 1)
  const dot = file.lastIndexOf('.')
  return dot > 0 ? `${base}${file.slice(dot).toLowerCase()}` : base
}
