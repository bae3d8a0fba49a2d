/**
 * When something happened, for member pages that list events (docs/product.md §12 Notifications): today's
 * as a relative time (`just now`, `3 minutes ago`, `2 hours ago`), earlier ones as a date with its time of
 * day, both in the reader's time zone. Uses `Intl`, built on first use: only member pages, which the
 * server does not render, show these (lib/format.ts says why public pages avoid `Intl`).
 */

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS

let relative: Intl.RelativeTimeFormat | undefined
let dateTime: Intl.DateTimeFormat | undefined

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate()
}

/** "November 25, 2026 at 2:05 PM" in the reader's time zone. */
export function formatDateTime(date: Date): string {
  dateTime ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' })
  return dateTime.format(date)
}

/**
 * `just now` under a minute (or a moment ahead, when clocks disagree), then `{n} minutes ago` and
 * `{n} hours ago` while it is the same day as `now`; before today, the date and time (formatDateTime).
 */
export function formatEventTime(date: Date, now: Date = new Date()): string {
  const ago = now.getTime() - date.getTime()
  if (ago < MINUTE_MS && (ago >= 0 || sameDay(date, now))) return 'just now'
  if (ago < 0 || !sameDay(date, now)) return formatDateTime(date)
  relative ??= new Intl.RelativeTimeFormat('en', { numeric: 'always' })
  return ago < HOUR_MS
    ? relative.format(-Math.floor(ago / MINUTE_MS), 'minute')
    : relative.format(-Math.floor(ago / HOUR_MS), 'hour')
}
