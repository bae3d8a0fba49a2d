import { describe, expect, it } from 'vitest'
import { REVIEW_STAGES } from '#shared/review.ts'
import {
  allowanceOf,
  canRequestReview,
  createReviewWatcher,
  formatLocalTime,
  progressAnnouncement,
  reviewProgress,
  stageLabel,
} from '#web/features/reviews/progress.ts'

const states = (progress: ReturnType<typeof reviewProgress>) => progress.steps.map((step) => step.state)

describe('review progress', () => {
  it('lists Queued, then the stages in the order the server runs them', () => {
    const ids = reviewProgress({ status: 'queued', stage: null }).steps.map((step) => step.id)
    expect(ids).toEqual(['queued', ...REVIEW_STAGES])
  })

  it('marks the steps done, current and waiting from the status and the stage', () => {
    const queued = reviewProgress({ status: 'queued', stage: null })
    expect(states(queued)).toEqual(['current', 'waiting', 'waiting', 'waiting', 'waiting', 'waiting'])
    expect(queued.current).toBe(0)
    expect(progressAnnouncement(queued)).toBe('Step 1 of 6: Queued')

    const tablet = reviewProgress({ status: 'running', stage: 'capturing-tablet' })
    expect(states(tablet)).toEqual(['done', 'done', 'current', 'waiting', 'waiting', 'waiting'])
    expect(progressAnnouncement(tablet)).toBe('Step 3 of 6: Capturing tablet')

    const auditing = reviewProgress({ status: 'running', stage: 'auditing' })
    expect(auditing.current).toBe(5)
    expect(progressAnnouncement(auditing)).toBe('Step 6 of 6: Auditing')
  })

  it('puts a running review without a stage yet at its first capture, and an ended one past every step', () => {
    expect(reviewProgress({ status: 'running', stage: null }).current).toBe(1)
    const passed = reviewProgress({ status: 'passed', stage: null })
    expect(states(passed).every((state) => state === 'done')).toBe(true)
    expect(passed.current).toBe(passed.total)
  })

  it('names a stage for the badges', () => {
    expect(stageLabel('capturing-mobile')).toBe('Capturing mobile')
    expect(stageLabel('scoring')).toBe('Scoring')
    expect(stageLabel(null)).toBeNull()
  })
})

describe('the day’s allowance', () => {
  const now = Date.parse('2026-03-12T10:00:00Z')
  const at = (iso: string) => `<${iso}>`

  it('counts the reviews left today', () => {
    expect(allowanceOf({ requestsLeftToday: 3, nextRequestAt: null }, now, at).text).toBe(
      '3 reviews left today.',
    )
    const one = allowanceOf({ requestsLeftToday: 1, nextRequestAt: null }, now, at)
    expect(one.text).toBe('1 review left today.')
    expect(canRequestReview(one)).toBe(true)
  })

  it('says when the next review is possible once none are left', () => {
    const wait = allowanceOf({ requestsLeftToday: 0, nextRequestAt: '2026-03-12T14:05:00Z' }, now, at)
    expect(wait).toEqual({
      kind: 'wait',
      text: 'Next review possible at <2026-03-12T14:05:00Z>.',
      until: '2026-03-12T14:05:00Z',
      at: '<2026-03-12T14:05:00Z>',
    })
    expect(canRequestReview(wait)).toBe(false)
    // Once that time has come, the button is on again (the server has the last word).
    const over = allowanceOf({ requestsLeftToday: 0, nextRequestAt: '2026-03-12T09:00:00Z' }, now, at)
    expect(canRequestReview(over)).toBe(true)
    expect(canRequestReview(allowanceOf({ requestsLeftToday: 0, nextRequestAt: null }, now, at))).toBe(false)
  })

  it('writes a time of today without its date, and a later one with it, in the given zone', () => {
    const options = { locale: 'en-GB', timeZone: 'Europe/Berlin' }
    expect(formatLocalTime('2026-03-12T14:05:00Z', now, options)).toBe('15:05')
    expect(formatLocalTime('2026-03-13T09:30:00Z', now, options)).toBe('13 Mar 2026, 10:30')
  })
})

describe('the review watcher', () => {
  const review = (status: 'queued' | 'running' | 'passed' | 'failed', pointsAwarded = 0, id = 'a1') => ({
    id,
    status,
    pointsAwarded,
  })

  it('opens the achievement once a review it saw pending passes with points, until it is acknowledged', () => {
    const watcher = createReviewWatcher()
    expect(watcher.observe(review('queued'))).toEqual({ justEnded: false, achievement: false })
    expect(watcher.observe(review('running'))).toEqual({ justEnded: false, achievement: false })
    expect(watcher.observe(review('passed', 10))).toEqual({ justEnded: true, achievement: true })
    // Polled again (or the panel mounted again): the end is not new, the overlay still owed.
    expect(watcher.observe(review('passed', 10))).toEqual({ justEnded: false, achievement: true })
    watcher.acknowledge('a1')
    expect(watcher.observe(review('passed', 10))).toEqual({ justEnded: false, achievement: false })
  })

  it('opens nothing for a review found already over, a failure, or a pass without points', () => {
    const watcher = createReviewWatcher()
    expect(watcher.observe(review('passed', 10, 'old'))).toEqual({ justEnded: false, achievement: false })
    watcher.observe(review('queued', 0, 'b'))
    expect(watcher.observe(review('failed', 0, 'b'))).toEqual({ justEnded: true, achievement: false })
    watcher.observe(review('running', 0, 'c'))
    expect(watcher.observe(review('passed', 0, 'c'))).toEqual({ justEnded: true, achievement: false })
  })
})
