import { describe, expect, it } from 'vitest'
import {
  addDays,
  bucketDays,
  calendarStartOf,
  daysBetween,
  earliestInstantOf,
  effectiveTimeZone,
  isTimeZone,
  localDate,
  streakLine,
  streaksOf,
  weekdayOf,
  weekStartOf,
} from '#shared/activity-days.ts'

const at = (iso: string) => new Date(iso)
const none = { reviews: [], submits: [], comments: [] }

describe('local days', () => {
  it('puts an instant on the day of the zone, not of UTC', () => {
    // 23:30 UTC on 14 March is already the 15th in Europe/Berlin and still the 14th in New York.
    const instant = at('2026-03-14T23:30:00Z')
    expect(localDate(instant, 'UTC')).toBe('2026-03-14')
    expect(localDate(instant, 'Europe/Berlin')).toBe('2026-03-15')
    expect(localDate(instant, 'America/New_York')).toBe('2026-03-14')
  })

  it('follows New York across its spring and autumn clock changes', () => {
    // 8 March 2026: clocks go from 02:00 EST to 03:00 EDT. 04:59 UTC is 23:59 EST on the 7th; 05:00 UTC
    // is midnight, the 8th. After the change a day begins at 04:00 UTC.
    expect(localDate(at('2026-03-08T04:59:59Z'), 'America/New_York')).toBe('2026-03-07')
    expect(localDate(at('2026-03-08T05:00:00Z'), 'America/New_York')).toBe('2026-03-08')
    expect(localDate(at('2026-03-09T03:59:59Z'), 'America/New_York')).toBe('2026-03-08')
    expect(localDate(at('2026-03-09T04:00:00Z'), 'America/New_York')).toBe('2026-03-09')
    // 1 November 2026: back from EDT to EST; the 1st lasts 25 hours, 04:00 UTC to 05:00 UTC the next day.
    expect(localDate(at('2026-11-01T03:59:59Z'), 'America/New_York')).toBe('2026-10-31')
    expect(localDate(at('2026-11-01T04:00:00Z'), 'America/New_York')).toBe('2026-11-01')
    expect(localDate(at('2026-11-02T04:59:59Z'), 'America/New_York')).toBe('2026-11-01')
    expect(localDate(at('2026-11-02T05:00:00Z'), 'America/New_York')).toBe('2026-11-02')
  })

  it('follows London across its spring and autumn clock changes', () => {
    // 29 March 2026: GMT to BST at 01:00 UTC; the 30th begins at 23:00 UTC on the 29th.
    expect(localDate(at('2026-03-29T22:59:59Z'), 'Europe/London')).toBe('2026-03-29')
    expect(localDate(at('2026-03-29T23:00:00Z'), 'Europe/London')).toBe('2026-03-30')
    // 25 October 2026: BST to GMT; the 25th begins at 23:00 UTC on the 24th and the 26th at midnight UTC.
    expect(localDate(at('2026-10-24T22:59:59Z'), 'Europe/London')).toBe('2026-10-24')
    expect(localDate(at('2026-10-24T23:00:00Z'), 'Europe/London')).toBe('2026-10-25')
    expect(localDate(at('2026-10-25T23:59:59Z'), 'Europe/London')).toBe('2026-10-25')
    expect(localDate(at('2026-10-26T00:00:00Z'), 'Europe/London')).toBe('2026-10-26')
  })

  it('reaches the zones furthest ahead of and behind UTC', () => {
    // Kiritimati is UTC+14, Pago Pago UTC-11: the same instant is two calendar days apart there.
    const instant = at('2026-06-01T11:00:00Z')
    expect(localDate(instant, 'Pacific/Kiritimati')).toBe('2026-06-02')
    expect(localDate(instant, 'Pacific/Pago_Pago')).toBe('2026-06-01')
    expect(localDate(at('2026-06-01T10:00:00Z'), 'Pacific/Kiritimati')).toBe('2026-06-02')
    expect(localDate(at('2026-06-01T09:59:59Z'), 'Pacific/Kiritimati')).toBe('2026-06-01')
    expect(localDate(at('2026-06-01T10:59:59Z'), 'Pacific/Pago_Pago')).toBe('2026-05-31')
    // The earliest instant that can be on a day is its start in Kiritimati.
    expect(localDate(earliestInstantOf('2026-06-02'), 'Pacific/Kiritimati')).toBe('2026-06-02')
    expect(localDate(earliestInstantOf('2026-06-02').getTime() - 1, 'Pacific/Kiritimati')).toBe('2026-06-01')
  })

  it('counts calendar days without clocks', () => {
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(daysBetween('2026-10-24', '2026-10-27')).toBe(3)
    expect(weekdayOf('2026-11-30')).toBe(0) // a Monday
    expect(weekdayOf('2026-11-29')).toBe(6) // a Sunday
    expect(weekStartOf('2026-11-29')).toBe('2026-11-23')
    expect(weekStartOf('2026-11-30')).toBe('2026-11-30')
    expect(calendarStartOf('2026-11-29')).toBe('2025-11-24')
    expect(daysBetween(calendarStartOf('2026-11-29'), '2026-11-29')).toBe(53 * 7 - 1)
  })
})

