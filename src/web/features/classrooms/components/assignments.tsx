import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import type { Assignment, Classroom, GridResponse } from '#shared/classroom.ts'
import { paths } from '#shared/paths.ts'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { challengeListQuery } from '#web/features/challenges/api/challenges.ts'
import {
  type AssignmentInput,
  type ClassroomAssignment,
  classroomApi,
  classroomKeys,
  gridQuery,
} from '#web/features/classrooms/api/classrooms.ts'
import { AssignmentStatusBadge } from '#web/features/classrooms/components/assignment-status.tsx'
import { FormError, inputClass, messageOf, StatusLine } from '#web/features/classrooms/components/ui.tsx'
import {
  describePassRule,
  displayName,
  formatDateTime,
  fromLocalInput,
  toLocalInput,
} from '#web/features/classrooms/format.ts'
import { formatScore } from '#web/lib/format.ts'

const assignmentAnchor = (id: string) => `assignment-${id}`

/**
 * The assignment whose heading takes the focus as soon as it is on the page. A new assignment's item
 * renders when the refetched list reaches the page, which may be before or after its form hears back:
 * its heading's ref takes the focus if it arrives later (`focusIfAwaited`).
 */
let awaitingFocus: string | null = null

function focusHeading(heading: HTMLElement) {
  heading.focus()
  heading.scrollIntoView({ block: 'center' })
}

/** Focuses an assignment's heading now if it is on the page, else when it arrives (after it was made or changed). */
function focusAssignment(id: string) {
  const heading = document.getElementById(`${assignmentAnchor(id)}-heading`)
  awaitingFocus = heading ? null : id
  if (heading) focusHeading(heading)
}

function focusIfAwaited(id: string, heading: HTMLElement | null) {
  if (!heading || awaitingFocus !== id) return
  awaitingFocus = null
  focusHeading(heading)
}

/** The classroom's assignments: for a student with their own status; for a teacher with its tools. */
export function AssignmentList({
  classroom,
  assignments,
}: {
  classroom: Classroom
  assignments: ClassroomAssignment[]
}) {
  const teacher = classroom.role !== 'student'
  if (assignments.length === 0)
    return (
      <p className="text-base text-slate-700">
        {teacher ? 'No assignments yet. Assign a challenge below.' : 'Nothing is assigned to you yet.'}
      </p>
    )
  return (
    <ul className="grid gap-4" data-testid="assignment-list">
      {assignments.map((assignment) => (
        <AssignmentItem key={assignment.id} classroom={classroom} assignment={assignment} />
      ))}
    </ul>
  )
}

function AssignmentItem({
  classroom,
  assignment,
}: {
  classroom: Classroom
  assignment: ClassroomAssignment
}) {
  const [editing, setEditing] = useState(false)
  const teacher = classroom.role !== 'student'
  const anchor = assignmentAnchor(assignment.id)
  const rule = describePassRule(assignment.passRule)
  const grade = assignment.grade
  const work = grade?.graded ?? grade?.late ?? null
  const due = grade?.dueAt ?? assignment.dueAt

  return (
    <li
      id={anchor}
      aria-labelledby={`${anchor}-heading`}
      className="rounded-xl border border-slate-200 bg-slate-50 p-4"
      data-testid="assignment"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3
          id={`${anchor}-heading`}
          ref={(heading) => focusIfAwaited(assignment.id, heading)}
          tabIndex={-1}
          className="text-base font-semibold break-words text-slate-900 focus:outline-none"
        >
          <Link
            to={paths.challenge(assignment.challenge.slug)}
            className="text-accent-800 underline-offset-4 hover:underline"
          >
            {assignment.challenge.title}
          </Link>
        </h3>
        {grade ? <AssignmentStatusBadge status={grade.status} /> : null}
      </div>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm text-slate-700 sm:grid-cols-2">
        <div>
          <dt className="inline font-medium text-slate-900">Opens: </dt>
          <dd className="inline">
            <time dateTime={assignment.opensAt}>{formatDateTime(assignment.opensAt)}</time>
          </dd>
        </div>
        <div>
          <dt className="inline font-medium text-slate-900">Due: </dt>
          <dd className="inline" data-testid="assignment-due">
            <time dateTime={due}>{formatDateTime(due)}</time>
            {grade && grade.dueAt !== assignment.dueAt ? ' (your extension)' : null}
          </dd>
        </div>
        {work ? (
          <div>
            <dt className="inline font-medium text-slate-900">Score: </dt>
            <dd className="inline">
              {work.score === null ? 'no score' : formatScore(work.score)}
              {grade?.graded ? null : ' (late)'}
            </dd>
          </div>
        ) : null}
      </dl>
      {rule ? <p className="mt-2 text-sm text-slate-700">{rule}</p> : null}
      {teacher ? (
        <div className="mt-3">
          {editing ? (
            <AssignmentForm
              classroomId={classroom.id}
              assignment={assignment}
              onDone={() => {
                setEditing(false)
                focusAssignment(assignment.id)
              }}
            />
          ) : (
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                onClick={() => setEditing(true)}
                className={buttonClasses('secondary', 'sm')}
              >
                Edit<span className="sr-only"> {assignment.challenge.title}</span>
              </button>
              <DeleteAssignment classroomId={classroom.id} assignment={assignment} />
            </div>
          )}
          <Extensions classroom={classroom} assignment={assignment} />
        </div>
      ) : null}
    </li>
  )
}

