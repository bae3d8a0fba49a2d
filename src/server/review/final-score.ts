import type { ElementAgreement } from './elements/agreement.ts'
import type { CaptureScore } from './score.ts'

/**
 * The review's score of a member's page at one breakpoint (docs/product.md §10,
 * docs/decisions/023-element-score.md): the pixel measures of `scoreCapture` (colour and structure,
 * decision 012) and the element agreement of decision 021 (what the page shows, where and how large,
 * in which colours), weighed so that the right page in the wrong colours ranks above another page,
 * and every order of 012's ladder holds. Pure.
 *
 * With no agreement (neither page gave its elements) it is the pixel score itself.
 */

/**
 * The parts' shares of the score. Colour is the pixel colour (what a person sees first, but also what
 * a dark scheme or another palette changes everywhere while the page is still the design), structure
 * the pixel edges, elements `ElementAgreement.overall` (content × its layout and colours).
 */
export const FINAL_WEIGHTS = { colour: 0.2, structure: 0.35, elements: 0.45 }

/** The pixel measures the score needs: `CaptureScore` or any object with its numbers. */
export type PixelScore = Pick<CaptureScore, 'score' | 'colour' | 'structure' | 'judged'>

export function finalScore(
  pixel: PixelScore,
  agreement: ElementAgreement | null,
  weights: typeof FINAL_WEIGHTS = FINAL_WEIGHTS,
): number {
  if (agreement === null) return pixel.score
  const elements = clamp01(agreement.overall)
  const agreesWhole = [agreement.content, agreement.position, agreement.size, agreement.colour].every(
    (part) => part >= 1,
  )
  // 100 stays the identical capture's: the same pixels, and elements that agree in every part.
  if (pixel.score === 100 && agreesWhole) return 100
  const { colour, structure } = judged(pixel)
  const parts: Array<[number, number]> = [[elements, weights.elements]]
  if (colour !== null) parts.push([clamp01(colour / 100), weights.colour])
  if (structure !== null) parts.push([clamp01(structure / 100), weights.structure])
  const total = parts.reduce((sum, [, weight]) => sum + weight, 0)
  const score = (100 * parts.reduce((sum, [value, weight]) => sum + value * weight, 0)) / total
  return Math.min(Math.round(score * 10) / 10, 99.9)
}

/** The pixel measures, each null where the design gave it nothing to judge (`CaptureScore.judged`). */
function judged(pixel: PixelScore): { colour: number | null; structure: number | null } {
  return {
    colour: pixel.judged.colour ? pixel.colour : null,
    structure: pixel.judged.structure ? pixel.structure : null,
  }
}

function clamp01(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0
}
