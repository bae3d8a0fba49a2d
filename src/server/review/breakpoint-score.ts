import { reviewElements } from '#server/review/element-review.ts'
import { finalScore } from '#server/review/final-score.ts'
import { type CaptureScore, scoreCapture } from '#server/review/score.ts'
import type { PageElements } from '#shared/page-elements.ts'
import type { ReviewBreakpointName, ReviewElements } from '#shared/review.ts'

export type BreakpointScore = {
  /** The pixel measures (decision 012) and the difference image. */
  pixel: CaptureScore
  /** The element review (decision 021), null when either side gave no elements. */
  elements: ReviewElements | null
  /** The breakpoint's score: the pixels and the elements together (decision 023). */
  score: number
}

/**
 * One breakpoint of a review scored as every review scores it (docs/product.md §10): the capture against
 * the design as drawn, the page's elements against the design's, and the two in one score. The engine,
 * the catalogue check's reference score and the calibration set all score through here.
 */
export async function scoreBreakpoint(input: {
  breakpoint: ReviewBreakpointName
  /** The design as the review draws it (`renderDesign`). */
  design: Buffer
  capture: Buffer
  designElements: PageElements | null | undefined
  pageElements: PageElements | null | undefined
}): Promise<BreakpointScore> {
  const pixel = await scoreCapture({ design: input.design, capture: input.capture })
  const elements = reviewElements(input.designElements, input.pageElements, input.breakpoint)
  return { pixel, elements, score: finalScore(pixel, elements?.agreement ?? null) }
}
