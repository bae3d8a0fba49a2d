import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { eq, sql, sum } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { pointsLedger, userChallenges, users } from '#server/db/schema.ts'
import { readLeaderboard } from '#server/leaderboard/leaderboard.ts'
import { PROJECT_ROOT } from '#server/project-root.ts'
import type { Challenge } from '#shared/challenge.ts'
import { type createTestApp, createTestAppWithCatalogue } from '#tests/support/app.ts'
import { browser, signIn, type TestBrowser } from '#tests/support/auth.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'
import { createMember } from '#tests/support/factories.ts'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

/** Monday 2026-03-30 12:00 UTC: the week began at 00:00 today, the month on Sunday 1 March. */
const NOW = new Date('2026-03-30T12:00:00Z')
const WEEK_START = new Date('2026-03-30T00:00:00Z')
const MONTH_START = new Date('2026-03-01T00:00:00Z')

describe.each(TEST_DATABASES)('the points ledger on %s', (kind) => {
  let database: TestDatabase
  let t: TestApp
  let catalogue: Challenge[]

  const ledgerOf = async (userId: string) =>
    database.db.select().from(pointsLedger).where(eq(pointsLedger.userId, userId))
  const userRow = async (username: string) => {
    const [row] = await database.db.select().from(users).where(eq(users.username, username))
    if (!row) throw new Error(`no member ${username}`)
    return row
  }
  const newMember = (login: string) => createMember(database.db, login)
  const submit = (b: TestBrowser, challenge: Challenge, liveUrl: string) =>
    b.send('POST', `/api/me/challenges/${challenge.id}/submit`, { liveUrl })

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    const app = await createTestAppWithCatalogue(database, 'Ledger')
    t = app.t
    catalogue = app.catalogue
  })
  beforeEach(async () => {
    await database.db.delete(pointsLedger)
    await database.db.delete(userChallenges)
    await database.db.update(users).set({ points: 0, submission: 0 })
  })
  afterAll(async () => {
    await database?.drop()
  })

  it('writes one award per challenge when its first review passes; later passes add none, and points are the ledger sum', async () => {
    const b = browser(t.app)
    await signIn(b, { login: 'ledger-one' })
    const [first, second] = catalogue as [Challenge, Challenge]
    for (const challenge of [first, second]) await b.send('POST', `/api/me/challenges/${challenge.id}/start`)

    const answers = [
      await submit(b, first, 'https://ledger-one.github.io/a'),
      await submit(b, first, 'https://ledger-one.github.io/b'),
      await submit(b, first, 'https://ledger-one.github.io/a'),
      await submit(b, second, 'https://ledger-one.github.io/c'),
    ]
    // A submit awards nothing (docs/product.md §4): the points follow the review.
    const bodies = await Promise.all(answers.map((r) => r.json()))
    expect(bodies.map((body) => [body.review.status, 'pointsAwarded' in body])).toEqual(
      Array(4).fill(['queued', false]),
    )
    expect(await ledgerOf((await userRow('ledger-one')).id)).toEqual([])

    await t.runReviews()
    const reviewed = async (challenge: Challenge) =>
      (await (await b.get(`/api/me/challenges/${challenge.id}/reviews`)).json()).reviews
        .map((r: { status: string; pointsAwarded: number }) => [r.status, r.pointsAwarded])
        .reverse()
    expect(await reviewed(first)).toEqual([
      ['passed', 10],
      ['passed', 0],
      ['passed', 0],
    ])
    expect(await reviewed(second)).toEqual([['passed', 10]])

    const member = await userRow('ledger-one')
    const rows = await ledgerOf(member.id)
    expect(rows.map((row) => [row.reason, row.reference, row.points]).sort()).toEqual(
      [
        ['challenge_completed', String(first.id), 10],
        ['challenge_completed', String(second.id), 10],
      ].sort(),
    )
    expect(rows.every((row) => row.userChallengeId !== null)).toBe(true)
    expect(member.points).toBe(20)
    expect(member.submission).toBe(2)
  })

  it('refuses a second identical award in the database itself', async () => {
    const member = await newMember('ledger-dup')
    const award = { userId: member.id, reason: 'challenge_completed', reference: '1', points: 10 }
    await database.db.insert(pointsLedger).values(award)
    await expect(database.db.insert(pointsLedger).values(award)).rejects.toThrow()
    expect(await ledgerOf(member.id)).toHaveLength(1)
  })

  it('refuses a positive withdrawal, a negative award and an unknown reason in the database itself', async () => {
    const member = await newMember('ledger-signs')
    const entry = (reason: string, points: number) => ({ userId: member.id, reason, reference: '1', points })
    await expect(database.db.insert(pointsLedger).values(entry('challenge_withdrawn', 10))).rejects.toThrow()
    await expect(database.db.insert(pointsLedger).values(entry('challenge_completed', -10))).rejects.toThrow()
    await expect(database.db.insert(pointsLedger).values(entry('challenge_recompleted', 0))).rejects.toThrow()
    await expect(database.db.insert(pointsLedger).values(entry('gift', 10))).rejects.toThrow()
    await database.db.insert(pointsLedger).values(entry('challenge_withdrawn', -10))
    await database.db.insert(pointsLedger).values(entry('challenge_recompleted', 10))
    expect(await ledgerOf(member.id)).toHaveLength(2)
  })

  it('writes an award for every completion made before the ledger (the migration)', async () => {
    const member = await newMember('ledger-old')
    const [first, second, third] = catalogue as [Challenge, Challenge, Challenge]
    await database.db.insert(userChallenges).values([
      { userId: member.id, challengeId: first.id, status: 'completed', points: 10, completedAt: WEEK_START },
      {
        userId: member.id,
        challengeId: second.id,
        status: 'completed',
        points: 10,
        completedAt: MONTH_START,
      },
      { userId: member.id, challengeId: third.id, status: 'ongoing', points: 0 },
    ])
    const migration = await readFile(join(PROJECT_ROOT, 'drizzle', '0005_points_ledger.sql'), 'utf8')
    const backfill = migration.split('--> statement-breakpoint').at(-1) ?? ''
    expect(backfill).toContain('INSERT INTO "points_ledger"')
    await database.db.execute(sql.raw(backfill))
    // Running it again changes nothing.
    await database.db.execute(sql.raw(backfill))

    const rows = await ledgerOf(member.id)
    expect(rows.map((row) => [row.reference, row.points, row.createdAt.toISOString()]).sort()).toEqual(
      [
        [String(first.id), 10, WEEK_START.toISOString()],
        [String(second.id), 10, MONTH_START.toISOString()],
      ].sort(),
    )
  })

  describe('period leaderboards', () => {
    /** Awards at given instants, straight into the ledger, each for its own reference. */
    let references = 0
    const award = async (userId: string, points: number, at: Date, reference?: string) => {
      references += 1
      await database.db.insert(pointsLedger).values({
        userId,
        reason: 'challenge_completed',
        reference: reference ?? `p${references}`,
        points,
        createdAt: at,
      })
    }
    /** The upgrade's failed re-review taking a challenge's points back (outcome.ts). */
    const withdraw = async (userId: string, reference: string, at: Date) => {
      await database.db.insert(pointsLedger).values({
        userId,
        reason: 'challenge_withdrawn',
        reference,
        points: -10,
        createdAt: at,
      })
    }
    const names = async (period: 'week' | 'month' | 'all') =>
      (await readLeaderboard(database.db, period, NOW)).map((e) => [e.rank, e.username, e.points])

    it('counts the awards from Monday 00:00 UTC for the week and from the 1st for the month', async () => {
      const [ana, ben, cal] = [await newMember('ana'), await newMember('ben'), await newMember('cal')]
      await award(ana.id, 10, WEEK_START) // this week, the first instant of it
      await award(ben.id, 10, new Date(WEEK_START.getTime() - 1)) // Sunday 23:59:59.999: last week
      await award(ben.id, 10, new Date('2026-03-15T10:00:00Z')) // this month
      await award(cal.id, 10, new Date(MONTH_START.getTime() - 1)) // February
      await award(cal.id, 10, new Date('2026-02-10T10:00:00Z'))

      expect(await names('week')).toEqual([[1, 'ana', 10]])
      expect(await names('month')).toEqual([
        [1, 'ben', 20],
        [2, 'ana', 10],
      ])
    })

    it('orders like the all-time board: points, then completed count, then username; ties share a rank', async () => {
      const [dee, eve, fay, gus] = [
        await newMember('dee'),
        await newMember('eve'),
        await newMember('fay'),
        await newMember('gus'),
      ]
      const at = new Date('2026-03-30T08:00:00Z')
      await award(dee.id, 10, at)
      await award(dee.id, 10, at)
      await award(eve.id, 10, at)
      await award(eve.id, 10, at)
      await award(fay.id, 20, at) // as many points in one award: fewer completions ranks lower
      await award(gus.id, 30, at)
      expect(await names('week')).toEqual([
        [1, 'gus', 30],
        [2, 'dee', 20],
        [2, 'eve', 20],
        [4, 'fay', 20],
      ])
    })

    it('agrees with the ledger summed by hand, and counts a withdrawal as one completion less', async () => {
      const [keeper, loser] = [await newMember('keeper'), await newMember('loser')]
      const at = new Date('2026-03-20T08:00:00Z')
      await award(keeper.id, 10, at)
      await award(loser.id, 10, at, 'kept')
      await award(loser.id, 10, at, 'withdrawn')
      await award(loser.id, 10, new Date('2026-03-21T08:00:00Z'), 'third')
      await withdraw(loser.id, 'withdrawn', WEEK_START)

      const sums = await database.db
        .select({ userId: pointsLedger.userId, points: sum(pointsLedger.points).mapWith(Number) })
        .from(pointsLedger)
        .where(sql`${pointsLedger.createdAt} >= ${MONTH_START.toISOString()}::timestamptz`)
        .groupBy(pointsLedger.userId)
      const byHand = new Map(sums.map((row) => [row.userId, row.points]))
      const board = await readLeaderboard(database.db, 'month', NOW)
      expect(board.map((e) => [e.username, e.points, e.submission])).toEqual([
        ['loser', byHand.get(loser.id), 2],
        ['keeper', byHand.get(keeper.id), 1],
      ])
      expect(byHand.get(loser.id)).toBe(20)
      // This week holds only the withdrawal: a negative sum is not on the board.
      expect(await names('week')).toEqual([])
    })

    it('answers ?period= over the API, and refuses an unknown one', async () => {
      const viewer = browser(t.app)
      await signIn(viewer, { login: 'period-viewer' })
      const member = await newMember('this-week')
      await award(member.id, 10, new Date())
      const week = await (await viewer.get('/api/leaderboard?period=week')).json()
      expect(week.entries.map((e: { username: string }) => e.username)).toEqual(['this-week'])
      expect(week.top.username).toBe('this-week')
      const month = await (await viewer.get('/api/leaderboard?period=month')).json()
      expect(month.entries.map((e: { username: string }) => e.username)).toEqual(['this-week'])
      const bad = await viewer.get('/api/leaderboard?period=year')
      expect(bad.status).toBe(400)
      expect((await bad.json()).error.message).toMatch(/week, month or all/)
    })
  })
})
