import { differenceCiede2000 } from 'culori'
import type { PageElement, PageElements } from '#shared/page-elements.ts'
import { COLOUR_JND, POSITION_TOLERANCE, SIZE_TOLERANCE, WEIGHT_TOLERANCE } from './findings.ts'
import { boxOffset, type ElementMatch, MATCH_CANDIDATES_MAX } from './match.ts'

/**
 * How far a member's page agrees with the design, element by element, at one breakpoint
 * (docs/product.md §10, docs/decisions/021-element-review.md). Each part is 0..1 and 1 for the design
 * itself; they are kept apart so the score can weigh them (a palette change should cost less than a
 * wrong layout). Pure.
 *
 * - content: how much of the design's content the page has and how little it adds: texts, controls and
 *   images (not sections, which hold them) weighted by `weightOf`, a pair counting for both its elements,
 *   times how alike their texts read, over the two pages' total (a Dice coefficient). A text or control
 *   with other words in the design's place and style (a heading reworded) is a stand-in: it keeps part
 *   of its weight on a page that is otherwise the design (`STAND_IN_SHARE`, decision 023's addendum).
 * - position, size, colour: of the paired elements only, weighted by the design element's weight. They
 *   say nothing about what is missing; read them with `content`. Position is each element's move against
 *   the page's own offset (`pageOffset`) or against the element above it (`gapMoves`), whichever is less,
 *   and in a share the offset itself (`OFFSET_SHARE`). Size is a text's type (its font size, and its face:
 *   `OTHER_FACE_SHARE`) and any other element's box.
 */

export type ElementAgreement = {
  content: number
  position: number
  size: number
  colour: number
  /** The four combined (`ELEMENT_AGREEMENT_WEIGHTS`), as the score counts them (decision 023). */
  overall: number
  paired: number
  missing: number
  extra: number
}

/**
 * The weighting of the parts, calibrated with the score (docs/decisions/023-element-score.md, second
 * addendum): content scales the rest, so a page with other content scores low whatever its matched few
 * look like. Position weighs most: measured against the page's own offset, it is the layout (a mirrored
 * bar, a block out of place), which a whole page a little lower keeps.
 */
export const ELEMENT_AGREEMENT_WEIGHTS = { base: 0.35, position: 0.45, size: 0.05, colour: 0.15 }

/**
 * The most of its content weight a stand-in keeps (docs/decisions/023-element-score.md, addendum): a
 * text or control whose words are not the design's but which sits in the design's box, in its size,
 * weight and colour, is the design's element with other words, a smaller change to a person than its
 * whole area gone. It keeps this share times how well its box and style agree (`standInLikeness`) times
 * how much of the rest of the page's content is the design's: another design whose texts happen to sit
 * where the design's do shares almost nothing else, and keeps nothing.
 */
export const STAND_IN_SHARE = 0.6

/**
 * The share of position that is the page's own offset (`pageOffset`), charged as a move of every
 * element; the rest is each element's move against that offset or its gap above (decision 023, second
 * and third addenda). A page all there 20 px lower keeps its layout, so its pixels are measured along its
 * rows too (`rowMoves`), and this is what it costs: less than an accent colour changed, more than 3 px.
 */
export const OFFSET_SHARE = 0.3

export type AgreementParts = Pick<ElementAgreement, 'content' | 'position' | 'size' | 'colour'>

/** The parts as one number: content scales the rest (weights chosen in decision 023). */
export function agreementOverall(
  parts: AgreementParts,
  w: typeof ELEMENT_AGREEMENT_WEIGHTS = ELEMENT_AGREEMENT_WEIGHTS,
): number {
  return (
    parts.content * (w.base + w.position * parts.position + w.size * parts.size + w.colour * parts.colour)
  )
}

/**
 * What a text set in another face than the design's keeps of its size agreement: a person sees the type,
 * its face as much as its size (decision 023, third addendum). The face is the first family the page
 * asks for, as the element findings compare it.
 */
export const OTHER_FACE_SHARE = 0.3

