import { and, count, desc, inArray, max, sql } from 'drizzle-orm'
import { type CachedBody, cacheJson } from '#server/catalogue/cached-body.ts'
import { challengeColumns, toChallenge, toChallengeZip } from '#server/catalogue/challenge-rows.ts'
import { classroomOnly } from '#server/classrooms/privacy.ts'
import type { Database } from '#server/db/client.ts'
import { challenges, userChallenges } from '#server/db/schema.ts'
import { withDeadline } from '#server/db/unavailable.ts'
import type { EventBus } from '#server/events/bus.ts'
import type { Logger } from '#server/logger.ts'
import type { Category } from '#shared/categories.ts'
import type { Challenge, ListedChallenge } from '#shared/challenge.ts'

/** Every public catalogue answer, built once per version of the catalogue. */
export type CatalogueSnapshot = {
  /** Newest first, as the list answers. */
  challenges: Challenge[]
  count: CachedBody
  bySlug: Map<string, CachedBody>
  byId: Map<number, CachedBody>
  zipById: Map<number, CachedBody>
  /** Row count and last change: another process's import changes it. */
  signature: string
}

async function readSignature(db: Database): Promise<string> {
  const [row] = await db.select({ rows: count(), changed: max(challenges.updatedAt) }).from(challenges)
  return `${row?.rows ?? 0}:${row?.changed?.toISOString() ?? '-'}`
}

async function buildSnapshot(db: Database): Promise<CatalogueSnapshot> {
  // Read the signature first: a change that lands during the read is seen again at the next check.
  const signature = await readSignature(db)
  const rows = await db
    .select({
      ...challengeColumns,
      zipSize: challenges.zipSize,
      zipEntries: challenges.zipEntries,
      figmaUrl: challenges.figmaUrl,
    })
    .from(challenges)
    .orderBy(desc(challenges.publishedOn), desc(challenges.id))
  const list = rows.map(toChallenge)
  return {
    challenges: list,
    count: cacheJson({ count: list.length }),
    bySlug: new Map(list.map((challenge) => [challenge.slug, cacheJson({ challenge })])),
    byId: new Map(list.map((challenge) => [challenge.id, cacheJson({ challenge })])),
    zipById: new Map(rows.map((row) => [row.id, cacheJson({ zip: toChallengeZip(row) })])),
    signature,
  }
}

/**
 * A list answer: the catalogue's challenges (all, or one category's) with their listed solutions' count
 * (docs/product.md §2). `key` changes when a count does.
 */
export type Listing = { challenges: ListedChallenge[]; body: CachedBody; key: string }

const listed = sql`${userChallenges.passedReviewId} is not null and not ${userChallenges.hidden} and not ${classroomOnly('user_challenges')}`

/**
 * Listed solutions per challenge (a passed review, not hidden: docs/product.md §11; not classroom-only:
 * §13), all of them or those of some challenges, in one query that reads the galleries' partial indexes,
 * and probes each solution's member's classroom memberships.
 */
async function readSolutionCounts(db: Database, challengeIds?: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ challengeId: userChallenges.challengeId, solutions: count() })
    .from(userChallenges)
    .where(challengeIds ? and(listed, inArray(userChallenges.challengeId, challengeIds)) : listed)
    .groupBy(userChallenges.challengeId)
  return new Map(rows.map((row) => [row.challengeId, row.solutions]))
}

/** How long the first list waits for the solution counts before it answers without them. */
export const SOLUTION_COUNTS_WITHIN_MS = 1500

const changeListeners = new WeakMap<Database, Set<() => void>>()

function listingOf(chosen: Challenge[], counts: Map<number, number>, key: string): Listing {
  const listed = chosen.map((challenge) => ({ ...challenge, solutionCount: counts.get(challenge.id) ?? 0 }))
  return { challenges: listed, body: cacheJson({ challenges: listed }), key }
}

/**
 * Keeps the lists' solution counts (docs/product.md §2) with the events that change which solutions are
 * listed (events/bus.ts): a passed review, an admin's hiding or restoring, and its owner's, re-read that
 * challenge's count (one indexed query); a deleted account, whose solutions may be of any challenge, and
 * events missed from the other instances re-read all of them (one grouped query). Both are rare next to
 * the lists' reads, and reading the count again rather than adding one to it stays right when an event
 * comes twice or a change is undone meanwhile. Returns a function that unsubscribes.
 */
export function subscribeSolutionCounts(bus: EventBus, catalogue: Catalogue): () => void {
  const offs = [
    bus.on('review-settled', (event) =>
      event.passed ? catalogue.solutionsChanged(event.challengeId) : undefined,
    ),
    bus.on(['solution-moderated', 'solution-listing-changed'], (event) =>
      catalogue.solutionsChanged(event.challengeId),
    ),
    bus.on(['account-deleted', 'events-missed'], () => catalogue.solutionsChanged(null)),
  ]
  return () => {
    for (const off of offs) off()
  }
}

