import { describe, expect, it } from 'vitest'
import { grade, meetsRule, type ReviewFact } from '#server/classrooms/grading.ts'

const NO_RULE = { minScore: null, maxA11yViolations: null, minLighthouseA11y: null }
const due = new Date('2026-12-01T17:00:00+01:00')
const before = new Date('2026-11-30T09:00:00Z')
const after = new Date('2026-12-03T09:00:00Z')

let ids = 0
const review = (at: string | Date, score: number, extra: Partial<ReviewFact> = {}): ReviewFact => {
  ids += 1
  return {
    reviewId: `r${ids}`,
    status: 'passed',
    at: typeof at === 'string' ? new Date(at) : at,
    score,
    accessibilityIssues: 0,
    htmlErrors: 0,
    lighthouseAccessibility: 100,
    ...extra,
  }
}

/** The grading rule (docs/product.md §13): best pass by the due time, later passes late. */
describe('grading an assignment', () => {
  it('grades the best pass asked for by the due time, not the latest', () => {
    const result = grade({
      now: after,
      dueAt: due,
      started: true,
      reviews: [
        review('2026-11-30T10:00:00Z', 80),
        review('2026-11-30T11:00:00Z', 92),
        review('2026-12-01T15:59:59Z', 85),
      ],
      rule: NO_RULE,
    })
    expect(result.status).toBe('passed')
    expect(result.graded?.score).toBe(92)
    expect(result.late).toBeNull()
  })

  it('counts a pass at the due time itself, and one a second later as late with its own score', () => {
    // 17:00 at +01:00 is 16:00 UTC: the offsets in the input do not matter, the instants do.
    const atDue = grade({
      now: after,
      dueAt: due,
      started: true,
      reviews: [review('2026-12-01T16:00:00Z', 70)],
      rule: NO_RULE,
    })
    expect(atDue.status).toBe('passed')
    const oneSecondLate = grade({
      now: after,
      dueAt: due,
      started: true,
      reviews: [review('2026-12-01T11:00:01-05:00', 97)],
      rule: NO_RULE,
    })
    expect(oneSecondLate.status).toBe('passed_late')
    expect(oneSecondLate.graded).toBeNull()
    expect(oneSecondLate.late?.score).toBe(97)
    expect(oneSecondLate.late?.at).toBe('2026-12-01T16:00:01.000Z')
  })

  it('keeps the on-time grade when a better pass came late', () => {
    const result = grade({
      now: after,
      dueAt: due,
      started: true,
      reviews: [review('2026-11-30T10:00:00Z', 60), review('2026-12-02T10:00:00Z', 99)],
      rule: NO_RULE,
    })
    expect(result.status).toBe('passed')
    expect(result.graded?.score).toBe(60)
  })

  it('lets an extension move the due time: the same pass is then on time', () => {
    const lateReview = review('2026-12-02T10:00:00Z', 75)
    const without = grade({ now: after, dueAt: due, started: true, reviews: [lateReview], rule: NO_RULE })
    const extended = grade({
      now: after,
      dueAt: new Date('2026-12-02T12:00:00+02:00'),
      started: true,
      reviews: [lateReview],
      rule: NO_RULE,
    })
    expect(without.status).toBe('passed_late')
    expect(extended.status).toBe('passed')
    expect(extended.graded?.score).toBe(75)
  })

  it('says not started, started, submitted before the due time and missed after it', () => {
    const base = { dueAt: due, rule: NO_RULE }
    expect(grade({ ...base, now: before, started: false, reviews: [] }).status).toBe('not_started')
    expect(grade({ ...base, now: before, started: true, reviews: [] }).status).toBe('started')
    const failed = review('2026-11-30T08:00:00Z', 20, { status: 'failed' })
    expect(grade({ ...base, now: before, started: true, reviews: [failed] }).status).toBe('submitted')
    const queued = review('2026-11-30T08:00:00Z', 0, { status: 'queued', score: null })
    expect(grade({ ...base, now: before, started: true, reviews: [queued] }).status).toBe('submitted')
    expect(grade({ ...base, now: after, started: true, reviews: [failed] }).status).toBe('missed')
    expect(grade({ ...base, now: after, started: false, reviews: [] }).status).toBe('missed')
  })

  it('never grades a failed review, whatever its score', () => {
    const result = grade({
      now: after,
      dueAt: due,
      started: true,
      reviews: [review('2026-11-30T08:00:00Z', 99, { status: 'failed' })],
      rule: NO_RULE,
    })
    expect(result.status).toBe('missed')
    expect(result.graded).toBeNull()
  })

  it('prefers an on-time pass that meets the pass rule over a higher score that does not', () => {
    const rule = { minScore: 70, maxA11yViolations: 2, minLighthouseA11y: 90 }
    const noisy = review('2026-11-30T08:00:00Z', 95, { accessibilityIssues: 5 })
    const clean = review('2026-11-30T09:00:00Z', 80, { accessibilityIssues: 1 })
    const result = grade({ now: after, dueAt: due, started: true, reviews: [noisy, clean], rule })
    expect(result.graded?.reviewId).toBe(clean.reviewId)
    expect(result.graded?.passRuleMet).toBe(true)
    const onlyNoisy = grade({ now: after, dueAt: due, started: true, reviews: [noisy], rule })
    expect(onlyNoisy.status).toBe('passed')
    expect(onlyNoisy.graded?.passRuleMet).toBe(false)
  })

  it('holds each bound of the pass rule, and a figure that was not measured does not meet it', () => {
    const rule = { minScore: 70, maxA11yViolations: 2, minLighthouseA11y: 90 }
    expect(meetsRule(review(before, 70, { accessibilityIssues: 2, lighthouseAccessibility: 90 }), rule)).toBe(
      true,
    )
    expect(meetsRule(review(before, 69.9), rule)).toBe(false)
    expect(meetsRule(review(before, 80, { accessibilityIssues: 3 }), rule)).toBe(false)
    expect(meetsRule(review(before, 80, { lighthouseAccessibility: 89 }), rule)).toBe(false)
    expect(meetsRule(review(before, 80, { lighthouseAccessibility: null }), rule)).toBe(false)
    expect(meetsRule(review(before, 80, { accessibilityIssues: null }), rule)).toBe(false)
    expect(
      meetsRule(review(before, 0, { lighthouseAccessibility: null, accessibilityIssues: null }), NO_RULE),
    ).toBe(true)
  })
})
