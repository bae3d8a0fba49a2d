import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createApp } from '#server/app.ts'
import { createCatalogue } from '#server/catalogue/catalogue.ts'
import { serverFastPath } from '#server/catalogue/fast-path.ts'
import { importCatalogue } from '#server/content/import.ts'
import { parseEnv } from '#server/env.ts'
import { createEventBus } from '#server/events/bus.ts'
import { DEFAULT_RATE_LIMITS, type RateLimits } from '#server/http/rate-limit.ts'
import { openRateLimitStores } from '#server/http/rate-limit-store.ts'
import { securityHeadersFor } from '#server/http/security-headers.ts'
import { createJobQueue } from '#server/jobs/queue.ts'
import { createLogger } from '#server/logger.ts'
import type { ReviewCaptureDeps } from '#server/review/pipeline.ts'
import { createReviewService } from '#server/review/service.ts'
import { CATALOGUE_CACHING } from '#server/routes/challenges.ts'
import { openStorage } from '#server/storage/open.ts'
import type { Challenge, ListedChallenge } from '#shared/challenge.ts'
import { ORIGIN } from '#tests/support/auth.ts'
import { temporaryDir, writeChallengeFolder } from '#tests/support/content-fixtures.ts'
import type { TestDatabase } from '#tests/support/databases.ts'
import { serveOverHttp } from '#tests/support/http-server.ts'
import { checkAnswersAgainstDocument } from '#tests/support/openapi-check.ts'
import { runQueuedReviews, standInSites } from '#tests/support/stand-in-sites.ts'

export const TEST_INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>Test app</title></head><body><div id="root"></div></body></html>'

/** Tests that are not about rate limits must not trip them. */
export const GENEROUS_LIMITS: RateLimits = {
  signIn: { ...DEFAULT_RATE_LIMITS.signIn, limit: 10_000 },
  mutation: { ...DEFAULT_RATE_LIMITS.mutation, limit: 10_000 },
}

/** The real app, in-process, on a test database, a temporary data folder and a stand-in built web app. */
export async function createTestApp(
  database: TestDatabase,
  envOverrides: Record<string, string> = {},
  options: {
    rateLimits?: RateLimits
    cacheMs?: { sessions?: number; leaderboard?: number; competitions?: number; members?: number }
    /**
     * A browser for the reviews; without it, stand-in sites (stand-in-sites.ts, `sites` in the answer)
     * that runQueuedReviews reviews without a browser.
     */
    reviewCapture?: ReviewCaptureDeps
    /** Where rate limits count: each limiter's memory by default, or the database's `rate_limits` table. */
    rateLimitStore?: 'memory' | 'database'
    /** How often the catalogue checks for imports made without the importer (catalogue.ts). */
    catalogueCheckEveryMs?: number
  } = {},
) {
  const dataDir = await temporaryDir('dojo-app-')
  const webDir = join(dataDir, 'web')
  await mkdir(join(webDir, 'assets'), { recursive: true })
  await writeFile(join(webDir, 'index.html'), TEST_INDEX_HTML)
  await writeFile(join(webDir, 'robots.txt'), 'User-agent: *\nAllow: /\n')
  await writeFile(join(webDir, 'assets', 'app-abc123.js'), 'console.log("app")\n'.repeat(200))
  // Requests go to ORIGIN (http://localhost), so that is the address people open.
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: ORIGIN,
    ...envOverrides,
  })
  // The data folder's storage/, or the bucket that a STORAGE_URL override names.
  const storage = await openStorage(env.storage, dataDir)
  const log = createLogger('silent')
  // Tests change rows behind the app's back and expect to see it at once; the caches have their own
  // tests (cache.test.ts).
  const cacheMs = options.cacheMs ?? { sessions: 0, leaderboard: 0, competitions: 0, members: 0 }
  // As index.ts wires them: the reviews tell the app's caches what they change.
  const bus = createEventBus(log)
  // Its own, so that tests can await the counts it reads after an event (`catalogue.settled()`).
  const catalogue = createCatalogue(database.db, {
    log,
    ...(options.catalogueCheckEveryMs === undefined ? {} : { checkEveryMs: options.catalogueCheckEveryMs }),
  })
  const standIn = standInSites()
  const reviews = createReviewService({
    db: database.db,
    storage,
    queue: createJobQueue(database.db),
    log,
    events: bus,
    capture: options.reviewCapture ?? standIn.capture,
    lookup: standIn.lookup,
  })
  const app = createApp({
    env,
    db: database.db,
    storage,
    log,
    webDir,
    rateLimits: options.rateLimits ?? GENEROUS_LIMITS,
    ...(options.rateLimitStore === 'database'
      ? { rateLimitStore: openRateLimitStores({ kind: 'database' }, { db: database.db, log }).create }
      : {}),
    cacheMs,
    bus,
    catalogue,
    reviews,
  })
  // Every answer the tests receive is held to the OpenAPI document (docs/product.md §7).
  await checkAnswersAgainstDocument(app)
  let served: ReturnType<typeof serveOverHttp> | undefined
  /**
   * A request through the real HTTP server, for what it adds: security headers, compression, and the
   * catalogue's fast path before the app, as index.ts builds it from the catalogue of the first request.
   */
  const overHttp = async (path: string, init?: RequestInit) => {
    served ??= (async () => {
      const headers = securityHeadersFor(env)
      const fastPath = await serverFastPath(app, catalogue, CATALOGUE_CACHING, headers)
      return serveOverHttp(app, headers, fastPath)
    })()
    return (await served).request(path, init)
  }
  /** Runs the reviews queued so far to their end (passed or failed). */
  const runReviews = () => runQueuedReviews(reviews)
  return {
    app,
    env,
    storage,
    dataDir,
    reviews,
    log,
    bus,
    catalogue,
    overHttp,
    sites: standIn.sites,
    /** Names that do not resolve: "Review again" of an address there is refused (request.ts). */
    missingNames: standIn.missingNames,
    runReviews,
  }
}

/**
 * The app on `database` with a catalogue of three challenges (navbar, footer, then hero as the newest),
 * titled `${prefix} navbar` and so on. Returns the app and the catalogue as the API lists it.
 */
export async function createTestAppWithCatalogue(
  database: TestDatabase,
  prefix: string,
  envOverrides: Record<string, string> = {},
) {
  const contentDir = await temporaryDir()
  for (const [i, category] of (['navbar', 'footer', 'hero'] as const).entries()) {
    await writeChallengeFolder(contentDir, {
      title: `${prefix} ${category}`,
      category,
      date: `2026-10-0${i + 1}`,
    })
  }
  const t = await createTestApp(database, envOverrides)
  await importCatalogue({ db: database.db, storage: t.storage, contentDir })
  // The list adds each challenge's solution count; every other answer names a challenge without it.
  const listed: ListedChallenge[] = (await (await t.app.request('/api/challenges')).json()).challenges
  const catalogue: Challenge[] = listed.map(({ solutionCount: _count, ...challenge }) => challenge)
  return { t, catalogue, contentDir }
}