/** Tells the catalogues of this process that read `db` that it changed (the importer calls it). */
export function notifyCatalogueChanged(db: Database): void {
  for (const listener of changeListeners.get(db) ?? []) listener()
}

export type Catalogue = {
  /** The current answers; after a change, the first caller waits for the rebuild. */
  snapshot(): Promise<CatalogueSnapshot>
  /** The current answers if they are built, without waiting (null while a rebuild is under way). */
  peek(): CatalogueSnapshot | null
  /**
   * The plain list's answer (all, or one category's) from the catalogue built and the counts read,
   * without waiting (made first if a count changed since); null while either is not there or a read of
   * the counts failed, and the app's route answers (fast-path.ts).
   */
  peekListing(category?: Category): CachedBody | null
  /**
   * The list with the solution counts held in memory: no query once they are read. The answer is built
   * and compressed again only when the catalogue or one of its counts changed, so its ETag holds while
   * nothing did.
   */
  listing(category?: Category): Promise<Listing>
  /**
   * Which solutions are listed changed (docs/product.md §2, §11): one challenge's (its id), or any
   * (`null`). Reads those counts again, off the request path (subscribeSolutionCounts calls it on the
   * events that change them); resolves once the lists show them, or the read failed.
   */
  solutionsChanged(challengeId: number | null): Promise<void>
  /** Resolves once every read of the counts asked for so far has ended: the lists show its result. */
  settled(): Promise<void>
  /** Another instance changed the catalogue (or may have): rebuilds now, in the background. */
  refresh(): void
  stop(): void
}

/** How often the signature is checked when nothing tells this process of imports elsewhere. */
const CATALOGUE_CHECK_MS = 1000
/**
 * With PostgreSQL notices (db/events.ts) an import elsewhere is heard at once, and the listener asks
 * for a rebuild after any gap in which notices may have been lost; the check is left for changes made
 * without the importer (SQL by hand, an older version's import), which may take a few seconds.
 */
export const CATALOGUE_CHECK_WITH_NOTICES_MS = 10_000

/**
 * The challenge catalogue served from memory. It changes only on import, so every answer is built
 * and compressed once per change. An import in this process rebuilds it at once; an import by another
 * process (on PostgreSQL) is announced by a notice (`refresh()`, wired in app.ts), and in any case
 * noticed by a cheap signature check at most every `checkEveryMs`, run in the background so no
 * request waits for it. The lists add each challenge's count of listed solutions, read at the first
 * list and then kept by the events that change them (`solutionsChanged`, subscribeSolutionCounts).
 */
