/**
 * The grading rule of an assignment (docs/product.md §13, docs/decisions/022-classrooms.md), a
 * pure function of the student's reviews of the challenge: the work graded is their best passed review
 * asked for by their due time (an extension replaces the assignment's); without one, the best later pass
 * shows as late, with its own score. A review's time is when it was asked for, as in the competitions
 * (docs/product.md §4): a queue that runs late never makes a student late. Instants are compared as
 * instants, so time zones do not enter.
 */
import type { AssignmentStatus, GradedWork, PassRule } from '#shared/classroom.ts'

export type ReviewFact = {
  reviewId: string
  status: 'queued' | 'running' | 'passed' | 'failed'
  /** When the review was asked for. */
  at: Date
  score: number | null
  accessibilityIssues: number | null
  htmlErrors: number | null
  lighthouseAccessibility: number | null
}

export type GradeInput = {
  now: Date
  /** The student's own due time: their extension's, else the assignment's. */
  dueAt: Date
  /** Whether the student started the challenge (a row of theirs exists). */
  started: boolean
  reviews: readonly ReviewFact[]
  rule: PassRule
}

export type GradeResult = {
  status: AssignmentStatus
  graded: GradedWork | null
  late: GradedWork | null
}

/** Whether a review meets the pass rule; a figure the rule needs and the review lacks does not. */
export function meetsRule(review: ReviewFact, rule: PassRule): boolean {
  if (review.status !== 'passed') return false
  if (rule.minScore !== null && (review.score === null || review.score < rule.minScore)) return false
  if (
    rule.maxA11yViolations !== null &&
    (review.accessibilityIssues === null || review.accessibilityIssues > rule.maxA11yViolations)
  )
    return false
  if (
    rule.minLighthouseA11y !== null &&
    (review.lighthouseAccessibility === null || review.lighthouseAccessibility < rule.minLighthouseA11y)
  )
    return false
  return true
}

/** The best of some passes: one that meets the rule first, then the higher score, then the earlier. */
function best(passes: readonly ReviewFact[], rule: PassRule): ReviewFact | null {
  let chosen: ReviewFact | null = null
  let chosenMeets = false
  for (const review of passes) {
    const meets = meetsRule(review, rule)
    if (chosen === null) {
      chosen = review
      chosenMeets = meets
      continue
    }
    const score = review.score ?? -1
    const chosenScore = chosen.score ?? -1
    const better =
      meets !== chosenMeets
        ? meets
        : score !== chosenScore
          ? score > chosenScore
          : review.at.getTime() < chosen.at.getTime()
    if (better) {
      chosen = review
      chosenMeets = meets
    }
  }
  return chosen
}

const work = (review: ReviewFact, rule: PassRule): GradedWork => ({
  reviewId: review.reviewId,
  score: review.score,
  at: review.at.toISOString(),
  accessibilityIssues: review.accessibilityIssues,
  htmlErrors: review.htmlErrors,
  lighthouseAccessibility: review.lighthouseAccessibility,
  passRuleMet: meetsRule(review, rule),
})

export function grade(input: GradeInput): GradeResult {
  const due = input.dueAt.getTime()
  const passes = input.reviews.filter((review) => review.status === 'passed')
  const onTime = best(
    passes.filter((review) => review.at.getTime() <= due),
    input.rule,
  )
  if (onTime) return { status: 'passed', graded: work(onTime, input.rule), late: null }
  const late = best(
    passes.filter((review) => review.at.getTime() > due),
    input.rule,
  )
  if (late) return { status: 'passed_late', graded: null, late: work(late, input.rule) }
  const status: AssignmentStatus =
    input.now.getTime() > due
      ? 'missed'
      : input.reviews.length > 0
        ? 'submitted'
        : input.started
          ? 'started'
          : 'not_started'
  return { status, graded: null, late: null }
}
