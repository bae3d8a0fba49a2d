import { Link } from 'react-router'
import { paths } from '#shared/paths.ts'
import type { SessionUser } from '#shared/user.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { Avatar } from '#web/components/ui/avatar.tsx'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { ArrowRightIcon } from '#web/components/ui/icons.tsx'
import { RequireUser } from '#web/features/auth/components/require-user.tsx'

export { RouteError as ErrorBoundary } from '#web/components/route-error.tsx'

/**
 * /my, members only: the sign-in return target (SPEC §2). For now a welcome with the member's totals;
 * the dashboard's count boxes come with the member pages.
 */
export function Component() {
  return <RequireUser>{(user) => <Dashboard user={user} />}</RequireUser>
}

function Dashboard({ user }: { user: SessionUser }) {
  const displayName = user.name?.trim() || user.username
  return (
    <div className="flex-1 bg-slate-50">
      <PageTitle>Dashboard</PageTitle>
      <div className="page-container max-w-5xl py-10 sm:py-16">
        <div className="flex items-center gap-4">
          <Avatar src={user.avatarUrl} name={displayName} className="size-14 text-lg ring-4 ring-white" />
          <div className="min-w-0">
            <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Dashboard</h1>
            <p className="mt-1 truncate text-base text-slate-600">Welcome back, {displayName}!</p>
          </div>
        </div>

        <dl className="mt-10 grid gap-4 sm:grid-cols-2">
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-card">
            <dt className="text-sm font-medium text-slate-600">Points</dt>
            <dd className="mt-2 text-4xl font-bold tracking-tight text-slate-900 tabular-nums">
              {user.points}
            </dd>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-card">
            <dt className="text-sm font-medium text-slate-600">Completed Challenges</dt>
            <dd className="mt-2 text-4xl font-bold tracking-tight text-slate-900 tabular-nums">
              {user.submission}
            </dd>
          </div>
        </dl>

        <section
          aria-labelledby="next-heading"
          className="surface-ink mt-6 flex flex-col items-start gap-5 rounded-2xl p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8"
        >
          <div>
            <h2 id="next-heading" className="text-xl font-semibold tracking-tight text-white">
              Ready for the next one?
            </h2>
            <p className="mt-1 text-base text-slate-300">
              Pick a design, build it and submit your live site to earn points.
            </p>
          </div>
          <Link to={paths.challenges} className={buttonClasses('accent', 'lg')}>
            Browse challenges
            <ArrowRightIcon className="size-4" />
          </Link>
        </section>
      </div>
    </div>
  )
}
