import { differenceCiede2000 } from 'culori'
import type { PageElement, PageElements } from '#shared/page-elements.ts'
import { COLOUR_JND, POSITION_TOLERANCE, SIZE_TOLERANCE } from './findings.ts'
import { boxOffset, type ElementMatch } from './match.ts'

/**
 * How far a member's page agrees with the design, element by element, at one breakpoint
 * (docs/product.md §10, docs/decisions/021-element-review.md). Each part is 0..1 and 1 for the design
 * itself; they are kept apart so the score can weigh them (a palette change should cost less than a
 * wrong layout). Pure.
 *
 * - content: how much of the design's content the page has and how little it adds: texts, controls and
 *   images (not sections, which hold them) weighted by area, a pair counting for both its elements,
 *   times how alike their texts read, over the two pages' total (a Dice coefficient).
 * - position, size, colour: of the paired elements only, weighted by the design element's area. They
 *   say nothing about what is missing; read them with `content`.
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
 * The weighting of the parts, calibrated with the score (docs/decisions/023-element-score.md): content
 * scales the rest, so a page with other content scores low whatever its matched few look like. Position
 * weighs little: the pixel structure already charges a move, and at 0.3 a 20 px shift cost more than
 * every text set in another face, against decision 012's ladder.
 */
export const ELEMENT_AGREEMENT_WEIGHTS = { base: 0.55, position: 0.1, size: 0.15, colour: 0.2 }

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

/** An element's weight: its area, at most a quarter of the page's width squared (one hero image). */
function weightOf(element: PageElement, width: number): number {
  const area = Math.max(0, element.box.width) * Math.max(0, element.box.height)
  return Number.isFinite(area) ? Math.min(area, (width / 2) ** 2) : 0
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

const ratio = (part: number, whole: number, empty: number) => (whole > 0 ? part / whole : empty)

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
  let pairedWeight = 0
  let position = 0
  let size = 0
  let colourWeight = 0
  let colour = 0
  for (const pair of match.pairs) {
    const theirs = design.elements[pair.design]
    const ours = page.elements[pair.page]
    if (!theirs || !ours) continue
    const weight = Math.max(weightOf(theirs, width), 1)
    if (counts(theirs)) contentShared += (weightOf(theirs, width) + weightOf(ours, width)) * (1 - pair.text)
    const { dx, dy } = boxOffset(theirs.box, ours.box)
    const moved = Math.max(0, Math.hypot(dx, dy) - POSITION_TOLERANCE)
    pairedWeight += weight
    position += weight * (1 - Math.min(1, moved / span))
    size += weight * sizeAgreement(theirs, ours)
    const agree = pairColour(theirs, ours)
    if (agree !== undefined) {
      colourWeight += weight
      colour += weight * agree
    }
  }

  const content = ratio(contentShared, contentTotal, 1)
  const parts = {
    content,
    position: ratio(position, pairedWeight, 1),
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