/** A move beyond the tolerance loses all its position agreement at this many px or this share of the width. */
export const POSITION_SPAN_PX = 100
export const POSITION_SPAN_WIDTHS = 0.1
/** A colour this far (CIEDE2000) beyond the just-noticeable difference agrees not at all. */
export const COLOUR_SPAN = 30

const ciede2000 = differenceCiede2000()
const HEX = /^#[0-9a-f]{6}$/i

/**
 * An element's weight: the square root of its area, the area at most a quarter of the page's width
 * squared (one hero image). A person takes a page in element by element: a large heading counts for more
 * than a link, but not for the hundred links its area would make it (decision 023, second addendum).
 */
function weightOf(element: PageElement, width: number): number {
  const area = Math.max(0, element.box.width) * Math.max(0, element.box.height)
  return Number.isFinite(area) ? Math.sqrt(Math.min(area, (width / 2) ** 2)) : 0
}

/**
 * The page's own offset from the design: the move most of its paired elements share, each axis on its
 * own (the most moves within `POSITION_TOLERANCE` of one another, their median; of equal groups, the
 * smaller move). Down the page, of the elements with nothing paired above them (its top: `gapMoves`
 * gives them no gap), where there are any: what lies below is placed by its gaps, and a text that runs
 * longer moves it without moving the page. A page that is all there a little lower has moved, not
 * changed its layout: the pixel measures charge the move, and the position agreement only what moved
 * against the rest (decision 023, second and third addenda). One element of two out of place is that
 * one's move, not half of each.
 */
export function pageOffset(
  design: PageElements,
  page: PageElements,
  match: ElementMatch,
  gaps: readonly (number | null)[] = gapMoves(design, page, match),
): { dx: number; dy: number } {
  const dxs: number[] = []
  const dys: number[] = []
  const topDys: number[] = []
  for (const [index, pair] of match.pairs.entries()) {
    const theirs = design.elements[pair.design]
    const ours = page.elements[pair.page]
    if (!theirs || !ours) continue
    const { dx, dy } = boxOffset(theirs.box, ours.box)
    if (Number.isFinite(dx) && Number.isFinite(dy)) {
      dxs.push(dx)
      dys.push(dy)
      if ((gaps[index] ?? null) === null) topDys.push(dy)
    }
  }
  return { dx: sharedMove(dxs), dy: sharedMove(topDys.length > 0 ? topDys : dys) }
}

/**
 * Per pair (in `match.pairs`' order), how much the gap above its element changed: the space between its
 * top and the foot of the paired element just above it in the design (the lowest foot above its top, of
 * the elements that share some of its width), on the page against the design. Null where no paired
 * element is above. A text set in another face runs longer and pushes everything below it down, by more
 * and more down the page; every gap stays as the design has it, and a person sees the same arrangement
 * (docs/decisions/023-element-score.md, third addendum). An element moved out of its place changes the
 * gap above it.
 */
export function gapMoves(design: PageElements, page: PageElements, match: ElementMatch): (number | null)[] {
  // The pairs by the design element's foot, so each search walks up from the nearest foot.
  const byFoot = match.pairs
    .map((pair) => ({ theirs: design.elements[pair.design], ours: page.elements[pair.page] }))
    .filter((pair): pair is { theirs: PageElement; ours: PageElement } => !!pair.theirs && !!pair.ours)
    .map((pair) => ({ ...pair, foot: pair.theirs.box.y + pair.theirs.box.height }))
    .sort((a, b) => a.foot - b.foot)
  const feet = byFoot.map((pair) => pair.foot)
  return match.pairs.map((pair) => {
    const theirs = design.elements[pair.design]
    const ours = page.elements[pair.page]
    if (!theirs || !ours) return null
    const top = theirs.box.y
    for (let at = upperBound(feet, top + GAP_TOLERANCE) - 1; at >= 0; at--) {
      const above = byFoot[at] as (typeof byFoot)[number]
      if (above.theirs === theirs || !sharesWidth(above.theirs.box, theirs.box)) continue
      const designGap = top - above.foot
      const pageGap = ours.box.y - (above.ours.box.y + above.ours.box.height)
      return pageGap - designGap
    }
    return null
  })
}