function DeleteAssignment({ classroomId, assignment }: { classroomId: string; assignment: Assignment }) {
  const queryClient = useQueryClient()
  const [error, setError] = useState<string | null>(null)
  const errorId = useId()
  const remove = useMutation({
    mutationFn: () => classroomApi.deleteAssignment(classroomId, assignment.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: classroomKeys.one(classroomId) })
      document.getElementById('assignments-heading')?.focus()
    },
    onError: (e) => setError(messageOf(e)),
  })
  return (
    <>
      <button
        type="button"
        disabled={remove.isPending}
        aria-describedby={error ? errorId : undefined}
        onClick={() => {
          if (window.confirm(`Delete the assignment ${assignment.challenge.title}? Students’ reviews stay.`))
            remove.mutate()
        }}
        className={buttonClasses('secondary', 'sm')}
      >
        Delete<span className="sr-only"> {assignment.challenge.title}</span>
      </button>
      <FormError id={errorId} message={error} />
    </>
  )
}

type RuleField = 'minScore' | 'maxA11yViolations' | 'minLighthouseA11y'
const RULE_FIELDS: { key: RuleField; label: string; max: number }[] = [
  { key: 'minScore', label: 'Match score at least (0 to 100)', max: 100 },
  { key: 'maxA11yViolations', label: 'Accessibility violations at most (0 to 1,000)', max: 1000 },
  { key: 'minLighthouseA11y', label: 'Lighthouse accessibility at least (0 to 100)', max: 100 },
]

function ruleText(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value)
}

/**
 * The form that assigns a challenge, or changes an assignment: opening and due times as local date-times
 * (the viewer's zone), sent in UTC; the optional pass rule's three bounds (docs/product.md §13).
 */
