import { createHash } from 'node:crypto'
import { converter, differenceCiede2000, type Lab65 } from 'culori'
import pixelmatch from 'pixelmatch'
import { loadSharp } from '#server/sharp.ts'

/**
 * Scores a screenshot of a member's page against the challenge's design image, both at the same width
 * (docs/product.md §10, docs/decisions/012-structure-and-colour-score.md). Two measures, each 0 for a
 * blank white page and 1 for the design itself, judged separately and combined:
 *
 * - colour: how far, perceptually (CIEDE2000 in CIELAB), each `COLOUR_CELL` px area's colour is from
 *   the colours the other image shows within `COLOUR_REACH` cells of it;
 * - structure: where the page has edges (text, borders, pictures) and how many, per `EDGE_CELL` px
 *   cell, against the other image's within `EDGE_REACH` cells, so a block that moved a little, or text
 *   set in another font, still counts where it is.
 *
 * Both images are padded to the compared height as before (the design with the sentinel, the capture
 * with white), so a page much taller or shorter than its design loses score as it did.
 * Pure: no browser, no database; the same two images always give the same result. The heatmap and its
 * pixel counts stay pixelmatch's (decision 004): they show where the pixels differ, for people to read.
 */

/** The colour measure's share of the score; structure has the rest. */
export const COLOUR_WEIGHT = 0.7

/** Colours are compared as the mean of cells this many px square, the page seen from a little away. */
export const COLOUR_CELL = 8
/**
 * A cell's colour is looked for this many cells around (8 px), so content that moved a few pixels
 * matches; content 20 px off no longer finds all of itself.
 */
export const COLOUR_REACH = 1
/**
 * A CIEDE2000 difference up to this much costs nothing: a difference people barely notice between two
 * areas, and more than anti-aliasing, font hinting or an edge a few pixels off leave in a cell.
 */
export const COLOUR_UNNOTICED = 6

/** Edges are counted in cells this many px square, after a blur of half a cell. */
export const EDGE_CELL = 16
/** A cell's edges are looked for this many cells around (16 px): text that moved or reflowed nearby. */
export const EDGE_REACH = 1
/**
 * A lightness step (horizontal plus vertical, 0-510) below this is noise, not an edge: the ±1-2 levels
 * lossy WebP leaves on a flat colour (designs are stored as WebP) or a gradient's banding. Without it a
 * flat design's speckle is all the structure it has, which no page can match: a flat colour scored 70.
 * The faintest border a design draws (#eee on white) steps 17.
 */