/**
 * Where the page's rows are against the design's, from its elements that kept their place (within
 * `POSITION_TOLERANCE` of the page's offset or of their gap above, `gapMoves`): from each such element's
 * top, the page is its move lower; from its foot, its foot's move. In the design's order, each row taking
 * the last such place above it (the median of those at one row). A page whose text reflowed in another
 * face is lower by more and more down the page, and its pixels are measured along these rows; an element
 * moved out of its place gives none, so its rows are measured where the design has it (decision 023,
 * third addendum).
 */
export function rowMoves(
  design: PageElements,
  page: PageElements,
  match: ElementMatch,
  gaps: readonly (number | null)[] = gapMoves(design, page, match),
): Array<{ y: number; dy: number }> {
  const offset = pageOffset(design, page, match, gaps)
  const marks = new Map<number, number[]>()
  const mark = (y: number, dy: number) => {
    if (!Number.isFinite(y) || !Number.isFinite(dy)) return
    const at = Math.round(y)
    const moves = marks.get(at)
    if (moves) moves.push(dy)
    else marks.set(at, [dy])
  }
  for (const [index, pair] of match.pairs.entries()) {
    const theirs = design.elements[pair.design]
    const ours = page.elements[pair.page]
    if (!theirs || !ours) continue
    const dy = ours.box.y - theirs.box.y
    const gap = gaps[index] ?? null
    const kept =
      Math.abs(dy - offset.dy) <= POSITION_TOLERANCE || (gap !== null && Math.abs(gap) <= POSITION_TOLERANCE)
    if (!kept) continue
    mark(theirs.box.y, dy)
    mark(theirs.box.y + theirs.box.height, ours.box.y + ours.box.height - (theirs.box.y + theirs.box.height))
  }
  const rows: Array<{ y: number; dy: number }> = []
  for (const [y, moves] of [...marks].sort((a, b) => a[0] - b[0])) {
    const sorted = moves.sort((a, b) => a - b)
    const dy = sorted[(sorted.length - 1) >> 1] as number
    if (rows.at(-1)?.dy !== dy) rows.push({ y, dy })
  }
  return rows
}

/** How far an element's top may reach into the one above it and still count it as above (px). */
const GAP_TOLERANCE = 2

const sharesWidth = (a: PageElement['box'], b: PageElement['box']) =>
  Math.min(a.x + a.width, b.x + b.width) > Math.max(a.x, b.x)

/** The first index of ascending `sorted` whose value is above `value`. */
function upperBound(sorted: readonly number[], value: number): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((sorted[mid] as number) <= value) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** The move most values share (see `pageOffset`), 0 for none. */
function sharedMove(values: number[]): number {
  const sorted = values.sort((a, b) => a - b)
  let best = { count: 0, move: 0 }
  for (let from = 0, to = 0; from < sorted.length; from++) {
    while (to < sorted.length && (sorted[to] as number) - (sorted[from] as number) <= 2 * POSITION_TOLERANCE)
      to++
    const count = to - from
    const move = sorted[from + ((count - 1) >> 1)] as number
    if (count > best.count || (count === best.count && Math.abs(move) < Math.abs(best.move)))
      best = { count, move }
  }
  return best.move
}

function sizeAgreement(design: PageElement, page: PageElement): number {
  const agree = (designSize: number, pageSize: number) => {
    const off = Math.abs(Math.log(Math.max(pageSize, 1) / Math.max(designSize, 1)))
    return 1 - Math.min(1, Math.max(0, off - Math.log(1 + SIZE_TOLERANCE)) / Math.LN2)
  }
  if (design.kind === 'text' && page.kind === 'text') {
    const sameFace = design.fontFamily.trim().toLowerCase() === page.fontFamily.trim().toLowerCase()
    return agree(design.fontSize, page.fontSize) * (sameFace ? 1 : OTHER_FACE_SHARE)
  }
  return (agree(design.box.width, page.box.width) + agree(design.box.height, page.box.height)) / 2
}

function colourAgreement(colour: string | undefined, designColour: string | undefined): number {
  if (colour === undefined && designColour === undefined) return 1
  if (colour === undefined || designColour === undefined) return 0
  if (!HEX.test(colour) || !HEX.test(designColour))
    return colour.toLowerCase() === designColour.toLowerCase() ? 1 : 0
  return 1 - Math.min(1, Math.max(0, ciede2000(colour, designColour) - COLOUR_JND) / COLOUR_SPAN)
}

