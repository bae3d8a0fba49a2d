import { describe, expect, it } from 'vitest'
import { formatDateTime, formatEventTime } from '#web/lib/relative-time.ts'

// Local times on purpose: "today" is the reader's day, whatever time zone the tests run in.
const now = new Date(2026, 10, 25, 15, 30, 0)
const at = (hours: number, minutes: number, seconds = 0, day = 25) =>
  new Date(2026, 10, day, hours, minutes, seconds)

describe('formatEventTime', () => {
  it('says "just now" under a minute, and for a moment ahead of the clock', () => {
    expect(formatEventTime(now, now)).toBe('just now')
    expect(formatEventTime(at(15, 29, 1), now)).toBe('just now')
    expect(formatEventTime(at(15, 31), now)).toBe('just now')
  })

  it('counts minutes, then hours, while it is today', () => {
    expect(formatEventTime(at(15, 29), now)).toBe('1 minute ago')
    expect(formatEventTime(at(15, 27), now)).toBe('3 minutes ago')
    expect(formatEventTime(at(14, 30, 1), now)).toBe('59 minutes ago')
    expect(formatEventTime(at(14, 30), now)).toBe('1 hour ago')
    expect(formatEventTime(at(0, 0), now)).toBe('15 hours ago')
  })

  it('gives an earlier day its date and time of day', () => {
    expect(formatEventTime(at(23, 59, 0, 24), now)).toBe('November 24, 2026 at 11:59 PM')
    expect(formatEventTime(at(9, 5, 0, 3), now)).toBe('November 3, 2026 at 9:05 AM')
    expect(formatDateTime(at(14, 5))).toBe('November 25, 2026 at 2:05 PM')
  })

  it('gives a time on a later day its date, as clocks that disagree may', () => {
    expect(formatEventTime(at(9, 0, 0, 26), now)).toBe('November 26, 2026 at 9:00 AM')
  })
})
