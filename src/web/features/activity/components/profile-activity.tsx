import { useQuery } from '@tanstack/react-query'
import { activityQuery, browserTimeZone } from '#web/features/activity/api/activity.ts'
import { ActivityCalendar } from '#web/features/activity/components/activity-calendar.tsx'
import { useSession } from '#web/features/auth/use-session.ts'

/**
 * The profile's Activity section (docs/product.md §14), loaded as its own chunk after the
 * page. A member who hides their activity shows none to others; the owner sees theirs with a note.
 */
export default function ProfileActivity({ username }: { username: string }) {
  const session = useSession()
  const own = session.status === 'signed-in' && session.user.username.toLowerCase() === username.toLowerCase()
  // Only the owner's browser may say the zone (the server ignores it from anyone else). Wait for the
  // session: the owner's answer differs (their zone, and a hidden calendar shown to them).
  const activity = useQuery({
    ...activityQuery(username, own ? browserTimeZone() : undefined),
    enabled: session.status !== 'loading',
  })
  if (activity.data?.hidden) return null
  return (
    <section aria-labelledby="activity-heading" className="mt-10">
      <h2 id="activity-heading" className="text-xl font-semibold tracking-tight text-slate-900">
        Activity
      </h2>
      {activity.data ? (
        <div className="mt-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-card">
          {activity.data.hiddenFromOthers ? (
            <p className="mb-2 text-sm text-slate-600">
              Only you see this: your activity is hidden from others.
            </p>
          ) : null}
          <ActivityCalendar activity={activity.data} own={own} />
        </div>
      ) : activity.isError ? (
        <p role="alert" className="mt-3 text-base text-rose-800">
          Error: {activity.error.message}
        </p>
      ) : (
        <p role="status" className="mt-3 text-sm text-slate-600">
          Loading activity...
        </p>
      )}
    </section>
  )
}
