import pixelmatch from 'pixelmatch'
import { loadSharp } from '#server/sharp.ts'

/**
 * Scores a screenshot of a member's page against the challenge's design image, both at the same width.
 * Pure: no browser, no database; the same two images always give the same result.
 */

/** pixelmatch's colour threshold: low enough to catch a wrong shade, high enough to ignore rounding. */
const COLOUR_THRESHOLD = 0.1

/**
 * A pixel pixelmatch flags is forgiven when each image's colour there appears in the other image within
 * this many pixels. Without it, content one pixel lower loses about 5 points and four pixels lower about
 * 20 on a page of text, because every edge of every line of text moves; see `forgiveShifts`.
 */
export const SHIFT_TOLERANCE = 4

/** A page longer than its design is compared down to this many design heights, and no further. */
export const MAX_HEIGHT_RATIO = 1.5

/**
 * Fills the design below its end, where the capture runs on. Nothing a page draws there belongs to the
 * design, white space included, so the colour has to be one no page is likely to draw.
 */
const SENTINEL = { r: 255, g: 0, b: 255 }

/**
 * Fills the capture below its end, where the design runs on. A page that ends early shows the
 * browser's empty canvas there, which is exactly what the baseline (a blank page) shows, so a missing
 * half costs the score what the design draws in that half, no more.
 */
const EMPTY_PAGE = { r: 255, g: 255, b: 255 }

/** The heatmap: red where the capture differs, yellow where only anti-aliasing does, design faintly behind. */
const DIFF_OPTIONS = {
  threshold: COLOUR_THRESHOLD,
  includeAA: false,
  alpha: 0.15,
  diffColor: [255, 0, 0],
  aaColor: [255, 210, 0],
} satisfies Parameters<typeof pixelmatch>[5]

/** Heatmap colour of a pixel that differs only because content moved by up to `SHIFT_TOLERANCE`. */
const SHIFTED_COLOUR = [255, 150, 60] as const

export type CaptureScore = {
  /** 0 (no better than a blank page) to 100 (identical), one decimal. */
  score: number
  /** Pixels of the capture that differ from the design, at the compared height, shifts forgiven. */
  rawMismatch: number
  /** Pixels pixelmatch flagged but forgiven as content moved by at most `shiftTolerance` pixels. */
  shiftedPixels: number
  /** Pixels a blank white page of the same height would get wrong: what `rawMismatch` is measured against. */
  baselineMismatch: number
  designWidth: number
  designHeight: number
  /** The capture's width before it was scaled to the design's width (equal when it was not scaled). */
  captureWidth: number
  /** The capture's height at the design's width. */
  captureHeight: number
  comparedHeight: number
  /** captureHeight / designHeight. */
  heightRatio: number
  /** PNG, designWidth × comparedHeight. */
  diff: Buffer
}

export async function scoreCapture({
  design,
  capture,
  shiftTolerance = SHIFT_TOLERANCE,
}: {
  design: Buffer
  capture: Buffer
  /** 0 scores with pixelmatch alone. */
  shiftTolerance?: number
}): Promise<CaptureScore> {
  const [designSize, captureSize] = await Promise.all([sizeOf(design, 'design'), sizeOf(capture, 'capture')])
  const width = designSize.width
  const designHeight = designSize.height
  // A capture of another width is scaled to the design's, keeping its aspect: a capture taken at a
  // different pixel density lines up again, and a page that scrolls sideways (a full-page screenshot
  // grows to the scroll width) is shrunk, which costs it score, as a page that overflows should.
  const captureHeight = Math.max(1, Math.round((captureSize.height * width) / captureSize.width))
  const comparedHeight = Math.round(
    Math.min(Math.max(designHeight, captureHeight), MAX_HEIGHT_RATIO * designHeight),
  )

  const [designPixels, capturePixels] = await Promise.all([
    rgbaAt(design, { width, height: designHeight, comparedHeight, fill: SENTINEL }),
    rgbaAt(capture, {
      width,
      height: captureHeight,
      comparedHeight,
      fill: EMPTY_PAGE,
      scaleFrom: captureSize.width === width ? undefined : captureSize,
    }),
  ])

  const diffPixels = Buffer.allocUnsafe(designPixels.length)
  const flagged = pixelmatch(designPixels, capturePixels, diffPixels, width, comparedHeight, DIFF_OPTIONS)
  const shiftedPixels =
    flagged > 0 && shiftTolerance > 0
      ? forgiveShifts(designPixels, capturePixels, diffPixels, width, comparedHeight, shiftTolerance)
      : 0
  const rawMismatch = flagged - shiftedPixels
  // The capture's pixels are not needed any more: its buffer becomes the blank page, saving a copy.
  // The baseline needs no forgiving: a design pixel that differs from white finds no match in a white page.
  capturePixels.fill(255)
  const baselineMismatch = pixelmatch(designPixels, capturePixels, undefined, width, comparedHeight, {
    threshold: COLOUR_THRESHOLD,
    includeAA: false,
  })

  const sharp = await loadSharp()
  const diff = await sharp(diffPixels, { raw: { width, height: comparedHeight, channels: 4 } })
    .removeAlpha()
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer()

  return {
    score: scoreFrom(rawMismatch, baselineMismatch),
    rawMismatch,
    shiftedPixels,
    baselineMismatch,
    designWidth: width,
    designHeight,
    captureWidth: captureSize.width,
    captureHeight,
    comparedHeight,
    heightRatio: captureHeight / designHeight,
    diff,
  }
}

