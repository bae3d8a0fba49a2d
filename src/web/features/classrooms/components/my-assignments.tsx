import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { paths } from '#shared/paths.ts'
import { myAssignmentsQuery } from '#web/features/classrooms/api/classrooms.ts'
import { AssignmentStatusBadge } from '#web/features/classrooms/components/assignment-status.tsx'
import { formatDateTime } from '#web/features/classrooms/format.ts'

/**
 * The dashboard's assignments (docs/product.md §13 Students' lists): what is still to do first, the soonest
 * due first, each with its status and its classroom. Nothing shows for a member who studies in no classroom.
 */
export function MyAssignments({ className }: { className?: string }) {
  const list = useQuery(myAssignmentsQuery())
  if (!list.data || list.data.length === 0) return null
  return (
    <section
      aria-labelledby="my-assignments"
      className={`rounded-2xl border border-slate-200 bg-white p-6 shadow-card ${className ?? ''}`}
    >
      <h2 id="my-assignments" className="text-lg font-semibold tracking-tight text-slate-900">
        Your assignments
      </h2>
      <ul className="mt-4 grid gap-3" data-testid="my-assignments">
        {list.data.map(({ assignment, classroom, grade }) => (
          <li
            key={assignment.id}
            className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-3 first:border-t-0 first:pt-0"
          >
            <div className="min-w-0">
              <Link
                to={paths.challenge(assignment.challenge.slug)}
                className="font-semibold break-words text-accent-800 underline-offset-4 hover:underline"
              >
                {assignment.challenge.title}
              </Link>
              <p className="text-sm break-words text-slate-600">
                <Link
                  to={paths.classroom(classroom.id)}
                  className="underline underline-offset-4 hover:no-underline"
                >
                  {classroom.name}
                </Link>
                {' · due '}
                <time dateTime={grade.dueAt}>{formatDateTime(grade.dueAt)}</time>
              </p>
            </div>
            <AssignmentStatusBadge status={grade.status} />
          </li>
        ))}
      </ul>
    </section>
  )
}
