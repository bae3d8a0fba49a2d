import { eq, lt } from 'drizzle-orm'
import { Hono } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { type GitHubClient, generateCodeVerifier, SignInError } from '#server/auth/github.ts'
import {
  clearSessionCookie,
  createSession,
  deleteSession,
  sessionToken,
  setSessionCookie,
} from '#server/auth/session.ts'
import { randomToken, safeEqual, sha256 } from '#server/auth/tokens.ts'
import { upsertGitHubUser } from '#server/auth/users.ts'
import type { Database } from '#server/db/client.ts'
import { oauthStates } from '#server/db/schema.ts'
import type { Env } from '#server/env.ts'
import type { Logger } from '#server/logger.ts'

export const STATE_TTL_MS = 10 * 60 * 1000
const BROWSER_COOKIE = 'dojo_oauth'
export const SIGN_IN_RETURN_PATH = '/my'
export const SIGN_IN_FAILED_PATH = '/sign-in-failed'

/**
 * GET /auth/github starts the sign-in (a plain link, no form); GitHub sends the browser back to
 * /auth/github/callback. POST /auth/sign-out ends the session. The callback lands on /my, or, on any
 * failure, signed out on /sign-in-failed while the log says why.
 */
export function authRoutes(deps: { db: Database; env: Env; log: Logger; github: GitHubClient }) {
  const { db, env, log, github } = deps
  const redirectUri = `${env.publicOrigin}/auth/github/callback`
  const browserCookie = { path: '/auth', httpOnly: true, secure: env.secureCookies, sameSite: 'Lax' as const }

  return new Hono()
    .get('/github', async (c) => {
      const state = randomToken()
      const browserKey = randomToken()
      const codeVerifier = generateCodeVerifier()
      const now = new Date()
      await db.delete(oauthStates).where(lt(oauthStates.expiresAt, now))
      await db.insert(oauthStates).values({
        stateHash: sha256(state),
        browserKeyHash: sha256(browserKey),
        codeVerifier,
        createdAt: now,
        expiresAt: new Date(now.getTime() + STATE_TTL_MS),
      })
      setCookie(c, BROWSER_COOKIE, browserKey, { ...browserCookie, maxAge: STATE_TTL_MS / 1000 })
      c.header('Cache-Control', 'no-store')
      return c.redirect((await github.authorizationUrl({ state, codeVerifier, redirectUri })).toString(), 302)
    })
    .get('/github/callback', async (c) => {
      c.header('Cache-Control', 'no-store')
      const browserKey = getCookie(c, BROWSER_COOKIE)
      deleteCookie(c, BROWSER_COOKIE, browserCookie)
      const fail = async (reason: string) => {
        log.warn('Error logging in with GitHub:', { reason })
        const previous = sessionToken(c, env)
        if (previous) await deleteSession(db, previous)
        clearSessionCookie(c, env)
        return c.redirect(SIGN_IN_FAILED_PATH, 302)
      }

      const state = c.req.query('state')
      if (!state) return fail('the callback has no state')
      // Deleting the row as we read it makes each state usable once, even under concurrent callbacks.
      const [pending] = await db
        .delete(oauthStates)
        .where(eq(oauthStates.stateHash, sha256(state)))
        .returning()
      if (!pending) return fail('unknown or already used state')
      if (pending.expiresAt.getTime() < Date.now()) return fail('the state expired')
      if (!browserKey || !safeEqual(sha256(browserKey), pending.browserKeyHash)) {
        return fail('the state was issued to another browser')
      }

      try {
        const accessToken = await github.exchangeCode({
          callbackUrl: new URL(c.req.url),
          expectedState: state,
          codeVerifier: pending.codeVerifier,
          redirectUri,
        })
        // The access token is used for these two calls only: never stored, never sent to the browser.
        const profile = await github.fetchProfile(accessToken)
        const user = await upsertGitHubUser(db, profile)
        const previous = sessionToken(c, env)
        if (previous) await deleteSession(db, previous)
        setSessionCookie(c, env, await createSession(db, user.id))
        log.info('signed in', { username: user.username })
        return c.redirect(SIGN_IN_RETURN_PATH, 302)
      } catch (error) {
        if (error instanceof SignInError) return fail(error.message)
        log.error('Error storing user info:', { error })
        return fail(`unexpected: ${(error as Error).message}`)
      }
    })
    .post('/sign-out', async (c) => {
      const token = sessionToken(c, env)
      if (token) await deleteSession(db, token)
      clearSessionCookie(c, env)
      c.header('Cache-Control', 'no-store')
      return c.body(null, 204)
    })
}
