import { useNow } from '#web/features/reviews/use-now.ts'

const DATE_TIME: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
}
const utcFormat = new Intl.DateTimeFormat('en-GB', { ...DATE_TIME, timeZone: 'UTC' })

/**
 * An instant in the visitor's own time zone. The server's HTML (and the render that hydrates it) show
 * it in UTC, the one zone both agree on; the browser then writes it in its own.
 */
export function CompetitionTime({ iso }: { iso: string }) {
  const now = useNow()
  const date = new Date(iso)
  const text =
    now === null ? utcFormat.format(date) : new Intl.DateTimeFormat(undefined, DATE_TIME).format(date)
  return <time dateTime={iso}>{text}</time>
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** "2 days 5 hours", "3 hours 12 minutes", "4 minutes": how long until `iso`, to the minute. */
function formatRemaining(iso: string, nowMs: number): string {
  const left = Math.max(0, new Date(iso).getTime() - nowMs)
  const parts: string[] = []
  const days = Math.floor(left / DAY)
  const hours = Math.floor((left % DAY) / HOUR)
  const minutes = Math.floor((left % HOUR) / MINUTE)
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
  if (days > 0) parts.push(unit(days, 'day'), unit(hours, 'hour'))
  else if (hours > 0) parts.push(unit(hours, 'hour'), unit(minutes, 'minute'))
  else parts.push(unit(minutes, 'minute'))
  return parts.join(' ')
}

/** A countdown to `iso`, refreshed with the clock; nothing on the server, where "now" is not the visitor's. */
export function Countdown({ iso, label }: { iso: string; label: string }) {
  const now = useNow()
  if (now === null) return null
  return (
    <p className="text-sm font-semibold text-accent-300" data-testid="countdown">
      {label} {formatRemaining(iso, now)}
    </p>
  )
}
