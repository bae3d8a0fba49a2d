import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { paths } from '#shared/paths.ts'
import { greetingText } from '#shared/sign-in-greeting.ts'
import type { SessionUser } from '#shared/user.ts'
import { signInGreeting } from '#web/features/auth/greeting-store.ts'
import { useSession } from '#web/features/auth/use-session.ts'
import { toast } from '#web/lib/toast.ts'

/** The name the greeting uses: the member's name, else their username. */
export function greetingName(user: SessionUser): string {
  return user.name?.trim() || user.username
}

/**
 * Right after a sign-in, wherever it landed, the member reads `Welcome, {name}!` (the account is new) or
 * `Welcome back, {name}!` in a toast (docs/product.md §4 Session); the dashboard says it in its own
 * words instead.
 */
export function useSignInGreetingToast(): void {
  const session = useSession()
  const { pathname } = useLocation()
  const greeted = useRef(false)
  useEffect(() => {
    if (session.status !== 'signed-in' || greeted.current) return
    const kind = signInGreeting()
    if (kind === null) return
    greeted.current = true
    if (pathname === paths.my) return
    toast.success(greetingText(kind, greetingName(session.user)), { id: 'sign-in-greeting' })
  }, [session, pathname])
}
