import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import type { Classroom } from '#shared/classroom.ts'
import { paths } from '#shared/paths.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { RequireUser } from '#web/features/auth/components/require-user.tsx'
import {
  assignmentsQuery,
  classroomApi,
  classroomKeys,
  classroomLeaderboardQuery,
  classroomQuery,
} from '#web/features/classrooms/api/classrooms.ts'
import { AssignmentForm, AssignmentList } from '#web/features/classrooms/components/assignments.tsx'
import {
  FeedbackPanel,
  InvitePanel,
  RosterPanel,
  SettingsPanel,
  StudentsPanel,
  TeachersPanel,
} from '#web/features/classrooms/components/teacher-panels.tsx'
import { FormError, linkClass, messageOf, Panel } from '#web/features/classrooms/components/ui.tsx'
import { displayName, ROLE_LABELS } from '#web/features/classrooms/format.ts'
import { isApiNotFound } from '#web/lib/api-client.ts'
import { formatScore } from '#web/lib/format.ts'

/** /classrooms/:id, members of it only (docs/product.md §13): what a student and a teacher each need. */
export function ClassroomPage() {
  const { id = '' } = useParams()
  return <RequireUser page="classrooms">{() => <ClassroomView id={id} />}</RequireUser>
}

/** The page's heading, focused when the page opens after an action elsewhere (a join, a create). */
export function useFocusOnArrival<T extends HTMLElement>(ready: boolean) {
  const ref = useRef<T>(null)
  const done = useRef(false)
  useEffect(() => {
    if (ready && !done.current) {
      done.current = true
      ref.current?.focus()
    }
  }, [ready])
  return ref
}

export function ClassroomMissing({ error }: { error: Error }) {
  return (
    <div className="page-container max-w-3xl py-14">
      <PageTitle>Classroom not found</PageTitle>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">
        {isApiNotFound(error) ? 'There is no such classroom.' : 'The classroom could not be loaded.'}
      </h1>
      <p className="mt-3 text-base text-slate-600">
        {isApiNotFound(error)
          ? 'It may have been deleted, or you are not in it. A teacher’s invite link adds you.'
          : error.message}
      </p>
      <Link to={paths.classrooms} className={`${linkClass} mt-6 inline-block`}>
        Your classrooms
      </Link>
    </div>
  )
}

function ClassroomView({ id }: { id: string }) {
  const classroom = useQuery(classroomQuery(id))
  const heading = useFocusOnArrival<HTMLHeadingElement>(Boolean(classroom.data))
  if (classroom.isError) return <ClassroomMissing error={classroom.error} />
  if (!classroom.data)
    return (
      <div className="page-container max-w-5xl py-14">
        <p role="status" className="sr-only">
          Loading...
        </p>
        <Skeleton className="h-10 w-72 max-w-full" />
        <Skeleton className="mt-6 h-40 w-full" />
      </div>
    )
  const data = classroom.data
  const teacher = data.role !== 'student'
  const owner = data.role === 'owner'

  return (
    <div className="page-container max-w-5xl py-10 sm:py-14">
      <PageTitle>{data.name}</PageTitle>
      <p className="text-sm font-semibold text-slate-600">
        <Link to={paths.classrooms} className="text-accent-800 underline-offset-4 hover:underline">
          Classrooms
        </Link>
      </p>
      <h1
        ref={heading}
        tabIndex={-1}
        className="mt-2 text-3xl font-bold tracking-tight break-words text-slate-900 focus:outline-none sm:text-4xl"
      >
        {data.name}
      </h1>
      {data.description ? (
        <p className="mt-2 text-base break-words whitespace-pre-line text-slate-700">{data.description}</p>
      ) : null}
      <p className="mt-2 text-sm text-slate-600">
        You are {data.role === 'owner' ? 'its owner' : `a ${ROLE_LABELS[data.role].toLowerCase()}`}
        {' · '}
        <span className="break-words">
          taught by{' '}
          {[data.owner, ...data.teachers.filter((t) => t.username !== data.owner.username)]
            .map(displayName)
            .join(', ')}
        </span>
        {' · '}
        {data.studentCount === 1 ? '1 student' : `${data.studentCount} students`}
        {' · '}
        Solutions: {data.solutionsPublic ? 'public' : 'this classroom only'}
      </p>
      {teacher ? (
        <p className="mt-4">
          <Link to={paths.classroomGrid(data.id)} className={buttonClasses('primary', 'md')}>
            Progress grid
          </Link>
        </p>
      ) : null}

      <Assignments classroom={data} />

      {teacher ? (
        <Panel id="new-assignment" title="Assign a challenge">
          <AssignmentForm classroomId={data.id} />
        </Panel>
      ) : null}

      {teacher || data.leaderboard ? <ClassroomLeaderboard classroom={data} /> : null}

      {teacher ? (
        <>
          <InvitePanel classroom={data} />
          <StudentsPanel classroom={data} />
          <RosterPanel classroom={data} />
          <TeachersPanel classroom={data} />
          <FeedbackPanel classroom={data} />
        </>
      ) : null}
      {owner ? (
        <SettingsPanel key={`${data.name}|${data.description}`} classroom={data} />
      ) : (
        <Leave classroom={data} />
      )}
    </div>
  )
}