/** The colours a pair is compared on, or none (images and sections have no colour here). */
function pairColour(design: PageElement, page: PageElement): number | undefined {
  if (design.kind === 'text' && page.kind === 'text') return colourAgreement(page.colour, design.colour)
  if (design.kind === 'control' && page.kind === 'control') {
    return (
      (colourAgreement(page.colour, design.colour) + colourAgreement(page.background, design.background)) / 2
    )
  }
  return undefined
}

/** How much two boxes share: their intersection over their union, 0..1. */
function boxOverlap(a: PageElement['box'], b: PageElement['box']): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)
  if (!(width > 0 && height > 0)) return 0
  const shared = width * height
  const union = a.width * a.height + b.width * b.height - shared
  return union > 0 && Number.isFinite(union) ? shared / union : 0
}

/**
 * How far a page's text or control stands in for the design's, its words aside, 0..1: the share of
 * their boxes they have in common, times, for texts, the font size's agreement, the same weight and the
 * colour's agreement, and for controls the colour's and background's. 0 for other kinds.
 */
export function standInLikeness(design: PageElement, page: PageElement): number {
  const overlap = boxOverlap(design.box, page.box)
  if (overlap === 0) return 0
  let style: number
  if (design.kind === 'text' && page.kind === 'text') {
    const sameWeight = Math.abs(design.fontWeight - page.fontWeight) < WEIGHT_TOLERANCE ? 1 : 0
    style = sizeAgreement(design, page) * sameWeight * colourAgreement(page.colour, design.colour)
  } else if (design.kind === 'control' && page.kind === 'control') {
    style = colourAgreement(page.colour, design.colour) * colourAgreement(page.background, design.background)
  } else return 0
  return overlap * style
}

const hasWords = (element: PageElement) => element.kind === 'text' || element.kind === 'control'

/**
 * The design's unpaired texts and controls with the page's unpaired ones of the same kind whose boxes
 * overlap, each used once, the likest first.
 */
function unpairedStandIns(
  design: PageElements,
  page: PageElements,
  match: ElementMatch,
): Array<{ design: PageElement; page: PageElement; likeness: number }> {
  const extra = match.extra
    .map((index) => page.elements[index])
    .filter((element): element is PageElement => element !== undefined && hasWords(element))
    .sort((a, b) => a.box.y - b.box.y)
  const tallest = extra.reduce((most, element) => Math.max(most, element.box.height), 0)
  const options: Array<{ design: number; page: number; likeness: number }> = []
  for (const index of match.missing) {
    const theirs = design.elements[index]
    if (!theirs || !hasWords(theirs)) continue
    // Only boxes that can overlap: from the first that may reach down into it to the last above its foot.
    const own: typeof options = []
    let at = lowerBound(extra, theirs.box.y - tallest)
    for (; at < extra.length && (extra[at] as PageElement).box.y < theirs.box.y + theirs.box.height; at++) {
      const likeness = standInLikeness(theirs, extra[at] as PageElement)
      if (likeness > 0) own.push({ design: index, page: at, likeness })
    }
    // The likeliest few are enough (a page may pile many texts on one place).
    own.sort((a, b) => b.likeness - a.likeness || a.page - b.page)
    options.push(...own.slice(0, MATCH_CANDIDATES_MAX))
  }
  options.sort((a, b) => b.likeness - a.likeness || a.design - b.design || a.page - b.page)
  const usedDesign = new Set<number>()
  const usedPage = new Set<number>()
  const chosen: Array<{ design: PageElement; page: PageElement; likeness: number }> = []
  for (const option of options) {
    if (usedDesign.has(option.design) || usedPage.has(option.page)) continue
    usedDesign.add(option.design)
    usedPage.add(option.page)
    chosen.push({
      design: design.elements[option.design] as PageElement,
      page: extra[option.page] as PageElement,
      likeness: option.likeness,
    })
  }
  return chosen
}

