import { describe, expect, it } from 'vitest'
import { isoWeekOf, isoWeekStart, monthStartOf, periodStart } from '#shared/periods.ts'

describe('isoWeekOf', () => {
  it.each([
    ['2026-11-23T00:00:00Z', '2026-W48', '2026-11-23'],
    ['2026-11-29T23:59:59Z', '2026-W48', '2026-11-23'],
    ['2026-11-30T00:00:00Z', '2026-W49', '2026-11-30'],
    ['2021-01-01T12:00:00Z', '2020-W53', '2020-12-28'],
    ['2024-12-30T08:00:00Z', '2025-W01', '2024-12-30'],
    ['2026-01-01T00:00:00Z', '2026-W01', '2025-12-29'],
    ['2027-01-03T23:00:00Z', '2026-W53', '2026-12-28'],
  ])('puts %s in %s, which starts on %s', (at, key, monday) => {
    const week = isoWeekOf(new Date(at))
    expect(week.key).toBe(key)
    expect(week.start.toISOString()).toBe(`${monday}T00:00:00.000Z`)
  })
})

describe('the leaderboard periods', () => {
  it.each([
    // Europe and the US change their clocks on these weekends; UTC weeks and months do not move.
    ['2026-03-29T00:30:00Z', '2026-03-23T00:00:00.000Z', '2026-03-01T00:00:00.000Z'],
    ['2026-03-30T00:00:00Z', '2026-03-30T00:00:00.000Z', '2026-03-01T00:00:00.000Z'],
    ['2026-03-08T09:59:59Z', '2026-03-02T00:00:00.000Z', '2026-03-01T00:00:00.000Z'],
    ['2026-10-25T01:30:00Z', '2026-10-19T00:00:00.000Z', '2026-10-01T00:00:00.000Z'],
    ['2026-11-01T00:00:00Z', '2026-10-26T00:00:00.000Z', '2026-11-01T00:00:00.000Z'],
    ['2026-10-31T23:59:59.999Z', '2026-10-26T00:00:00.000Z', '2026-10-01T00:00:00.000Z'],
    ['2027-01-01T00:00:00Z', '2026-12-28T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
  ])('at %s the week starts at %s and the month at %s', (at, week, month) => {
    const now = new Date(at)
    expect(periodStart('week', now)?.toISOString()).toBe(week)
    expect(periodStart('month', now)?.toISOString()).toBe(month)
    expect(monthStartOf(now).toISOString()).toBe(month)
    expect(periodStart('all', now)).toBeNull()
  })

  it('starts a week on Monday 00:00 UTC whatever the time zone of the machine', () => {
    // A Monday 00:30 in UTC is still Sunday evening in New York: the week is the new one.
    expect(isoWeekOf(new Date('2026-11-30T00:30:00Z')).key).toBe('2026-W49')
    expect(isoWeekOf(new Date('2026-11-29T23:59:59Z')).key).toBe('2026-W48')
  })
})

describe('isoWeekStart', () => {
  it.each(['2026-W48', '2020-W53', '2025-W01', '2026-W01', '2026-W53', '2027-W13'])(
    'is the Monday that isoWeekOf puts in %s',
    (week) => {
      const start = isoWeekStart(week)
      expect(start.getUTCDay()).toBe(1)
      expect(start.getUTCHours()).toBe(0)
      expect(isoWeekOf(start)).toEqual({ key: week, start })
      expect(isoWeekOf(new Date(start.getTime() - 1)).key).not.toBe(week)
    },
  )
})
