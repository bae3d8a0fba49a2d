import { and, desc, eq, gt, gte, sql, sum } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { classroomOnlyAward, isStudent } from '#server/classrooms/privacy.ts'
import type { Database } from '#server/db/client.ts'
import { pointsLedger, users } from '#server/db/schema.ts'
import type { EventBus } from '#server/events/bus.ts'
import { latestListedSolutions } from '#server/solutions/links.ts'
import { LEADERBOARD_SIZE } from '#shared/constants.ts'
import type { LeaderboardEntry } from '#shared/member.ts'
import { type LeaderboardPeriod, periodStart } from '#shared/periods.ts'

/**
 * docs/product.md §2 Leaderboard: users with points above 0, points descending, then completed count,
 * then username. The order matches the index on (points desc, submission desc, username), so
 * PostgreSQL reads `limit` index entries and stops, however many members there are. Each row also
 * carries the points and completions of the member's classroom-only work (docs/product.md §13), which
 * the public board leaves out: one probe of the member's classroom memberships, and a sum over their
 * awards only for a student of some classroom.
 */
export function leaderboardQuery(db: Database, limit: number) {
  const award = alias(pointsLedger, 'award')
  const classroomOnlyPoints = db
    .select({
      points: sql<number>`coalesce(sum(${award.points}), 0)::int`.mapWith(Number).as('private_points'),
      submission:
        sql<number>`coalesce(sum(case ${award.reason} when 'challenge_withdrawn' then -1 else 1 end), 0)::int`
          .mapWith(Number)
          .as('private_submission'),
    })
    .from(award)
    .where(and(eq(award.userId, users.id), isStudent(sql`${users.id}`), classroomOnlyAward('award')))
    .as('classroom_only')
  return db
    .select({
      username: users.username,
      name: users.name,
      avatarUrl: users.avatarUrl,
      points: users.points,
      submission: users.submission,
      privatePoints: classroomOnlyPoints.points,
      privateSubmission: classroomOnlyPoints.submission,
    })
    .from(users)
    .innerJoinLateral(classroomOnlyPoints, sql`true`)
    .where(gt(users.points, 0))
    .orderBy(desc(users.points), desc(users.submission), users.username)
    .limit(limit)
}

/** The all-time board reads this many members first, and four times as many while that is not enough. */
export const ALL_TIME_READ = 50
/** It stops widening here: a board of members whose points are nearly all classroom-only. */
const ALL_TIME_READ_MAX = 12_800

/**
 * The all-time top ten without classroom-only points. Leaving points out can only move a member down,
 * so the members after the last one read cannot be above it: once the tenth member of the adjusted
 * board still ranks above the last one read (by its full points), no later member can enter the top
 * ten. Nearly always the first read settles it; otherwise the read is widened.
 */
async function readAllTime(db: Database) {
  for (let size = ALL_TIME_READ; ; size *= 4) {
    const rows = await leaderboardQuery(db, size)
    const board = rows
      .map(({ privatePoints, privateSubmission, ...row }) => ({
        ...row,
        points: row.points - privatePoints,
        submission: row.submission - privateSubmission,
      }))
      .filter((row) => row.points > 0)
      // Stable: members whose adjusted points and completions tie keep the database's order.
      .sort((a, b) => b.points - a.points || b.submission - a.submission)
      .slice(0, LEADERBOARD_SIZE)
    const last = rows.at(-1)
    const tenth = board.at(LEADERBOARD_SIZE - 1)
    const settled =
      rows.length < size ||
      size >= ALL_TIME_READ_MAX ||
      (last !== undefined &&
        tenth !== undefined &&
        (tenth.points > last.points || (tenth.points === last.points && tenth.submission >= last.submission)))
    if (settled) return board
  }
}

type Scored = { points: number; submission: number }

/**
 * Equal points and completed counts share a rank; the next rank skips ("1, 2, 2, 4"). A row's rank
 * depends only on the rows above it, which the top ten always contain, so ranking them here is exact.
 */
function rankEntries<T extends Scored>(rows: readonly T[]): (T & { rank: number })[] {
  return rows.map((row, index) => {
    let first = index
    while (
      first > 0 &&
      rows[first - 1]?.points === row.points &&
      rows[first - 1]?.submission === row.submission
    ) {
      first -= 1
    }
    return { ...row, rank: first + 1 }
  })
}

