import type { SessionUserRow } from '#server/auth/session.ts'

/**
 * Session lookups kept in memory for a moment, so a page's burst of API calls costs one query. This
 * instance forgets a session when it ends it, and a member's entries when their row changes; on
 * PostgreSQL other instances hear of both at once (db/events.ts, wired in app.ts). Kept short anyway,
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
  const ttlMs = options.ttlMs ?? SESSION_CACHE_TTL_MS
  const now = options.now ?? Date.now
  const entries = new Map<string, { user: SessionUserRow; until: number }>()
  return {
    get(idHash) {
      const entry = entries.get(idHash)
      if (!entry) return undefined
      if (entry.until <= now()) {
        entries.delete(idHash)
        return undefined
      }
      return entry.user
    },
    set(idHash, user) {
      if (ttlMs <= 0) return
      entries.delete(idHash)
      entries.set(idHash, { user, until: now() + ttlMs })
      // Maps iterate in insertion order: the first key is the oldest entry.
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string)
    },
    forget(idHash) {
      entries.delete(idHash)
    },
    forgetUser(userId) {
      for (const [idHash, entry] of entries) if (entry.user.id === userId) entries.delete(idHash)
    },
    clear() {
      entries.clear()
    },
  }
}
