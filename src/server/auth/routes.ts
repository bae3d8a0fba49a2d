import { and, eq, lt } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { z } from 'zod'
import { type GitHubClient, generateCodeVerifier, SignInError } from '#server/auth/github.ts'
import { setSignInGreeting } from '#server/auth/greeting.ts'
import {
  clearSessionCookie,
  createSession,
  deleteSession,
  sessionToken,
  setSessionCookie,
} from '#server/auth/session.ts'
import type { SessionCache } from '#server/auth/session-cache.ts'
import { randomToken, sha256 } from '#server/auth/tokens.ts'
import { upsertGitHubUser } from '#server/auth/users.ts'
import type { Database } from '#server/db/client.ts'
import { oauthStates } from '#server/db/schema.ts'
import type { Env } from '#server/env.ts'
import type { EventEmitter } from '#server/events/bus.ts'
import type { Logger } from '#server/logger.ts'
import { describeOperation, error, redirect } from '#server/openapi/operation.ts'
import { RETURN_PATH_MAX_LENGTH, SIGN_IN_FAILED_PATH, safeReturnPath } from '#shared/return-path.ts'

/** Described only: the route reads `returnTo` through safeReturnPath, which ignores what it refuses. */
const signInQuery = z.object({
  returnTo: z
    .string()
    .max(RETURN_PATH_MAX_LENGTH)
    .optional()
    .describe('A path on this site (one leading slash), such as /solutions/<id>.'),
})

const STATE_TTL_MS = 10 * 60 * 1000
const BROWSER_COOKIE = 'dojo_oauth'
const SIGN_IN_RETURN_PATH = '/my'