export function createCatalogue(
  db: Database,
  options: { log?: Logger; checkEveryMs?: number } = {},
): Catalogue {
  const checkEveryMs = options.checkEveryMs ?? CATALOGUE_CHECK_MS
  let current: Promise<CatalogueSnapshot> | null = null
  /** `current` once it has resolved: what peek() can hand out without waiting. */
  let built: CatalogueSnapshot | null = null
  let lastCheck = Date.now()
  let checking = false

  /** The last snapshot built: what the catalogue keeps answering with when a rebuild fails. */
  let lastBuilt: CatalogueSnapshot | null = null

  const rebuild = () => {
    const fallback = lastBuilt
    // A failed build (the database away) is not kept: the catalogue stays up with the last one built
    // (docs/product.md §8), and its signature check builds it again once the database answers if it
    // changed meanwhile; with none built yet, the next request tries again.
    const next = buildSnapshot(db).catch((error: unknown) => {
      if (!fallback) throw error
      options.log?.warn('the catalogue could not be rebuilt; it answers with the last one built', {
        error: error instanceof Error ? error.message : String(error),
      })
      return fallback
    })
    next.then(
      (snapshot) => {
        if (current !== next) return
        built = snapshot
        lastBuilt = snapshot
      },
      () => {
        if (current === next) current = null
      },
    )
    current = next
    built = null
    lastCheck = Date.now()
    return next
  }

  const checkInBackground = (snapshot: CatalogueSnapshot) => {
    if (checking || Date.now() - lastCheck < checkEveryMs) return
    checking = true
    lastCheck = Date.now()
    readSignature(db)
      .then((signature) => {
        if (signature !== snapshot.signature) return rebuild().then(() => undefined)
      })
      .catch((error: Error) => options.log?.debug('catalogue check failed', { error: error.message }))
      .finally(() => {
        checking = false
      })
  }

  const listener = () => {
    current = null
    built = null
  }
  let listeners = changeListeners.get(db)
  if (!listeners) {
    listeners = new Set()
    changeListeners.set(db, listeners)
  }
  listeners.add(listener)

  /** The last listing per category ('' for all), with the snapshot and counts it was made from. */
  const listings = new Map<string, { snapshot: CatalogueSnapshot; version: number; listing: Listing }>()

  /**
   * The listed solutions per challenge, read once at the first list and then kept by the events that
   * change them (subscribeSolutionCounts), so that serving a list runs no query (docs/decisions/005).
   * Null before the first read; while the database is away the lists show the last ones read
   * (docs/product.md §8).
   */
  let counts: Map<number, number> | null = null
  /** Moves on with every change of `counts`: a listing made from an older version is checked again. */
  let countsVersion = 0
  /** A read failed: changes of the meantime are unknown, so the next list asks for all of them again. */
  let countsStale = false
  /** What is to be read again: every count (`all`), or those of some challenges. */
  const pending = { all: false, challengeIds: new Set<number>() }
  /** The reads under way; one at a time, each taking everything asked for until it starts. */
  let reading: Promise<void> | null = null

  /**
   * Reads what is pending until nothing is. A change heard while a read runs is read after it, so the
   * last read of a challenge always starts after its last change committed (events are told then).
   */
  const readPending = async () => {
    try {
      for (;;) {
        const all = pending.all || counts === null
        const challengeIds = [...pending.challengeIds]
        pending.all = false
        pending.challengeIds.clear()
        if (!all && challengeIds.length === 0) return
        try {
          const read = await readSolutionCounts(db, all ? undefined : challengeIds)
          if (all || counts === null) {
            counts = read
            countsStale = false
          } else {
            for (const id of challengeIds) {
              const solutions = read.get(id)
              if (solutions) counts.set(id, solutions)
              else counts.delete(id)
            }
          }
          countsVersion += 1
        } catch (error) {
          // What was asked for meanwhile is lost with this read: the next list asks for all again.
          countsStale = true
          pending.all = false
          pending.challengeIds.clear()
          options.log?.warn('solution counts unavailable; the lists show the last ones read', {
            error: error instanceof Error ? error.message : String(error),
          })
          return
        }
      }
    } finally {
      reading = null
    }
  }

  const readAgain = (challengeId: number | null) => {
    if (challengeId === null) pending.all = true
    else pending.challengeIds.add(challengeId)
    reading ??= readPending()
    return reading
  }

  /**
   * The counts in memory. The first list waits for them up to SOLUTION_COUNTS_WITHIN_MS and then
   * answers without them (a zero each); after a failed read, a list asks for all of them again in
   * the background and answers at once with the last ones read: the catalogue stays up through an
   * outage (docs/product.md §8).
   */
  const solutionCounts = async () => {
    if (counts === null) {
      await withDeadline(readAgain(null), SOLUTION_COUNTS_WITHIN_MS).catch((error: Error) =>
        options.log?.warn('solution counts unavailable; the lists show none until they are read', {
          error: error.message,
        }),
      )
    } else if (countsStale) void readAgain(null)
    return counts ?? new Map<number, number>()
  }

  /** The list of `catalogue` with `counts`, made again only when one of them changed since the last. */
  const listingFrom = (catalogue: CatalogueSnapshot, counts: Map<number, number>, category?: Category) => {
    const version = countsVersion
    const last = listings.get(category ?? '')
    if (last && last.snapshot === catalogue && last.version === version) return last.listing
    const chosen = category
      ? catalogue.challenges.filter((challenge) => challenge.category === category)
      : catalogue.challenges
    const key = chosen.map((challenge) => counts.get(challenge.id) ?? 0).join(',')
    // Another challenge's count changed: this list's bytes, and its ETag, stay.
    const listing =
      last && last.snapshot === catalogue && last.listing.key === key
        ? last.listing
        : listingOf(chosen, counts, key)
    listings.set(category ?? '', { snapshot: catalogue, version, listing })
    return listing
  }

  const snapshot = async () => {
    const snapshot = await (current ?? rebuild())
    checkInBackground(snapshot)
    return snapshot
  }

  return {
    snapshot,
    async listing(category) {
      const [catalogue, counts] = await Promise.all([snapshot(), solutionCounts()])
      return listingFrom(catalogue, counts, category)
    },
    peekListing(category) {
      if (!built || counts === null || countsStale) return null
      checkInBackground(built)
      return listingFrom(built, counts, category).body
    },
    solutionsChanged: readAgain,
    settled: () => reading ?? Promise.resolve(),
    peek() {
      if (built) checkInBackground(built)
      return built
    },
    refresh() {
      // Rejections are handled inside rebuild(): a failed build is simply not kept.
      void rebuild()
    },
    stop() {
      changeListeners.get(db)?.delete(listener)
    },
  }
}
