import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { LEVEL_TEXT, progressText } from '#shared/learning-path-rule.ts'
import type { LearningPath, PathProgress } from '#shared/learning-paths.ts'
import { paths } from '#shared/paths.ts'
import { LoadError } from '#web/components/network-error.tsx'
import { PageTitle } from '#web/components/page-title.tsx'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { ArrowRightIcon, LockIcon } from '#web/components/ui/icons.tsx'
import { useSignInHref } from '#web/features/auth/sign-in.ts'
import { useSession } from '#web/features/auth/use-session.ts'
import { DifficultyBadge } from '#web/features/challenges/components/difficulty-badge.tsx'
import {
  myPathKeys,
  myPathQuery,
  pathQuery,
  startPath,
} from '#web/features/learning-paths/api/learning-paths.ts'
import { StepStatusBadge } from '#web/features/learning-paths/components/step-status.tsx'
import { isApiNotFound } from '#web/lib/api-client.ts'
import { isNoSuchRecord } from '#web/lib/no-such-record.ts'
import { notFound, page, readRecord, serverLoader } from '#web/lib/route-data.ts'
import { toast } from '#web/lib/toast.ts'
import { NotFoundPage } from '#web/routes/not-found.tsx'

export { RouteError as ErrorBoundary } from '#web/components/route-error.tsx'

/**
 * /paths/:slug (docs/product.md §15): the path's ordered steps, each with what it teaches;
 * for a member each step's status, the progress ("2 of 5") and "Start the next step".
 */
export function Component() {
  const { slug = '' } = useParams()
  const path = useQuery({
    ...pathQuery(slug),
    retry: (failures, error) => !isApiNotFound(error) && failures < 1,
  })
  if (isNoSuchRecord(path.error))
    return <NotFoundPage browse={{ to: paths.learningPaths, label: 'See every path' }} />
  if (path.isError)
    return (
      <LoadError
        error={path.error}
        message="Check your internet connection and try again"
        onRetry={() => path.refetch()}
      />
    )
  if (!path.data)
    return (
      <p role="status" className="page-container py-16 text-base text-slate-700">
        Loading the path...
      </p>
    )
  return <PathPage path={path.data} />
}

function PathPage({ path }: { path: LearningPath }) {
  const session = useSession()
  const member = session.status === 'signed-in'
  const mine = useQuery({ ...myPathQuery(path.slug), enabled: member })
  const progress = member ? mine.data : undefined
  const statusOf = (slug: string) => progress?.steps.find((step) => step.challengeSlug === slug)?.status
  return (
    <div className="page-container max-w-4xl py-10 sm:py-14">
      <PageTitle>{path.title}</PageTitle>
      <p className="text-sm font-semibold tracking-[0.12em] text-accent-800 uppercase">
        <Link to={paths.learningPaths} className="rounded-sm underline-offset-4 hover:underline">
          Learning paths
        </Link>
        <span aria-hidden="true"> · </span>
        {LEVEL_TEXT[path.level]}
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{path.title}</h1>
      <p className="mt-3 max-w-2xl text-lg leading-8 text-slate-700">{path.summary}</p>
      {path.intro.map((paragraph) => (
        <p key={paragraph} className="mt-3 max-w-2xl text-base leading-7 text-slate-700">
          {paragraph}
        </p>
      ))}

      <PathActions path={path} progress={progress} loading={member && mine.isPending} />

      <h2 id="steps-heading" className="mt-12 text-xl font-semibold tracking-tight text-slate-900">
        {path.stepCount} steps
      </h2>
      <ol aria-labelledby="steps-heading" className="mt-4 space-y-3">
        {path.steps.map((step, index) => {
          const status = statusOf(step.challenge.slug)
          return (
            <li
              key={step.challenge.slug}
              data-testid="path-step"
              className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-card"
            >
              <span
                aria-hidden="true"
                className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent-50 text-sm font-bold text-accent-800 ring-1 ring-accent-200"
              >
                {index + 1}
              </span>
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                  <h3 className="text-base font-semibold text-slate-900">
                    <span className="sr-only">Step {index + 1}: </span>
                    <Link
                      to={paths.challenge(step.challenge.slug)}
                      className="rounded-sm underline-offset-4 hover:text-accent-800 hover:underline"
                    >
                      {step.challenge.title}
                    </Link>
                  </h3>
                  <DifficultyBadge difficulty={step.challenge.difficulty} />
                  {status ? <StepStatusBadge status={status} /> : null}
                </div>
                <p className="mt-2 text-sm leading-6 text-slate-700">{step.note}</p>
              </div>
            </li>
          )
        })}
      </ol>
    </div>
  )
}

