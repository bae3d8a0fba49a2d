import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { paths } from '#shared/paths.ts'
import { greetingText } from '#shared/sign-in-greeting.ts'
import type { SessionUser } from '#shared/user.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { ArrowRightIcon } from '#web/components/ui/icons.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { WeeklyGoal } from '#web/features/activity/components/weekly-goal.tsx'
import { RequireUser } from '#web/features/auth/components/require-user.tsx'
import { greetingName } from '#web/features/auth/greeting.ts'
import { signInGreeting } from '#web/features/auth/greeting-store.ts'
import { NewChallenges } from '#web/features/challenges/components/new-challenges.tsx'
import { MyAssignments } from '#web/features/classrooms/components/my-assignments.tsx'
import { GIVE_FEEDBACK_TEXTS } from '#web/features/feedback/needs-feedback-texts.ts'
import { NextChallengeCard } from '#web/features/learning-paths/components/next-challenge-card.tsx'
import { dashboardQuery } from '#web/features/member/api/member.ts'
import { LatestSolutions } from '#web/features/member/components/latest-solutions.tsx'
import { OfflineSites } from '#web/features/member/components/offline-sites.tsx'

export { RouteError as ErrorBoundary } from '#web/components/route-error.tsx'

/** /my, members only: the dashboard and the sign-in return target (docs/product.md §2 Dashboard). */
export function Component() {
  return <RequireUser page="dashboard">{(user) => <Dashboard user={user} />}</RequireUser>
}

function Dashboard({ user }: { user: SessionUser }) {
  const counts = useQuery(dashboardQuery())
  const boxes = [
    {
      id: 'ongoing',
      label: 'Ongoing Challenges',
      value: counts.data?.ongoing,
      to: paths.userChallenges('ongoing'),
    },
    {
      id: 'completed',
      label: 'Completed Challenges',
      value: counts.data?.completed,
      to: paths.userChallenges('completed'),
    },
    { id: 'total', label: 'Total Challenges', value: counts.data?.total, to: paths.challenges },
  ]

  return (
    <div className="page-container max-w-6xl py-10 sm:py-14">
      <PageTitle>Dashboard</PageTitle>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Dashboard</h1>
      <p className="mt-2 text-base break-words text-slate-600">
        {/* "Welcome" right after the sign-in that created the account (docs/product.md §2 Dashboard). */}
        {greetingText(signInGreeting() ?? 'again', greetingName(user))}
      </p>

      {counts.isError ? (
        <p
          role="alert"
          className="mt-8 rounded-2xl border border-rose-200 bg-rose-50 p-4 text-sm text-rose-800"
        >
          Error: {counts.error.message}
        </p>
      ) : null}

      <OfflineSites className="mt-8" />

      <MyAssignments className="mt-8" />

      <NextChallengeCard className="mt-8" />

      <ul aria-label="Your challenges" className="mt-8 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {boxes.map((box) => (
          <li
            key={box.id}
            data-testid={`count-${box.id}`}
            className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-card"
          >
            <h2 id={`count-${box.id}-label`} className="text-sm font-medium text-slate-600">
              {box.label}
            </h2>
            <p className="mt-2 text-4xl font-bold tracking-tight text-slate-900 tabular-nums">
              {box.value === undefined ? (
                counts.isError ? (
                  '–'
                ) : (
                  <>
                    <span className="sr-only">Loading...</span>
                    <Skeleton className="h-10 w-16" />
                  </>
                )
              ) : (
                box.value
              )}
            </p>
            <Link
              to={box.to}
              aria-describedby={`count-${box.id}-label`}
              className="mt-4 inline-flex items-center gap-1.5 self-start rounded-sm text-sm font-semibold text-accent-800 underline-offset-4 hover:underline"
            >
              View details
              <ArrowRightIcon className="size-4" />
            </Link>
          </li>
        ))}
      </ul>

      <WeeklyGoal className="mt-8" />

      <section
        aria-labelledby="give-feedback"
        className="mt-8 flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-card"
      >
        <div>
          <h2 id="give-feedback" className="text-lg font-semibold tracking-tight text-slate-900">
            Give feedback
          </h2>
          {/* True to where feedback stands, in the Needs feedback page's words (docs/product.md §2). */}
          {counts.data ? (
            <p data-testid="give-feedback-text" className="mt-1 text-sm text-slate-600">
              {GIVE_FEEDBACK_TEXTS[counts.data.feedback]}
            </p>
          ) : counts.isError ? null : (
            <Skeleton className="mt-2 h-4 w-72 max-w-full" />
          )}
        </div>
        <Link
          to={paths.needsFeedback}
          className="inline-flex items-center gap-1.5 rounded-sm text-sm font-semibold text-accent-800 underline-offset-4 hover:underline"
        >
          Solutions that need feedback
          <ArrowRightIcon className="size-4" />
        </Link>
      </section>

      <LatestSolutions className="mt-12" />

      <NewChallenges className="mt-14 sm:mt-16" />
    </div>
  )
}
