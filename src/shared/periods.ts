/**
 * Periods of time in UTC, the same for every member wherever they are: ISO 8601 weeks (from Monday
 * 00:00 UTC) for the weekly link re-checks and the weekly leaderboard, calendar months for the
 * monthly one. A daylight-saving change anywhere moves none of these boundaries.
 */

const DAY_MS = 24 * 60 * 60 * 1000

/** The ISO 8601 week of `date` in UTC, as `2026-W48`, and the Monday 00:00 UTC it starts on. */
export function isoWeekOf(date: Date): { key: string; start: Date } {
  const mondayOffset = (date.getUTCDay() + 6) % 7
  const start = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - mondayOffset)
  // The week belongs to the year its Thursday is in; it is week n when that Thursday is the nth of
  // that year.
  const thursday = new Date(start + 3 * DAY_MS)
  const year = thursday.getUTCFullYear()
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1
  return { key: `${year}-W${String(week).padStart(2, '0')}`, start: new Date(start) }
}
/** Monday 00:00 UTC of an ISO week written `2026-W49` (week 1 is the week with 4 January in it). */
export function isoWeekStart(week: string): Date {
  const [year, number] = week.split('-W').map(Number) as [number, number]
  const january4 = Date.UTC(year, 0, 4)
  const mondayOfWeek1 = january4 - ((new Date(january4).getUTCDay() + 6) % 7) * DAY_MS
  return new Date(mondayOfWeek1 + (number - 1) * 7 * DAY_MS)
}

/** The first instant of the UTC calendar month of `date`. */
export function monthStartOf(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1))
}

/** The leaderboard's periods (docs/product.md §2); `all` (all time) is the default. */
export const LEADERBOARD_PERIODS = ['week', 'month', 'all'] as const
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number]

/** Where a period's leaderboard starts counting at `now`; null for all time. */
export function periodStart(period: LeaderboardPeriod, now: Date): Date | null {
  if (period === 'week') return isoWeekOf(now).start
  if (period === 'month') return monthStartOf(now)
  return null
}