export function AssignmentForm({
  classroomId,
  assignment,
  onDone,
}: {
  classroomId: string
  assignment?: Assignment
  onDone?: (assignment: Assignment) => void
}) {
  const queryClient = useQueryClient()
  const challenges = useQuery({ ...challengeListQuery(), enabled: !assignment })
  const ids = {
    challenge: useId(),
    opens: useId(),
    due: useId(),
    error: useId(),
    hint: useId(),
    rule: useId(),
  }
  const [challengeId, setChallengeId] = useState('')
  const [opens, setOpens] = useState(() =>
    assignment ? toLocalInput(assignment.opensAt) : toLocalInput(new Date().toISOString()),
  )
  const [due, setDue] = useState(() => (assignment ? toLocalInput(assignment.dueAt) : ''))
  const [rule, setRule] = useState<Record<RuleField, string>>({
    minScore: ruleText(assignment?.passRule.minScore),
    maxA11yViolations: ruleText(assignment?.passRule.maxA11yViolations),
    minLighthouseA11y: ruleText(assignment?.passRule.minLighthouseA11y),
  })
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null)
  const [done, setDone] = useState<string | null>(null)

  const save = useMutation({
    mutationFn: (input: AssignmentInput & { challengeId?: number }) =>
      assignment
        ? classroomApi.updateAssignment(classroomId, assignment.id, input)
        : classroomApi.createAssignment(classroomId, { ...input, challengeId: Number(input.challengeId) }),
    onSuccess: async ({ assignment: saved }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: classroomKeys.assignments(classroomId) }),
        queryClient.invalidateQueries({ queryKey: classroomKeys.grid(classroomId) }),
      ])
      if (!assignment) {
        setChallengeId('')
        setDue('')
        setDone(`Assigned ${saved.challenge.title}, due ${formatDateTime(saved.dueAt)}.`)
        focusAssignment(saved.id)
      }
      onDone?.(saved)
    },
    onError: (e) => {
      const message = messageOf(e)
      const field = /^(challengeId|opensAt|dueAt|passRule\.\w+):/.exec(message)?.[1] ?? null
      setError({ field, message })
    },
  })

  const fail = (field: string, message: string) => setError({ field, message })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setDone(null)
    if (!assignment && !challengeId) return fail('challengeId', 'Choose the challenge to assign.')
    const opensAt = fromLocalInput(opens)
    if (!opensAt) return fail('opensAt', 'Give the opening date and time.')
    const dueAt = fromLocalInput(due)
    if (!dueAt) return fail('dueAt', 'Give the due date and time.')
    if (Date.parse(dueAt) <= Date.parse(opensAt))
      return fail('dueAt', 'The due time must be after the opening time.')
    const passRule = {} as AssignmentInput['passRule']
    for (const { key, max, label } of RULE_FIELDS) {
      const text = rule[key].trim()
      if (text === '') {
        passRule[key] = null
        continue
      }
      const value = Number(text)
      if (!/^\d+$/.test(text) || value > max)
        return fail(
          `passRule.${key}`,
          `${label.replace(/ \(.*\)$/, '')}: must be a whole number from 0 to ${max}.`,
        )
      passRule[key] = value
    }
    setError(null)
    save.mutate({ opensAt, dueAt, passRule, ...(assignment ? {} : { challengeId: Number(challengeId) }) })
  }

  const describedBy = (field: string, hint?: string) =>
    [error?.field === field ? ids.error : null, hint].filter(Boolean).join(' ') || undefined
  const invalid = (field: string) => error?.field === field

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={assignment ? `Change ${assignment.challenge.title}` : 'Assign a challenge'}
      aria-describedby={error && !error.field ? ids.error : undefined}
      className="grid gap-4"
    >
      {assignment ? null : (
        <div>
          <label htmlFor={ids.challenge} className="block text-sm font-semibold text-slate-900">
            Challenge
          </label>
          <select
            id={ids.challenge}
            value={challengeId}
            onChange={(event) => setChallengeId(event.target.value)}
            aria-invalid={invalid('challengeId')}
            aria-describedby={describedBy('challengeId')}
            className={`${inputClass} mt-2`}
          >
            <option value="">{challenges.isPending ? 'Loading challenges...' : 'Choose a challenge'}</option>
            {(challenges.data ?? []).map((challenge) => (
              <option key={challenge.id} value={challenge.id}>
                {challenge.title}
              </option>
            ))}
          </select>
        </div>
      )}
      <p id={ids.hint} className="text-sm text-slate-600">
        Times are in your own time zone; each student sees them in theirs.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={ids.opens} className="block text-sm font-semibold text-slate-900">
            Opens
          </label>
          <input
            id={ids.opens}
            type="datetime-local"
            value={opens}
            onChange={(event) => setOpens(event.target.value)}
            aria-invalid={invalid('opensAt')}
            aria-describedby={describedBy('opensAt', ids.hint)}
            className={`${inputClass} mt-2`}
          />
        </div>
        <div>
          <label htmlFor={ids.due} className="block text-sm font-semibold text-slate-900">
            Due
          </label>
          <input
            id={ids.due}
            type="datetime-local"
            value={due}
            onChange={(event) => setDue(event.target.value)}
            aria-invalid={invalid('dueAt')}
            aria-describedby={describedBy('dueAt', ids.hint)}
            className={`${inputClass} mt-2`}
          />
        </div>
      </div>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Pass rule (optional)</legend>
        <p id={ids.rule} className="mt-1 text-sm text-slate-600">
          Leave a bound empty to not use it. A passed review must also meet every bound given.
        </p>
        <div className="mt-2 grid gap-4 sm:grid-cols-3">
          {RULE_FIELDS.map(({ key, label, max }) => (
            <RuleInput
              key={key}
              label={label}
              max={max}
              value={rule[key]}
              onChange={(value) => setRule((current) => ({ ...current, [key]: value }))}
              invalid={invalid(`passRule.${key}`)}
              describedBy={describedBy(`passRule.${key}`, ids.rule)}
            />
          ))}
        </div>
      </fieldset>
      <FormError id={ids.error} message={error?.message ?? null} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={save.isPending} className={buttonClasses('primary', 'md')}>
          {save.isPending ? 'Saving...' : assignment ? 'Save changes' : 'Assign'}
        </button>
        {assignment ? (
          <button
            type="button"
            onClick={() => onDone?.(assignment)}
            className={buttonClasses('secondary', 'md')}
          >
            Cancel
          </button>
        ) : null}
      </div>
      {assignment ? null : <StatusLine message={done} />}
    </form>
  )
}

function RuleInput({
  label,
  max,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  label: string
  max: number
  value: string
  onChange: (value: string) => void
  invalid: boolean
  describedBy: string | undefined
}) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className="block text-sm text-slate-900">
        {label}
      </label>
      <input
        id={id}
        inputMode="numeric"
        min={0}
        max={max}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        className={`${inputClass} mt-1`}
      />
    </div>
  )
}