export const EDGE_NOISE = 6

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
  /** The colour measure, 0 (a blank page's) to 100 (the design's), one decimal; 100 for a white design. */
  colour: number
  /** The structure measure, as `colour`; 100 for a design without edges, which it cannot judge. */
  structure: number
  /**
   * Whether the design gave each measure something to judge. One it did not reads 100 above and has no
   * share in `score`; a measure that is 100 because the page matched it is judged.
   */
  judged: { colour: boolean; structure: boolean }
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
  const measured = await measurePixels(design, capture, shiftTolerance)
  const { width, comparedHeight, designPixels, capturePixels, designSide } = measured
  const { designHeight, captureSize, captureHeight, identical, colour, structure } = measured

  const diffPixels = Buffer.allocUnsafe(designPixels.length)
  const flagged = pixelmatch(designPixels, capturePixels, diffPixels, width, comparedHeight, DIFF_OPTIONS)
  const shiftedPixels =
    flagged > 0 && shiftTolerance > 0
      ? forgiveShifts(designPixels, capturePixels, diffPixels, width, comparedHeight, shiftTolerance)
      : 0
  const rawMismatch = flagged - shiftedPixels
  // The capture's pixels are not needed any more: its buffer becomes the blank page, saving a copy.
  // The baseline needs no forgiving: a design pixel that differs from white finds no match in a white page.
  if (designSide.blankMismatch === undefined) {
    capturePixels.fill(255)
    designSide.blankMismatch = pixelmatch(designPixels, capturePixels, undefined, width, comparedHeight, {
      threshold: COLOUR_THRESHOLD,
      includeAA: false,
    })
  }
  const baselineMismatch = designSide.blankMismatch

  const sharp = await loadSharp()
  const diff = await sharp(diffPixels, { raw: { width, height: comparedHeight, channels: 4 } })
    .removeAlpha()
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer()

  return {
    ...scored(colour, structure, identical),
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

/** The two measures of a capture, and what `scoreCapture` goes on to compare with them. */
async function measurePixels(design: Buffer, capture: Buffer, shiftTolerance: number) {
  const [designSize, captureSize] = await Promise.all([sizeOf(design, 'design'), sizeOf(capture, 'capture')])
  const width = designSize.width
  const designHeight = designSize.height
  // A capture of another width is scaled to the design's, keeping its aspect: a capture taken at a
  // different pixel density lines up again, and a page that scrolls sideways (a full-page screenshot
  // grows to the scroll width) is shrunk, which costs it score, as a page that overflows should.
  const captureHeight = Math.max(1, Math.round((captureSize.height * width) / captureSize.width))
  // A page within SHIFT_TOLERANCE px of the design's length is compared over the shorter of the two:
  // content a few px lower ends a few px lower too, the same small move `forgiveShifts` forgives, not a
  // page of another length (its tail would otherwise meet the design's sentinel fill).
  const comparedHeight =
    Math.abs(captureHeight - designHeight) <= shiftTolerance
      ? Math.min(captureHeight, designHeight)
      : Math.round(Math.min(Math.max(designHeight, captureHeight), MAX_HEIGHT_RATIO * designHeight))

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

  const identical = designPixels.equals(capturePixels)
  const designKey = `${createHash('sha1').update(design).digest('base64')} ${width} ${comparedHeight}`
  const [designSide, captureColours, captureEdges] = await Promise.all([
    designMeasures(designKey, designPixels, width, comparedHeight, designHeight),
    colourCells(capturePixels, width, comparedHeight),
    edgeCells(capturePixels, width, comparedHeight, captureHeight),
  ])
  const colour = measure(colourDistance(designSide.colours, captureColours.values), designSide.blankColour)
  const structure = measure(edgeDistance(designSide.edges, captureEdges.values), designSide.blankStructure)
  return {
    width,
    designHeight,
    captureSize,
    captureHeight,
    comparedHeight,
    designPixels,
    capturePixels,
    identical,
    designSide,
    colour,
    structure,
  }
}

/**
 * The two pixel measures of the capture read along the page's own rows: `rows` says, from each design
 * row `y` down to the next entry, how many px lower the page has it (`dy`, negative for higher; design
 * px, ascending `y`; above the first entry, none). Each row of the capture is taken from where the page
 * has it, white where the page has nothing, so a page that is all there a little lower, or whose text
 * ran longer in another face, is measured on its layout and colours (docs/decisions/023-element-score.md,
 * second and third addenda); what is measured is as `scoreCapture` measures it. Null when nothing of the
 * capture is left.
 */
export async function measuresAlongRows({
  design,
  capture,
  rows,
}: {
  design: Buffer
  capture: Buffer
  rows: ReadonlyArray<{ y: number; dy: number }>
}): Promise<Pick<CaptureScore, 'score' | 'colour' | 'structure' | 'judged'> | null> {
  const designSize = await sizeOf(design, 'design')
  const sharp = await loadSharp()
  const { data, info } = await sharp(capture)
    .flatten({ background: EMPTY_PAGE })
    .removeAlpha()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true })
  const scale = info.width / designSize.width
  const stride = info.width * info.channels
  // Where each of the capture's rows comes from, down to the last the page has, and no further than
  // the score compares (a page's elements may say anything).
  const rise = Math.max(0, ...rows.map((entry) => (Number.isFinite(entry.dy) ? -entry.dy * scale : 0)))
  const end = Math.min(info.height + rise, Math.ceil(MAX_HEIGHT_RATIO * designSize.height * scale))
  const sources: number[] = []
  let entry = -1
  for (let row = 0; row < end; row++) {
    while (entry + 1 < rows.length && (rows[entry + 1] as { y: number }).y * scale <= row) entry++
    const dy = entry < 0 ? 0 : (rows[entry] as { dy: number }).dy
    const source = row + Math.round((Number.isFinite(dy) ? dy : 0) * scale)
    if (source >= info.height) break
    sources.push(source)
  }
  if (sources.length === 0) return null
  const moved = Buffer.alloc(sources.length * stride, 255)
  for (const [row, source] of sources.entries())
    if (source >= 0) data.copy(moved, row * stride, source * stride, (source + 1) * stride)
  const png = await sharp(moved, {
    raw: { width: info.width, height: sources.length, channels: info.channels },
  })
    .png({ compressionLevel: 0 })
    .toBuffer()
  const { colour, structure } = await measurePixels(design, png, SHIFT_TOLERANCE)
  return scored(colour, structure, false)
}

