import { randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { HonoConfigType, Store } from 'hono-rate-limiter'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '#server/app.ts'
import { type DatabaseHandle, openDatabase } from '#server/db/client.ts'
import { rateLimits } from '#server/db/schema.ts'
import { parseEnv, type RateLimitStoreConfig } from '#server/env.ts'
import { removeExpiredRows } from '#server/housekeeping.ts'
import { DEFAULT_RATE_LIMITS } from '#server/http/rate-limit.ts'
import { FailOpenStore, openRateLimitStores, type RateLimitStores } from '#server/http/rate-limit-store.ts'
import type { Logger } from '#server/logger.ts'
import { createFsStorage } from '#server/storage/fs-storage.ts'
import { browser, ORIGIN } from '#tests/support/auth.ts'
import { temporaryDir } from '#tests/support/content-fixtures.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'
import { testRedisUrl } from '#tests/support/requirements.ts'

/** A logger that keeps its warnings: a shared store that quietly fell back to memory must show. */
function recordingLog() {
  const warnings: string[] = []
  const log: Logger = { debug() {}, info() {}, warn: (message) => warnings.push(message), error() {} }
  return { log, warnings }
}

const init = (store: Store | undefined, windowMs: number): Store => {
  if (!store) throw new Error('expected a shared store')
  store.init?.({ windowMs } as HonoConfigType)
  return store
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The shared stores, each seen from two instances: two connection pools on one PostgreSQL database,
 * two Redis clients (TEST_REDIS_URL), or one PGlite (a single process, but the same counting).
 */
const redisUrl = testRedisUrl()
const SHARED_KINDS = [...TEST_DATABASES, ...(redisUrl ? (['redis'] as const) : [])]

describe.each(SHARED_KINDS)('the shared rate-limit store on %s', (kind) => {
  let database: TestDatabase
  let second: DatabaseHandle | undefined
  const instances: RateLimitStores[] = []
  const recorded = recordingLog()

  beforeAll(async () => {
    database = await createTestDatabase(kind === 'postgres' ? 'postgres' : 'pglite')
    if (kind === 'postgres') second = await openDatabase({ kind: 'postgres', url: database.url ?? '' })
    const config: RateLimitStoreConfig =
      kind === 'redis' ? { kind: 'redis', url: redisUrl ?? '' } : { kind: 'database' }
    for (const db of [database.db, second?.db ?? database.db]) {
      // A loaded machine must not push a hit past the deadline into memory: these tests are about counting.
      const stores = openRateLimitStores(config, { db, log: recorded.log, deadlineMs: 30_000 })
      await stores.ready(5000)
      instances.push(stores)
    }
  })
  afterAll(async () => {
    await Promise.all(instances.map((stores) => stores.close()))
    await second?.close()
    await database?.drop()
  })

  const pair = (windowMs: number) => instances.map((stores) => init(stores.create(), windowMs))

  it('counts N parallel hits from two instances exactly N', async () => {
    const [a, b] = pair(60_000)
    const key = `test:parallel:${randomUUID()}`
    const hits = await Promise.all(
      Array.from({ length: 40 }, (_, i) => ((i % 2 === 0 ? a : b) as Store).increment(key)),
    )
    // Each hit saw the count before it: 1..40, none twice, whichever instance it went through.
    expect(hits.map((hit) => hit.totalHits).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    )
    expect((await a?.get?.(key))?.totalHits).toBe(40)
    expect((await b?.get?.(key))?.totalHits).toBe(40)
    // Not one of them was counted in memory instead.
    expect(recorded.warnings).toEqual([])
  })

  it('keeps keys apart and starts a new window once the old one is over', async () => {
    const [a, b] = pair(600) as [Store, Store]
    const key = `test:window:${randomUUID()}`
    const other = `test:window:${randomUUID()}`
    const first = await a.increment(key)
    expect((await b.increment(key)).totalHits).toBe(2)
    expect((await b.increment(other)).totalHits).toBe(1)
    const resetsIn = (first.resetTime?.getTime() ?? 0) - Date.now()
    expect(resetsIn).toBeGreaterThan(0)
    expect(resetsIn).toBeLessThanOrEqual(700)
    await sleep(resetsIn + 150)
    const again = await a.increment(key)
    expect(again.totalHits).toBe(1)
    expect(again.resetTime?.getTime() ?? 0).toBeGreaterThan(Date.now())
    expect(recorded.warnings).toEqual([])
  })

  it('never counts below zero, and starts over after resetKey', async () => {
    const [a, b] = pair(60_000) as [Store, Store]
    const key = `test:decrement:${randomUUID()}`
    await a.increment(key)
    await b.increment(key)
    for (let i = 0; i < 3; i++) await b.decrement(key)
    expect((await a.increment(key)).totalHits).toBe(1)
    await a.increment(key)
    await b.resetKey(key)
    expect((await a.increment(key)).totalHits).toBe(1)
    expect(recorded.warnings).toEqual([])
  })

  if (kind !== 'redis') {
    it('lets housekeeping remove the counts whose window is over', async () => {
      await database.db.delete(rateLimits)
      const now = Date.now()
      await database.db.insert(rateLimits).values([
        { key: 'over', windowStart: new Date(now - 120_000), resetsAt: new Date(now - 60_000), count: 5 },
        { key: 'running', windowStart: new Date(now - 1000), resetsAt: new Date(now + 59_000), count: 2 },
      ])
      await removeExpiredRows(database.db)
      const left = await database.db.select({ key: rateLimits.key }).from(rateLimits)
      expect(left).toEqual([{ key: 'running' }])
    })
  }
})

describe('a shared store that fails', () => {
  const failing: Store = {
    increment: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')),
    decrement: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')),
    resetKey: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')),
  }

  it('counts in this process instead, and says so once', async () => {
    const recorded = recordingLog()
    const store = init(new FailOpenStore(failing, { log: recorded.log, what: 'test store' }), 60_000)
    const counts: number[] = []
    for (let i = 0; i < 4; i++) counts.push((await store.increment('member')).totalHits)
    expect(counts).toEqual([1, 2, 3, 4])
    await store.decrement('member')
    expect((await store.increment('member')).totalHits).toBe(4)
    expect(recorded.warnings).toEqual([
      'the rate-limit store failed: counting in this process until it answers',
    ])
    store.shutdown?.()
  })

  it('counts in memory at once while Redis cannot be reached, and closes without waiting for it', async () => {
    const recorded = recordingLog()
    // Nothing listens on port 1: every connection attempt is refused, and retried in the background.
    const stores = openRateLimitStores(
      { kind: 'redis', url: 'redis://127.0.0.1:1' },
      { log: recorded.log, db: {} as never },
    )
    await expect(stores.ready(300)).rejects.toThrow()
    const store = init(stores.create(), 60_000)
    const started = performance.now()
    const counts: number[] = []
    for (let i = 0; i < 3; i++) counts.push((await store.increment('member')).totalHits)
    expect(counts).toEqual([1, 2, 3])
    expect(performance.now() - started).toBeLessThan(1000)
    expect(recorded.warnings).toContain(
      'the rate-limit store failed: counting in this process until it answers',
    )
    const closing = performance.now()
    await stores.close()
    expect(performance.now() - closing).toBeLessThan(1000)
    store.shutdown?.()
  })

  it('does not hold a request for a store that never answers', async () => {
    const hanging: Store = { ...failing, increment: () => new Promise(() => {}) }
    const store = init(
      new FailOpenStore(hanging, { log: recordingLog().log, what: 'test store', deadlineMs: 150 }),
      60_000,
    )
    const started = performance.now()
    expect((await store.increment('member')).totalHits).toBe(1)
    expect(performance.now() - started).toBeLessThan(1000)
    store.shutdown?.()
  })
})

describe.each(TEST_DATABASES)('rate limits on %s while the database is away', (kind) => {
  it('answer as usual, never 500, and still limit in this process', async () => {
    const database = await createTestDatabase(kind)
    const dataDir = await temporaryDir('dojo-rate-limit-')
    await mkdir(join(dataDir, 'web'), { recursive: true })
    await writeFile(join(dataDir, 'web', 'index.html'), '<!doctype html><title>Test</title>')
    const log = recordingLog().log
    const stores = openRateLimitStores({ kind: 'database' }, { db: database.db, log })
    const app = createApp({
      env: parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: ORIGIN }),
      db: database.db,
      storage: createFsStorage(join(dataDir, 'storage')),
      log,
      webDir: join(dataDir, 'web'),
      rateLimits: { ...DEFAULT_RATE_LIMITS, mutation: { limit: 2, windowMs: 60_000 } },
      rateLimitStore: stores.create,
      cacheMs: { sessions: 0, leaderboard: 0, competitions: 0, members: 0 },
    })
    const visitor = browser(app)
    // Signing out without a session needs no database: only the rate limit does.
    expect((await visitor.send('POST', '/auth/sign-out')).status).toBe(204)
    const [row] = await database.db.select({ count: rateLimits.count }).from(rateLimits)
    expect(row?.count).toBe(1)
    await database.drop()
    const statuses: number[] = []
    for (let i = 0; i < 3; i++) statuses.push((await visitor.send('POST', '/auth/sign-out')).status)
    // Counted in memory from here: the limit of 2 still holds in this process.
    expect(statuses).toEqual([204, 204, 429])
  })
})
