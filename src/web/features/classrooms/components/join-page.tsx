import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { paths } from '#shared/paths.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { GithubIcon } from '#web/components/ui/icons.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { useSignInHref } from '#web/features/auth/sign-in.ts'
import { useSession } from '#web/features/auth/use-session.ts'
import { classroomApi, classroomKeys, invitePreviewQuery } from '#web/features/classrooms/api/classrooms.ts'
import { FormError, linkClass, messageOf } from '#web/features/classrooms/components/ui.tsx'
import { displayName } from '#web/features/classrooms/format.ts'

const CODE = /^[A-Za-z0-9_-]{8,64}$/
const INVALID = 'This invite code is not valid. Ask your teacher for a new link.'

/**
 * /join/:code, the invite link (docs/product.md §13): the classroom's name and a Join button. A visitor
 * signs in first and comes back here (docs/product.md §12's return path), then joins.
 */
export function JoinPage() {
  const { code = '' } = useParams()
  const valid = CODE.test(code)
  const preview = useQuery({ ...invitePreviewQuery(code), enabled: valid })
  const session = useSession()
  const signInHref = useSignInHref()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [error, setError] = useState<string | null>(null)
  const join = useMutation({
    mutationFn: () => classroomApi.join(code),
    onSuccess: async (classroom) => {
      queryClient.setQueryData(classroomKeys.one(classroom.id), classroom)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: classroomKeys.list }),
        queryClient.invalidateQueries({ queryKey: classroomKeys.mine }),
      ])
      navigate(paths.classroom(classroom.id))
    },
    onError: (e) => setError(messageOf(e)),
  })

  const problem = !valid ? INVALID : preview.isError ? preview.error.message : null
  const name = preview.data?.name

  return (
    <div className="mx-auto flex w-full max-w-lg flex-col items-center px-4 py-20 text-center sm:py-28">
      <PageTitle>{name ? `Join ${name}` : 'Join a classroom'}</PageTitle>
      {problem ? (
        <>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">This invite link does not work</h1>
          <p className="mt-3 text-base text-slate-700" data-testid="join-problem">
            {problem}
          </p>
          <Link to={paths.home} className={`${linkClass} mt-6`}>
            Go to the home page
          </Link>
        </>
      ) : !preview.data ? (
        <p role="status" className="flex items-center gap-3 text-slate-600">
          <Spinner />
          <span>Loading...</span>
        </p>
      ) : (
        <>
          <p className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
            You are invited to join
          </p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight break-words text-slate-900 [overflow-wrap:anywhere]">
            {preview.data.name}
          </h1>
          <p className="mt-3 text-base break-words text-slate-700">
            A classroom taught by {displayName(preview.data.owner)}. As a student you see its assignments and
            their due times, and your teachers see how you did.
          </p>
          {session.status === 'signed-out' ? (
            <>
              <p className="mt-4 text-base text-slate-700">
                Log in first: GitHub takes you straight back to this page to join.
              </p>
              <a href={signInHref} className={buttonClasses('primary', 'md', 'mt-6')}>
                <GithubIcon className="size-5" />
                Login with GitHub to join
              </a>
            </>
          ) : (
            <>
              <button
                type="button"
                disabled={session.status === 'loading' || join.isPending}
                aria-describedby={error ? 'join-error' : undefined}
                onClick={() => {
                  setError(null)
                  join.mutate()
                }}
                className={buttonClasses('primary', 'lg', 'mt-8')}
              >
                {join.isPending ? 'Joining...' : 'Join classroom'}
              </button>
              <FormError id="join-error" message={error} />
            </>
          )}
        </>
      )}
    </div>
  )
}
