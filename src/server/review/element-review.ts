import { elementAgreement, gapMoves, rowMoves } from '#server/review/elements/agreement.ts'
import { elementFindings, FINDINGS_MAX } from '#server/review/elements/findings.ts'
import { matchElements } from '#server/review/elements/match.ts'
import type { PageElements } from '#shared/page-elements.ts'
import type { ReviewBreakpointName, ReviewElements } from '#shared/review.ts'

/**
 * A breakpoint's element review (docs/product.md §10, docs/decisions/021-element-review.md): the
 * captured page's elements paired with the design's, what differs as at most `FINDINGS_MAX` findings,
 * and the agreement, as the report stores them (`review`); and where the page's rows are against the
 * design's (`rowMoves`: how much lower, from which design row, CSS px), along which the score measures
 * the pixels too (decision 023, second and third addenda). Null when either side has no elements (a
 * challenge imported before they were recorded, a page that did not give them in time, or a page with
 * nothing visible): the review then goes on with its pixels alone. Pure; the engine runs it after each breakpoint's score (engine-work.ts).
 */
export function reviewElements(
  design: PageElements | null | undefined,
  page: PageElements | null | undefined,
  breakpoint: ReviewBreakpointName,
): { review: ReviewElements; rows: Array<{ y: number; dy: number }> } | null {
  if (!design || !page || design.elements.length === 0 || page.elements.length === 0) return null
  const match = matchElements(design, page)
  const findings = elementFindings(design, page, match, { breakpoint, max: FINDINGS_MAX })
  // The agreement and the rows both read each element's gap above it: searched once.
  const gaps = gapMoves(design, page, match)
  const review = {
    agreement: elementAgreement(design, page, match, gaps),
    // As the report reads them: the sentence, its numbers and the two boxes; the element indices and the
    // breakpoint are the engine's (the breakpoint is the row's own).
    findings: findings.map((finding) => ({
      kind: finding.kind,
      severity: finding.severity,
      weight: finding.weight,
      sentence: finding.sentence,
      designBox: finding.designBox ?? null,
      pageBox: finding.pageBox ?? null,
      numbers: finding.numbers,
    })),
  }
  return { review, rows: rowMoves(design, page, match, gaps) }
}
