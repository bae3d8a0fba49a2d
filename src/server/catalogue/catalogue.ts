import { count, desc, max, sql } from 'drizzle-orm'
import { type CachedBody, cacheJson } from '#server/catalogue/cached-body.ts'
import { challengeColumns, toChallenge, toChallengeZip } from '#server/catalogue/challenge-rows.ts'
import type { Database } from '#server/db/client.ts'
import { challenges, userChallenges } from '#server/db/schema.ts'
import { withDeadline } from '#server/db/unavailable.ts'
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

/**
 * Listed solutions per challenge (a passed review, not hidden: docs/product.md §11), in one query that
 * reads the galleries' partial index only.
 */
async function readSolutionCounts(db: Database): Promise<Map<number, number>> {
  const rows = await db
    .select({ challengeId: userChallenges.challengeId, solutions: count() })
    .from(userChallenges)
    .where(sql`${userChallenges.passedReviewId} is not null and not ${userChallenges.hidden}`)
    .groupBy(userChallenges.challengeId)
  return new Map(rows.map((row) => [row.challengeId, row.solutions]))
}

/** How long a list waits for its solution counts before it shows the last ones read. */
export const SOLUTION_COUNTS_WITHIN_MS = 1500

const changeListeners = new WeakMap<Database, Set<() => void>>()

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
   * The list with the current solution counts (one query). The answer is built and compressed again
   * only when the catalogue or a count changed, so its ETag holds while nothing did.
   */
  listing(category?: Category): Promise<Listing>
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
 * request waits for it.
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

  const rebuild = () => {
    const next = buildSnapshot(db)
    // A failed build (the database away) is not kept: the next request tries again.
    next.then(
      (snapshot) => {
        if (current === next) built = snapshot
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

  /** The last listing per category ('' for all), with the snapshot it was made from. */
  const listings = new Map<string, { snapshot: CatalogueSnapshot; listing: Listing }>()
  /** The counts last read: what the lists show while the database is away. */
  let lastCounts = new Map<number, number>()

  /**
   * The current counts, or, when the database does not answer within SOLUTION_COUNTS_WITHIN_MS, the
   * last ones read (none before the first): the catalogue stays up through an outage (docs/product.md §8).
   */
  const solutionCounts = async () => {
    try {
      lastCounts = await withDeadline(readSolutionCounts(db), SOLUTION_COUNTS_WITHIN_MS)
    } catch (error) {
      options.log?.warn('solution counts unavailable; the lists show the last ones read', {
        error: error instanceof Error ? error.message : String(error),
      })
    }
    return lastCounts
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
      const chosen = category
        ? catalogue.challenges.filter((challenge) => challenge.category === category)
        : catalogue.challenges
      const key = chosen.map((challenge) => counts.get(challenge.id) ?? 0).join(',')
      const last = listings.get(category ?? '')
      if (last && last.snapshot === catalogue && last.listing.key === key) return last.listing
      const listed = chosen.map((challenge) => ({
        ...challenge,
        solutionCount: counts.get(challenge.id) ?? 0,
      }))
      const listing = { challenges: listed, body: cacheJson({ challenges: listed }), key }
      listings.set(category ?? '', { snapshot: catalogue, listing })
      return listing
    },
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
