import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Link, useLocation, useNavigate, useParams } from 'react-router'
import { paths } from '#shared/paths.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { AlertIcon } from '#web/components/ui/icons.tsx'
import { ProfileActivitySlot } from '#web/features/activity/components/profile-activity-slot.tsx'
import { EarnedBadges } from '#web/features/badges/components/earned-badges.tsx'
import { profileQuery } from '#web/features/profile/api/profile.ts'
import { ProfileCard, ProfileCardSkeleton } from '#web/features/profile/components/profile-card.tsx'
import { ProfileSubmissions } from '#web/features/profile/components/profile-submissions.tsx'
import { ReadmeBadge } from '#web/features/profile/components/readme-badge.tsx'
import { isApiNotFound } from '#web/lib/api-client.ts'
import { NoIndex } from '#web/lib/head.tsx'
import { HydrateLater } from '#web/lib/hydrate-later.tsx'
import { brandName, notFound, page, readRecord, serverLoader } from '#web/lib/route-data.ts'
import { toast } from '#web/lib/toast.ts'

export { RouteError as ErrorBoundary } from '#web/components/route-error.tsx'

const USER_NOT_FOUND = 'User not found. Please check the username.'
const PROFILE_UPDATED = 'Your profile has been successfully updated.'

/** /profile/:username, public (docs/product.md §2 Profile). */
export function Component() {
  const { username = '' } = useParams()
  const profile = useQuery(profileQuery(username))
  useProfileUpdatedToast()

  return (
    <div className="flex-1 bg-slate-50">
      <div className="page-container max-w-5xl py-10 sm:py-16">
        {profile.data ? (
          <>
            <PageTitle>{`${profile.data.profile.name?.trim() || profile.data.profile.username} (@${profile.data.profile.username})`}</PageTitle>
            <ProfileCard profile={profile.data.profile} />
            <ReadmeBadge username={profile.data.profile.username} />
            <HydrateLater>
              <EarnedBadges badges={profile.data.badges} />
            </HydrateLater>
            <HydrateLater>
              <ProfileSubmissions submissions={profile.data.submissions} />
            </HydrateLater>
            {/* Last: it comes after the page (docs/product.md §14), and nothing below it moves. */}
            <ProfileActivitySlot username={profile.data.profile.username} />
          </>
        ) : profile.isError ? (
          <ProfileProblem
            notFound={isApiNotFound(profile.error)}
            message={profile.error.message}
            onRetry={() => profile.refetch()}
          />
        ) : (
          <>
            <PageTitle>Profile</PageTitle>
            <ProfileCardSkeleton />
          </>
        )}
      </div>
    </div>
  )
}

function ProfileProblem({
  notFound,
  message,
  onRetry,
}: {
  notFound: boolean
  message: string
  onRetry: () => void
}) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center py-12 text-center">
      <PageTitle>{notFound ? 'User not found' : 'Profile'}</PageTitle>
      {notFound ? <NoIndex /> : null}
      <div className="flex size-16 items-center justify-center rounded-2xl bg-amber-50 text-amber-700 ring-1 ring-amber-200">
        <AlertIcon className="size-8" />
      </div>
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {notFound ? 'User not found' : 'Profile unavailable'}
      </h1>
      <p role="alert" className="mt-3 text-base leading-7 text-slate-700">
        {notFound ? USER_NOT_FOUND : `Error: ${message}`}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {notFound ? null : (
          <button type="button" onClick={onRetry} className={buttonClasses('primary')}>
            Try again
          </button>
        )}
        <Link to={paths.home} className={buttonClasses(notFound ? 'primary' : 'secondary')}>
          Go to Home
        </Link>
      </div>
    </div>
  )
}

/**
 * Settings sends the member here with `{ profileUpdated: true }` after a save (docs/product.md §2): the toast
 * shows once, and the flag is removed from history so a reload or Back does not show it again.
 */
function useProfileUpdatedToast() {
  const location = useLocation()
  const navigate = useNavigate()
  const updated = (location.state as { profileUpdated?: unknown } | null)?.profileUpdated === true
  useEffect(() => {
    if (!updated) return
    toast.success(PROFILE_UPDATED, { id: 'profile-updated' })
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null })
  }, [updated, navigate, location.pathname, location.search])
}

export const loader = serverLoader(async ({ request }, queryClient) => {
  const found = await readRecord(queryClient, request, 2, profileQuery, () => USER_NOT_FOUND)
  if (!found) return notFound()
  const { profile, submissions } = found
  const name = profile.name?.trim() || profile.username
  return page({
    description:
      profile.bio?.trim() ||
      `${name} on ${await brandName(queryClient)}: ${profile.points} points, ${submissions.length} completed challenges.`,
  })
})
