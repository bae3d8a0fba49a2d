import type { CachedBody } from '#server/catalogue/cached-body.ts'
import { createExpiringCache, type ExpiringCache } from '#server/http/expiring-cache.ts'

/**
 * How long a member's dashboard counts and a public profile are kept in memory. Every change this
 * process makes drops what it touched at once, and other instances hear of a member's changes
 * (`user-changed`, db/events.ts); this bounds what no notice covers (a review finished by another
 * process, a change made by hand), as the session cache does.
 */
export const MEMBER_CACHE_TTL_MS = 2000
/** Counts are a few bytes each. */
const MAX_DASHBOARDS = 10_000
/** A profile's answer is up to tens of kilobytes (three encodings): a crawler cannot fill memory with them. */
const MAX_PROFILES = 1000

export type DashboardCounts = { ongoing: number; completed: number }

/** A public profile's answer, built once, and the member it shows. */
export type CachedProfile = { userId: string; body: CachedBody }

export type MemberCaches = {
  /** Ongoing and completed counts, by member id. */
  dashboards: ExpiringCache<DashboardCounts>
  /** `GET /api/users/:username` answers, by username. */
  profiles: ExpiringCache<CachedProfile>
  /** The member's row, progress or badges changed. */
  forgetUser(userId: string): void
  /**
   * Something every profile may show changed without a member of ours in hand: a review's status or
   * score, a link check's verdict, a competition's badges, a username moved aside. Profiles are read
   * again; dashboards do not show these.
   */
  profilesChanged(): void
  /** Anything may have changed (the catalogue, notices missed while the listener was away). */
  clear(): void
  /**
   * Work outside a request changed a member's points or completed challenges (a review that passed):
   * these caches drop them, and so does every listener (the app's session cache and leaderboard).
   */
  memberChanged(userId: string): void
  onMemberChanged(listener: (userId: string) => void): void
}

export function createMemberCaches(options: { ttlMs?: number } = {}): MemberCaches {
  const ttlMs = options.ttlMs ?? MEMBER_CACHE_TTL_MS
  const dashboards = createExpiringCache<DashboardCounts>({
    ttlMs,
    maxEntries: MAX_DASHBOARDS,
    ownerOf: (_counts, userId) => userId,
  })
  const profiles = createExpiringCache<CachedProfile>({
    ttlMs,
    maxEntries: MAX_PROFILES,
    ownerOf: (profile) => profile.userId,
  })
  const listeners: Array<(userId: string) => void> = []
  const forgetUser = (userId: string) => {
    dashboards.forgetOwner(userId)
    profiles.forgetOwner(userId)
  }
  return {
    dashboards,
    profiles,
    forgetUser,
    memberChanged(userId) {
      forgetUser(userId)
      for (const listener of listeners) listener(userId)
    },
    onMemberChanged(listener) {
      listeners.push(listener)
    },
    profilesChanged: () => profiles.clear(),
    clear() {
      dashboards.clear()
      profiles.clear()
    },
  }
}
