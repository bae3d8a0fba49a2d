import { useQuery } from '@tanstack/react-query'
import { useId, useMemo, useState } from 'react'
import { Link, useParams } from 'react-router'
import { ASSIGNMENT_STATUSES, type AssignmentStatus, type Grade } from '#shared/classroom.ts'
import { paths } from '#shared/paths.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { RequireUser } from '#web/features/auth/components/require-user.tsx'
import { classroomQuery, gridQuery } from '#web/features/classrooms/api/classrooms.ts'
import { AssignmentStatusBadge } from '#web/features/classrooms/components/assignment-status.tsx'
import { ClassroomMissing, useFocusOnArrival } from '#web/features/classrooms/components/classroom-page.tsx'
import { inputClass, linkClass } from '#web/features/classrooms/components/ui.tsx'
import { displayName, formatDateTime, STATUS_LABELS } from '#web/features/classrooms/format.ts'
import { formatScore } from '#web/lib/format.ts'

/** 'student', or an assignment's index. */
type SortKey = 'student' | number
type Sort = { key: SortKey; direction: 'ascending' | 'descending' }

/** Statuses from the furthest along to the least: a column sorts by them, then by score. */
const STATUS_RANK: Record<AssignmentStatus, number> = {
  passed: 0,
  passed_late: 1,
  submitted: 2,
  started: 3,
  not_started: 4,
  missed: 5,
}

const reviewPath = (id: string) => `/reviews/${encodeURIComponent(id)}`

/** /classrooms/:id/grid, teachers only: students by assignments (docs/product.md §13 The teacher's view). */
export function ProgressGridPage() {
  const { id = '' } = useParams()
  return <RequireUser page="classrooms">{() => <ProgressGrid id={id} />}</RequireUser>
}

function compareGrades(a: Grade | undefined, b: Grade | undefined): number {
  const rank = (STATUS_RANK[a?.status ?? 'not_started'] ?? 9) - (STATUS_RANK[b?.status ?? 'not_started'] ?? 9)
  if (rank !== 0) return rank
  const score = (g: Grade | undefined) => (g?.graded ?? g?.late)?.score ?? -1
  return score(b) - score(a)
}