describe('time zone names', () => {
  it('accepts IANA names and refuses anything else', () => {
    for (const zone of ['Europe/London', 'America/New_York', 'Pacific/Kiritimati', 'UTC', 'Etc/GMT+5']) {
      expect(isTimeZone(zone), zone).toBe(true)
    }
    for (const zone of [
      '',
      'Mars/Olympus',
      '+01:00',
      'Europe/London; drop',
      '../etc',
      '<img src=x onerror=alert(1)>',
      'x'.repeat(65),
    ]) {
      expect(isTimeZone(zone), zone).toBe(false)
    }
  })

  it('counts in the chosen zone, else the browser’s, else UTC', () => {
    expect(effectiveTimeZone('Asia/Tokyo', 'Europe/London')).toBe('Asia/Tokyo')
    expect(effectiveTimeZone(null, 'Europe/London')).toBe('Europe/London')
    expect(effectiveTimeZone(null, 'Nowhere/Else')).toBe('UTC')
    expect(effectiveTimeZone(null)).toBe('UTC')
  })
})

describe('bucketDays', () => {
  it('counts each kind per local day and leaves out days outside the calendar', () => {
    const days = bucketDays(
      {
        reviews: [at('2026-10-24T23:30:00Z')],
        submits: [at('2026-10-24T22:30:00Z'), at('2026-10-24T23:10:00Z'), at('2026-09-01T12:00:00Z')],
        comments: [at('2026-10-25T12:00:00Z')],
      },
      'Europe/London',
      '2026-10-01',
      '2026-10-31',
    )
    expect(days).toEqual([
      { date: '2026-10-24', reviews: 0, submits: 1, comments: 0 },
      { date: '2026-10-25', reviews: 1, submits: 1, comments: 1 },
    ])
    expect(bucketDays(none, 'UTC', '2026-10-01', '2026-10-31')).toEqual([])
  })
})

describe('streaks', () => {
  const run = (last: string, length: number) => Array.from({ length }, (_, i) => addDays(last, -i))

  it('counts the run ending today', () => {
    expect(streaksOf(run('2026-11-29', 6), '2026-11-29')).toEqual({
      current: 6,
      longest: 6,
      inGrace: false,
      activeToday: true,
    })
  })

  it('keeps a run that ended yesterday as the current streak while today is the grace day', () => {
    const streaks = streaksOf(run('2026-11-28', 6), '2026-11-29')
    expect(streaks).toEqual({ current: 6, longest: 6, inGrace: true, activeToday: false })
    expect(streakLine(streaks, true)).toBe('Submit today to keep your 6-day streak.')
  })

  it('ends the streak once a whole day passed without activity', () => {
    const streaks = streaksOf(run('2026-11-27', 6), '2026-11-29')
    expect(streaks).toEqual({ current: 0, longest: 6, inGrace: false, activeToday: false })
    expect(streakLine(streaks, true)).toBe('No streak yet: submit a solution today to start one.')
  })

  it('splits a run at a missed day and keeps the longest', () => {
    const dates = [...run('2026-11-29', 3), ...run('2026-11-25', 9), '2026-01-01']
    expect(streaksOf(dates, '2026-11-29')).toEqual({
      current: 3,
      longest: 9,
      inGrace: false,
      activeToday: true,
    })
    expect(streaksOf([], '2026-11-29')).toEqual({
      current: 0,
      longest: 0,
      inGrace: false,
      activeToday: false,
    })
  })

  it('ignores days after today (a zone behind the one that recorded them)', () => {
    expect(streaksOf(['2026-11-30', '2026-11-28'], '2026-11-29')).toMatchObject({ current: 1, inGrace: true })
  })

  it('depends on the zone: the same instants make a streak in one zone and not in another', () => {
    // Three evenings in New York at 20:00 local (01:00 UTC the next day, around the autumn change).
    const instants = [at('2026-10-31T00:00:00Z'), at('2026-11-01T00:00:00Z'), at('2026-11-02T01:00:00Z')]
    const days = (zone: string) =>
      bucketDays({ ...none, submits: instants }, zone, '2026-10-01', '2026-11-30').map((d) => d.date)
    expect(days('America/New_York')).toEqual(['2026-10-30', '2026-10-31', '2026-11-01'])
    expect(streaksOf(days('America/New_York'), '2026-11-02')).toMatchObject({ current: 3, inGrace: true })
    expect(days('UTC')).toEqual(['2026-10-31', '2026-11-01', '2026-11-02'])
    expect(streaksOf(days('UTC'), '2026-11-02')).toMatchObject({ current: 3, inGrace: false })
    // In Kiritimati the same instants fall on the 31st, the 1st and the 2nd, 14 hours ahead.
    expect(days('Pacific/Kiritimati')).toEqual(['2026-10-31', '2026-11-01', '2026-11-02'])
  })

  it('is not broken by a 23-hour or a 25-hour day', () => {
    // One submit at local noon on each day around London's spring and autumn changes.
    const noons = ['2026-03-28T12:00:00Z', '2026-03-29T11:00:00Z', '2026-03-30T11:00:00Z'].map(at)
    const spring = bucketDays({ ...none, submits: noons }, 'Europe/London', '2026-03-01', '2026-03-31')
    expect(
      streaksOf(
        spring.map((d) => d.date),
        '2026-03-30',
      ).current,
    ).toBe(3)
    const late = ['2026-10-24T23:30:00Z', '2026-10-26T00:30:00Z', '2026-10-27T00:30:00Z'].map(at)
    const autumn = bucketDays({ ...none, submits: late }, 'Europe/London', '2026-10-01', '2026-10-31')
    expect(autumn.map((d) => d.date)).toEqual(['2026-10-25', '2026-10-26', '2026-10-27'])
    expect(
      streaksOf(
        autumn.map((d) => d.date),
        '2026-10-27',
      ).current,
    ).toBe(3)
  })
})