/** 100 × the share of the blank page's mismatch that the capture avoided; exported for its edge cases. */
export function scoreFrom(rawMismatch: number, baselineMismatch: number): number {
  // A blank design leaves nothing to measure against: only an equally blank capture matches it.
  if (baselineMismatch === 0) return rawMismatch === 0 ? 100 : 0
  const score = Math.min(100, Math.max(0, 100 * (1 - rawMismatch / baselineMismatch)))
  const rounded = Math.round(score * 10) / 10
  // 100 is kept for captures with no mismatch at all, so a near miss never reads as perfect.
  return rawMismatch > 0 ? Math.min(rounded, 99.9) : rounded
}

/**
 * Forgives each pixel pixelmatch marked red in `diff` when the design's colour there appears in the
 * capture, and the capture's colour there appears in the design, within `radius` pixels (with
 * pixelmatch's colour test). Content that moved a little keeps its score; content that is missing, added
 * or recoloured does not, because one of the two colours has no match nearby. Forgiven pixels are
 * repainted in the heatmap. Returns how many were forgiven.
 */
function forgiveShifts(
  design: Uint8Array,
  capture: Uint8Array,
  diff: Uint8Array,
  width: number,
  height: number,
  radius: number,
): number {
  const maxDelta = 35215 * COLOUR_THRESHOLD * COLOUR_THRESHOLD
  // Where either image is one flat colour all around, the search would fail (pixelmatch already found
  // the other colour too far from it), and on a blank or wrong capture that is most flagged pixels.
  const flat = flatNeighbourhoods(design, width, height, radius)
  flatNeighbourhoods(capture, width, height, radius, flat)
  const offsets = offsetsByDistance(radius)
  const shifts = new Int32Array(offsets.map(([dx, dy]) => (dy * width + dx) * 4))

  const foundNear = (from: Uint8Array, to: Uint8Array, pos: number, x: number, y: number): boolean => {
    const r = from[pos] ?? 0
    const g = from[pos + 1] ?? 0
    const b = from[pos + 2] ?? 0
    const inside = x >= radius && y >= radius && x < width - radius && y < height - radius
    for (let k = 0; k < shifts.length; k++) {
      if (!inside) {
        const [dx = 0, dy = 0] = offsets[k] ?? []
        if (x + dx < 0 || y + dy < 0 || x + dx >= width || y + dy >= height) continue
      }
      const q = pos + (shifts[k] ?? 0)
      if (colourDelta(r - (to[q] ?? 0), g - (to[q + 1] ?? 0), b - (to[q + 2] ?? 0)) <= maxDelta) return true
    }
    return false
  }

  let forgiven = 0
  for (let i = 0, pos = 0; i < width * height; i++, pos += 4) {
    // Red is pixelmatch's mark for a counted mismatch; grey, yellow and the sentinel never read as it.
    if (diff[pos] !== 255 || diff[pos + 1] !== 0 || diff[pos + 2] !== 0 || flat[i]) continue
    const x = i % width
    const y = (i - x) / width
    if (foundNear(design, capture, pos, x, y) && foundNear(capture, design, pos, x, y)) {
      diff.set(SHIFTED_COLOUR, pos)
      forgiven++
    }
  }
  return forgiven
}

