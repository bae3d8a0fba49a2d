/**
 * Activity and streaks (docs/product.md §14, docs/decisions/024-activity-and-streaks.md).
 * Days are local calendar dates ('YYYY-MM-DD') of an IANA time zone. Only bucketing an instant into its day
 * needs the zone (Intl does it, daylight-saving changes included); everything after that is arithmetic on
 * dates, which no clock change can disturb.
 */

export const WEEKLY_GOAL_MIN = 1
export const WEEKLY_GOAL_MAX = 7
/** The calendar: this week and the 52 before it, Monday to Sunday (the goal's week starts on Monday too). */
export const CALENDAR_WEEKS = 53
/** Time zone names are short (the longest IANA name is 32 characters). */
export const TIME_ZONE_MAX_LENGTH = 64
/** Used when a member chose no zone and no browser said one (a visitor reading their profile). */
export const FALLBACK_TIME_ZONE = 'UTC'

const DAY_MS = 86_400_000
const TIME_ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*$/

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/**
 * Whether `name` is an IANA time zone this runtime knows ('Europe/London', 'UTC', 'Etc/GMT+5'). Offsets
 * such as '+01:00' are refused: a fixed offset has no daylight-saving rules and is not a place.
 */
export function isTimeZone(name: string): boolean {
  if (name.length > TIME_ZONE_MAX_LENGTH || !TIME_ZONE_NAME.test(name)) return false
  try {
    formatterOf(name)
    return true
  } catch {
    return false
  }
}

/** The day `instant` falls on in `timeZone`, as 'YYYY-MM-DD'. */
export function localDate(instant: Date | number, timeZone: string): string {
  const parts = formatterOf(timeZone).formatToParts(instant)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}-${part('day')}`
}

const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS)
const dateOfDayNumber = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10)

/** `date` moved by `days` calendar days (negative: back). */
export function addDays(date: string, days: number): string {
  return dateOfDayNumber(dayNumber(date) + days)
}

/** Calendar days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from)
}

/** 0 for Monday through 6 for Sunday. */
export function weekdayOf(date: string): number {
  return (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7
}

/** The Monday of the week `date` is in. */
export function weekStartOf(date: string): string {
  return addDays(date, -weekdayOf(date))
}

/** The first day the calendar shows: the Monday 52 weeks before this week's. */
export function calendarStartOf(today: string): string {
  return addDays(weekStartOf(today), -(CALENDAR_WEEKS - 1) * 7)
}

/**
 * The earliest instant that can fall on `date` or later in any zone: zones run at most 14 hours ahead
 * of UTC, so a day begins at the earliest 14 hours before its UTC midnight. Queries read from here and
 * bucketing drops what falls before the day.
 */
export function earliestInstantOf(date: string): Date {
  return new Date(dayNumber(date) * DAY_MS - 14 * 3_600_000)
}

export type ActivityKind = 'reviews' | 'submits' | 'comments'

/** A day's counts (the answer's `days`). */
export interface ActivityDay {
  date: string
  reviews: number
  submits: number
  comments: number
}

/** How much a day counts: what the calendar shades by. */
export const dayTotal = (day: Pick<ActivityDay, 'reviews' | 'submits' | 'comments'>) =>
  day.reviews + day.submits + day.comments

/**
 * The days from `from` through `to` (local dates in `timeZone`) on which something happened, oldest first,
 * each with its counts; instants outside those days are left out.
 */
export function bucketDays(
  events: Record<ActivityKind, readonly (Date | number)[]>,
  timeZone: string,
  from: string,
  to: string,
): ActivityDay[] {
  const days = new Map<string, ActivityDay>()
  for (const kind of ['reviews', 'submits', 'comments'] as const) {
    for (const instant of events[kind]) {
      const date = localDate(instant, timeZone)
      if (date < from || date > to) continue
      let day = days.get(date)
      if (!day) {
        day = { date, reviews: 0, submits: 0, comments: 0 }
        days.set(date, day)
      }
      day[kind] += 1
    }
  }
  return [...days.values()].sort((a, b) => (a.date < b.date ? -1 : 1))
}

export interface Streaks {
  current: number
  longest: number
  inGrace: boolean
  activeToday: boolean
}

/**
 * The streaks of the active days `dates` (local dates, any order) as of `today`. A streak is a run of
 * consecutive active days. The grace day: while today is not active yet, a run that ended yesterday still
 * counts as current (`inGrace`), since today is not over; once a whole day passes without activity, the
 * streak is 0. There is no other forgiveness: a missed day inside a run splits it in two.
 */
export function streaksOf(dates: Iterable<string>, today: string): Streaks {
  const active = new Set<string>()
  for (const date of dates) if (date <= today) active.add(date)
  let longest = 0
  for (const date of active) {
    if (active.has(addDays(date, -1))) continue
    let length = 1
    while (active.has(addDays(date, length))) length += 1
    longest = Math.max(longest, length)
  }
  const activeToday = active.has(today)
  const end = activeToday ? today : addDays(today, -1)
  let current = 0
  while (active.has(addDays(end, -current))) current += 1
  return { current, longest, inGrace: !activeToday && current > 0, activeToday }
}

/** The line under the calendar (docs/product.md §14). */
export function streakLine(streaks: Streaks, own: boolean): string {
  const days = (n: number) => `${n}-day streak`
  if (streaks.inGrace) {
    return own
      ? `Submit today to keep your ${days(streaks.current)}.`
      : `On a ${days(streaks.current)}; nothing yet today.`
  }
  if (streaks.current > 0)
    return own ? `You are on a ${days(streaks.current)}.` : `On a ${days(streaks.current)}.`
  return own ? 'No streak yet: submit a solution today to start one.' : 'No current streak.'
}

/** The zone a member's days are counted in: their choice, else the browser's, else UTC. */
export function effectiveTimeZone(chosen: string | null, browser?: string | undefined): string {
  if (chosen && isTimeZone(chosen)) return chosen
  if (browser && isTimeZone(browser)) return browser
  return FALLBACK_TIME_ZONE
}
