import { lazy, Suspense, useEffect, useState } from 'react'

/** The calendar and its code load after the page: the profile's first visit does not carry them. */
const ProfileActivity = lazy(() => import('#web/features/activity/components/profile-activity.tsx'))

/**
 * Where the profile's Activity section goes (docs/product.md §14). Rendered in the
 * browser only, once the page is in: the server's page and the first visit stay as they were.
 */
export function ProfileActivitySlot({ username }: { username: string }) {
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  return mounted ? (
    <Suspense fallback={null}>
      <ProfileActivity username={username} />
    </Suspense>
  ) : null
}