/** The score of the two measures and the measures as shown (see `CaptureScore`). */
function scored(
  colour: number | null,
  structure: number | null,
  identical: boolean,
): Pick<CaptureScore, 'score' | 'colour' | 'structure' | 'judged'> {
  return {
    score: combineScore({ colour, structure, identical }),
    colour: shown(colour),
    structure: shown(structure),
    judged: { colour: colour !== null, structure: structure !== null },
  }
}

/**
 * What a score measures of the design alone, at one compared height: its cells, and how far a blank
 * page is from it by each measure. Every submission of a challenge is scored against the same design
 * images, so the last few designs' are kept (keyed by the image's digest, width and compared height)
 * and each is worked out once, not with every score: they are the same numbers either way.
 */
type DesignMeasures = {
  colours: Cells
  edges: Cells
  /** `colourDistance` of a white page. */
  blankColour: number
  /** `edgeDistance` of a page without edges. */
  blankStructure: number
  /** pixelmatch's count for a white page, set by the first score that needs it. */
  blankMismatch?: number
}

/** About 2 MB each at most (a 1440 px design 1.5 × 3700 px long); a review scores three. */
const DESIGNS_KEPT = 12
const designsKept = new Map<string, DesignMeasures>()

async function designMeasures(
  key: string,
  pixels: Buffer,
  width: number,
  comparedHeight: number,
  designHeight: number,
): Promise<DesignMeasures> {
  const kept = designsKept.get(key)
  if (kept) {
    // Most recently used last, so the oldest is the one dropped.
    designsKept.delete(key)
    designsKept.set(key, kept)
    return kept
  }
  const [colours, edges] = await Promise.all([
    colourCells(pixels, width, comparedHeight),
    edgeCells(pixels, width, comparedHeight, designHeight),
  ])
  // A blank page: white everywhere, no edges anywhere. Each measure is judged against it.
  const whiteColours = new Float32Array(colours.values.length)
  for (let i = 0; i < whiteColours.length; i += 3) whiteColours[i] = 100
  const measures: DesignMeasures = {
    colours,
    edges,
    blankColour: colourDistance(colours, whiteColours),
    blankStructure: edgeDistance(edges, new Float32Array(edges.values.length)),
  }
  designsKept.set(key, measures)
  if (designsKept.size > DESIGNS_KEPT) {
    const oldest = designsKept.keys().next().value
    if (oldest !== undefined) designsKept.delete(oldest)
  }
  return measures
}

/**
 * The score from the two measures (each 0 for a blank page, 1 for the design), one decimal; exported
 * for its edge cases. 100 is kept for a capture identical to the design, so a near miss never reads as
 * perfect.
 */
