import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type ChangeEvent, type FormEvent, useId, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import {
  CLASSROOM_DESCRIPTION_MAX,
  CLASSROOM_NAME_MAX,
  type Classroom,
  ROSTER_MAX_CHARS,
} from '#shared/classroom.ts'
import { paths } from '#shared/paths.ts'
import { CopyText } from '#web/components/copy-text.tsx'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import {
  classroomApi,
  classroomFeedbackQuery,
  classroomKeys,
} from '#web/features/classrooms/api/classrooms.ts'
import {
  FormError,
  inputClass,
  linkClass,
  messageOf,
  Panel,
  StatusLine,
} from '#web/features/classrooms/components/ui.tsx'
import { displayName, formatDateTime, fromLocalInput } from '#web/features/classrooms/format.ts'
import { formatScore } from '#web/lib/format.ts'

/** After a change the server answers with the classroom: the page shows it at once. */
function useClassroomAnswer(id: string) {
  const queryClient = useQueryClient()
  return (classroom: Classroom) => {
    queryClient.setQueryData(classroomKeys.one(id), classroom)
    void queryClient.invalidateQueries({ queryKey: classroomKeys.list })
  }
}

const inviteLink = (code: string) => `${window.location.origin}${paths.join(code)}`

/** The invite link with its copy button; the owner rotates it, gives it an end, or turns it off. */
export function InvitePanel({ classroom }: { classroom: Classroom }) {
  const owner = classroom.role === 'owner'
  const show = useClassroomAnswer(classroom.id)
  const ids = { expires: useId(), error: useId() }
  const [expires, setExpires] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const invite = classroom.invite
  const rotate = useMutation({
    mutationFn: (expiresAt: string | null) => classroomApi.rotateInvite(classroom.id, expiresAt),
    onSuccess: (next) => {
      show(next)
      setExpires('')
      setDone('A new invite link is ready; the old one no longer works.')
    },
    onError: (e) => setError(messageOf(e)),
  })
  const disable = useMutation({
    mutationFn: () => classroomApi.disableInvite(classroom.id),
    onSuccess: (next) => {
      show(next)
      setDone('The invite link is turned off. A new link turns it on again.')
    },
    onError: (e) => setError(messageOf(e)),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setDone(null)
    let expiresAt: string | null = null
    if (expires) {
      expiresAt = fromLocalInput(expires)
      if (!expiresAt) return setError('Give the end as a date and time, or leave it empty.')
      if (Date.parse(expiresAt) <= Date.now()) return setError('The end must be in the future.')
    }
    setError(null)
    rotate.mutate(expiresAt)
  }

  return (
    <Panel
      id="invite"
      title="Invite link"
      description="Whoever opens this link and signs in joins as a student."
    >
      {invite?.code ? (
        <div className="grid gap-3">
          <p className="text-sm text-slate-700">
            <span className="sr-only">Invite link: </span>
            <code
              data-testid="invite-link"
              className="block rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-900"
            >
              {inviteLink(invite.code)}
            </code>
          </p>
          <p className="text-sm text-slate-600" data-testid="invite-expiry">
            {invite.expiresAt ? (
              <>
                Works until <time dateTime={invite.expiresAt}>{formatDateTime(invite.expiresAt)}</time>.
              </>
            ) : (
              'It does not expire.'
            )}
          </p>
          <CopyText
            label="Copy invite link"
            text={() => inviteLink(invite.code as string)}
            copied="Invite link copied."
          />
        </div>
      ) : (
        <p className="text-sm text-slate-700">The invite link is turned off: nobody can join by link.</p>
      )}
      {owner ? (
        <form noValidate onSubmit={submit} aria-label="New invite link" className="mt-5 grid gap-3">
          <div>
            <label htmlFor={ids.expires} className="block text-sm font-semibold text-slate-900">
              New link works until (optional)
            </label>
            <input
              id={ids.expires}
              type="datetime-local"
              value={expires}
              onChange={(event) => setExpires(event.target.value)}
              aria-invalid={error !== null}
              aria-describedby={error ? ids.error : undefined}
              className={`${inputClass} mt-1 max-w-xs`}
            />
          </div>
          <FormError id={ids.error} message={error} />
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={rotate.isPending} className={buttonClasses('secondary', 'sm')}>
              New invite link
            </button>
            {invite?.code ? (
              <button
                type="button"
                disabled={disable.isPending}
                onClick={() => disable.mutate()}
                className={buttonClasses('secondary', 'sm')}
              >
                Turn the link off
              </button>
            ) : null}
          </div>
          <StatusLine message={done} focus />
        </form>
      ) : null}
    </Panel>
  )
}

/** The owner and teachers; the owner adds a teacher by GitHub login and removes one. */
export function TeachersPanel({ classroom }: { classroom: Classroom }) {
  const owner = classroom.role === 'owner'
  const show = useClassroomAnswer(classroom.id)
  const ids = { login: useId(), error: useId() }
  const [login, setLogin] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const add = useMutation({
    mutationFn: (name: string) => classroomApi.addTeacher(classroom.id, name),
    onSuccess: (next, name) => {
      show(next)
      setLogin('')
      setDone(`${name} is now a teacher of this classroom.`)
    },
    onError: (e) => setError(messageOf(e)),
  })
  const remove = useMutation({
    mutationFn: (name: string) => classroomApi.removeTeacher(classroom.id, name),
    onSuccess: (next, name) => {
      show(next)
      setDone(`${name} no longer teaches this classroom.`)
    },
    onError: (e) => setError(messageOf(e)),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setDone(null)
    const name = login.trim().replace(/^@/, '')
    if (!/^[A-Za-z0-9](?:-?[A-Za-z0-9]){0,38}$/.test(name))
      return setError('Give a GitHub login: letters, digits and single hyphens, at most 39.')
    setError(null)
    add.mutate(name)
  }
  const others = classroom.teachers.filter((t) => t.username !== classroom.owner.username)

  return (
    <Panel id="teachers" title="Teachers">
      <ul className="grid gap-2 text-sm text-slate-800" data-testid="teacher-list">
        <li className="break-words">
          {displayName(classroom.owner)} ({classroom.owner.username}), owner
        </li>
        {others.map((teacher) => (
          <li key={teacher.username} className="flex flex-wrap items-center gap-2">
            <span className="break-words">
              {displayName(teacher)} ({teacher.username})
            </span>
            {owner ? (
              <button
                type="button"
                onClick={() => {
                  setDone(null)
                  remove.mutate(teacher.username)
                }}
                className={buttonClasses('secondary', 'sm')}
              >
                Remove<span className="sr-only"> teacher {teacher.username}</span>
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {owner ? (
        <form noValidate onSubmit={submit} aria-label="Add a teacher" className="mt-4 grid gap-2">
          <label htmlFor={ids.login} className="block text-sm font-semibold text-slate-900">
            Teacher’s GitHub login
          </label>
          <div className="flex flex-wrap gap-2">
            <input
              id={ids.login}
              value={login}
              autoComplete="off"
              onChange={(event) => setLogin(event.target.value)}
              aria-invalid={error !== null}
              aria-describedby={error ? ids.error : undefined}
              className={`${inputClass} max-w-xs`}
            />
            <button type="submit" disabled={add.isPending} className={buttonClasses('primary', 'md')}>
              Add teacher
            </button>
          </div>
          <FormError id={ids.error} message={error} />
        </form>
      ) : null}
      <StatusLine message={done} focus />
    </Panel>
  )
}

const ROSTER_EXAMPLE = 'login,name,student id\noctocat,Mona Lisa,S-001'

/** The roster: CSV pasted or a file read into the same field; the server's message says what it refused. */
export function RosterPanel({ classroom }: { classroom: Classroom }) {
  const queryClient = useQueryClient()
  const ids = { csv: useId(), file: useId(), hint: useId(), error: useId() }
  const [csv, setCsv] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const upload = useMutation({
    mutationFn: () => classroomApi.roster(classroom.id, csv),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: classroomKeys.one(classroom.id) })
      setCsv('')
      const added = result.added.length
      const pending = result.pending.length
      setDone(
        `${added === 1 ? '1 student' : `${added} students`} added; ${
          pending === 1 ? '1 login waits' : `${pending} logins wait`
        } for its member to sign in.`,
      )
    },
    onError: (e) => setError(messageOf(e)),
  })
  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    setDone(null)
    if (file.size > ROSTER_MAX_CHARS * 4) {
      setError(
        `The file is too large: a roster holds at most ${ROSTER_MAX_CHARS.toLocaleString('en')} characters.`,
      )
      return
    }
    setCsv(await file.text())
    setError(null)
    document.getElementById(ids.csv)?.focus()
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setDone(null)
    if (!csv.trim()) return setError('Paste the roster, or choose a CSV file.')
    if (csv.length > ROSTER_MAX_CHARS)
      return setError(
        `The roster has ${csv.length.toLocaleString('en')} characters; it may have at most ${ROSTER_MAX_CHARS.toLocaleString('en')}. Split it and upload each part.`,
      )
    setError(null)
    upload.mutate()
  }

  return (
    <Panel
      id="roster"
      title="Roster"
      description="Add students by their GitHub logins. Members join at once; other logins join when they first sign in."
    >
      <form noValidate onSubmit={submit} aria-label="Add students from a roster" className="grid gap-3">
        <div>
          <label htmlFor={ids.csv} className="block text-sm font-semibold text-slate-900">
            Roster (CSV)
          </label>
          <p id={ids.hint} className="mt-1 text-sm text-slate-600">
            One student per row: login, name, student id (the name and the id are optional), at most 1,000
            rows. For example: <code className="font-mono whitespace-pre-wrap">{ROSTER_EXAMPLE}</code>
          </p>
          <textarea
            id={ids.csv}
            value={csv}
            onChange={(event) => setCsv(event.target.value)}
            rows={5}
            spellCheck={false}
            aria-invalid={error !== null}
            aria-describedby={error ? `${ids.error} ${ids.hint}` : ids.hint}
            className={`${inputClass} mt-2 font-mono text-sm`}
          />
        </div>
        <div>
          <label htmlFor={ids.file} className="block text-sm font-semibold text-slate-900">
            Or read a CSV file into the field
          </label>
          <input
            id={ids.file}
            type="file"
            accept=".csv,text/csv,text/plain"
            onChange={readFile}
            className="mt-1 block text-sm text-slate-800 file:mr-3 file:rounded-full file:border file:border-slate-300 file:bg-white file:px-4 file:py-1.5 file:text-sm file:font-semibold file:text-slate-900"
          />
        </div>
        <FormError id={ids.error} message={error} />
        <div>
          <button type="submit" disabled={upload.isPending} className={buttonClasses('primary', 'md')}>
            {upload.isPending ? 'Adding...' : 'Add students'}
          </button>
        </div>
        <StatusLine message={done} focus />
      </form>
    </Panel>
  )
}

/** The students, and the roster's logins still waiting; a teacher removes either. */
export function StudentsPanel({ classroom }: { classroom: Classroom }) {
  const queryClient = useQueryClient()
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const errorId = useId()
  const remove = useMutation({
    mutationFn: (login: string) => classroomApi.removeStudent(classroom.id, login),
    onSuccess: async (_r, login) => {
      await queryClient.invalidateQueries({ queryKey: classroomKeys.one(classroom.id) })
      setDone(`${login} is no longer in this classroom.`)
    },
    onError: (e) => setError(messageOf(e)),
  })
  const students = classroom.students ?? []
  const pending = classroom.pending ?? []
  const removeButton = (login: string) => (
    <button
      type="button"
      disabled={remove.isPending}
      onClick={() => {
        setDone(null)
        setError(null)
        if (window.confirm(`Remove ${login} from this classroom?`)) remove.mutate(login)
      }}
      className={buttonClasses('secondary', 'sm')}
    >
      Remove<span className="sr-only"> {login}</span>
    </button>
  )

  return (
    <Panel id="students" title={`Students (${students.length})`}>
      {students.length === 0 ? (
        <p className="text-sm text-slate-700">No students yet. Share the invite link or add a roster.</p>
      ) : (
        <ul className="grid gap-2 text-sm text-slate-800" data-testid="student-list">
          {students.map((student) => (
            <li key={student.username} className="flex flex-wrap items-center justify-between gap-2">
              <span className="min-w-0 break-words">
                {displayName(student)} ({student.username})
                {student.studentId ? `, student id ${student.studentId}` : ''}
              </span>
              {removeButton(student.username)}
            </li>
          ))}
        </ul>
      )}
      {pending.length > 0 ? (
        <>
          <h3 className="mt-5 text-sm font-semibold text-slate-900">Waiting for their first sign-in</h3>
          <ul className="mt-2 grid gap-2 text-sm text-slate-800" data-testid="pending-list">
            {pending.map((entry) => (
              <li key={entry.login} className="flex flex-wrap items-center justify-between gap-2">
                <span className="min-w-0 break-words">
                  {entry.name ? `${entry.name} (${entry.login})` : entry.login}
                  {entry.studentId ? `, student id ${entry.studentId}` : ''}
                </span>
                {removeButton(entry.login)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <FormError id={errorId} message={error} />
      <StatusLine message={done} focus />
    </Panel>
  )
}

/** The owner's settings: name, description, who sees the solutions, the leaderboard; and deleting it. */
export function SettingsPanel({ classroom }: { classroom: Classroom }) {
  const show = useClassroomAnswer(classroom.id)
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const ids = { name: useId(), description: useId(), error: useId(), privacy: useId() }
  const [name, setName] = useState(classroom.name)
  const [description, setDescription] = useState(classroom.description)
  const [solutionsPublic, setSolutionsPublic] = useState(classroom.solutionsPublic)
  const [leaderboard, setLeaderboard] = useState(classroom.leaderboard)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const save = useMutation({
    mutationFn: () => classroomApi.update(classroom.id, { name, description, solutionsPublic, leaderboard }),
    onSuccess: (next) => {
      show(next)
      setDone('Settings saved.')
    },
    onError: (e) => setError(messageOf(e)),
  })
  const remove = useMutation({
    mutationFn: () => classroomApi.remove(classroom.id),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: classroomKeys.one(classroom.id) })
      await queryClient.invalidateQueries({ queryKey: classroomKeys.list })
      navigate(paths.classrooms)
    },
    onError: (e) => setError(messageOf(e)),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setDone(null)
    if (!name.trim()) return setError('Give the classroom a name.')
    setError(null)
    save.mutate()
  }

  return (
    <Panel id="settings" title="Settings">
      <form noValidate onSubmit={submit} aria-label="Classroom settings" className="grid gap-4">
        <div>
          <label htmlFor={ids.name} className="block text-sm font-semibold text-slate-900">
            Name
          </label>
          <input
            id={ids.name}
            value={name}
            maxLength={CLASSROOM_NAME_MAX}
            onChange={(event) => setName(event.target.value)}
            aria-invalid={error !== null && !name.trim()}
            aria-describedby={error ? ids.error : undefined}
            className={`${inputClass} mt-1`}
          />
        </div>
        <div>
          <label htmlFor={ids.description} className="block text-sm font-semibold text-slate-900">
            Description
          </label>
          <textarea
            id={ids.description}
            value={description}
            maxLength={CLASSROOM_DESCRIPTION_MAX}
            rows={3}
            onChange={(event) => setDescription(event.target.value)}
            className={`${inputClass} mt-1`}
          />
        </div>
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">
            Who sees students’ solutions of its assignments
          </legend>
          <div className="mt-2 grid gap-2 text-sm text-slate-800">
            <label className="flex items-start gap-2">
              <input
                type="radio"
                name={ids.privacy}
                checked={!solutionsPublic}
                onChange={() => setSolutionsPublic(false)}
                className="mt-1"
              />
              <span>The classroom only: kept out of the galleries and profiles</span>
            </label>
            <label className="flex items-start gap-2">
              <input
                type="radio"
                name={ids.privacy}
                checked={solutionsPublic}
                onChange={() => setSolutionsPublic(true)}
                className="mt-1"
              />
              <span>Everyone, as any solution on the site</span>
            </label>
          </div>
        </fieldset>
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={leaderboard}
            onChange={(event) => setLeaderboard(event.target.checked)}
            className="mt-1"
          />
          <span>Show students the classroom’s leaderboard</span>
        </label>
        <FormError id={ids.error} message={error} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" disabled={save.isPending} className={buttonClasses('primary', 'md')}>
            Save settings
          </button>
          <button
            type="button"
            disabled={remove.isPending}
            onClick={() => {
              if (
                window.confirm(
                  `Delete ${classroom.name} with its assignments? Students’ solutions and reviews stay.`,
                )
              )
                remove.mutate()
            }}
            className={buttonClasses('secondary', 'md')}
          >
            Delete classroom
          </button>
        </div>
        <StatusLine message={done} focus />
      </form>
    </Panel>
  )
}

/** The classroom's needs-feedback queue: passed work of its assignments no teacher commented on yet. */
export function FeedbackPanel({ classroom }: { classroom: Classroom }) {
  const queue = useQuery(classroomFeedbackQuery(classroom.id))
  return (
    <Panel
      id="classroom-feedback"
      title="Needs feedback"
      description="Students’ passed solutions no teacher of this classroom has commented on, the oldest first."
    >
      {queue.isError ? (
        <p role="alert" className="text-sm text-rose-800">
          Error: {queue.error.message}
        </p>
      ) : !queue.data ? (
        <p className="text-sm text-slate-600">Loading...</p>
      ) : queue.data.length === 0 ? (
        <p className="text-sm text-slate-700">Every passed solution has a teacher’s comment.</p>
      ) : (
        <ul className="grid gap-2 text-sm text-slate-800" data-testid="feedback-queue">
          {queue.data.map((entry) => (
            <li key={entry.solutionId} className="break-words">
              <Link to={paths.solution(entry.solutionId)} className={linkClass}>
                {displayName(entry.student)}: {entry.challenge.title}
              </Link>
              {', passed '}
              <time dateTime={entry.passedAt}>{formatDateTime(entry.passedAt)}</time>
              {entry.score === null ? '' : `, score ${formatScore(entry.score)}`}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  )
}
