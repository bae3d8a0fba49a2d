import { and, eq, gt, lt, or } from 'drizzle-orm'
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { randomToken, sha256 } from '#server/auth/tokens.ts'
import type { Database } from '#server/db/client.ts'
import { sessions, users } from '#server/db/schema.ts'
import type { Env } from '#server/env.ts'

const DAY = 24 * 60 * 60 * 1000
/** A session unused for this long ends (rolling idle expiry). */
const SESSION_IDLE_MS = 14 * DAY
/** A session ends this long after sign-in, however active. */
const SESSION_ABSOLUTE_MS = 60 * DAY
/** Extending the expiry at most once an hour keeps reads from writing on every request. */
const ROLL_AFTER_MS = 60 * 60 * 1000

/** `__Host-` binds the cookie to this exact origin over HTTPS; plain HTTP (local) cannot use it. */
export function sessionCookieName(env: Env): string {
  return env.secureCookies ? '__Host-dojo_session' : 'dojo_session'
}

export type SessionUserRow = typeof users.$inferSelect

export async function createSession(db: Database, userId: string, now = new Date()): Promise<string> {
  const token = randomToken()
  await db.insert(sessions).values({
    idHash: sha256(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_IDLE_MS),
    absoluteExpiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
  })
  return token
}

/** The user of a live session, extending its idle expiry; null for an unknown or expired token. */
export async function readSession(
  db: Database,
  token: string,
  now = new Date(),
): Promise<SessionUserRow | null> {
  const idHash = sha256(token)
  const [row] = await db
    .select({ user: users, expiresAt: sessions.expiresAt, absoluteExpiresAt: sessions.absoluteExpiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, now), gt(sessions.absoluteExpiresAt, now)))
    .limit(1)
  if (!row) return null
  const rolled = new Date(Math.min(now.getTime() + SESSION_IDLE_MS, row.absoluteExpiresAt.getTime()))
  if (rolled.getTime() - row.expiresAt.getTime() > ROLL_AFTER_MS) {
    await db.update(sessions).set({ expiresAt: rolled }).where(eq(sessions.idHash, idHash))
  }
  return row.user
}

export async function deleteSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, sha256(token)))
}

/** Expired rows are useless; removing them now and then keeps the table small. */
export async function deleteExpiredSessions(db: Database, now = new Date()): Promise<void> {
  await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.absoluteExpiresAt, now)))
}

export function setSessionCookie(c: Context, env: Env, token: string) {
  setCookie(c, sessionCookieName(env), token, {
    path: '/',
    httpOnly: true,
    secure: env.secureCookies,
    sameSite: 'Lax',
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  })
}

export function clearSessionCookie(c: Context, env: Env) {
  deleteCookie(c, sessionCookieName(env), { path: '/', secure: env.secureCookies })
}

export function sessionToken(c: Context, env: Env): string | undefined {
  return getCookie(c, sessionCookieName(env))
}
