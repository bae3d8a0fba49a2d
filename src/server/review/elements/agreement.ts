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
 *   the page's own offset (`pageOffset`), and in a share the offset itself (`OFFSET_SHARE`).
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
export const ELEMENT_AGREEMENT_WEIGHTS = { base: 0.25, position: 0.45, size: 0.15, colour: 0.15 }

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
 * element; the rest is each element's move against that offset (decision 023, second addendum). A page
 * all there 20 px lower keeps its layout, so its pixels are measured at its offset too, and this is what
 * it costs: less than an accent colour changed, more than 3 px.
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
 * smaller move). A page that is all there a little lower has moved, not changed its layout: the pixel
 * measures charge the move, and the position agreement only what moved against the rest (decision 023,
 * second addendum). One element of two out of place is that one's move, not half of each.
 */
export function pageOffset(
  design: PageElements,
  page: PageElements,
  match: ElementMatch,
): { dx: number; dy: number } {
  const dxs: number[] = []
  const dys: number[] = []
  for (const pair of match.pairs) {
    const theirs = design.elements[pair.design]
    const ours = page.elements[pair.page]
    if (!theirs || !ours) continue
    const { dx, dy } = boxOffset(theirs.box, ours.box)
    if (Number.isFinite(dx) && Number.isFinite(dy)) {
      dxs.push(dx)
      dys.push(dy)
    }
  }
  return { dx: sharedMove(dxs), dy: sharedMove(dys) }
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
  if (design.kind === 'text' && page.kind === 'text') return agree(design.fontSize, page.fontSize)
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
  const offset = pageOffset(design, page, match)
  /** 1 for a move within the tolerance, down to 0 at `span` beyond it. */
  const moveAgreement = (distance: number) =>
    1 - Math.min(1, Math.max(0, distance - POSITION_TOLERANCE) / span)
  for (const pair of match.pairs) {
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
    position += weight * moveAgreement(Math.hypot(dx - offset.dx, dy - offset.dy))
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
