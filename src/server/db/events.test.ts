import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '#server/app.ts'
import { createCatalogue } from '#server/catalogue/catalogue.ts'
import { importCatalogue } from '#server/content/import.ts'
import { type Database, type DatabaseHandle, openDatabase } from '#server/db/client.ts'
import {
  bridgeClusterEvents,
  type ClusterEvent,
  type ClusterEvents,
  EVENTS_CHANNEL,
  LISTENER_APPLICATION_NAME,
  listenForEvents,
  notifyStatement,
  type Resync,
} from '#server/db/events.ts'
import { challenges, userChallenges, users } from '#server/db/schema.ts'
import { parseEnv } from '#server/env.ts'
import { type AppEvent, createEventBus, type EventSource } from '#server/events/bus.ts'
import { DEFAULT_RATE_LIMITS } from '#server/http/rate-limit.ts'
import { openRateLimitStores } from '#server/http/rate-limit-store.ts'
import { createLogger } from '#server/logger.ts'
import { createFsStorage } from '#server/storage/fs-storage.ts'
import { browser, CookieJar, ORIGIN, signIn } from '#tests/support/auth.ts'
import { insertChallengeRows } from '#tests/support/challenge-rows.ts'
import { temporaryDir, writeChallengeFolder } from '#tests/support/content-fixtures.ts'
import { createTestDatabase, rowsOf, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'
import { createReviewedSubmission } from '#tests/support/factories.ts'

const log = createLogger('silent')
/** The listeners' first reconnect wait in these tests. */
const BACKOFF_MS = 50
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls `check` until it holds or `withinMs` passes; returns how long it took (never waits past it). */
async function within(withinMs: number, check: () => Promise<boolean> | boolean): Promise<number> {
  const started = performance.now()
  for (;;) {
    if (await check()) return performance.now() - started
    if (performance.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`)
    await sleep(20)
  }
}

/** What one instance heard. */
function recorder(events: ClusterEvents) {
  const heard: (ClusterEvent | Resync)[] = []
  events.subscribe((event) => heard.push(event))
  return heard
}

describe('the bridge between the event bus and the other instances', () => {
  /** Stands in for the listener: records what is published, and hands on what the test says was heard. */
  function fakeCluster() {
    const published: ClusterEvent[] = []
    let hear: (event: ClusterEvent | Resync) => void = () => {}
    const cluster: ClusterEvents = {
      publish: async (event) => {
        published.push(event)
      },
      subscribe: (handler) => {
        hear = handler
        return () => {
          hear = () => {}
        }
      },
      ready: async () => {},
      close: async () => {},
    }
    return { cluster, published, hear: (event: ClusterEvent | Resync) => hear(event) }
  }

  it("sends this instance's member changes and ended sessions, and emits what it hears as from another instance without sending it back", () => {
    const bus = createEventBus(log)
    const { cluster, published, hear } = fakeCluster()
    const off = bridgeClusterEvents(bus, cluster)
    const heard: [AppEvent, EventSource][] = []
    bus.on(['member-changed', 'session-ended', 'catalogue-imported', 'events-missed'], (event, source) => {
      heard.push([event, source])
    })
    const userId = '00000000-0000-4000-8000-000000000003'
    const idHash = 'b'.repeat(64)
    bus.emit({ type: 'member-changed', userId })
    bus.emit({ type: 'member-signed-in', userId })
    bus.emit({ type: 'account-deleted', userId })
    bus.emit({ type: 'session-ended', idHash })
    const review = { type: 'review-settled', reviewId: 1, userId, challengeId: 2, passed: false } as const
    bus.emit({ ...review, pointsChanged: false })
    bus.emit({ ...review, pointsChanged: true })
    // Only for this process: nothing another instance keeps shows it at once.
    bus.emit({ type: 'review-progressed' })
    bus.emit({ type: 'comment-helpful-changed', authorId: userId })
    const changed = { type: 'user-changed', userId } as const
    const anyListing = { type: 'listing-changed', challengeId: null } as const
    expect(published).toEqual([
      changed,
      changed,
      changed,
      anyListing,
      { type: 'session-ended', idHash },
      changed,
    ])
    published.length = 0
    hear(changed)
    hear({ type: 'session-ended', idHash })
    hear({ type: 'catalogue-changed' })
    hear({ type: 'resync' })
    expect(heard.slice(2)).toEqual([
      [{ type: 'member-changed', userId }, 'another-instance'],
      [{ type: 'session-ended', idHash }, 'another-instance'],
      [{ type: 'catalogue-imported' }, 'another-instance'],
      [{ type: 'events-missed' }, 'another-instance'],
    ])
    expect(published).toEqual([])
    off()
    bus.emit({ type: 'member-changed', userId })
    hear(changed)
    expect(published).toEqual([])
    expect(heard).toHaveLength(7)
  })
})

describe('the bridge and the lists of solutions', () => {
  it('sends every change in which solutions are listed, and emits what it hears as a listing change', () => {
    const bus = createEventBus(log)
    const published: ClusterEvent[] = []
    let hear: (event: ClusterEvent | Resync) => void = () => {}
    const off = bridgeClusterEvents(bus, {
      publish: async (event) => {
        published.push(event)
      },
      subscribe: (handler) => {
        hear = handler
        return () => {}
      },
      ready: async () => {},
      close: async () => {},
    })
    const heard: [AppEvent, EventSource][] = []
    bus.on('solution-listing-changed', (event, source) => {
      heard.push([event, source])
    })
    const userId = '00000000-0000-4000-8000-000000000004'
    const review = { type: 'review-settled', reviewId: 1, userId, pointsChanged: false } as const
    bus.emit({ ...review, challengeId: 5, passed: true })
    // A failed review lists nothing.
    bus.emit({ ...review, challengeId: 6, passed: false })
    bus.emit({ type: 'solution-moderated', ownerId: userId, challengeId: 7, hidden: true })
    bus.emit({ type: 'solution-listing-changed', challengeId: 8 })
    bus.emit({ type: 'account-deleted', userId })
    // Heard from another instance: never sent back.
    bus.emit({ type: 'solution-listing-changed', challengeId: 9 }, 'another-instance')
    expect(published).toEqual([
      { type: 'listing-changed', challengeId: 5 },
      { type: 'listing-changed', challengeId: 7 },
      { type: 'listing-changed', challengeId: 8 },
      { type: 'user-changed', userId },
      { type: 'listing-changed', challengeId: null },
    ])
    heard.length = 0
    hear({ type: 'listing-changed', challengeId: 10 })
    hear({ type: 'listing-changed', challengeId: null })
    expect(heard).toEqual([
      [{ type: 'solution-listing-changed', challengeId: 10 }, 'another-instance'],
      [{ type: 'solution-listing-changed', challengeId: null }, 'another-instance'],
    ])
    off()
  })
})

// LISTEN/NOTIFY is for several processes on one PostgreSQL server; PGlite has one process.
const POSTGRES = TEST_DATABASES.filter((kind) => kind === 'postgres')

describe.each(POSTGRES)('events between instances on %s', () => {
  let database: TestDatabase
  const open: ClusterEvents[] = []

  beforeAll(async () => {
    database = await createTestDatabase('postgres')
  })
  afterAll(async () => {
    await Promise.all(open.map((events) => events.close()))
    await database?.drop()
  })

  const instance = async () => {
    const events = listenForEvents({ url: database.url ?? '', db: database.db, log, backoffMs: BACKOFF_MS })
    open.push(events)
    await events.ready(5000)
    return events
  }
  const listeners = async () =>
    rowsOf<{ pid: number }>(
      await database.db.execute(
        sql`select pid from pg_stat_activity where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`,
      ),
    )

  it('reach the other instances within a second, and not the one that sent them', async () => {
    const [a, b, c] = [await instance(), await instance(), await instance()]
    const [heardA, heardB, heardC] = [recorder(a), recorder(b), recorder(c)]
    const event: ClusterEvent = { type: 'session-ended', idHash: 'a'.repeat(64) }
    await a.publish(event)
    expect(await within(1000, () => heardB.length > 0 && heardC.length > 0)).toBeLessThan(1000)
    // Another event behind it: once it has arrived, anything sent to A before it would have too.
    await b.publish({ type: 'catalogue-changed' })
    await within(1000, () => heardA.length > 0 && heardC.length > 1)
    expect(heardA).toEqual([{ type: 'catalogue-changed' }])
    expect(heardB).toEqual([event])
    expect(heardC).toEqual([event, { type: 'catalogue-changed' }])
  })

  it('from a transaction, arrive when it commits and never when it rolls back', async () => {
    const [a, b] = [await instance(), await instance()]
    const heard = recorder(b)
    const userId = '00000000-0000-4000-8000-000000000001'
    await database.db
      .transaction(async (tx) => {
        await tx.execute(
          notifyStatement({ type: 'user-changed', userId: '00000000-0000-4000-8000-000000000002' }),
        )
        throw new Error('roll back')
      })
      .catch(() => {})
    // Notices that are not ours (by hand, another version) are ignored, not fatal.
    await database.db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, 'not json')`)
    await database.db.execute(
      sql`select pg_notify(${EVENTS_CHANNEL}, '{"type":"user-changed","userId":"x"}')`,
    )
    await database.db.transaction(async (tx) => {
      await tx.execute(notifyStatement({ type: 'user-changed', userId }))
    })
    await within(1000, () => heard.length > 0)
    await a.publish({ type: 'catalogue-changed' })
    await within(1000, () => heard.length > 1)
    expect(heard).toEqual([{ type: 'user-changed', userId }, { type: 'catalogue-changed' }])
  })

  it('reconnect after the connection is cut, say resync, and hear again', async () => {
    const [a, b] = [await instance(), await instance()]
    const heard = recorder(b)
    const before = await listeners()
    expect(before.length).toBeGreaterThanOrEqual(2)
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`,
    )
    await within(5000, () => heard.some((event) => event.type === 'resync'))
    // A's listener reconnects too: then B hears what A sends.
    await within(5000, async () => (await listeners()).length >= before.length)
    await a.publish({ type: 'catalogue-changed' })
    await within(1000, () => heard.some((event) => event.type === 'catalogue-changed'))
  })

  it('stop listening on close, and do not come back', async () => {
    await Promise.all(open.splice(0).map((events) => events.close()))
    await within(2000, async () => (await listeners()).length === 0)
    // Coming back is a timer: the first reconnect of these listeners is due 50 ms after a drop, the
    // next 100 ms later. Past both, a listener that came back would be listed.
    await sleep(BACKOFF_MS * 6)
    expect(await listeners()).toEqual([])
  })
})

/** An app as index.ts builds one for PostgreSQL, on its own pool: one instance of several. */
async function instanceApp(db: Database, url: string) {
  const dataDir = await temporaryDir('dojo-instance-')
  await mkdir(join(dataDir, 'web'), { recursive: true })
  await writeFile(join(dataDir, 'web', 'index.html'), '<!doctype html><title>Test</title>')
  const events = listenForEvents({ url, db, log })
  await events.ready(5000)
  const stores = openRateLimitStores({ kind: 'database' }, { db, log, deadlineMs: 30_000 })
  const app = createApp({
    env: parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: ORIGIN }),
    db,
    storage: createFsStorage(join(dataDir, 'storage')),
    log,
    webDir: join(dataDir, 'web'),
    rateLimits: { ...DEFAULT_RATE_LIMITS, mutation: { limit: 3, windowMs: 60_000 } },
    rateLimitStore: stores.create,
    cluster: events,
    // Long enough that only a notice explains a change seen within a second.
    catalogue: createCatalogue(db, { log, checkEveryMs: 60_000 }),
    cacheMs: { sessions: 60_000, leaderboard: 0, competitions: 0, members: 60_000 },
  })
  return { app, events, storage: createFsStorage(join(dataDir, 'storage')) }
}

describe.each(POSTGRES)('two app instances on one %s database', () => {
  let database: TestDatabase
  let secondPool: DatabaseHandle
  let a: Awaited<ReturnType<typeof instanceApp>>
  let b: Awaited<ReturnType<typeof instanceApp>>

  beforeAll(async () => {
    database = await createTestDatabase('postgres')
    secondPool = await openDatabase({ kind: 'postgres', url: database.url ?? '' })
    a = await instanceApp(database.db, database.url ?? '')
    b = await instanceApp(secondPool.db, database.url ?? '')
  })
  afterAll(async () => {
    await a?.events.close()
    await b?.events.close()
    await secondPool?.close()
    await database?.drop()
  })

  const me = async (app: typeof a.app, jar: CookieJar) => {
    const response = await browser(app, jar).get('/api/me')
    return {
      status: response.status,
      name: response.status === 200 ? (await response.json()).user.name : null,
    }
  }

  it('share sessions, and a sign-out on one ends it on the other at once', async () => {
    const jar = new CookieJar()
    await signIn(browser(a.app, jar), { login: 'two-instances' })
    expect((await me(b.app, jar)).status).toBe(200)
    // A keeps the session in memory for a minute; only the notice can end it sooner.
    expect((await me(a.app, jar)).status).toBe(200)
    const copy = new CookieJar()
    for (const [name, value] of jar.cookies) copy.cookies.set(name, value)
    expect((await browser(b.app, jar).send('POST', '/auth/sign-out')).status).toBe(204)
    expect(await within(1000, async () => (await me(a.app, copy)).status === 401)).toBeLessThan(1000)
  })

  it('drop a member kept in memory when the other changes their row', async () => {
    const jar = new CookieJar()
    await signIn(browser(a.app, jar), { login: 'renamed-elsewhere' })
    const publicName = async () =>
      (await (await b.app.request('/api/users/renamed-elsewhere')).json()).profile.name as string | null
    // B keeps the session and the public profile for a minute; only the notice can drop them sooner.
    expect((await me(b.app, jar)).name).not.toBe('New Name')
    expect(await publicName()).not.toBe('New Name')
    const update = { name: 'New Name', bio: '', linkedinUrl: '', githubUrl: '' }
    expect((await browser(a.app, jar).send('PATCH', '/api/me/profile', update)).status).toBe(200)
    await within(1000, async () => (await me(b.app, jar)).name === 'New Name')
    await within(1000, async () => (await publicName()) === 'New Name')
  })

  it('count a rate limit across both', async () => {
    const jar = new CookieJar()
    await signIn(browser(a.app, jar), { login: 'limited-twice' })
    const update = { name: 'Limited', bio: '', linkedinUrl: '', githubUrl: '' }
    const statuses: number[] = []
    for (const app of [a.app, b.app, a.app, b.app, a.app])
      statuses.push((await browser(app, jar).send('PATCH', '/api/me/profile', update)).status)
    expect(statuses).toEqual([200, 200, 200, 429, 429])
  })

  it('see an import made through the other within a second', async () => {
    const contentDir = await temporaryDir()
    await writeChallengeFolder(contentDir, { title: 'Before The Import' })
    await importCatalogue({ db: database.db, storage: a.storage, contentDir })
    const titles = async () =>
      ((await (await b.app.request('/api/challenges')).json()).challenges as { title: string }[]).map(
        (challenge) => challenge.title,
      )
    await within(1000, async () => (await titles()).includes('Before The Import'))
    await writeChallengeFolder(contentDir, { title: 'After The Import' })
    // Through A's pool: B's catalogue hears of it only by the notice (its check is a minute away).
    await importCatalogue({ db: database.db, storage: a.storage, contentDir })
    expect(await within(1000, async () => (await titles()).includes('After The Import'))).toBeLessThan(1000)
  })

  it("show an owner's hiding or showing on one in the other's lists", async () => {
    const contentDir = await temporaryDir()
    await writeChallengeFolder(contentDir, { title: 'Counted On Both' })
    await importCatalogue({ db: database.db, storage: a.storage, contentDir })
    const solutions = async () =>
      (
        (await (await b.app.request('/api/challenges')).json()).challenges as {
          title: string
          solutionCount: number
        }[]
      ).find((challenge) => challenge.title === 'Counted On Both')?.solutionCount
    await within(1000, async () => (await solutions()) === 0)
    const [challenge] = await database.db
      .select({ id: challenges.id })
      .from(challenges)
      .where(eq(challenges.title, 'Counted On Both'))
    const jar = new CookieJar()
    await signIn(browser(a.app, jar), { login: 'counted-twice' })
    const [member] = await database.db.select().from(users).where(eq(users.username, 'counted-twice'))
    // A passed solution its owner had hidden: in no list yet.
    const solution = await createReviewedSubmission(database.db, member?.id ?? '', challenge?.id ?? 0, [
      { score: 90, at: new Date() },
    ])
    await database.db.update(userChallenges).set({ hidden: true }).where(eq(userChallenges.id, solution.id))
    const show = (hidden: boolean) =>
      browser(a.app, jar).send('PATCH', `/api/solutions/${solution.publicId}`, { hidden })
    // Shown and hidden through A: B reads its count again only when A's notice tells it to.
    expect((await show(false)).status).toBe(200)
    await within(1000, async () => (await solutions()) === 1)
    expect((await show(true)).status).toBe(200)
    await within(1000, async () => (await solutions()) === 0)
  })

  it("drop a member's dashboard kept in memory when they start a challenge on the other", async () => {
    const [challenge] = await insertChallengeRows(database.db, 1)
    const jar = new CookieJar()
    await signIn(browser(a.app, jar), { login: 'started-elsewhere' })
    const ongoing = async () => (await (await browser(b.app, jar).get('/api/me/dashboard')).json()).ongoing
    expect(await ongoing()).toBe(0)
    const started = await browser(a.app, jar).send('POST', `/api/me/challenges/${challenge?.id}/start`)
    expect(started.status).toBe(200)
    await within(1000, async () => (await ongoing()) === 1)
  })
})

describe.each(TEST_DATABASES)('an import on %s', (kind) => {
  it('commits its notice with its rows, and this process sees it at once', async () => {
    const database = await createTestDatabase(kind)
    try {
      const catalogue = createCatalogue(database.db, { log, checkEveryMs: 60_000 })
      expect((await catalogue.snapshot()).challenges).toEqual([])
      const contentDir = await temporaryDir()
      await writeChallengeFolder(contentDir, { title: 'Heard At Once' })
      const storage = createFsStorage(join(await temporaryDir(), 'storage'))
      await importCatalogue({ db: database.db, storage, contentDir })
      expect((await catalogue.snapshot()).challenges.map((c) => c.title)).toEqual(['Heard At Once'])
      catalogue.stop()
    } finally {
      await database.drop()
    }
  })
})
