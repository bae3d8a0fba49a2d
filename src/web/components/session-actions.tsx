import { lazy, Suspense } from 'react'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { useSignInHref } from '#web/features/auth/sign-in.ts'
import { useSession } from '#web/features/auth/use-session.ts'

/**
 * What a member sees (points, Dashboard, the avatar's menu): loaded once the session says someone is
 * signed in, so a visitor's first download carries none of it.
 */
const MemberActions = lazy(() => import('#web/components/member-actions.tsx'))

type Layout = 'bar' | 'menu'

/**
 * The navbar's right-hand side for each session state (docs/product.md §2 Navbar); Login comes back to the
 * page it was pressed on. `layout` is 'bar' in the
 * top bar and 'menu' in the small-screen sidebar, where controls take the full width.
 */
export function SessionActions({ layout, onNavigate }: { layout: Layout; onNavigate?: () => void }) {
  const session = useSession()
  const signInHref = useSignInHref()

  switch (session.status) {
    case 'loading':
      return <LoadingActions layout={layout} />
    case 'signed-out':
      return (
        <a
          href={signInHref}
          className={buttonClasses(
            'accent',
            layout === 'menu' ? 'md' : 'sm',
            layout === 'menu' ? 'w-full' : '',
          )}
        >
          Login
        </a>
      )
    case 'signed-in':
      return (
        // Its own boundary: the part around it stays on screen while the member's code arrives.
        <Suspense fallback={<LoadingActions layout={layout} />}>
          <MemberActions layout={layout} user={session.user} onNavigate={onNavigate} />
        </Suspense>
      )
  }
}

function LoadingActions({ layout }: { layout: Layout }) {
  const wide = layout === 'menu' ? 'w-full' : ''
  return (
    <div className={`flex items-center gap-3 ${wide}`}>
      <button type="button" disabled className={buttonClasses('accent', 'sm', wide)}>
        Loading...
      </button>
      <Skeleton className="size-9 shrink-0 rounded-full!" />
    </div>
  )
}
