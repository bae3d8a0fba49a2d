import type { ReviewBreakpoint } from '#shared/review.ts'

/**
 * The review report's words and colours that a member acts on (docs/product.md §10): how good a score
 * is, what the heatmap's colours mean, and what a page taller or shorter than its design costs. Pure.
 */

export type ScoreBand = 'good' | 'fair' | 'poor'

/** Green from 80 (where competition entries start, docs/product.md §10), amber from 50, red below. */
export function scoreBand(score: number): ScoreBand {
  return score >= 80 ? 'good' : score >= 50 ? 'fair' : 'poor'
}

/** The band in a word, shown beside the number: the colour only repeats it. */
export const SCORE_BAND_LABELS: Record<ScoreBand, string> = {
  good: 'Good',
  fair: 'Fair',
  poor: 'Needs work',
}

/**
 * The heatmap's colours, as the scoring draws them (src/server/review/score.ts: DIFF_OPTIONS' diffColor
 * and aaColor, and SHIFTED_COLOUR), most important first. report.test.ts checks they still match.
 */
export const HEATMAP_LEGEND = [
  { rgb: [255, 0, 0], label: 'Red', meaning: 'differs from the design' },
  {
    rgb: [255, 150, 60],
    label: 'Orange',
    meaning: 'forgiven: the content only moved, by 4 px or less',
  },
  { rgb: [255, 210, 0], label: 'Yellow', meaning: 'anti-aliasing only (smoothed edges), not counted' },
] as const

/** A page within this share of its design's height gets no sentence about it. */
const HEIGHT_TOLERANCE_PERCENT = 5

/**
 * What the page's height costs, when it differs from the design's by 5 % or more: "Your page is 30%
 * taller than the design at tablet width: the extra part counts against the score." Null otherwise.
 */
export function heightSentence(
  breakpoint: Pick<ReviewBreakpoint, 'breakpoint' | 'heightRatio'>,
): string | null {
  const ratio = breakpoint.heightRatio
  if (!Number.isFinite(ratio) || ratio <= 0) return null
  const percent = Math.round(Math.abs(ratio - 1) * 100)
  if (percent < HEIGHT_TOLERANCE_PERCENT) return null
  const width = `${breakpoint.breakpoint} width`
  return ratio > 1
    ? `Your page is ${percent}% taller than the design at ${width}: the extra part counts against the score.`
    : `Your page is ${percent}% shorter than the design at ${width}: the missing part counts against the score.`
}
