/**
 * The fixed English dates and sizes the public pages show, written without `Intl`. The first `Intl`
 * formatter a page builds makes the browser load its locale data: 30–85 ms of main thread on a desktop
 * core, measured in Chromium 156, four times that on a mid-range phone. Built at the top of a route's
 * module, it was one long task of 130–160 ms (4× CPU throttling) on the challenge and profile pages,
 * in the middle of their hydration. Each function here writes exactly what the named `Intl` format
 * writes (format.test.ts compares them); a format that depends on the reader's locale still uses
 * `Intl`, built on first use.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const

/** "1,024": the integer part grouped by thousands, as `Intl.NumberFormat('en')` does. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',')
}

/** "Nov 25, 2026" in the reader's time zone: `Intl.DateTimeFormat('en', { dateStyle: 'medium' })`. */
export function formatMediumDate(date: Date): string {
  return `${MONTHS[date.getMonth()]?.slice(0, 3)} ${date.getDate()}, ${date.getFullYear()}`
}

/** "November 25, 2026" in UTC: `Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })`. */
export function formatLongDateUtc(date: Date): string {
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`
}

const KIB = 1024
const MIB = 1024 * 1024

/**
 * "12 kB" below a mebibyte (at least 1 kB), "1.5 MB" from there: the `Intl.NumberFormat('en')` units
 * `kilobyte` (no decimals) and `megabyte` (one at most), counted in powers of 1024.
 */
export function formatFileSize(bytes: number): string {
  if (bytes < MIB) return `${groupThousands(String(Math.max(1, Math.round(bytes / KIB))))} kB`
  const tenths = Math.round((bytes / MIB) * 10)
  const whole = groupThousands(String(Math.floor(tenths / 10)))
  return `${tenths % 10 === 0 ? whole : `${whole}.${tenths % 10}`} MB`
}

/** A score out of 100 with its one decimal, e.g. "82.4". */
export function formatScore(score: number): string {
  return (Math.round(score * 10) / 10).toFixed(1)
}
