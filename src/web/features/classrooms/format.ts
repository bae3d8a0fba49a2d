import type { AssignmentStatus, ClassroomRole, PassRule } from '#shared/classroom.ts'
import { formatMediumDate } from '#web/lib/format.ts'

/** The six statuses of an assignment (docs/product.md §13), as the pages write them. */
export const STATUS_LABELS: Record<AssignmentStatus, string> = {
  not_started: 'Not started',
  started: 'Started',
  submitted: 'Submitted',
  passed: 'Passed',
  passed_late: 'Passed late',
  missed: 'Missed',
}

export const ROLE_LABELS: Record<ClassroomRole, string> = {
  owner: 'Owner',
  teacher: 'Teacher',
  student: 'Student',
}

function pad(value: number): string {
  return String(value).padStart(2, '0')
}

let zoneFormat: Intl.DateTimeFormat | null = null

/** The viewer's time zone's short name at `date` ("CET", "GMT+5:30"), built on first use. */
function zoneName(date: Date): string {
  zoneFormat ??= new Intl.DateTimeFormat('en', { timeZoneName: 'short' })
  return zoneFormat.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value ?? ''
}

/**
 * "Dec 1, 2026, 17:00 CET": an instant in the viewer's own time zone (docs/product.md §13: each page
 * shows times in its viewer's zone), with the zone named so a teacher and a student abroad agree.
 */
export function formatDateTime(iso: string): string {
  const date = new Date(iso)
  const zone = zoneName(date)
  return `${formatMediumDate(date)}, ${pad(date.getHours())}:${pad(date.getMinutes())}${zone ? ` ${zone}` : ''}`
}

/** An instant as a `datetime-local` input's value, in the viewer's time zone ("2026-12-01T17:00"). */
export function toLocalInput(iso: string): string {
  const date = new Date(iso)
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

/**
 * A `datetime-local` input's value, read in the viewer's time zone, as the instant in UTC the API takes
 * (ISO 8601 with `Z`); null when the field is empty or not a date.
 */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

/** The pass rule in words, or null when it has none. */
export function describePassRule(rule: PassRule): string | null {
  const parts: string[] = []
  if (rule.minScore !== null) parts.push(`match score at least ${rule.minScore}`)
  if (rule.maxA11yViolations !== null)
    parts.push(`at most ${rule.maxA11yViolations} accessibility violations`)
  if (rule.minLighthouseA11y !== null)
    parts.push(`Lighthouse accessibility at least ${rule.minLighthouseA11y}`)
  return parts.length === 0 ? null : `To pass: ${parts.join(', ')}.`
}

/** A member's name as the classroom pages show it: the roster's, else their own, else their login. */
export function displayName(member: { username: string; name: string | null; rosterName?: string | null }) {
  return member.rosterName?.trim() || member.name?.trim() || member.username
}
