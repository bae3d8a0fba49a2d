import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { importCatalogue } from '#server/content/import.ts'
import { jobs, submissionReviews, userChallenges, users } from '#server/db/schema.ts'
import { createEventBus } from '#server/events/bus.ts'
import { createJobQueue, type Job } from '#server/jobs/queue.ts'
import {
  createRecheckHandler,
  enqueueDueRechecks,
  RECHECK_JOB_KIND,
  RECHECK_WORKERS,
  recordLinkCheck,
  startLinkRechecks,
} from '#server/jobs/recheck.ts'
import { createLogger } from '#server/logger.ts'
import { checkLink, type LinkChecker, type LinkCheckResult } from '#server/review/link-check.ts'
import { settleListing } from '#server/solutions/listing.ts'
import type { Challenge } from '#shared/challenge.ts'
import { createTestApp } from '#tests/support/app.ts'
import { browser, signIn } from '#tests/support/auth.ts'
import { insertChallengeRows } from '#tests/support/challenge-rows.ts'
import { temporaryDir, writeChallengeFolder } from '#tests/support/content-fixtures.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'

const silent = createLogger('silent')
const HOUR = 60 * 60 * 1000

/** Polls `condition` every 20 ms; false after `ms`, so a test that waits always ends. */
async function waitFor(condition: () => Promise<boolean> | boolean, ms = 10_000): Promise<boolean> {
  const deadline = Date.now() + ms
  while (!(await condition())) {
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return true
}

/** A member's site on 127.0.0.1 whose answer the test sets: 200 or 404. */
async function startSite() {
  let status = 404
  let requests = 0
  const server = http.createServer((_req, res) => {
    requests += 1
    res.writeHead(status).end()
  })
  server.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/project`,
    answer: (next: number) => {
      status = next
    },
    requests: () => requests,
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

describe.each(TEST_DATABASES)('dead-link re-checks on %s', (kind) => {
  let database: TestDatabase
  let site: Awaited<ReturnType<typeof startSite>>
  let challengeIds: number[]
  let userId: string

  /** The real plain-HTTP check, allowed to reach the stand-in site on loopback. */
  const realCheck: LinkChecker = (url, options) => checkLink(url, { allowLoopback: true, ...options })

  const addSubmission = async (
    values: { status?: 'ongoing' | 'completed'; url?: string; checkedAt?: Date | null } = {},
  ) => {
    const challengeId = challengeIds.shift()
    if (challengeId === undefined) throw new Error('the test ran out of challenge rows')
    const [row] = await database.db
      .insert(userChallenges)
      .values({
        userId,
        challengeId,
        status: values.status ?? 'completed',
        completedAt: values.status === 'ongoing' ? null : new Date('2026-11-01T00:00:00Z'),
        challengeLive: values.url ?? site.url,
      })
      .returning({ id: userChallenges.id })
    if (!row) throw new Error('no row')
    // A completed submission's public address is its passed review's (docs/product.md §11); one with no
    // address has none (work completed before reviews decided, whose re-review has not passed yet).
    const url = values.url ?? site.url
    if (values.status !== 'ongoing' && url.trim() !== '') await passAt(row.id, url)
    // Set after the pass, which starts the new public address's record clean.
    await database.db
      .update(userChallenges)
      .set({ linkCheckedAt: values.checkedAt ?? null })
      .where(eq(userChallenges.id, row.id))
    return row.id
  }
  /** A review of submission `id` at `url` passes: its address becomes the public one, as a worker settles it. */
  const passAt = async (id: number, url: string) => {
    await database.db
      .insert(submissionReviews)
      .values({ userChallengeId: id, status: 'passed', requestedUrl: url, finishedAt: new Date() })
    await settleListing(database.db, id)
  }
  const linkOf = async (id: number) => {
    const [row] = await database.db
      .select({
        status: userChallenges.linkStatus,
        failures: userChallenges.linkFailures,
        firstFailureAt: userChallenges.linkFirstFailureAt,
        checkedAt: userChallenges.linkCheckedAt,
        lastError: userChallenges.linkLastError,
      })
      .from(userChallenges)
      .where(eq(userChallenges.id, id))
    return row
  }
  /** Runs one re-check job of submission `id` as a worker would, with the clock at `at`. */
  const recheckAt = async (id: number, at: string, check: LinkChecker = realCheck) => {
    const handle = createRecheckHandler({ db: database.db, check, log: silent, now: () => new Date(at) })
    await handle({ id: 0, payload: { userChallengeId: id } } as Job, {
      signal: new AbortController().signal,
    })
  }
  const recheckJobs = () =>
    database.db
      .select({ key: jobs.dedupeKey, status: jobs.status, payload: jobs.payload })
      .from(jobs)
      .where(eq(jobs.kind, RECHECK_JOB_KIND))
      .orderBy(jobs.id)

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    site = await startSite()
    const [user] = await database.db
      .insert(users)
      .values({ githubId: 424242, username: 'link-owner' })
      .returning({ id: users.id })
    userId = user?.id ?? ''
  })
  afterAll(async () => {
    await site?.close()
    await database?.drop()
  })
  beforeEach(async () => {
    await database.db.delete(userChallenges)
    await database.db.delete(jobs)
    challengeIds = (await insertChallengeRows(database.db, 12, `Recheck ${kind}`)).map((c) => c.id)
    site.answer(404)
  })

  it("tells which member's submission it checked, so their profile is read again, and no one for a skipped row", async () => {
    const checked: string[] = []
    const events = createEventBus(silent)
    events.on('link-checked', (event) => {
      checked.push(event.userId)
    })
    const handle = createRecheckHandler({
      db: database.db,
      check: realCheck,
      log: silent,
      now: () => new Date('2026-11-29T12:00:00Z'),
      events,
    })
    const run = (userChallengeId: number) =>
      handle({ id: 0, payload: { userChallengeId } } as Job, { signal: new AbortController().signal })
    await run(await addSubmission())
    expect(checked).toEqual([userId])
    await run(await addSubmission({ status: 'ongoing' }))
    expect(checked).toEqual([userId])
  })

  describe('the offline rule', () => {
    it('marks a site offline after two 404s a day apart', async () => {
      const id = await addSubmission()
      // Sunday of one ISO week, then Monday of the next: each week's check, 24 hours apart.
      await recheckAt(id, '2026-11-29T12:00:00Z')
      expect(await linkOf(id)).toEqual({
        status: 'live',
        failures: 1,
        firstFailureAt: new Date('2026-11-29T12:00:00Z'),
        checkedAt: new Date('2026-11-29T12:00:00Z'),
        lastError: 'The site answered 404 (Not Found).',
      })
      await recheckAt(id, '2026-11-30T12:00:00Z')
      expect(await linkOf(id)).toEqual({
        status: 'offline',
        failures: 2,
        firstFailureAt: new Date('2026-11-29T12:00:00Z'),
        checkedAt: new Date('2026-11-30T12:00:00Z'),
        lastError: 'The site answered 404 (Not Found).',
      })
      // HEAD and GET each time: the site really was asked, twice.
      expect(site.requests()).toBeGreaterThanOrEqual(4)
    })

    it('keeps a site live after two 404s less than 24 hours apart', async () => {
      const id = await addSubmission()
      await recheckAt(id, '2026-11-29T13:00:00Z')
      await recheckAt(id, '2026-11-30T12:59:59Z')
      expect(await linkOf(id)).toMatchObject({
        status: 'live',
        failures: 2,
        firstFailureAt: new Date('2026-11-29T13:00:00Z'),
      })
      // The third failure, more than a day after the first of the streak, is the one.
      await recheckAt(id, '2026-12-07T09:00:00Z')
      expect(await linkOf(id)).toMatchObject({ status: 'offline', failures: 3 })
    })

    it('puts a site back to live after a failure and then a success', async () => {
      const id = await addSubmission()
      await recheckAt(id, '2026-11-29T12:00:00Z')
      site.answer(200)
      await recheckAt(id, '2026-11-30T12:00:00Z')
      expect(await linkOf(id)).toEqual({
        status: 'live',
        failures: 0,
        firstFailureAt: null,
        checkedAt: new Date('2026-11-30T12:00:00Z'),
        lastError: null,
      })
    })

    it('puts an offline site back to live after one success, and starts a new streak after it', async () => {
      const id = await addSubmission()
      const fail: LinkCheckResult = { ok: false, reason: 'The site answered 500.', status: 500 }
      const at = (iso: string) => ({ userChallengeId: id, url: site.url, now: new Date(iso) })
      await recordLinkCheck(database.db, { ...at('2026-11-01T00:00:00Z'), result: fail })
      await recordLinkCheck(database.db, { ...at('2026-11-09T00:00:00Z'), result: fail })
      expect((await linkOf(id))?.status).toBe('offline')
      const ok: LinkCheckResult = { ok: true, status: 200, finalUrl: site.url }
      await recordLinkCheck(database.db, { ...at('2026-11-16T00:00:00Z'), result: ok })
      expect(await linkOf(id)).toMatchObject({ status: 'live', failures: 0, firstFailureAt: null })
      await recordLinkCheck(database.db, { ...at('2026-11-23T00:00:00Z'), result: fail })
      expect(await linkOf(id)).toMatchObject({
        status: 'live',
        failures: 1,
        firstFailureAt: new Date('2026-11-23T00:00:00Z'),
      })
    })

    it('drops a result for an address a newly passed review replaced while it was being checked', async () => {
      const id = await addSubmission()
      const newUrl = 'https://link-owner.github.io/new-project'
      const passDuringCheck: LinkChecker = async () => {
        await passAt(id, newUrl)
        return { ok: false, reason: 'The site answered 404 (Not Found).', status: 404 }
      }
      await recheckAt(id, '2026-11-29T12:00:00Z', passDuringCheck)
      expect(await linkOf(id)).toMatchObject({
        status: 'live',
        failures: 0,
        checkedAt: null,
        lastError: null,
      })
    })

    it('never writes an older result over a newer one', async () => {
      const id = await addSubmission()
      const ok: LinkCheckResult = { ok: true, status: 200, finalUrl: site.url }
      const fail: LinkCheckResult = { ok: false, reason: 'The site answered 404 (Not Found).', status: 404 }
      expect(
        await recordLinkCheck(database.db, {
          userChallengeId: id,
          url: site.url,
          result: ok,
          now: new Date('2026-11-30T00:00:00Z'),
        }),
      ).toBe(true)
      expect(
        await recordLinkCheck(database.db, {
          userChallengeId: id,
          url: site.url,
          result: fail,
          now: new Date('2026-11-29T00:00:00Z'),
        }),
      ).toBe(false)
      expect(await linkOf(id)).toMatchObject({ failures: 0, checkedAt: new Date('2026-11-30T00:00:00Z') })
    })

    it('checks nothing for a submission that is not due: ongoing, without a public address, or checked this week', async () => {
      let calls = 0
      const counting: LinkChecker = async (url) => {
        calls += 1
        return { ok: true, status: 200, finalUrl: url }
      }
      const ongoing = await addSubmission({ status: 'ongoing' })
      const blank = await addSubmission({ url: ' ' })
      const fresh = await addSubmission({ checkedAt: new Date('2026-11-30T08:00:00Z') })
      for (const id of [ongoing, blank, fresh, 999_999]) await recheckAt(id, '2026-12-02T00:00:00Z', counting)
      expect(calls).toBe(0)
      const due = await addSubmission({ checkedAt: new Date('2026-11-29T08:00:00Z') })
      await recheckAt(due, '2026-12-02T00:00:00Z', counting)
      expect(calls).toBe(1)
    })
  })

  describe('the scheduler', () => {
    const queue = () => createJobQueue(database.db)

    it('queues one re-check per completed submission with a public address and week, with a week-scoped dedupe key', async () => {
      const now = new Date('2026-11-25T10:00:00Z')
      const never = await addSubmission()
      const lastWeek = await addSubmission({ checkedAt: new Date('2026-11-22T23:59:59Z') })
      const thisWeek = await addSubmission({ checkedAt: new Date('2026-11-23T00:00:00Z') })
      await addSubmission({ status: 'ongoing', url: site.url })
      await addSubmission({ url: ' ' })
      await addSubmission({ url: '' })

      expect(await enqueueDueRechecks(database.db, queue(), { now })).toBe(2)
      const queued = await recheckJobs()
      expect(queued.map((j) => j.key).sort()).toEqual(
        [`recheck:2026-W48:${never}`, `recheck:2026-W48:${lastWeek}`].sort(),
      )
      expect(queued.map((j) => j.payload)).toEqual(
        expect.arrayContaining([{ userChallengeId: never }, { userChallengeId: lastWeek }]),
      )

      // Later ticks of the same week queue nothing more, whether the jobs still wait or have run.
      expect(await enqueueDueRechecks(database.db, queue(), { now: new Date('2026-11-26T10:00:00Z') })).toBe(
        0,
      )
      const ok: LinkCheckResult = { ok: true, status: 200, finalUrl: site.url }
      for (const id of [never, lastWeek])
        await recordLinkCheck(database.db, { userChallengeId: id, url: site.url, result: ok, now })
      await database.db.update(jobs).set({ status: 'done' }).where(eq(jobs.kind, RECHECK_JOB_KIND))
      expect(await enqueueDueRechecks(database.db, queue(), { now: new Date('2026-11-29T23:00:00Z') })).toBe(
        0,
      )
      expect(await recheckJobs()).toHaveLength(2)

      // The next ISO week, each completed one with an address is due again, under that week's key.
      expect(await enqueueDueRechecks(database.db, queue(), { now: new Date('2026-11-30T00:00:01Z') })).toBe(
        3,
      )
      const next = (await recheckJobs()).filter((j) => j.status === 'queued').map((j) => j.key)
      expect(next.sort()).toEqual([never, lastWeek, thisWeek].map((id) => `recheck:2026-W49:${id}`).sort())
    })

    it('queues one job when two processes tick at once', async () => {
      await addSubmission()
      await addSubmission()
      const now = new Date('2026-11-25T10:00:00Z')
      await Promise.all([
        enqueueDueRechecks(database.db, queue(), { now }),
        enqueueDueRechecks(database.db, queue(), { now }),
      ])
      expect(await recheckJobs()).toHaveLength(2)
    })

    it('queues in bounded batches, and not beyond the backlog limit', async () => {
      for (let i = 0; i < 7; i += 1) await addSubmission()
      const now = new Date('2026-11-25T10:00:00Z')
      expect(await enqueueDueRechecks(database.db, queue(), { now, batchSize: 3, maxQueued: 5 })).toBe(3)
      // The next batch moves on to submissions not queued yet, up to the limit.
      expect(await enqueueDueRechecks(database.db, queue(), { now, batchSize: 3, maxQueued: 5 })).toBe(2)
      expect(await enqueueDueRechecks(database.db, queue(), { now, batchSize: 3, maxQueued: 5 })).toBe(0)
      const keys = (await recheckJobs()).map((j) => j.key)
      expect(new Set(keys).size).toBe(5)
    })
  })

  it(`runs ${RECHECK_WORKERS} re-checks at a time, at most, until every due one is done`, async () => {
    const total = 10
    const ids: number[] = []
    for (let i = 0; i < total; i += 1) ids.push(await addSubmission())
    let inFlight = 0
    let peak = 0
    const waiting: (() => void)[] = []
    const held: LinkChecker = async (url) => {
      inFlight += 1
      peak = Math.max(peak, inFlight)
      await new Promise<void>((resolve) => waiting.push(resolve))
      inFlight -= 1
      return { ok: true, status: 200, finalUrl: url }
    }
    const rechecks = startLinkRechecks({
      db: database.db,
      queue: createJobQueue(database.db),
      log: silent,
      check: held,
      // Ticks only when the test says so.
      firstTickMs: 60 * HOUR,
      tickMs: 60 * HOUR,
      pollMs: 20,
    })
    try {
      expect(await rechecks.tick()).toBe(total)
      expect(await waitFor(() => inFlight === RECHECK_WORKERS)).toBe(true)
      // Each check that ends lets exactly one more start.
      let finished = 0
      while (finished < total) {
        expect(await waitFor(() => waiting.length > 0)).toBe(true)
        waiting.shift()?.()
        finished += 1
        const stillQueued = total - finished - inFlight
        if (stillQueued > 0) expect(await waitFor(() => inFlight === RECHECK_WORKERS)).toBe(true)
      }
      const allChecked = async () => {
        const rows = await database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(userChallenges)
          .where(
            and(eq(userChallenges.status, 'completed'), sql`${userChallenges.linkCheckedAt} is not null`),
          )
        return Number(rows[0]?.n) === total
      }
      expect(await waitFor(allChecked)).toBe(true)
      expect(await waitFor(async () => (await recheckJobs()).every((j) => j.status === 'done'))).toBe(true)
      expect(peak).toBe(RECHECK_WORKERS)
    } finally {
      for (const release of waiting) release()
      await rechecks.stop()
    }
  })

  it('shows the result in the API: linkStatus on the member list and the public profile, reset by a new address', async () => {
    const contentDir = await temporaryDir()
    await writeChallengeFolder(contentDir, { title: `Link Status ${kind}`, date: '2026-10-01' })
    const t = await createTestApp(database)
    await importCatalogue({ db: database.db, storage: t.storage, contentDir })
    const list = (await (await t.app.request('/api/challenges')).json()).challenges as Challenge[]
    const challenge = list.find((c) => c.title === `Link Status ${kind}`) as Challenge
    const member = browser(t.app)
    const login = `status-${kind}`
    await signIn(member, { login })
    await member.send('POST', `/api/me/challenges/${challenge.id}/start`)
    const liveUrl = `https://${login}.github.io/project`
    expect((await member.send('POST', `/api/me/challenges/${challenge.id}/submit`, { liveUrl })).status).toBe(
      200,
    )
    // The submission is completed, and so re-checked, once its review passed (docs/product.md §10).
    await t.runReviews()
    const [row] = await database.db
      .select({ id: userChallenges.id })
      .from(userChallenges)
      .where(eq(userChallenges.challengeLive, liveUrl))
    const id = row?.id ?? 0

    const linkStatuses = async () => {
      const mine = await (await member.get('/api/me/challenges?status=completed')).json()
      const profile = await (await browser(t.app).get(`/api/users/${login}`)).json()
      return {
        mine: mine.challenges.map((c: { linkStatus: string; ownership: string }) => [
          c.linkStatus,
          c.ownership,
        ]),
        profile: profile.submissions.map((s: { linkStatus: string; ownership: string }) => [
          s.linkStatus,
          s.ownership,
        ]),
      }
    }
    expect(await linkStatuses()).toEqual({ mine: [['live', 'verified']], profile: [['live', 'verified']] })

    const down: LinkChecker = async () => ({ ok: false, reason: 'The name does not exist.' })
    await recheckAt(id, '2026-11-29T12:00:00Z', down)
    await recheckAt(id, '2026-11-30T12:00:00Z', down)
    expect(await linkStatuses()).toEqual({
      mine: [['offline', 'verified']],
      profile: [['offline', 'verified']],
    })

    // The fix: a new address submitted on the challenge page starts live once its review passed, since
    // only then is it the public one (docs/product.md §11); while it waits, the public one is still offline.
    const fixed = `https://${login}.github.io/project-v2`
    await member.send('POST', `/api/me/challenges/${challenge.id}/submit`, { liveUrl: fixed })
    expect(await linkStatuses()).toEqual({
      mine: [['offline', 'verified']],
      profile: [['offline', 'verified']],
    })
    await t.runReviews()
    expect(await linkStatuses()).toEqual({ mine: [['live', 'verified']], profile: [['live', 'verified']] })
    // The next weekly check is of the new public address.
    const checked: string[] = []
    await recheckAt(id, '2026-12-07T12:00:00Z', async (url) => {
      checked.push(url)
      return { ok: true, status: 200, finalUrl: url }
    })
    expect(checked).toEqual([fixed])
  })
})