/** The host the browser asked for: the Host header, or behind trusted proxies the one they forwarded. */
function requestHost(c: Context, trustProxy: number): string {
  const forwarded = (trustProxy > 0 ? (c.req.header('X-Forwarded-Host') ?? '') : '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  const host = forwarded[Math.max(0, forwarded.length - trustProxy)] ?? new URL(c.req.url).host
  return host.toLowerCase()
}

/**
 * GET /auth/github starts the sign-in (a plain link, no form); GitHub sends the browser back to
 * /auth/github/callback. POST /auth/sign-out ends the session. The callback lands on the path
 * `?returnTo=` named when it is one of this site's (docs/product.md §12), else on /my, with a greeting
 * for the session check to hand over once (greeting.ts); or, on any failure, signed out on /sign-in-failed
 * while the log says why.
 */
export function authRoutes(deps: {
  db: Database
  env: Env
  log: Logger
  github: GitHubClient
  sessionCache?: SessionCache
  /**
   * Told after a session ended and this instance forgot it (the other instances hear of it), and after
   * a sign-in wrote the member's row: GitHub's name, avatar or login may be new, and another account's
   * login may have been moved aside.
   */
  events: EventEmitter
}) {
  const { db, env, log, github } = deps
  const endSession = async (token: string) => {
    await deleteSession(db, token)
    const idHash = sha256(token)
    deps.sessionCache?.forget(idHash)
    deps.events.emit({ type: 'session-ended', idHash })
  }
  const redirectUri = `${env.publicOrigin}/auth/github/callback`
  const browserCookie = { path: '/auth', httpOnly: true, secure: env.secureCookies, sameSite: 'Lax' as const }
  const publicHost = new URL(env.publicOrigin).host

  return new Hono()
    .get(
      '/github',
      describeOperation({
        operationId: 'startSignIn',
        summary: 'Start signing in with GitHub',
        description:
          'A link for the browser, not a call for scripts: it sets a short-lived cookie for this sign-in and ' +
          'redirects to GitHub (OAuth with state and PKCE). Started at another address of the server, it ' +
          'first moves to the public address. `returnTo`, a path on this site, is where the sign-in comes back ' +
          'to; without it, or with anything but such a path, it comes back to the dashboard.',
        tag: 'Sign-in',
        query: signInQuery,
        responses: {
          302: redirect('To GitHub’s authorization page, or to the same path on the public address.'),
          429: error('Too many sign-ins started from this address; try again later.'),
        },
      }),
      async (c) => {
        // The state cookie and the callback both belong to PUBLIC_URL's host: a sign-in started from
        // another name of this server (127.0.0.1 for localhost) would come back to a browser without
        // its cookie. Starting over on PUBLIC_URL makes both addresses work.
        if (requestHost(c, env.TRUST_PROXY) !== publicHost) {
          const url = new URL(c.req.url)
          return c.redirect(`${env.publicOrigin}${url.pathname}${url.search}`, 302)
        }
        const state = randomToken()
        const browserKey = randomToken()
        const codeVerifier = generateCodeVerifier()
        const now = new Date()
        await db.delete(oauthStates).where(lt(oauthStates.expiresAt, now))
        await db.insert(oauthStates).values({
          stateHash: sha256(state),
          browserKeyHash: sha256(browserKey),
          codeVerifier,
          // Where to come back to (docs/product.md §12): a path on this site, else the dashboard.
          returnTo: safeReturnPath(c.req.query('returnTo')),
          createdAt: now,
          expiresAt: new Date(now.getTime() + STATE_TTL_MS),
        })
        setCookie(c, BROWSER_COOKIE, browserKey, { ...browserCookie, maxAge: STATE_TTL_MS / 1000 })
        c.header('Cache-Control', 'no-store')
        return c.redirect(
          (await github.authorizationUrl({ state, codeVerifier, redirectUri })).toString(),
          302,
        )
      },
    )
    .get(
      '/github/callback',
      describeOperation({
        operationId: 'finishSignIn',
        summary: 'GitHub sends the browser back here',
        description:
          'On success the session cookie is set and the browser goes to the sign-in’s `returnTo`, or to /my; ' +
          'on any failure it goes to /sign-in-failed and nothing changes.',
        tag: 'Sign-in',
        responses: { 302: redirect('To /my when signed in, else to /sign-in-failed.') },
      }),
      async (c) => {
        c.header('Cache-Control', 'no-store')
        // Anyone can link a browser here (a cross-site GET), so a failure changes nothing: the member's
        // session and a sign-in in progress in that browser stay as they were.
        const fail = (reason: string) => {
          log.warn('Error logging in with GitHub:', { reason })
          return c.redirect(SIGN_IN_FAILED_PATH, 302)
        }

        const state = c.req.query('state')
        if (!state) return fail('the callback has no state')
        const browserKey = getCookie(c, BROWSER_COOKIE)
        if (!browserKey) return fail('this browser has no sign-in in progress')
        // Only the browser the state was issued to can use it, and only once: the row is deleted as it
        // is read, even under concurrent callbacks. A foreign or replayed state finds nothing.
        const [pending] = await db
          .delete(oauthStates)
          .where(
            and(eq(oauthStates.stateHash, sha256(state)), eq(oauthStates.browserKeyHash, sha256(browserKey))),
          )
          .returning()
        if (!pending) return fail('unknown or already used state, or one issued to another browser')
        // From here on this is the sign-in this browser started: its one-time cookie is spent.
        deleteCookie(c, BROWSER_COOKIE, browserCookie)
        if (pending.expiresAt.getTime() < Date.now()) return fail('the state expired')

        try {
          const accessToken = await github.exchangeCode({
            callbackUrl: new URL(c.req.url),
            expectedState: state,
            codeVerifier: pending.codeVerifier,
            redirectUri,
          })
          // The access token is used for these two calls only: never stored, never sent to the browser.
          const profile = await github.fetchProfile(accessToken)
          // The emulator signs in whoever types a login, so it must never reach an account that GitHub
          // knows under another login: real renames come only from real GitHub.
          const user = await upsertGitHubUser(db, profile, { allowRename: env.github.mode === 'github' })
          deps.events.emit({ type: 'member-signed-in', userId: user.id })
          // Joining a classroom by its roster may make some of the member's solutions classroom-only.
          if (user.joinedClassrooms > 0)
            deps.events.emit({ type: 'solution-listing-changed', challengeId: null })
          const previous = sessionToken(c, env)
          if (previous) await endSession(previous)
          setSessionCookie(c, env, await createSession(db, user.id))
          setSignInGreeting(c, env, user.created)
          log.info('signed in', { username: user.username })
          // Checked again on the way out: the row holds only what passed the check on the way in.
          return c.redirect(safeReturnPath(pending.returnTo) ?? SIGN_IN_RETURN_PATH, 302)
        } catch (error) {
          if (error instanceof SignInError) return fail(error.message)
          log.error('Error storing user info:', { error })
          return fail(`unexpected: ${(error as Error).message}`)
        }
      },
    )
    .post(
      '/sign-out',
      describeOperation({
        operationId: 'signOut',
        summary: 'Sign out',
        tag: 'Sign-in',
        readsSession: true,
        guarded: true,
        responses: { 204: { description: 'Signed out: the session ended and its cookie is cleared.' } },
      }),
      async (c) => {
        const token = sessionToken(c, env)
        if (token) await endSession(token)
        clearSessionCookie(c, env)
        c.header('Cache-Control', 'no-store')
        return c.body(null, 204)
      },
    )
}