/**
 * Marks (sets to 1 in `into`) every pixel whose square of `radius` lies inside the image and is one exact
 * colour. One pass over the rows: `run[x]` counts the rows above, down to this one, whose window row
 * around x is flat in the same colour; at 2 × radius + 1 the pixel `radius` rows up is flat all round.
 */
function flatNeighbourhoods(
  image: Uint8Array,
  width: number,
  height: number,
  radius: number,
  into: Uint8Array = new Uint8Array(width * height),
): Uint8Array {
  const colours = new Uint32Array(image.buffer, image.byteOffset, width * height)
  const rowFlat = new Uint8Array(width)
  const run = new Int32Array(width)
  const side = 2 * radius + 1
  for (let y = 0; y < height; y++) {
    const row = y * width
    rowFlat.fill(0)
    for (let start = 0; start < width; ) {
      let end = start + 1
      while (end < width && colours[row + end] === colours[row + start]) end++
      for (let x = start + radius; x < end - radius; x++) rowFlat[x] = 1
      start = end
    }
    for (let x = 0; x < width; x++) {
      const sameAsAbove = y > 0 && colours[row + x] === colours[row - width + x]
      run[x] = rowFlat[x] ? (sameAsAbove ? (run[x] ?? 0) + 1 : 1) : 0
      if ((run[x] ?? 0) >= side) into[row - radius * width + x] = 1
    }
  }
  return into
}

/** Every offset within `radius` (a square), nearest first, so a small shift is found in a few steps. */
function offsetsByDistance(radius: number): Array<[number, number]> {
  const offsets: Array<[number, number]> = []
  for (let dy = -radius; dy <= radius; dy++) {
    for (let dx = -radius; dx <= radius; dx++) if (dx !== 0 || dy !== 0) offsets.push([dx, dy])
  }
  return offsets.sort((a, b) => a[0] ** 2 + a[1] ** 2 - (b[0] ** 2 + b[1] ** 2) || a[1] - b[1] || a[0] - b[0])
}

/** pixelmatch's YIQ colour distance (squared) for opaque pixels, given the channel differences. */
function colourDelta(dr: number, dg: number, db: number): number {
  const y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
  const i = dr * 0.59597799 - dg * 0.2741761 - db * 0.32180189
  const q = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694
  return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
}

async function sizeOf(image: Buffer, name: string): Promise<{ width: number; height: number }> {
  const sharp = await loadSharp()
  try {
    const { width, height } = await sharp(image).metadata()
    if (width && height) return { width, height }
  } catch {
    // Reported below with the image's name, which sharp's message lacks.
  }
  throw new Error(`The ${name} is not a readable image.`)
}

/**
 * Decodes an image to 8-bit RGBA on white (transparency shows the page behind it), scaled to `width`
 * if `scaleFrom` is given, cropped or filled to exactly `comparedHeight` rows. libvips does the crop
 * while decoding, so a very long capture never sits in memory whole.
 */
async function rgbaAt(
  image: Buffer,
  options: {
    width: number
    height: number
    comparedHeight: number
    fill: { r: number; g: number; b: number }
    scaleFrom?: { width: number; height: number } | undefined
  },
): Promise<Buffer> {
  const { width, height, comparedHeight, fill, scaleFrom } = options
  const kept = Math.min(height, comparedHeight)
  const sharp = await loadSharp()
  let pipeline = sharp(image).flatten({ background: EMPTY_PAGE })
  if (scaleFrom) pipeline = pipeline.resize({ width, height, fit: 'fill' })
  if (kept < height) pipeline = pipeline.extract({ left: 0, top: 0, width, height: kept })
  if (kept < comparedHeight) pipeline = pipeline.extend({ bottom: comparedHeight - kept, background: fill })
  const pixels = await pipeline.toColourspace('srgb').ensureAlpha().raw({ depth: 'uchar' }).toBuffer()
  // sharp's reported height ignores `extend`, so the length is the check that counts.
  if (pixels.length !== width * comparedHeight * 4) {
    throw new Error(`Decoded ${pixels.length} bytes, expected ${width}×${comparedHeight} RGBA.`)
  }
  return pixels
}