/**
 * Period leaderboards (docs/product.md §2): the points of the ledger's awards since `since` (this week's
 * Monday 00:00 UTC, or the 1st of this month), with the same order and ties; "submissions" are the challenges
 * completed in the period (a withdrawal takes one back).
 *
 * The sums read a range of the ledger's period index alone. Only the members who can be in the top
 * ten are then looked up: those at or above the tenth sum (ties with it included, since the username
 * breaks them), one primary-key lookup each (LIMIT 1 keeps the lateral subquery a lookup rather than a
 * join that reads every member).
 */
export function periodLeaderboardQuery(db: Database, since: Date) {
  const period = db.$with('period').as(
    db
      .select({
        userId: pointsLedger.userId,
        points: sum(pointsLedger.points).mapWith(Number).as('period_points'),
        submission:
          sql<number>`coalesce(sum(case ${pointsLedger.reason} when 'challenge_withdrawn' then -1 else 1 end), 0)::int`
            .mapWith(Number)
            .as('period_submission'),
      })
      .from(pointsLedger)
      // Classroom-only work earns its member points, which the public boards leave out (docs/product.md §13).
      .where(and(gte(pointsLedger.createdAt, since), sql`not ${classroomOnlyAward('points_ledger')}`))
      .groupBy(pointsLedger.userId)
      .having(gt(sum(pointsLedger.points), sql`0`)),
  )
  const cut = db.$with('cut').as(
    db
      .select({ points: period.points, submission: period.submission })
      .from(period)
      .orderBy(desc(period.points), desc(period.submission))
      .offset(LEADERBOARD_SIZE - 1)
      .limit(1),
  )
  const member = db
    .select({ username: users.username, name: users.name, avatarUrl: users.avatarUrl })
    .from(users)
    .where(eq(users.id, period.userId))
    .limit(1)
    .as('member')
  return db
    .with(period, cut)
    .select({
      username: member.username,
      name: member.name,
      avatarUrl: member.avatarUrl,
      points: period.points,
      submission: period.submission,
    })
    .from(period)
    .innerJoinLateral(member, sql`true`)
    .where(
      sql`not exists (select 1 from ${cut}) or (${period.points}, ${period.submission}) >= (select ${cut.points}, ${cut.submission} from ${cut})`,
    )
    .orderBy(desc(period.points), desc(period.submission), member.username)
    .limit(LEADERBOARD_SIZE)
}

export async function readLeaderboard(
  db: Database,
  period: LeaderboardPeriod = 'all',
  now: Date = new Date(),
): Promise<LeaderboardEntry[]> {
  const since = periodStart(period, now)
  const rows = await (since ? periodLeaderboardQuery(db, since) : readAllTime(db))
  const solutions = await latestListedSolutions(
    db,
    rows.map((row) => row.username),
  )
  return rankEntries(rows).map((row) => ({ ...row, solutionId: solutions.get(row.username) ?? null }))
}

/** How long one reading of the leaderboard is shown to everyone (a change of points heard of refreshes it). */
export const LEADERBOARD_CACHE_MS = 3000

export type Leaderboard = {
  read(period?: LeaderboardPeriod): Promise<LeaderboardEntry[]>
  invalidate(): void
}

/** The top ten of each period, read at most once per `ttlMs` however many members ask. */
export function createLeaderboard(db: Database, ttlMs = LEADERBOARD_CACHE_MS): Leaderboard {
  const cached = new Map<string, { entries: Promise<LeaderboardEntry[]>; until: number }>()
  return {
    read(period = 'all') {
      const key = period
      const hit = cached.get(key)
      if (hit && hit.until > Date.now()) return hit.entries
      const entries = readLeaderboard(db, period)
      const entry = { entries, until: Date.now() + ttlMs }
      cached.set(key, entry)
      // A failed read is not kept.
      entries.catch(() => {
        if (cached.get(key) === entry) cached.delete(key)
      })
      return entries
    },
    invalidate() {
      cached.clear()
    },
  }
}

/** Members whose points may have moved, here or on another instance: the next read is fresh. */
export function subscribeLeaderboard(bus: Pick<EventBus, 'on'>, leaderboard: Leaderboard): void {
  bus.on(['member-changed', 'member-signed-in', 'account-deleted', 'events-missed'], () =>
    leaderboard.invalidate(),
  )
  bus.on('review-settled', (event) => {
    if (event.pointsChanged) leaderboard.invalidate()
  })
}