function Assignments({ classroom }: { classroom: Classroom }) {
  const list = useQuery(assignmentsQuery(classroom.id))
  return (
    <Panel
      id="assignments"
      title="Assignments"
      description={
        classroom.role === 'student'
          ? 'What is open to you, the soonest due first, with your status. Times are in your time zone.'
          : 'Every assignment, the soonest due first. Times are in your time zone.'
      }
    >
      {list.isError ? (
        <p role="alert" className="text-sm text-rose-800">
          Error: {list.error.message}
        </p>
      ) : !list.data ? (
        <Skeleton className="h-24 w-full" />
      ) : (
        <AssignmentList classroom={classroom} assignments={list.data} />
      )}
    </Panel>
  )
}

function ClassroomLeaderboard({ classroom }: { classroom: Classroom }) {
  const board = useQuery(classroomLeaderboardQuery(classroom.id))
  return (
    <Panel
      id="classroom-leaderboard"
      title="Classroom leaderboard"
      description={
        classroom.leaderboard
          ? 'Students by passed assignments, then by their scores.'
          : 'Only teachers see it: the owner has not turned it on for students.'
      }
    >
      {board.isError ? (
        <p role="alert" className="text-sm text-rose-800">
          Error: {board.error.message}
        </p>
      ) : !board.data ? (
        <Skeleton className="h-16 w-full" />
      ) : board.data.length === 0 ? (
        <p className="text-sm text-slate-700">No students yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm text-slate-800">
            <caption className="sr-only">Classroom leaderboard</caption>
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Rank
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Student
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Passed
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Total score
                </th>
              </tr>
            </thead>
            <tbody>
              {board.data.map((entry) => (
                <tr key={entry.member.username} className="border-b border-slate-100">
                  <td className="py-2 pr-4 tabular-nums">{entry.rank}</td>
                  <td className="py-2 pr-4 break-words">{displayName(entry.member)}</td>
                  <td className="py-2 pr-4 tabular-nums">{entry.passed}</td>
                  <td className="py-2 tabular-nums">{formatScore(entry.totalScore)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  )
}

function Leave({ classroom }: { classroom: Classroom }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [error, setError] = useState<string | null>(null)
  const errorId = 'leave-error'
  const leave = useMutation({
    mutationFn: () => classroomApi.leave(classroom.id),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: classroomKeys.one(classroom.id) })
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: classroomKeys.list }),
        queryClient.invalidateQueries({ queryKey: classroomKeys.mine }),
      ])
      navigate(paths.classrooms)
    },
    onError: (e) => setError(messageOf(e)),
  })
  return (
    <Panel id="leave" title="Leave the classroom" description="You can join again with its invite link.">
      <button
        type="button"
        disabled={leave.isPending}
        aria-describedby={error ? errorId : undefined}
        onClick={() => {
          if (window.confirm(`Leave ${classroom.name}?`)) leave.mutate()
        }}
        className={buttonClasses('secondary', 'md')}
      >
        Leave classroom
      </button>
      <FormError id={errorId} message={error} />
    </Panel>
  )
}