function PathActions({
  path,
  progress,
  loading,
}: {
  path: LearningPath
  progress: PathProgress | undefined
  loading: boolean
}) {
  const session = useSession()
  const signInHref = useSignInHref()
  const queryClient = useQueryClient()
  const start = useMutation({
    mutationFn: () => startPath(path.slug),
    onSuccess: (started) => {
      queryClient.setQueryData(myPathKeys.slug(path.slug), started)
      void queryClient.invalidateQueries({ queryKey: myPathKeys.all })
    },
    onError: () => toast.error('We could not start this path. Please try again.'),
  })
  if (session.status === 'signed-out')
    return (
      <div className="mt-8">
        <a href={signInHref} className={buttonClasses('primary', 'lg')}>
          <LockIcon className="size-4" />
          Login to follow this path
        </a>
      </div>
    )
  if (session.status === 'loading' || loading || !progress)
    return <div className="mt-8 h-12" aria-hidden="true" />
  const next = path.steps.find((step) => step.challenge.slug === progress.nextChallengeSlug)
  return (
    <section
      aria-labelledby="your-progress"
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-card"
    >
      <h2 id="your-progress" className="text-sm font-semibold text-slate-600">
        Your progress
      </h2>
      <p className="mt-1 text-2xl font-bold tracking-tight text-slate-900" data-testid="path-progress">
        {progressText(progress.passed, progress.total)}{' '}
        <span className="text-base font-semibold text-slate-700">passed</span>
      </p>
      <div aria-hidden="true" className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100">
        <div
          className="h-full rounded-full bg-accent-600"
          // Member data, so rendered in the browser only, where React sets style through the DOM (CSP allows it).
          style={{ width: `${Math.round((progress.passed / Math.max(1, progress.total)) * 100)}%` }}
        />
      </div>
      <div className="mt-5 flex flex-wrap items-center gap-3">
        {!progress.startedAt ? (
          <button
            type="button"
            disabled={start.isPending}
            onClick={() => start.mutate()}
            className={buttonClasses('primary', 'lg')}
          >
            {start.isPending ? 'Starting...' : 'Start this path'}
          </button>
        ) : null}
        {progress.startedAt && next ? (
          <Link to={paths.challenge(next.challenge.slug)} className={buttonClasses('primary', 'lg')}>
            Start the next step
            <ArrowRightIcon className="size-4" />
          </Link>
        ) : null}
        {progress.startedAt && next ? (
          <p className="text-sm text-slate-700">Next: {next.challenge.title}</p>
        ) : null}
        {!next ? (
          <p className="text-base font-semibold text-emerald-800">Every step passed: the path is complete.</p>
        ) : null}
      </div>
    </section>
  )
}

const noPathAt = (slug: string) => `There is no learning path "${slug}".`

export const loader = serverLoader(async ({ request }, queryClient) => {
  const path = await readRecord(queryClient, request, 2, pathQuery, noPathAt)
  if (!path) return notFound()
  const first = path.steps[0]?.challenge
  return page({
    description: path.summary,
    ...(first ? { image: first.templateImg } : {}),
  })
})