export function combineScore({
  colour,
  structure,
  identical,
}: {
  /** null when the design gives the measure nothing to judge (see `measure`). */
  colour: number | null
  structure: number | null
  identical: boolean
}): number {
  if (identical) return 100
  // A measure with nothing to judge carries no weight: a design of flat colour (no edges) is judged on
  // colour alone, else any page without edges would get the structure's share for free.
  const parts: Array<[number, number]> = []
  if (colour !== null) parts.push([clamp01(colour), COLOUR_WEIGHT])
  if (structure !== null) parts.push([clamp01(structure), 1 - COLOUR_WEIGHT])
  const weights = parts.reduce((total, [, weight]) => total + weight, 0)
  // Nothing to judge at all: the design is a blank page, which only an identical capture matches.
  if (weights === 0) return 0
  const score = (100 * parts.reduce((total, [value, weight]) => total + value * weight, 0)) / weights
  return Math.min(Math.round(score * 10) / 10, 99.9)
}

/**
 * 1 − how far the capture is ÷ how far a blank page is: 1 for no distance, 0 for as far as a blank page
 * or further; null when a blank page is no distance away (the design has no colour but white, or no
 * edges), so the measure cannot tell a page from a blank one.
 */
function measure(distance: number, blankDistance: number): number | null {
  if (blankDistance === 0) return null
  return clamp01(1 - distance / blankDistance)
}

/** A measure as 0–100, one decimal; one with nothing to judge reads as the design's own, 100. */
function shown(value: number | null): number {
  return value === null ? 100 : Math.round(value * 1000) / 10
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value))
}

type Cells = { values: Float32Array; width: number; height: number; channels: number }

/** The image's mean colour per COLOUR_CELL square, in CIELAB (L, a, b as floats), by libvips. */
async function colourCells(rgba: Buffer, width: number, height: number): Promise<Cells> {
  const sharp = await loadSharp()
  const cellsWide = Math.max(1, Math.round(width / COLOUR_CELL))
  const cellsHigh = Math.max(1, Math.round(height / COLOUR_CELL))
  const lab = await sharp(rgba, { raw: { width, height, channels: 4 } })
    .removeAlpha()
    .resize(cellsWide, cellsHigh, { fit: 'fill', kernel: 'linear' })
    .toColourspace('lab')
    .raw({ depth: 'float' })
    .toBuffer()
  const values = new Float32Array(lab.buffer, lab.byteOffset, lab.length / 4)
  if (values.length !== cellsWide * cellsHigh * 3) throw new Error('Unexpected Lab cells from the image.')
  return { values, width: cellsWide, height: cellsHigh, channels: 3 }
}

/**
 * How much edge each EDGE_CELL square holds: the mean, over its pixels, of the lightness gradient
 * (|horizontal| + |vertical| step, 0-255). Text, borders and pictures have much; flat areas none.
 */
async function edgeCells(rgba: Buffer, width: number, height: number, contentHeight: number): Promise<Cells> {
  const grey = new Uint8Array(width * height)
  for (let i = 0, pos = 0; i < grey.length; i++, pos += 4) {
    grey[i] =
      ((rgba[pos] as number) * 77 + (rgba[pos + 1] as number) * 150 + (rgba[pos + 2] as number) * 29) >> 8
  }
  const edges = Buffer.alloc(width * height)
  // Only the image's own rows: where it ends, the fill below it (the design's sentinel, the capture's
  // blank page) is no edge the page drew, and a page 3 px longer than the design must not be missing one.
  for (let y = 1; y < Math.min(height, contentHeight) - 1; y++) {
    for (let x = 1, i = y * width + 1; x < width - 1; x++, i++) {
      const step =
        Math.abs((grey[i + 1] as number) - (grey[i - 1] as number)) +
        Math.abs((grey[i + width] as number) - (grey[i - width] as number))
      edges[i] = step < EDGE_NOISE ? 0 : Math.min(255, step)
    }
  }
  const sharp = await loadSharp()
  const cellsWide = Math.max(1, Math.round(width / EDGE_CELL))
  const cellsHigh = Math.max(1, Math.round(height / EDGE_CELL))
  const mean = await sharp(edges, { raw: { width, height, channels: 1 } })
    .blur(EDGE_CELL / 2)
    .resize(cellsWide, cellsHigh, { fit: 'fill', kernel: 'linear' })
    .extractChannel(0)
    .raw({ depth: 'float' })
    .toBuffer()
  const values = new Float32Array(mean.buffer, mean.byteOffset, mean.length / 4)
  if (values.length !== cellsWide * cellsHigh) throw new Error('Unexpected edge cells from the image.')
  return { values, width: cellsWide, height: cellsHigh, channels: 1 }
}

