import type { SessionUser } from '#shared/user.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { Avatar } from '#web/components/ui/avatar.tsx'
import { RequireUser } from '#web/features/auth/components/require-user.tsx'

export { RouteError as ErrorBoundary } from '#web/components/route-error.tsx'

/** /settings, members only (SPEC §2). Shows the account; profile editing arrives with the member pages. */
export function Component() {
  return <RequireUser>{(user) => <Settings user={user} />}</RequireUser>
}

function Settings({ user }: { user: SessionUser }) {
  const displayName = user.name?.trim() || user.username
  return (
    <div className="flex-1 bg-slate-50">
      <PageTitle>Settings</PageTitle>
      <div className="page-container max-w-3xl py-10 sm:py-16">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Settings</h1>
        <section
          aria-labelledby="account-heading"
          className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-card sm:p-8"
        >
          <h2 id="account-heading" className="text-lg font-semibold tracking-tight text-slate-900">
            Account
          </h2>
          <div className="mt-5 flex items-center gap-4">
            <Avatar src={user.avatarUrl} name={displayName} className="size-16 text-lg" />
            <div className="min-w-0">
              <p className="truncate text-lg font-semibold text-slate-900">{displayName}</p>
              <p className="truncate text-base text-slate-600">@{user.username}</p>
            </div>
          </div>
          <p className="mt-6 rounded-xl bg-slate-50 px-4 py-3 text-base text-slate-700 ring-1 ring-slate-200">
            Profile editing is coming soon.
          </p>
        </section>
      </div>
    </div>
  )
}