/** The first index of `sorted` (by top) whose top is at least `y`. */
function lowerBound(sorted: readonly PageElement[], y: number): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((sorted[mid] as PageElement).box.y < y) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * part / whole, or `empty` when there is no whole. Sums of square roots taken in another order differ
 * in their last bits, so the design against itself would read 1.0000000000000002: the ratio is settled
 * to twelve decimals, far below anything the score shows.
 */
const ratio = (part: number, whole: number, empty: number) =>
  whole > 0 ? Math.round((part / whole) * 1e12) / 1e12 : empty

export function elementAgreement(
  design: PageElements,
  page: PageElements,
  match: ElementMatch,
  gaps: readonly (number | null)[] = gapMoves(design, page, match),
): ElementAgreement {
  const width = Math.max(1, design.width)
  const span = Math.max(POSITION_SPAN_PX, POSITION_SPAN_WIDTHS * width)
  const counts = (element: PageElement) => element.kind !== 'section'

  let contentTotal = 0
  for (const element of design.elements) if (counts(element)) contentTotal += weightOf(element, width)
  for (const element of page.elements) if (counts(element)) contentTotal += weightOf(element, width)

  let contentShared = 0
  // Texts and controls whose words differ: their weight, what their words keep, and their likeness.
  const standIns: Array<{ weight: number; words: number; likeness: number }> = []
  let pairedWeight = 0
  let position = 0
  let size = 0
  let colourWeight = 0
  let colour = 0
  const offset = pageOffset(design, page, match, gaps)
  /** 1 for a move within the tolerance, down to 0 at `span` beyond it. */
  const moveAgreement = (distance: number) =>
    1 - Math.min(1, Math.max(0, distance - POSITION_TOLERANCE) / span)
  for (const [index, pair] of match.pairs.entries()) {
    const theirs = design.elements[pair.design]
    const ours = page.elements[pair.page]
    if (!theirs || !ours) continue
    const weight = Math.max(weightOf(theirs, width), 1)
    if (counts(theirs)) {
      const both = weightOf(theirs, width) + weightOf(ours, width)
      if (pair.text > 0 && hasWords(theirs))
        standIns.push({ weight: both, words: 1 - pair.text, likeness: standInLikeness(theirs, ours) })
      else contentShared += both * (1 - pair.text)
    }
    const { dx, dy } = boxOffset(theirs.box, ours.box)
    pairedWeight += weight
    // Down the page, where the element is against the page's offset or against the element above it,
    // whichever moved it less: a text that runs longer pushes what follows down, the layout kept.
    const gap = gaps[index] ?? null
    const down = gap !== null && Math.abs(gap) < Math.abs(dy - offset.dy) ? gap : dy - offset.dy
    position += weight * moveAgreement(Math.hypot(dx - offset.dx, down))
    size += weight * sizeAgreement(theirs, ours)
    const agree = pairColour(theirs, ours)
    if (agree !== undefined) {
      colourWeight += weight
      colour += weight * agree
    }
  }

  for (const standIn of unpairedStandIns(design, page, match)) {
    const both = weightOf(standIn.design, width) + weightOf(standIn.page, width)
    standIns.push({ weight: both, words: 0, likeness: standIn.likeness })
  }
  // How much of the content besides the stand-ins is the design's (none when there is nothing besides).
  const standInWeight = standIns.reduce((sum, standIn) => sum + standIn.weight, 0)
  const rest = ratio(contentShared, contentTotal - standInWeight, 0)
  for (const { weight, words, likeness } of standIns)
    contentShared += weight * Math.max(words, STAND_IN_SHARE * likeness * rest)

  const content = ratio(contentShared, contentTotal, 1)
  const parts = {
    content,
    position:
      (1 - OFFSET_SHARE) * ratio(position, pairedWeight, 1) +
      OFFSET_SHARE * moveAgreement(Math.hypot(offset.dx, offset.dy)),
    size: ratio(size, pairedWeight, 1),
    colour: ratio(colour, colourWeight, 1),
  }
  return {
    ...parts,
    overall: agreementOverall(parts),
    paired: match.pairs.length,
    missing: match.missing.length,
    extra: match.extra.length,
  }
}
