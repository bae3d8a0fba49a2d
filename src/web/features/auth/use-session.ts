import { useQuery } from '@tanstack/react-query'
import type { SessionUser } from '#shared/user.ts'
import { sessionQuery } from '#web/features/auth/api/session.ts'

export type { SessionUser }

/**
 * The visitor's session as the UI sees it: the navbar, the home page, the guards and the challenge page
 * switch on this union.
 */
export type Session =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: SessionUser }

const LOADING: Session = { status: 'loading' }
const SIGNED_OUT: Session = { status: 'signed-out' }

export function useSession(): Session {
  const { data, isPending } = useQuery(sessionQuery())
  if (data) return { status: 'signed-in', user: data }
  if (isPending) return LOADING
  // null (a visitor), or a check that failed (server unreachable): the Login link still works, and the
  // next check (the tab visible again) corrects it.
  return SIGNED_OUT
}
