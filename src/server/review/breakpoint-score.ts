import { reviewElements } from '#server/review/element-review.ts'
import { POSITION_TOLERANCE } from '#server/review/elements/findings.ts'
import { finalScore, type PixelScore } from '#server/review/final-score.ts'
import { type CaptureScore, measuresAlongRows, scoreCapture } from '#server/review/score.ts'
import type { PageElements } from '#shared/page-elements.ts'
import type { ReviewBreakpointName, ReviewElements } from '#shared/review.ts'

export type BreakpointScore = {
  /** The pixel measures (decision 012) and the difference image. */
  pixel: CaptureScore
  /** The element review (decision 021), null when either side gave no elements. */
  elements: ReviewElements | null
  /**
   * The pixel measures the score read: `pixel`'s, or, for a page whose elements moved from the design's
   * rows and kept their places, those along its own rows when they are better (decision 023, second and
   * third addenda).
   */
  measures: PixelScore
  /** The breakpoint's score: the pixels and the elements together (decision 023). */
  score: number
}

/**
 * One breakpoint of a review scored as every review scores it (docs/product.md §10): the capture against
 * the design as drawn, the page's elements against the design's, and the two in one score. The engine,
 * the catalogue check's reference score and the calibration set all score through here.
 *
 * A page whose elements kept their places but not the design's rows (all there a little lower, or lower
 * by more and more down the page where its text runs longer in another face: `rowMoves`, beyond
 * `POSITION_TOLERANCE`) is measured again along its own rows, and the better of the two measures counts:
 * a person sees its layout and colours, and the element agreement charges the offset and the face.
 */
export async function scoreBreakpoint(input: BreakpointInput): Promise<BreakpointScore> {
  return scoreWithElements(await scoreCapture({ design: input.design, capture: input.capture }), input)
}

type BreakpointInput = {
  breakpoint: ReviewBreakpointName
  /** The design as the review draws it (`renderDesign`). */
  design: Buffer
  capture: Buffer
  designElements: PageElements | null | undefined
  pageElements: PageElements | null | undefined
}

/**
 * What `scoreBreakpoint` does after the capture's pixel measures: the element review, the pixels again at
 * the page's offset where its elements share one, and the score. Apart so the review bench can time it.
 */
export async function scoreWithElements(
  pixel: CaptureScore,
  input: BreakpointInput,
): Promise<BreakpointScore> {
  const elements = reviewElements(input.designElements, input.pageElements, input.breakpoint)
  let measures: PixelScore = pixel
  const rows = elements?.rows ?? []
  if (rows.some((row) => Math.abs(row.dy) > POSITION_TOLERANCE) && pixel.score < 100) {
    const alongRows = await measuresAlongRows({ design: input.design, capture: input.capture, rows })
    if (alongRows && alongRows.score > pixel.score) measures = alongRows
  }
  const review = elements?.review ?? null
  return {
    pixel,
    elements: review,
    measures,
    score: finalScore(measures, review?.agreement ?? null),
  }
}
