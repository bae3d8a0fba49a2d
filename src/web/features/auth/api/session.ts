import { type QueryClient, queryOptions } from '@tanstack/react-query'
import type { SessionResponse, SessionUser } from '#shared/user.ts'
import { rememberSignInGreeting } from '#web/features/auth/greeting-store.ts'
import { apiFetch, apiRequest, isUnauthorized, postJson } from '#web/lib/api-client.ts'
import { toast } from '#web/lib/toast.ts'

/**
 * Query keys for the session and for everything that belongs to the signed-in member. Member data
 * lives under `memberKeys.all`, so signing out (or losing the session) drops all of it in one call.
 */
const sessionKeys = {
  session: ['session'] as const,
}

export const memberKeys = {
  all: ['me'] as const,
}

/**
 * The signed-in user, or null for a visitor (GET /api/session answers `{ user: null }`, so a visitor's
 * page logs no failed request). The check runs again whenever the tab becomes visible (TanStack Query's focus
 * manager listens to `visibilitychange`): a session that ended in another tab shows at once. The first check
 * after a sign-in also says how to greet the member, which is kept for the page (greeting.ts).
 */
export const sessionQuery = () =>
  queryOptions({
    queryKey: sessionKeys.session,
    queryFn: async (): Promise<SessionUser | null> => {
      const { user, greeting } = await apiFetch<SessionResponse>('/api/session')
      if (user && greeting) rememberSignInGreeting(greeting)
      return user
    },
    refetchOnWindowFocus: 'always',
  })

/** Puts the app in the signed-out state: no user, no member data left in the cache. */
export function clearSession(queryClient: QueryClient): void {
  queryClient.setQueryData(sessionKeys.session, null)
  queryClient.removeQueries({ queryKey: memberKeys.all })
}

/** Replaces the cached user, e.g. with the one a submit returns (new points). */
export function updateSessionUser(queryClient: QueryClient, user: SessionUser): void {
  queryClient.setQueryData(sessionKeys.session, user)
}

/**
 * Any 401 from any call means the session is gone (expired, signed out elsewhere): the app becomes
 * signed out in one place. Wired into the query and mutation caches in main.tsx.
 */
export function handleUnauthorized(queryClient: QueryClient, error: unknown): void {
  if (!isUnauthorized(error)) return
  const wasSignedIn = Boolean(queryClient.getQueryData(sessionKeys.session))
  clearSession(queryClient)
  if (wasSignedIn) toast.info(SESSION_ENDED, { id: 'session-ended' })
}

const SESSION_ENDED = 'Your session has ended. Please log in again.'

export async function signOutRequest(): Promise<void> {
  await apiRequest('/auth/sign-out', postJson())
}
