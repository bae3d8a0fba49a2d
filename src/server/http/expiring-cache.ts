/**
 * Values kept in memory for a moment, each belonging to a member (`ownerOf`), so that a burst of the
 * same read costs one query and a member's change drops exactly what it touched. The session cache,
 * the dashboard counts and the public profiles are built on it.
 *
 * `load` reads a missing value once however many requests ask at the same time, and a value read
 * while something was forgotten is handed to its callers but never kept: a read that began before a
 * change cannot put the old value back after it.
 */
export type ExpiringCache<V> = {
  get(key: string): V | undefined
  set(key: string, value: V): void
  /** The kept value, or `read()`'s; a failed read is not kept. */
  load(key: string, read: () => Promise<V>): Promise<V>
  forget(key: string): void
  /** Every value of this member. */
  forgetOwner(ownerId: string): void
  clear(): void
}

export type ExpiringCacheOptions<V> = {
  /** How long a value is kept; 0 keeps nothing (every call reads). */
  ttlMs: number
  /** Past this many values the oldest goes first. */
  maxEntries: number
  /** The member a value belongs to (see forgetOwner). */
  ownerOf: (value: V, key: string) => string
  now?: () => number
}

export function createExpiringCache<V>(options: ExpiringCacheOptions<V>): ExpiringCache<V> {
  const { ttlMs, maxEntries, ownerOf } = options
  const now = options.now ?? Date.now
  const entries = new Map<string, { value: V; until: number }>()
  const reading = new Map<string, Promise<V>>()
  // Bumped by every forget: a read that began under an older generation is not kept.
  let generation = 0
  const dropped = () => {
    generation += 1
    // Callers after a change must not join a read that began before it.
    reading.clear()
  }

  const cache: ExpiringCache<V> = {
    get(key) {
      const entry = entries.get(key)
      if (!entry) return undefined
      if (entry.until <= now()) {
        entries.delete(key)
        return undefined
      }
      return entry.value
    },
    set(key, value) {
      if (ttlMs <= 0) return
      entries.delete(key)
      const at = now()
      entries.set(key, { value, until: at + ttlMs })
      // Maps iterate in insertion order, and every value lives as long: the first entries are the
      // oldest. Expired ones go now rather than when asked for, so memory follows the last moments'
      // traffic, not the most ever seen.
      for (const [oldKey, entry] of entries) {
        if (entry.until > at && entries.size <= maxEntries) break
        entries.delete(oldKey)
      }
    },
    load(key, read) {
      const kept = cache.get(key)
      if (kept !== undefined) return Promise.resolve(kept)
      const pending = reading.get(key)
      if (pending) return pending
      const startedAt = generation
      const promise = read().then(
        (value) => {
          if (reading.get(key) === promise) reading.delete(key)
          if (generation === startedAt) cache.set(key, value)
          return value
        },
        (error: unknown) => {
          if (reading.get(key) === promise) reading.delete(key)
          throw error
        },
      )
      if (ttlMs > 0) reading.set(key, promise)
      return promise
    },
    forget(key) {
      entries.delete(key)
      dropped()
    },
    forgetOwner(ownerId) {
      for (const [key, entry] of entries) if (ownerOf(entry.value, key) === ownerId) entries.delete(key)
      dropped()
    },
    clear() {
      entries.clear()
      dropped()
    },
  }
  return cache
}
