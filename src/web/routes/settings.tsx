import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { paths } from '#shared/paths.ts'
import type { OwnProfile } from '#shared/profile.ts'
import type { SessionUser } from '#shared/user.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { ActivitySettingsSection } from '#web/features/activity/components/activity-settings.tsx'
import { updateSessionUser } from '#web/features/auth/api/session.ts'
import { RequireUser } from '#web/features/auth/components/require-user.tsx'
import { profileKeys } from '#web/features/profile/api/profile.ts'
import { ownProfileKey, ownProfileQuery } from '#web/features/settings/api/profile-settings.ts'
import { AccountSection } from '#web/features/settings/components/account-section.tsx'
import { ProfileForm } from '#web/features/settings/components/profile-form.tsx'
import { VerificationSection } from '#web/features/settings/components/verification-section.tsx'

export { RouteError as ErrorBoundary } from '#web/components/route-error.tsx'

/**
 * /settings, members only (docs/product.md §2 Settings): edit name, bio and social links; copy or renew the
 * verification tag (docs/product.md §10); export the member's data or delete the account ("Your account").
 */
export function Component() {
  return <RequireUser page="settings">{(user) => <Settings user={user} />}</RequireUser>
}

function Settings({ user }: { user: SessionUser }) {
  const profile = useQuery(ownProfileQuery())
  const queryClient = useQueryClient()
  const navigate = useNavigate()

  /** The saved values everywhere they show (navbar, sidebar, profile), then the profile with its toast. */
  function onSaved(saved: OwnProfile) {
    queryClient.setQueryData(ownProfileKey, saved)
    updateSessionUser(queryClient, { ...user, name: saved.name })
    queryClient.removeQueries({ queryKey: profileKeys.byUsername(saved.username) })
    navigate(paths.profile(saved.username), { state: { profileUpdated: true } })
  }
  return (
    <div className="page-container max-w-3xl py-10 sm:py-14">
      <PageTitle>Settings</PageTitle>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Settings</h1>
      <p className="mt-2 text-base text-slate-600">
        Update how other members see you on your public profile.
      </p>
      {profile.isPending ? (
        <div className="mt-8">
          <p role="status" className="sr-only">
            Loading your profile...
          </p>
          <div aria-hidden="true" className="space-y-6">
            <Skeleton className="h-80 rounded-2xl" />
            <Skeleton className="h-56 rounded-2xl" />
          </div>
        </div>
      ) : profile.isError ? (
        <p
          role="alert"
          className="mt-8 rounded-2xl border border-rose-200 bg-rose-50 p-6 text-base text-rose-800"
        >
          Error: {profile.error.message}
        </p>
      ) : (
        <ProfileForm profile={profile.data} onSaved={onSaved} />
      )}
      <ActivitySettingsSection />
      <VerificationSection />
      <AccountSection user={user} />
    </div>
  )
}
