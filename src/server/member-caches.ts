import type { CachedBody } from '#server/catalogue/cached-body.ts'
import type { EventBus } from '#server/events/bus.ts'
import { createExpiringCache, type ExpiringCache } from '#server/http/expiring-cache.ts'
import type { FeedbackState } from '#shared/member.ts'

/**
 * How long a member's dashboard counts and a public profile are kept in memory. Every change this
 * process makes drops what it touched at once (`subscribeMemberCaches`), and other instances hear of a
 * member's changes (`member-changed`, db/events.ts); this bounds what no notice covers (a review finished by another
 * process, a change made by hand), as the session cache does.
 */
export const MEMBER_CACHE_TTL_MS = 2000
/** Counts are a few bytes each. */
const MAX_DASHBOARDS = 10_000
/** A profile's answer is up to tens of kilobytes (three encodings): a crawler cannot fill memory with them. */
const MAX_PROFILES = 1000

export type DashboardCounts = { ongoing: number; completed: number; feedback: FeedbackState }

/** A public profile's answer, built once, and the member it shows. */
export type CachedProfile = { userId: string; body: CachedBody }

export type MemberCaches = {
  /** Ongoing and completed counts and where feedback stands, by member id. */
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
  const forgetUser = (userId: string) => {
    dashboards.forgetOwner(userId)
    profiles.forgetOwner(userId)
  }
  return {
    dashboards,
    profiles,
    forgetUser,
    profilesChanged: () => profiles.clear(),
    clear() {
      dashboards.clear()
      profiles.clear()
    },
  }
}

/**
 * What each event changed of a member's dashboard or of the public profiles: the member's own entries,
 * or every profile when it may show on others' (a review's status, a badge, a username moved aside).
 */
export function subscribeMemberCaches(bus: Pick<EventBus, 'on'>, caches: MemberCaches): void {
  const forgetWithProfiles = (userId: string) => {
    caches.forgetUser(userId)
    caches.profilesChanged()
  }
  bus.on(['member-changed', 'link-checked'], (event) => caches.forgetUser(event.userId))
  bus.on(['member-signed-in', 'account-deleted'], (event) => forgetWithProfiles(event.userId))
  bus.on('comment-helpful-changed', (event) => forgetWithProfiles(event.authorId))
  bus.on('comment-deleted', (event) => {
    // A helpful comment leaves its author's profile count.
    if (event.wasHelpful) forgetWithProfiles(event.authorId)
  })
  bus.on('solution-moderated', (event) => forgetWithProfiles(event.ownerId))
  bus.on(['review-progressed', 'competitions-closed'], () => caches.profilesChanged())
  bus.on('review-settled', (event) => {
    caches.profilesChanged()
    if (event.pointsChanged) caches.forgetUser(event.userId)
  })
  // Profiles show challenges' titles and images; a removed challenge leaves dashboards' counts.
  bus.on(['catalogue-imported', 'events-missed'], () => caches.clear())
}