function ProgressGrid({ id }: { id: string }) {
  const classroom = useQuery(classroomQuery(id))
  const grid = useQuery(gridQuery(id))
  const heading = useFocusOnArrival<HTMLHeadingElement>(Boolean(grid.data))
  const [sort, setSort] = useState<Sort>({ key: 'student', direction: 'ascending' })
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState<AssignmentStatus | ''>('')
  const ids = { search: useId(), status: useId(), count: useId() }

  const rows = useMemo(() => {
    if (!grid.data) return []
    const needle = search.trim().toLowerCase()
    const kept = grid.data.students.filter((student) => {
      if (
        needle &&
        ![student.username, student.name ?? '', student.rosterName ?? '', student.studentId ?? ''].some(
          (text) => text.toLowerCase().includes(needle),
        )
      )
        return false
      return !status || student.grades.some((grade) => grade.status === status)
    })
    const sign = sort.direction === 'ascending' ? 1 : -1
    return [...kept].sort((a, b) => {
      const order =
        sort.key === 'student'
          ? displayName(a).localeCompare(displayName(b)) || a.username.localeCompare(b.username)
          : compareGrades(a.grades[sort.key], b.grades[sort.key])
      return order * sign
    })
  }, [grid.data, search, status, sort])

  if (classroom.isError) return <ClassroomMissing error={classroom.error} />
  if (grid.isError)
    return (
      <div className="page-container max-w-3xl py-14">
        <PageTitle>Progress grid</PageTitle>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Progress grid</h1>
        <p role="alert" className="mt-3 text-base text-rose-800">
          {grid.error.message}
        </p>
        <Link to={paths.classroom(id)} className={`${linkClass} mt-6 inline-block`}>
          Back to the classroom
        </Link>
      </div>
    )

  const name = classroom.data?.name ?? 'Classroom'
  const toggle = (key: SortKey) =>
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
        : { key, direction: 'ascending' },
    )
  const ariaSort = (key: SortKey) => (sort.key === key ? sort.direction : 'none')
  const exportHref = (format: 'csv' | 'json') =>
    `/api/classrooms/${encodeURIComponent(id)}/export?format=${format}`

  return (
    <div className="page-container max-w-7xl py-10 sm:py-14">
      <PageTitle>{`Progress grid: ${name}`}</PageTitle>
      <p className="text-sm font-semibold text-slate-600">
        <Link
          to={paths.classroom(id)}
          className="break-words text-accent-800 underline-offset-4 hover:underline"
        >
          {name}
        </Link>
      </p>
      <h1
        ref={heading}
        tabIndex={-1}
        className="mt-2 text-3xl font-bold tracking-tight text-slate-900 focus:outline-none sm:text-4xl"
      >
        Progress grid
      </h1>
      <p className="mt-2 text-base text-slate-600">
        Each student’s status per assignment, the score of the work graded by their due time (or the late
        one), and its accessibility and HTML counts. Times are in your time zone.
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <a href={exportHref('csv')} download="grades.csv" className={buttonClasses('secondary', 'sm')}>
          Export CSV
        </a>
        <a href={exportHref('json')} download="grades.json" className={buttonClasses('secondary', 'sm')}>
          Export JSON
        </a>
      </div>

      {!grid.data ? (
        <>
          <p role="status" className="sr-only">
            Loading...
          </p>
          <Skeleton className="mt-8 h-48 w-full" />
        </>
      ) : grid.data.students.length === 0 || grid.data.assignments.length === 0 ? (
        <p className="mt-8 text-base text-slate-700">
          {grid.data.students.length === 0
            ? 'No students yet: the grid fills as students join.'
            : 'No assignments yet: assign a challenge on the classroom page.'}
        </p>
      ) : (
        <>
          <div className="mt-8 grid gap-4 sm:grid-cols-[minmax(0,20rem)_minmax(0,14rem)]">
            <div>
              <label htmlFor={ids.search} className="block text-sm font-semibold text-slate-900">
                Find a student
              </label>
              <input
                id={ids.search}
                type="search"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                aria-describedby={ids.count}
                className={`${inputClass} mt-1`}
              />
            </div>
            <div>
              <label htmlFor={ids.status} className="block text-sm font-semibold text-slate-900">
                With the status
              </label>
              <select
                id={ids.status}
                value={status}
                onChange={(event) => setStatus(event.target.value as AssignmentStatus | '')}
                aria-describedby={ids.count}
                className={`${inputClass} mt-1`}
              >
                <option value="">Any status</option>
                {ASSIGNMENT_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {STATUS_LABELS[value]}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <p id={ids.count} role="status" className="mt-3 text-sm text-slate-600">
            {rows.length === grid.data.students.length
              ? `${rows.length === 1 ? '1 student' : `${rows.length} students`}.`
              : `${rows.length} of ${grid.data.students.length} students shown.`}
          </p>

          <div className="mt-4 hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-card sm:block">
            <table className="min-w-full text-left text-sm text-slate-800" data-testid="progress-grid">
              <caption className="sr-only">
                Students by assignments. Column headers are buttons that sort the rows.
              </caption>
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" aria-sort={ariaSort('student')} className="px-4 py-3 align-bottom">
                    <SortButton label="Student" sort={sort} sortKey="student" onClick={toggle} />
                  </th>
                  {grid.data.assignments.map((assignment, index) => (
                    <th
                      key={assignment.id}
                      scope="col"
                      aria-sort={ariaSort(index)}
                      className="min-w-44 px-4 py-3 align-bottom"
                    >
                      <SortButton
                        label={assignment.challenge.title}
                        sort={sort}
                        sortKey={index}
                        onClick={toggle}
                      />
                      <span className="mt-1 block text-xs font-normal text-slate-600">
                        Due <time dateTime={assignment.dueAt}>{formatDateTime(assignment.dueAt)}</time>
                      </span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((student) => (
                  <tr
                    key={student.username}
                    className="border-t border-slate-100 align-top"
                    data-testid="grid-row"
                  >
                    <th scope="row" className="px-4 py-3 font-semibold break-words text-slate-900">
                      {displayName(student)}
                      <span className="block text-xs font-normal text-slate-600">
                        {student.username}
                        {student.studentId ? ` · ${student.studentId}` : ''}
                      </span>
                    </th>
                    {grid.data?.assignments.map((assignment, index) => (
                      <td key={assignment.id} className="px-4 py-3">
                        <GradeCell
                          grade={student.grades[index]}
                          assignmentDueAt={assignment.dueAt}
                          context={`${displayName(student)}, ${assignment.challenge.title}`}
                        />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <ul className="mt-4 grid gap-4 sm:hidden" aria-label="Students" data-testid="grid-list">
            {rows.map((student) => (
              <li
                key={student.username}
                className="rounded-2xl border border-slate-200 bg-white p-4 shadow-card"
              >
                <h2 className="text-base font-semibold break-words text-slate-900">
                  {displayName(student)}
                  <span className="block text-xs font-normal text-slate-600">
                    {student.username}
                    {student.studentId ? ` · ${student.studentId}` : ''}
                  </span>
                </h2>
                <dl className="mt-3 grid gap-3">
                  {grid.data?.assignments.map((assignment, index) => (
                    <div key={assignment.id} className="border-t border-slate-100 pt-3">
                      <dt className="text-sm font-semibold break-words text-slate-900">
                        {assignment.challenge.title}
                      </dt>
                      <dd className="mt-1">
                        <GradeCell
                          grade={student.grades[index]}
                          assignmentDueAt={assignment.dueAt}
                          context={`${displayName(student)}, ${assignment.challenge.title}`}
                        />
                      </dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}

function SortButton({
  label,
  sort,
  sortKey,
  onClick,
}: {
  label: string
  sort: Sort
  sortKey: SortKey
  onClick: (key: SortKey) => void
}) {
  const active = sort.key === sortKey
  return (
    <button
      type="button"
      onClick={() => onClick(sortKey)}
      className="inline-flex items-center gap-1 rounded-sm text-left font-semibold break-words text-slate-900 hover:text-accent-800"
    >
      {label}
      <span aria-hidden="true" className="text-xs text-slate-600">
        {active ? (sort.direction === 'ascending' ? '▲' : '▼') : '↕'}
      </span>
    </button>
  )
}

function GradeCell({
  grade,
  assignmentDueAt,
  context,
}: {
  grade: Grade | undefined
  assignmentDueAt: string
  /** "Ada Lovelace, Pricing table": what the cell's links are of, for screen readers. */
  context: string
}) {
  if (!grade) return <span className="text-slate-600">–</span>
  const work = grade.graded ?? grade.late
  return (
    <div className="grid gap-1" data-testid="grade-cell" data-status={grade.status}>
      <span>
        <AssignmentStatusBadge status={grade.status} />
      </span>
      {work ? (
        <>
          <span data-testid="grade-score">
            Score {work.score === null ? '–' : formatScore(work.score)}
            {grade.graded ? '' : ' (late)'}
          </span>
          <span className="text-xs text-slate-700">
            Accessibility issues {work.accessibilityIssues ?? '–'} · HTML errors {work.htmlErrors ?? '–'}
            {work.lighthouseAccessibility === null ? '' : ` · Lighthouse ${work.lighthouseAccessibility}`}
            {work.passRuleMet ? '' : ' · pass rule not met'}
          </span>
          <span className="flex flex-wrap gap-x-3 text-xs">
            {grade.solutionId ? (
              <Link to={paths.solution(grade.solutionId)} className={linkClass}>
                Solution<span className="sr-only"> of {context}</span>
              </Link>
            ) : null}
            <Link to={reviewPath(work.reviewId)} className={linkClass}>
              Review<span className="sr-only"> of {context}</span>
            </Link>
          </span>
        </>
      ) : null}
      {grade.dueAt !== assignmentDueAt ? (
        <span className="text-xs text-slate-700">
          Extended to <time dateTime={grade.dueAt}>{formatDateTime(grade.dueAt)}</time>
        </span>
      ) : null}
    </div>
  )
}
