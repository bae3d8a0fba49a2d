import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type Catalogue, createCatalogue } from '#server/catalogue/catalogue.ts'
import { importCatalogue } from '#server/content/import.ts'
import { challenges, userChallenges, users } from '#server/db/schema.ts'
import { createFsStorage } from '#server/storage/fs-storage.ts'
import type { Challenge, ListedChallenge } from '#shared/challenge.ts'
import { createTestApp } from '#tests/support/app.ts'
import { browser, signIn, type TestBrowser } from '#tests/support/auth.ts'
import { temporaryDir, writeChallengeFolder } from '#tests/support/content-fixtures.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'
import {
  countDriverQueries,
  interceptDriverQueries,
  type QueryCounter,
} from '#tests/support/driver-queries.ts'
import { createMember, createReviewedSubmission } from '#tests/support/factories.ts'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

const ADMIN = 'counts-admin'

/**
 * The lists' solution counts (docs/product.md §2) are held in memory: serving a list runs no query, and
 * each change in which solutions are listed (§11: a passed review, not hidden) reaches the next list
 * through the event that tells it (events/bus.ts), with no waiting on a clock.
 */
describe.each(TEST_DATABASES)('the solution counts in memory on %s', (kind) => {
  let database: TestDatabase
  let t: TestApp
  let navbar: Challenge
  let counter: QueryCounter | undefined
  let logins = 0

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    const contentDir = await temporaryDir()
    await writeChallengeFolder(contentDir, {
      title: 'Counted Navbar',
      category: 'navbar',
      date: '2026-10-01',
    })
    await writeChallengeFolder(contentDir, {
      title: 'Counted Footer',
      category: 'footer',
      date: '2026-10-02',
    })
    // The signature check for imports made without the importer runs on its own clock, at most once per
    // interval (catalogue.ts): beyond these tests' length, so that what they count is the requests'.
    t = await createTestApp(database, { ADMIN_GITHUB_LOGINS: ADMIN }, { catalogueCheckEveryMs: 3_600_000 })
    await importCatalogue({ db: database.db, storage: t.storage, contentDir })
    const listed = (await (await t.app.request('/api/challenges')).json()).challenges as Challenge[]
    navbar = listed.find((challenge) => challenge.category === 'navbar') as Challenge
  })
  afterEach(() => {
    counter?.stop()
    counter = undefined
  })
  afterAll(async () => {
    await database?.drop()
  })

  const count = async (path = '/api/challenges') => {
    const listed = (await (await t.app.request(path)).json()).challenges as ListedChallenge[]
    return listed.find((challenge) => challenge.id === navbar.id)?.solutionCount
  }
  const member = async (prefix: string) => {
    logins += 1
    const login = `${prefix}-${logins}`
    const b = browser(t.app)
    await signIn(b, { login })
    return { b, login }
  }
  /** A member whose review of the navbar passed, and that solution's public id. */
  const passedSolution = async (prefix: string) => {
    const { b, login } = await member(prefix)
    await b.send('POST', `/api/me/challenges/${navbar.id}/start`)
    const submitted = await b.send('POST', `/api/me/challenges/${navbar.id}/submit`, {
      liveUrl: `https://${login}.github.io/navbar`,
    })
    expect(submitted.status).toBe(200)
    await t.runReviews()
    const [solution] = await database.db
      .select({ publicId: userChallenges.publicId, status: userChallenges.status })
      .from(userChallenges)
      .innerJoin(users, eq(users.id, userChallenges.userId))
      .where(and(eq(users.username, login), eq(userChallenges.challengeId, navbar.id)))
    expect(solution?.status).toBe('completed')
    return { b, login, publicId: solution?.publicId ?? '' }
  }
  /** The next list after every handler of the change's event has read what it changed. */
  const countAfterEvents = async (path?: string) => {
    await t.catalogue.settled()
    counter = countDriverQueries(database.db)
    const solutions = await count(path)
    // The re-read happened when the event was told, not here.
    expect(counter.statements).toEqual([])
    counter.stop()
    return solutions
  }
  const hide = (b: TestBrowser, publicId: string, hidden: boolean) =>
    b.send('PATCH', `/api/solutions/${publicId}`, { hidden })

  it('serves the unchanged lists, by category and by slug, without a query', async () => {
    const paths = [
      '/api/challenges',
      '/api/challenges?category=navbar',
      `/api/challenges/by-slug/${navbar.slug}`,
    ]
    // The first answers may read the catalogue and the counts.
    const etags = new Map<string, string>()
    for (const path of paths) etags.set(path, (await t.app.request(path)).headers.get('ETag') ?? '')
    counter = countDriverQueries(database.db)
    // The counter sees what the database is asked: a health check asks it.
    expect((await t.app.request('/api/health')).status).toBe(200)
    expect(counter.statements.length).toBeGreaterThan(0)
    counter.stop()

    counter = countDriverQueries(database.db)
    for (let round = 0; round < 3; round += 1) {
      for (const path of paths) {
        const full = await t.app.request(path, { headers: { 'Accept-Encoding': 'br' } })
        expect(full.status).toBe(200)
        expect(full.headers.get('ETag')).toBe(etags.get(path))
        await full.arrayBuffer()
        const revalidated = await t.app.request(path, { headers: { 'If-None-Match': etags.get(path) ?? '' } })
        expect(revalidated.status).toBe(304)
        // Through the node:http server too, as index.ts serves it.
        expect((await (await t.overHttp(path)).arrayBuffer()).byteLength).toBeGreaterThan(0)
      }
    }
    expect(counter.statements).toEqual([])
  })

  it("reads a challenge's gallery page without looking the challenge up, and still answers 404 for an unknown one", async () => {
    await t.app.request('/api/challenges')
    counter = countDriverQueries(database.db)
    const gallery = await t.app.request(`/api/challenges/${navbar.id}/solutions`)
    expect(gallery.status).toBe(200)
    // The page's own query, and no statement that reads the challenges table.
    expect(counter.statements.length).toBeGreaterThan(0)
    expect(counter.statements.filter((statement) => /from "challenges"/i.test(statement))).toEqual([])
    counter.stop()
    const unknown = await t.app.request('/api/challenges/999999/solutions')
    expect(unknown.status).toBe(404)
    expect((await unknown.json()).error.message).toBe('There is no challenge with id 999999.')
  })

  it('counts a passed review in the next list', async () => {
    const before = await count()
    await passedSolution('passes')
    expect(await countAfterEvents()).toBe((before ?? 0) + 1)
    expect(await countAfterEvents('/api/challenges?category=navbar')).toBe((before ?? 0) + 1)
  })

  it("follows its owner's hiding and showing, and an admin's", async () => {
    const { b, publicId } = await passedSolution('hides')
    const listed = await countAfterEvents()
    expect((await hide(b, publicId, true)).status).toBe(200)
    expect(await countAfterEvents()).toBe((listed ?? 0) - 1)
    expect((await hide(b, publicId, false)).status).toBe(200)
    expect(await countAfterEvents()).toBe(listed)

    const admin = browser(t.app)
    await signIn(admin, { login: ADMIN })
    expect((await admin.send('POST', `/api/admin/solutions/${publicId}/hide`, {})).status).toBe(200)
    expect(await countAfterEvents()).toBe((listed ?? 0) - 1)
    expect((await admin.send('POST', `/api/admin/solutions/${publicId}/restore`, {})).status).toBe(200)
    expect(await countAfterEvents()).toBe(listed)
  })

  it('reads every count again when what the other instances told may have been lost', async () => {
    const listed = await countAfterEvents()
    const elsewhere = await createMember(database.db, 'listed-elsewhere')
    if (!elsewhere) throw new Error('the member was not created')
    // As another instance would write it, and its notice lost: nothing here hears of it.
    await createReviewedSubmission(database.db, elsewhere.id, navbar.id, [{ score: 90, at: new Date() }])
    expect(await countAfterEvents()).toBe(listed)
    t.bus.emit({ type: 'events-missed' }, 'another-instance')
    // The catalogue is built again too (app.ts): waited for, so that only the list is counted.
    await t.catalogue.snapshot()
    expect(await countAfterEvents()).toBe((listed ?? 0) + 1)
  })

  it("drops a deleted account's solutions from the next list", async () => {
    const { b, login } = await passedSolution('leaves')
    const listed = await countAfterEvents()
    expect((await b.send('DELETE', '/api/me', { confirm: login })).status).toBe(204)
    expect(await database.db.select().from(users).where(eq(users.username, login))).toEqual([])
    expect(await countAfterEvents()).toBe((listed ?? 0) - 1)
  })
})