const ciede2000 = differenceCiede2000()
/** culori's own conversion, the one `ciede2000` makes of each colour it is given in another space. */
const toLab65 = converter('lab65')

/**
 * The mean, both ways round, of each cell's CIEDE2000 difference, less COLOUR_UNNOTICED, from the
 * nearest colour within the range the other image's cells span around it (see `withinReach`). A colour
 * that moved a little, or is mixed differently with its neighbour at a cell's edge, is within that
 * range; a wrong or missing colour is not.
 *
 * CIEDE2000 is defined in CIELAB under D65, and the cells are CIELAB under D50, so each difference
 * converts both colours. The same colours recur (a cell's own colour in every comparison it takes part
 * in, a flat area's colour cell after cell), so each conversion is culori's, made once per distinct
 * colour and handed to `ciede2000` already in its space: the same numbers as converting on every call.
 * A cell within the range costs nothing without a conversion at all: its difference from itself is 0.
 */
function colourDistance(design: Cells, other: Float32Array): number {
  const a: Lab65 = { mode: 'lab65', l: 0, a: 0, b: 0 }
  const b: Lab65 = { mode: 'lab65', l: 0, a: 0, b: 0 }
  const cost = (from: Float32Array, i: number, nearest: Float32Array) => {
    const l = from[i] ?? 0
    const aa = from[i + 1] ?? 0
    const bb = from[i + 2] ?? 0
    if (nearest[0] === l && nearest[1] === aa && nearest[2] === bb) return 0
    lab65Of(l, aa, bb, a)
    lab65Of(nearest[0] ?? 0, nearest[1] ?? 0, nearest[2] ?? 0, b)
    return Math.max(0, ciede2000(a, b) - COLOUR_UNNOTICED)
  }
  const cells = design.width * design.height
  const there = withinReach(design, design.values, other, COLOUR_REACH, cost)
  const back = withinReach(design, other, design.values, COLOUR_REACH, cost)
  return (there + back) / (2 * cells)
}

/**
 * Converted colours, a direct-mapped cache: a slot per hash of the colour's three float32 bit patterns,
 * holding the last colour that hashed there (its bits, to be sure of a hit) and its conversion.
 */
const LAB65_SLOTS = 1 << 16
const lab65Keys = new Uint32Array(LAB65_SLOTS * 3)
const lab65Values = new Float64Array(LAB65_SLOTS * 3)
const lab65Filled = new Uint8Array(LAB65_SLOTS)
const float32 = new Float32Array(3)
const float32Bits = new Uint32Array(float32.buffer)