/**
 * A teacher's extensions of one assignment: who has their own due time (read from the grid, whose cells
 * carry each student's due time), a form to give one, and a button to take each back.
 */
function Extensions({ classroom, assignment }: { classroom: Classroom; assignment: Assignment }) {
  const grid = useQuery(gridQuery(classroom.id))
  const queryClient = useQueryClient()
  const ids = { student: useId(), due: useId(), error: useId() }
  const [open, setOpen] = useState(false)
  const [student, setStudent] = useState('')
  const [due, setDue] = useState(() => toLocalInput(assignment.dueAt))
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const toggle = useRef<HTMLButtonElement>(null)
  const students = classroom.students ?? []
  const extended = extensionsOf(grid.data, assignment)

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: classroomKeys.grid(classroom.id) }),
      queryClient.invalidateQueries({ queryKey: classroomKeys.assignments(classroom.id) }),
    ])
  const give = useMutation({
    mutationFn: (dueAt: string) => classroomApi.setExtension(classroom.id, assignment.id, student, dueAt),
    onSuccess: async (result) => {
      await refresh()
      setDone(`${result.username} is now due ${formatDateTime(result.dueAt)}.`)
    },
    onError: (e) => setError(messageOf(e)),
  })
  const takeBack = useMutation({
    mutationFn: (login: string) => classroomApi.removeExtension(classroom.id, assignment.id, login),
    onSuccess: async (_r, login) => {
      await refresh()
      setDone(`${login} is due with everyone again.`)
    },
    onError: (e) => setError(messageOf(e)),
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setDone(null)
    if (!student) return setError('Choose the student.')
    const dueAt = fromLocalInput(due)
    if (!dueAt) return setError('Give the new due date and time.')
    setError(null)
    give.mutate(dueAt)
  }

  return (
    <div className="mt-3">
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        className="text-sm font-semibold text-accent-800 underline underline-offset-4 hover:no-underline"
      >
        Extensions{extended.length > 0 ? ` (${extended.length})` : ''}
        <span className="sr-only"> of {assignment.challenge.title}</span>
      </button>
      {open ? (
        <div className="mt-3 rounded-lg border border-slate-200 bg-white p-3">
          {extended.length > 0 ? (
            <ul className="mb-3 grid gap-2 text-sm text-slate-800">
              {extended.map((entry) => (
                <li key={entry.username} className="flex flex-wrap items-center gap-2">
                  <span className="break-words">
                    {entry.name} ({entry.username}): due{' '}
                    <time dateTime={entry.dueAt}>{formatDateTime(entry.dueAt)}</time>
                  </span>
                  <button
                    type="button"
                    onClick={() => takeBack.mutate(entry.username)}
                    className={buttonClasses('secondary', 'sm')}
                  >
                    Take back<span className="sr-only"> the extension of {entry.username}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mb-3 text-sm text-slate-600">No student has their own due time.</p>
          )}
          {students.length === 0 ? (
            <p className="text-sm text-slate-600">The classroom has no students yet.</p>
          ) : (
            <form
              noValidate
              onSubmit={submit}
              aria-label={`Give an extension of ${assignment.challenge.title}`}
              className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
            >
              <div>
                <label htmlFor={ids.student} className="block text-sm font-semibold text-slate-900">
                  Student
                </label>
                <select
                  id={ids.student}
                  value={student}
                  onChange={(event) => setStudent(event.target.value)}
                  aria-describedby={error ? ids.error : undefined}
                  className={`${inputClass} mt-1`}
                >
                  <option value="">Choose a student</option>
                  {students.map((s) => (
                    <option key={s.username} value={s.username}>
                      {displayName(s)} ({s.username})
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor={ids.due} className="block text-sm font-semibold text-slate-900">
                  Their due time
                </label>
                <input
                  id={ids.due}
                  type="datetime-local"
                  value={due}
                  onChange={(event) => setDue(event.target.value)}
                  aria-describedby={error ? ids.error : undefined}
                  className={`${inputClass} mt-1`}
                />
              </div>
              <button type="submit" disabled={give.isPending} className={buttonClasses('primary', 'md')}>
                Give extension
              </button>
            </form>
          )}
          <FormError id={ids.error} message={error} />
          <StatusLine message={done} focus />
        </div>
      ) : null}
    </div>
  )
}

function extensionsOf(grid: GridResponse | undefined, assignment: Assignment) {
  if (!grid) return []
  const column = grid.assignments.findIndex((a) => a.id === assignment.id)
  if (column < 0) return []
  return grid.students.flatMap((student) => {
    const grade = student.grades[column]
    return grade && grade.dueAt !== assignment.dueAt
      ? [{ username: student.username, name: displayName(student), dueAt: grade.dueAt }]
      : []
  })
}
