import type { Context, MiddlewareHandler } from 'hono'
import { createMiddleware } from 'hono/factory'
import { readSession, type SessionUserRow, sessionToken } from '#server/auth/session.ts'
import { createSessionCache, type SessionCache } from '#server/auth/session-cache.ts'
import { sha256 } from '#server/auth/tokens.ts'
import type { Database } from '#server/db/client.ts'
import type { Env } from '#server/env.ts'
import { HttpError } from '#server/http/errors.ts'

export type AuthVariables = { user: SessionUserRow | null }
export type MemberVariables = { user: SessionUserRow }

/** Reads the session cookie once per request; `c.var.user` is the user or null. */
export function loadUser(
  db: Database,
  env: Env,
  cache: SessionCache = createSessionCache({ ttlMs: 0 }),
): MiddlewareHandler<{ Variables: AuthVariables }> {
  return createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
    const token = sessionToken(c, env)
    if (!token) {
      c.set('user', null)
      return next()
    }
    const idHash = sha256(token)
    let user = cache.get(idHash) ?? null
    if (!user) {
      user = await readSession(db, token)
      if (user) cache.set(idHash, user)
    }
    c.set('user', user)
    await next()
  })
}

/**
 * Everything behind it has a non-null user, or answers 401. Answers that depend on the session are
 * never stored by caches.
 */
export const requireUser: MiddlewareHandler<{ Variables: MemberVariables }> = createMiddleware(
  async (c, next) => {
    c.header('Cache-Control', 'no-store')
    if (!(c as unknown as Context<{ Variables: AuthVariables }>).get('user')) {
      throw new HttpError(401, 'unauthorized', 'Please log in with GitHub to do that.')
    }
    await next()
    // Whatever the handler set. On the Response itself: c.header() after the handler would turn a
    // plain answer into a streamed one, at a cost every member read would pay.
    c.res.headers.set('Cache-Control', 'no-store')
  },
)
