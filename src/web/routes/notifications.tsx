import { RequireUser } from '#web/features/auth/components/require-user.tsx'
import { NotificationsPage } from '#web/features/notifications/components/notifications-page.tsx'

export { RouteError as ErrorBoundary } from '#web/components/route-error.tsx'

/** /notifications, members only (docs/product.md §12): what happened to the member's work. */
export function Component() {
  return <RequireUser page="notifications">{() => <NotificationsPage />}</RequireUser>
}
