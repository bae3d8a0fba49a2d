import { AdminPage } from '#web/features/admin/components/admin-page.tsx'
import { RequireUser } from '#web/features/auth/components/require-user.tsx'

export { RouteError as ErrorBoundary } from '#web/components/route-error.tsx'

/** /admin, members only; its reports and log for the admins alone (docs/product.md §12). */
export function Component() {
  return <RequireUser page="admin">{(user) => <AdminPage user={user} />}</RequireUser>
}
