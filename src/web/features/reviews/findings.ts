import type { ReviewFinding } from '#shared/review.ts'

/**
 * The element review's findings as the report and the solution page show them (docs/product.md §10):
 * the words for their boxes, read by screen readers where sighted members see the boxes drawn. Pure; types only from the shared module (it carries zod).
 */

type Box = NonNullable<ReviewFinding['designBox']>

/** "120, 340, 560 × 64 px": the box's left, top, width and height, whole CSS px. */
export function boxText(box: Box): string {
  const r = Math.round
  return `${r(box.x)}, ${r(box.y)}, ${r(box.width)} × ${r(box.height)} px`
}

/**
 * "Design: 120, 340, 560 × 64 px; your page: 120, 388, 392 × 45 px". A missing element has only the
 * design's box, an extra one only the page's.
 */
export function boxesDescription(finding: Pick<ReviewFinding, 'designBox' | 'pageBox'>): string {
  const { designBox, pageBox } = finding
  const design = designBox ? `Design: ${boxText(designBox)}` : 'Not in the design'
  const page = pageBox ? `your page: ${boxText(pageBox)}` : 'not on your page'
  return `${design}; ${page}`
}

/** Whether a finding has a box to draw (a move of the whole page has none). */
export const hasBoxes = (finding: Pick<ReviewFinding, 'designBox' | 'pageBox'>): boolean =>
  finding.designBox !== null || finding.pageBox !== null

export const SEVERITY_LABELS: Record<ReviewFinding['severity'], string> = {
  high: 'High',
  medium: 'Medium',
  low: 'Low',
}
