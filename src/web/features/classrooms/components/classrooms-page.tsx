import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { CLASSROOM_DESCRIPTION_MAX, CLASSROOM_NAME_MAX, CLASSROOMS_CLOSED } from '#shared/classroom.ts'
import { paths } from '#shared/paths.ts'
import type { SessionUser } from '#shared/user.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { RequireUser } from '#web/features/auth/components/require-user.tsx'
import { classroomApi, classroomKeys, classroomsQuery } from '#web/features/classrooms/api/classrooms.ts'
import { FormError, inputClass, messageOf, Panel } from '#web/features/classrooms/components/ui.tsx'
import { displayName, ROLE_LABELS } from '#web/features/classrooms/format.ts'
import { usePublicConfig } from '#web/lib/public-config.ts'

export const NO_CLASSROOMS =
  'You are in no classroom yet. A teacher’s invite link adds you to theirs; or create one for your own group.'

/** /classrooms, members only: the member's classrooms with their role, and the create form (docs/product.md §13). */
export function ClassroomsPage() {
  return <RequireUser page="classrooms">{(user) => <Classrooms user={user} />}</RequireUser>
}

function Classrooms({ user }: { user: SessionUser }) {
  const list = useQuery(classroomsQuery())
  const config = usePublicConfig()
  const mayCreate = config.classrooms === 'open' || user.isAdmin

  return (
    <div className="page-container max-w-5xl py-10 sm:py-14">
      <PageTitle>Classrooms</PageTitle>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Classrooms</h1>
      <p className="mt-2 text-base text-slate-600">
        Teachers set challenges with opening and due times; students see what is due and how they did.
      </p>

      <section aria-labelledby="your-classrooms" className="mt-8">
        <h2 id="your-classrooms" className="text-lg font-semibold tracking-tight text-slate-900">
          Your classrooms
        </h2>
        {list.isError ? (
          <p role="alert" className="mt-4 text-sm text-rose-800">
            Error: {list.error.message}
          </p>
        ) : !list.data ? (
          <div className="mt-4 space-y-3">
            <span className="sr-only">Loading...</span>
            <Skeleton className="h-16 w-full" />
          </div>
        ) : list.data.length === 0 ? (
          <p className="mt-4 text-base text-slate-700">{NO_CLASSROOMS}</p>
        ) : (
          <ul className="mt-4 grid gap-3 sm:grid-cols-2" data-testid="classroom-list">
            {list.data.map((classroom) => (
              <li key={classroom.id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-card">
                <Link
                  to={paths.classroom(classroom.id)}
                  className="text-base font-semibold break-words text-accent-800 underline-offset-4 hover:underline"
                >
                  {classroom.name}
                </Link>
                <p className="mt-1 text-sm text-slate-600">
                  <span className="font-semibold text-slate-800">{ROLE_LABELS[classroom.role]}</span>
                  {' · '}
                  <span className="break-words">taught by {displayName(classroom.owner)}</span>
                  {' · '}
                  {classroom.studentCount === 1 ? '1 student' : `${classroom.studentCount} students`}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>

      {mayCreate ? (
        <CreateClassroom />
      ) : (
        <p className="mt-8 text-sm text-slate-600" data-testid="classrooms-closed">
          {CLASSROOMS_CLOSED}
        </p>
      )}
    </div>
  )
}

function CreateClassroom() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const nameId = useId()
  const descriptionId = useId()
  const errorId = useId()
  const [name, setName] = useState('')
  const [description, setDescription] = useState('')
  const [error, setError] = useState<string | null>(null)
  const create = useMutation({
    mutationFn: () => classroomApi.create({ name, ...(description.trim() ? { description } : {}) }),
    onSuccess: async (classroom) => {
      queryClient.setQueryData(classroomKeys.one(classroom.id), classroom)
      await queryClient.invalidateQueries({ queryKey: classroomKeys.list })
      navigate(paths.classroom(classroom.id))
    },
    onError: (e) => setError(messageOf(e)),
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!name.trim()) {
      setError('Give the classroom a name.')
      return
    }
    setError(null)
    create.mutate()
  }

  return (
    <Panel
      id="create-classroom"
      title="Create a classroom"
      description="You will be its owner; you can invite students and teachers next."
    >
      <form
        noValidate
        onSubmit={submit}
        aria-describedby={error ? errorId : undefined}
        className="grid gap-4"
      >
        <div>
          <label htmlFor={nameId} className="block text-sm font-semibold text-slate-900">
            Name
          </label>
          <input
            id={nameId}
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={CLASSROOM_NAME_MAX}
            required
            aria-invalid={error !== null && !name.trim()}
            aria-describedby={error ? errorId : undefined}
            className={`${inputClass} mt-2`}
          />
        </div>
        <div>
          <label htmlFor={descriptionId} className="block text-sm font-semibold text-slate-900">
            Description (optional)
          </label>
          <textarea
            id={descriptionId}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            maxLength={CLASSROOM_DESCRIPTION_MAX}
            rows={3}
            className={`${inputClass} mt-2`}
          />
        </div>
        <FormError id={errorId} message={error} />
        <div>
          <button type="submit" disabled={create.isPending} className={buttonClasses('primary', 'md')}>
            {create.isPending ? 'Creating...' : 'Create classroom'}
          </button>
        </div>
      </form>
    </Panel>
  )
}
