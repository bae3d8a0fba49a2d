import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assignments, classroomMembers, classrooms, pointsLedger, users } from '#server/db/schema.ts'
import { ALL_TIME_READ, readLeaderboard } from '#server/leaderboard/leaderboard.ts'
import type { Challenge } from '#shared/challenge.ts'
import { LEADERBOARD_SIZE } from '#shared/constants.ts'
import { createTestAppWithCatalogue } from '#tests/support/app.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'
import { createMember } from '#tests/support/factories.ts'

/** Monday 2026-03-30 12:00 UTC, as in the ledger's tests. */
const NOW = new Date('2026-03-30T12:00:00Z')
const THIS_WEEK = new Date('2026-03-30T08:00:00Z')

/**
 * The public leaderboards leave out the points of classroom-only work (docs/product.md §13): a
 * student's award for a challenge their private classroom assigns counts on the classroom's board
 * only, and counts everywhere again once the classroom makes its solutions public.
 */
describe.each(TEST_DATABASES)('the public leaderboards and classroom-only points on %s', (kind) => {
  let database: TestDatabase
  let catalogue: Challenge[]
  let classroomId: string

  /** An award straight into the ledger, with the member's totals kept as the ledger's sum. */
  const award = async (userId: string, challenge: Challenge | string, points = 10, at = THIS_WEEK) => {
    const reference = typeof challenge === 'string' ? challenge : String(challenge.id)
    await database.db.insert(pointsLedger).values({
      userId,
      reason: 'challenge_completed',
      reference,
      points,
      createdAt: at,
    })
    await database.db
      .update(users)
      .set({ points: sql`${users.points} + ${points}`, submission: sql`${users.submission} + 1` })
      .where(eq(users.id, userId))
  }
  const student = (userId: string, inClassroom = classroomId) =>
    database.db.insert(classroomMembers).values({ classroomId: inClassroom, userId, role: 'student' })
  const board = async (period: 'all' | 'week' = 'all') =>
    (await readLeaderboard(database.db, period, NOW)).map((e) => [e.username, e.points, e.submission])

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    ;({ catalogue } = await createTestAppWithCatalogue(database, 'Board'))
    const owner = await createMember(database.db, 'board-teacher')
    const [classroom] = await database.db
      .insert(classrooms)
      .values({ name: 'Evening class', ownerId: owner.id })
      .returning({ id: classrooms.id })
    classroomId = classroom?.id as string
    await database.db.insert(classroomMembers).values({ classroomId, userId: owner.id, role: 'owner' })
    await database.db.insert(assignments).values({
      classroomId,
      challengeId: (catalogue[0] as Challenge).id,
      opensAt: new Date('2026-03-01T00:00:00Z'),
      dueAt: new Date('2026-04-30T00:00:00Z'),
    })
  })
  afterAll(async () => {
    await database?.drop()
  })

  it('counts a student’s classroom-only award on neither board, and all of it once the classroom is public', async () => {
    const [navbar, footer, hero] = catalogue as [Challenge, Challenge, Challenge]
    const ana = await createMember(database.db, 'ana-student')
    const ben = await createMember(database.db, 'ben-public')
    // ana: 30 points, 10 of them on the assigned navbar. ben: 25, none in a classroom.
    await student(ana.id)
    await award(ana.id, navbar)
    await award(ana.id, footer)
    await award(ana.id, hero)
    await award(ben.id, footer, 15)
    await award(ben.id, hero)

    expect(await board()).toEqual([
      ['ben-public', 25, 2],
      ['ana-student', 20, 2],
    ])
    expect(await board('week')).toEqual([
      ['ben-public', 25, 2],
      ['ana-student', 20, 2],
    ])

    // A teacher of the classroom is not a student: their own award of the assigned challenge counts.
    const cal = await createMember(database.db, 'cal-teacher')
    await database.db.insert(classroomMembers).values({ classroomId, userId: cal.id, role: 'teacher' })
    await award(cal.id, navbar, 5)
    expect((await board()).map(([login]) => login)).toContain('cal-teacher')

    await database.db.update(classrooms).set({ solutionsPublic: true }).where(eq(classrooms.id, classroomId))
    expect((await board()).slice(0, 2)).toEqual([
      ['ana-student', 30, 3],
      ['ben-public', 25, 2],
    ])
    expect((await board('week')).slice(0, 2)).toEqual([
      ['ana-student', 30, 3],
      ['ben-public', 25, 2],
    ])
    await database.db.update(classrooms).set({ solutionsPublic: false }).where(eq(classrooms.id, classroomId))
  })

  it('reads further down the board when the first members read hold mostly classroom-only points', async () => {
    const navbar = catalogue[0] as Challenge
    // More students with many points, all classroom-only, than the first read takes: the public top ten
    // is below all of them.
    const crowd = ALL_TIME_READ + 5
    for (let i = 0; i < crowd; i += 1) {
      const member = await createMember(database.db, `crowd-${String(i).padStart(3, '0')}`)
      await student(member.id)
      await award(member.id, navbar, 500 + i)
    }
    const publicMembers: [string, number][] = []
    for (let i = 0; i < LEADERBOARD_SIZE + 2; i += 1) {
      const login = `open-${String(i).padStart(2, '0')}`
      const member = await createMember(database.db, login)
      await award(member.id, `other-${i}`, 100 - i)
      publicMembers.push([login, 100 - i])
    }

    const read = await readLeaderboard(database.db, 'all', NOW)
    expect(read).toHaveLength(LEADERBOARD_SIZE)
    expect(read.map((e) => e.username)).toEqual(
      publicMembers.slice(0, LEADERBOARD_SIZE).map(([login]) => login),
    )
    expect(read.map((e) => e.rank)).toEqual(Array.from({ length: LEADERBOARD_SIZE }, (_, i) => i + 1))
    expect(read.some((e) => e.username.startsWith('crowd-'))).toBe(false)
  })
})
