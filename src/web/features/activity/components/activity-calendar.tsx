import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import type { VisibleActivity } from '#shared/activity.ts'
import { type ActivityDay, addDays, CALENDAR_WEEKS, dayTotal, streakLine } from '#shared/activity-days.ts'

/** How a day is shaded: 0 for none, then 1, 2 to 3, 4 to 6, and 7 or more. */
export function levelOf(total: number): 0 | 1 | 2 | 3 | 4 {
  if (total <= 0) return 0
  if (total === 1) return 1
  if (total <= 3) return 2
  if (total <= 6) return 3
  return 4
}

/**
 * Each level's colour. In dark mode the scales turn over (docs/decisions/015-dark-mode.md): busier days
 * are then brighter on the dark page, as they are darker on the light one.
 */
const LEVEL_CLASSES = [
  'bg-slate-100 ring-1 ring-inset ring-slate-300',
  'bg-accent-200',
  'bg-accent-400',
  'bg-accent-600',
  'bg-accent-800',
] as const
const LEVEL_NAMES = ['No activity', '1', '2 to 3', '4 to 6', '7 or more'] as const

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const
const longDate = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
})
const monthName = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' })
const asDate = (date: string) => new Date(`${date}T00:00:00Z`)

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** "Tuesday, November 3, 2026: 1 passed review, 2 submits, 0 comments" (or "no activity"). */
export function dayFigures(date: string, day: ActivityDay | undefined): string {
  const when = longDate.format(asDate(date))
  if (!day || dayTotal(day) === 0) return `${when}: no activity`
  return `${when}: ${plural(day.reviews, 'passed review', 'passed reviews')}, ${plural(day.submits, 'submit', 'submits')}, ${plural(day.comments, 'comment', 'comments')}`
}

/** "123 active days in the last year; longest streak 9 days; current streak 3 days." */
export function activitySummary(activity: VisibleActivity): string {
  return `${plural(activity.activeDays, 'active day', 'active days')} in the last year; longest streak ${plural(activity.streaks.longest, 'day', 'days')}; current streak ${plural(activity.streaks.current, 'day', 'days')}.`
}

/**
 * The profile's activity (docs/product.md §14): a calendar of the last 53 weeks, one
 * column a week and one row a weekday, each day shaded by its count. The grid is one tab stop; the arrow
 * keys move between days (a day to the left or right is a week earlier or later), Home and End go to the
 * first and the last day. The focused or hovered day's figures show in the line under it, and each day
 * carries them as its name for screen readers; the summary above says the totals in words.
 */
export function ActivityCalendar({ activity, own }: { activity: VisibleActivity; own: boolean }) {
  const { from, today } = activity
  const byDate = new Map(activity.days.map((day) => [day.date, day]))
  const [active, setActive] = useState(today)
  const [shown, setShown] = useState<string | null>(null)
  const cells = useRef(new Map<string, HTMLTableCellElement>())
  const scroller = useRef<HTMLDivElement>(null)
  const moved = useRef(false)
  const detailId = useId()
  const summaryId = useId()

  // Narrow screens: the latest weeks are the ones in view.
  useEffect(() => {
    const element = scroller.current
    if (element) element.scrollLeft = element.scrollWidth
  }, [])
  useEffect(() => {
    if (!moved.current) return
    moved.current = false
    cells.current.get(active)?.focus()
  }, [active])

  const dateAt = (week: number, weekday: number) => addDays(from, week * 7 + weekday)
  const move = (event: KeyboardEvent) => {
    const steps: Record<string, number> = { ArrowLeft: -7, ArrowRight: 7, ArrowUp: -1, ArrowDown: 1 }
    let next: string | undefined
    if (event.key in steps) next = addDays(active, steps[event.key] ?? 0)
    else if (event.key === 'Home') next = from
    else if (event.key === 'End') next = today
    if (!next) return
    event.preventDefault()
    if (next < from || next > today) return
    moved.current = true
    setActive(next)
    setShown(next)
  }

  const months = Array.from({ length: CALENDAR_WEEKS }, (_, week) => {
    const monday = dateAt(week, 0)
    const previous = week === 0 ? null : dateAt(week - 1, 0)
    return previous === null || previous.slice(5, 7) !== monday.slice(5, 7)
      ? monthName.format(asDate(monday))
      : ''
  })
  const detail = shown ?? active

  return (
    <div>
      <p id={summaryId} data-testid="activity-summary" className="text-sm text-slate-700">
        {activitySummary(activity)}
      </p>
      <p data-testid="streak-line" className="mt-1 text-base font-medium text-slate-900">
        {streakLine(activity.streaks, own)}
      </p>
      <div ref={scroller} className="mt-4 overflow-x-auto pb-2">
        <div className="w-max">
          <div aria-hidden="true" className="flex gap-[3px] pl-[46px] text-xs text-slate-600">
            {months.map((label, week) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one slot per week of a fixed grid.
              <span key={week} className="w-3 overflow-visible whitespace-nowrap">
                {label}
              </span>
            ))}
          </div>
          <table
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA grid pattern on a table: one tab stop, arrow keys between days.
            role="grid"
            aria-label="Activity calendar"
            aria-describedby={`${summaryId} ${detailId}`}
            className="mt-1 border-separate border-spacing-[3px]"
            onKeyDown={move}
            onMouseLeave={() => setShown(null)}
          >
            <tbody>
              {WEEKDAYS.map((weekday, row) => (
                <tr key={weekday}>
                  <th scope="row" className="w-10 pr-2 text-left text-xs font-normal text-slate-600">
                    <span aria-hidden="true">{row % 2 === 0 ? weekday.slice(0, 3) : ''}</span>
                    <span className="sr-only">{weekday}</span>
                  </th>
                  {Array.from({ length: CALENDAR_WEEKS }, (_, week) => {
                    const date = dateAt(week, row)
                    // The days to come of this week: empty.
                    // biome-ignore lint/suspicious/noArrayIndexKey: one slot per week of a fixed grid.
                    if (date > today) return <td key={week} className="size-3 p-0" />
                    const day = byDate.get(date)
                    const level = levelOf(day ? dayTotal(day) : 0)
                    return (
                      <td
                        key={date}
                        ref={(element) => {
                          if (element) cells.current.set(date, element)
                          else cells.current.delete(date)
                        }}
                        data-date={date}
                        data-level={level}
                        tabIndex={date === active ? 0 : -1}
                        aria-label={dayFigures(date, day)}
                        onFocus={() => {
                          setActive(date)
                          setShown(date)
                        }}
                        onMouseEnter={() => setShown(date)}
                        className={`size-3 rounded-[3px] p-0 ${LEVEL_CLASSES[level]} ${date === today ? 'outline-1 outline-offset-1 outline-slate-500' : ''}`}
                      />
                    )
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <p id={detailId} data-testid="activity-detail" className="min-h-5 text-sm text-slate-700">
          {dayFigures(detail, byDate.get(detail))}
        </p>
        <div className="flex items-center gap-1.5 text-xs text-slate-600">
          <span>Less</span>
          {LEVEL_CLASSES.map((classes, level) => (
            <span
              key={classes}
              role="img"
              aria-label={LEVEL_NAMES[level]}
              title={LEVEL_NAMES[level]}
              className={`size-3 rounded-[3px] ${classes}`}
            />
          ))}
          <span>More</span>
        </div>
      </div>
    </div>
  )
}
