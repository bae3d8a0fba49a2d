import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { Env } from '#server/env.ts'
import { parseSignInGreeting, type SignInGreeting } from '#shared/sign-in-greeting.ts'

const GREETING_COOKIE = 'dojo_greeting'
/** Only the session check receives it: no other request carries it. */
const GREETING_PATH = '/api/session'
/** Long enough for the page a sign-in lands on to ask who is signed in. */
export const GREETING_MAX_AGE_SECONDS = 120

/** After a sign-in: "Welcome" for the account it created, "Welcome back" otherwise (docs/product.md §4). */
export function setSignInGreeting(c: Context, env: Env, created: boolean): void {
  setCookie(c, GREETING_COOKIE, created ? 'first' : 'again', {
    path: GREETING_PATH,
    httpOnly: true,
    secure: env.secureCookies,
    sameSite: 'Lax',
    maxAge: GREETING_MAX_AGE_SECONDS,
  })
}

/**
 * The greeting a sign-in left, for a signed-in session check, once: the cookie is deleted whoever asks.
 * A visitor (a session that ended since) is greeted by no one.
 */
export function takeSignInGreeting(c: Context, env: Env, signedIn: boolean): SignInGreeting | null {
  const value = getCookie(c, GREETING_COOKIE)
  if (value === undefined) return null
  deleteCookie(c, GREETING_COOKIE, { path: GREETING_PATH, secure: env.secureCookies })
  return signedIn ? parseSignInGreeting(value) : null
}
