import type { SessionUserRow } from '#server/auth/session.ts'
import type { EventBus } from '#server/events/bus.ts'
import { createExpiringCache } from '#server/http/expiring-cache.ts'

/**
 * Session lookups kept in memory for a moment, so a page's burst of API calls costs one query. This
 * instance forgets a session when it ends it, and a member's entries when their row changes; on
 * PostgreSQL other instances hear of both at once (db/events.ts, through the event bus). Kept short anyway,
 * for what no notice covers: a change made by hand, a notice lost while the listener reconnects.
 */
export const SESSION_CACHE_TTL_MS = 2000
const MAX_ENTRIES = 10_000

export type SessionCache = {
  get(idHash: string): SessionUserRow | undefined
  set(idHash: string, user: SessionUserRow): void
  /** The session ended (sign-out, a new sign-in). */
  forget(idHash: string): void
  /** The member's row changed (points, profile): their next request reads it again. */
  forgetUser(userId: string): void
  /** Anything may have changed (notices from other instances were missed): every entry goes. */
  clear(): void
}

export function createSessionCache(options: { ttlMs?: number; now?: () => number } = {}): SessionCache {
  const cache = createExpiringCache<SessionUserRow>({
    ttlMs: options.ttlMs ?? SESSION_CACHE_TTL_MS,
    maxEntries: MAX_ENTRIES,
    ownerOf: (user) => user.id,
    ...(options.now ? { now: options.now } : {}),
  })
  return {
    get: cache.get,
    set: cache.set,
    forget: cache.forget,
    forgetUser: cache.forgetOwner,
    clear: cache.clear,
  }
}

/** A session or a member's row that changed, here or on another instance, is read again at once. */
export function subscribeSessionCache(bus: Pick<EventBus, 'on'>, cache: SessionCache): void {
  bus.on('session-ended', (event) => cache.forget(event.idHash))
  bus.on(['member-changed', 'member-signed-in', 'account-deleted'], (event) => cache.forgetUser(event.userId))
  bus.on('review-settled', (event) => {
    if (event.pointsChanged) cache.forgetUser(event.userId)
  })
  bus.on('events-missed', () => cache.clear())
}