/** `into` set to the colour (CIELAB D50, float32 values) in CIELAB D65, as culori converts it. */
function lab65Of(l: number, a: number, b: number, into: Lab65): void {
  float32[0] = l
  float32[1] = a
  float32[2] = b
  const lBits = float32Bits[0] as number
  const aBits = float32Bits[1] as number
  const bBits = float32Bits[2] as number
  const slot = ((lBits ^ Math.imul(aBits, 0x9e3779b1) ^ Math.imul(bBits, 0x85ebca77)) >>> 0) % LAB65_SLOTS
  const at = slot * 3
  if (
    lab65Filled[slot] !== 1 ||
    lab65Keys[at] !== lBits ||
    lab65Keys[at + 1] !== aBits ||
    lab65Keys[at + 2] !== bBits
  ) {
    const converted = toLab65({ mode: 'lab', l, a, b })
    lab65Keys[at] = lBits
    lab65Keys[at + 1] = aBits
    lab65Keys[at + 2] = bBits
    lab65Values[at] = converted.l
    lab65Values[at + 1] = converted.a
    lab65Values[at + 2] = converted.b
    lab65Filled[slot] = 1
  }
  into.l = lab65Values[at] as number
  into.a = lab65Values[at + 1] as number
  into.b = lab65Values[at + 2] as number
}

/**
 * Edge left unmatched, both ways round (each cell against the range of the other image's cells within
 * EDGE_REACH cells), as a share of the two images' edges together.
 */
function edgeDistance(design: Cells, other: Float32Array): number {
  const cost = (from: Float32Array, i: number, nearest: Float32Array) =>
    Math.abs((from[i] ?? 0) - (nearest[0] ?? 0))
  let total = 0
  for (let i = 0; i < design.values.length; i++) total += (design.values[i] ?? 0) + (other[i] ?? 0)
  if (total === 0) return 0
  const there = withinReach(design, design.values, other, EDGE_REACH, cost)
  const back = withinReach(design, other, design.values, EDGE_REACH, cost)
  return (there + back) / total
}

/**
 * For each cell of `from`, the range (per channel, low to high) of `to`'s cells within `reach` cells each
 * way, and the point of that range nearest the cell (the cell itself, clamped into it): `cost` between
 * the two is summed. Bounded: cells × (2 × reach + 1)² × channels steps.
 */
function withinReach(
  shape: Cells,
  from: Float32Array,
  to: Float32Array,
  reach: number,
  cost: (from: Float32Array, i: number, nearest: Float32Array) => number,
): number {
  const { width, height, channels } = shape
  const nearest = new Float32Array(channels)
  const rowStep = width * channels
  let sum = 0
  for (let y = 0; y < height; y++) {
    const top = Math.max(0, y - reach)
    const bottom = Math.min(height - 1, y + reach)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels
      const left = Math.max(0, x - reach) * channels
      const right = Math.min(width - 1, x + reach) * channels
      for (let c = 0; c < channels; c++) {
        let low = Number.POSITIVE_INFINITY
        let high = Number.NEGATIVE_INFINITY
        for (let row = top * rowStep + c; row <= bottom * rowStep + c; row += rowStep) {
          for (let j = row + left; j <= row + right; j += channels) {
            const value = to[j] as number
            if (value < low) low = value
            if (value > high) high = value
          }
        }
        nearest[c] = Math.min(high, Math.max(low, from[i + c] as number))
      }
      sum += cost(from, i, nearest)
    }
  }
  return sum
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
    const r = from[pos] as number
    const g = from[pos + 1] as number
    const b = from[pos + 2] as number
    const inside = x >= radius && y >= radius && x < width - radius && y < height - radius
    for (let k = 0; k < shifts.length; k++) {
      if (!inside) {
        const [dx = 0, dy = 0] = offsets[k] ?? []
        if (x + dx < 0 || y + dy < 0 || x + dx >= width || y + dy >= height) continue
      }
      const q = pos + (shifts[k] as number)
      const dr = r - (to[q] as number)
      const dg = g - (to[q + 1] as number)
      const db = b - (to[q + 2] as number)
      // `colourDelta` adds two terms that are never negative to this one, so a colour whose brightness
      // alone is too far off is no match, and most colours that are no match are found out here.
      const brightness = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
      if (0.5053 * brightness * brightness > maxDelta) continue
      if (colourDelta(dr, dg, db) <= maxDelta) return true
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
