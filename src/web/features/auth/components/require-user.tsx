import type { ReactNode } from 'react'
import { Navigate } from 'react-router'
import { paths } from '#shared/paths.ts'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { type SessionUser, useSession } from '#web/features/auth/use-session.ts'

/**
 * A members-only page (docs/product.md §6: /my and /settings redirect visitors to /). It waits for the
 * session check, so a member never sees a redirect and a visitor never sees the page.
 */
export function RequireUser({ children }: { children: (user: SessionUser) => ReactNode }) {
  const session = useSession()
  if (session.status === 'signed-out') return <Navigate to={paths.home} replace />
  if (session.status === 'loading') return <PageLoading />
  return children(session.user)
}

function PageLoading() {
  return (
    <div className="page-container flex flex-1 items-center justify-center py-24">
      <p role="status" className="flex items-center gap-3 text-slate-600">
        <Spinner />
        <span>Loading...</span>
      </p>
    </div>
  )
}