/**
 * docs/product.md §8: the lists stay up while the database is away, with the last counts read; when it
 * is back, the counts follow again. The driver is made to fail or wait below Drizzle, as a lost or
 * silent connection does.
 */
describe.each(TEST_DATABASES)('the solution counts while the database is away on %s', (kind) => {
  let database: TestDatabase
  let challengeId: number
  let catalogue: Catalogue | undefined
  let restore: (() => void) | undefined
  let members = 0

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    const contentDir = await temporaryDir()
    await writeChallengeFolder(contentDir, { title: 'Counted Offline' })
    const storage = createFsStorage(join(await temporaryDir(), 'storage'))
    await importCatalogue({ db: database.db, storage, contentDir })
    const [challenge] = await database.db.select({ id: challenges.id }).from(challenges)
    challengeId = challenge?.id ?? 0
  })
  afterEach(() => {
    restore?.()
    restore = undefined
    catalogue?.stop()
    catalogue = undefined
  })
  afterAll(async () => {
    await database?.drop()
  })

  const passedSolution = async () => {
    members += 1
    const member = await createMember(database.db, `offline-${members}`)
    if (!member) throw new Error('the member was not created')
    await createReviewedSubmission(database.db, member.id, challengeId, [{ score: 90, at: new Date() }])
  }
  const countIn = async (from: Catalogue) =>
    (await from.listing()).challenges.find((challenge) => challenge.id === challengeId)?.solutionCount
  const lost = () => Promise.reject(new Error('Connection terminated unexpectedly'))

  it('answers with the last counts while a re-read fails, and follows again once it is back', async () => {
    const open = createCatalogue(database.db, { checkEveryMs: 3_600_000 })
    catalogue = open
    const before = (await countIn(open)) ?? 0
    await passedSolution()
    restore = interceptDriverQueries(database.db, lost)
    await open.solutionsChanged(challengeId)
    expect(await countIn(open)).toBe(before)
    // That list asked for every count again, in the background: it failed too, and the lists stay.
    await open.settled()
    expect(await countIn(open)).toBe(before)
    await open.settled()

    restore()
    restore = undefined
    // Back: the next list still answers at once, and reads everything missed meanwhile.
    expect(await countIn(open)).toBe(before)
    await open.settled()
    expect(await countIn(open)).toBe(before + 1)
  })

  it('keeps answering with the catalogue it has when a rebuild fails', async () => {
    const open = createCatalogue(database.db, { checkEveryMs: 3_600_000 })
    catalogue = open
    const listed = await open.listing()
    const before = await open.snapshot()
    restore = interceptDriverQueries(database.db, lost)
    // Another instance may have imported (a notice, or events missed): rebuilt, and the rebuild fails.
    open.refresh()
    expect(await open.snapshot()).toBe(before)
    expect((await open.listing()).body).toBe(listed.body)
    expect(open.peekListing()).toBe(listed.body)
  })

  it('answers the first list without counts when they do not come within SOLUTION_COUNTS_WITHIN_MS', async () => {
    await passedSolution()
    const open = createCatalogue(database.db, { checkEveryMs: 3_600_000 })
    catalogue = open
    await open.snapshot()
    let fail: (error: Error) => void = () => {}
    // The counts' read waits on a database that does not answer; everything else passes.
    restore = interceptDriverQueries(database.db, (statement) =>
      statement.includes('user_challenges')
        ? new Promise((_, reject) => {
            fail = reject
          })
        : undefined,
    )
    expect(await countIn(open)).toBe(0)
    restore()
    restore = undefined
    fail(new Error('Connection terminated unexpectedly'))
    await open.settled()
    // None read yet: the next list asks again, and waits for them as the first did.
    expect(await countIn(open)).toBeGreaterThan(0)
  })
})
