import { describe, expect, it } from 'vitest'
import { competitionBadges, hasWeekStreak } from '#server/badges/award.ts'

const cleanQuality = {
  axe: {
    desktop: {
      status: 'done',
      findings: [{ ruleId: 'region', impact: 'moderate', count: 1, selector: 'p', help: 'h', helpUrl: 'u' }],
    },
    mobile: { status: 'done', findings: [] },
  },
  html: { status: 'done', documents: [{ source: 'served', errors: 0, warnings: 2, findings: [] }] },
  lighthouse: { status: 'unavailable', reason: 'not run' },
  versions: {},
}

describe('hasWeekStreak', () => {
  const mondays = (first: string, weeks: number) =>
    Array.from({ length: weeks }, (_, i) => new Date(new Date(first).getTime() + i * 7 * 86_400_000))

  it('needs five ISO weeks in a row, across a new year too', () => {
    expect(hasWeekStreak(mondays('2026-12-07T10:00:00Z', 5))).toBe(true) // W50 to 2027-W01
    expect(hasWeekStreak(mondays('2026-12-07T10:00:00Z', 4))).toBe(false)
  })

  it('counts a week once however often it has completions, and a gap starts again', () => {
    const dates = [
      ...mondays('2026-10-05T08:00:00Z', 3),
      new Date('2026-10-07T09:00:00Z'), // the same week as the first, again
      ...mondays('2026-11-02T08:00:00Z', 4), // after a week without
    ]
    expect(hasWeekStreak(dates)).toBe(false)
    expect(hasWeekStreak([...dates, new Date('2026-10-26T00:00:00Z')])).toBe(true) // the gap filled
  })

  it('puts Sunday 23:59 UTC and Monday 00:00 UTC in different weeks', () => {
    const dates = [
      new Date('2026-11-01T23:59:59Z'), // Sunday: week 44
      new Date('2026-11-02T00:00:00Z'), // Monday: week 45
      new Date('2026-11-09T00:00:00Z'),
      new Date('2026-11-16T00:00:00Z'),
      new Date('2026-11-23T00:00:00Z'),
    ]
    expect(hasWeekStreak(dates)).toBe(true)
  })
})

describe('competitionBadges', () => {
  it('gives bronze for entering, silver for 90 at every width, gold for 95 with clean reports', () => {
    const badges = competitionBadges([
      { userId: 'entered', scores: [70, 60, 50], quality: null },
      { userId: 'silver', scores: [91, 90, 99], quality: null },
      { userId: 'gold', scores: [96, 94.5, 95], quality: cleanQuality },
      { userId: 'gold', scores: [40, 40, 40], quality: null },
    ])
    expect([...(badges.get('entered') ?? [])]).toEqual(['competition-bronze'])
    expect([...(badges.get('silver') ?? [])].sort()).toEqual(['competition-bronze', 'competition-silver'])
    expect([...(badges.get('gold') ?? [])].sort()).toEqual([
      'competition-bronze',
      'competition-gold',
      'competition-silver',
    ])
  })

  it('gives no gold without a clean accessibility check and valid HTML', () => {
    const serious = {
      ...cleanQuality,
      axe: {
        ...cleanQuality.axe,
        mobile: {
          status: 'done',
          findings: [{ ...cleanQuality.axe.desktop.findings[0], impact: 'serious' }],
        },
      },
    }
    const invalid = {
      ...cleanQuality,
      html: { status: 'done', documents: [{ source: 'served', errors: 1, warnings: 0, findings: [] }] },
    }
    const unchecked = { ...cleanQuality, html: { status: 'unavailable', reason: 'too large' } }
    for (const quality of [serious, invalid, unchecked, null]) {
      const badges = competitionBadges([{ userId: 'u', scores: [99, 99, 99], quality }])
      expect(badges.get('u')?.has('competition-gold')).toBe(false)
      expect(badges.get('u')?.has('competition-silver')).toBe(true)
    }
  })
})
