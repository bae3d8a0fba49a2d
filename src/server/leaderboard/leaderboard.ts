import { desc, eq, gt, gte, sql, sum } from 'drizzle-orm'
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
 * PostgreSQL reads ten index entries and stops, however many members there are.
 */
export function leaderboardQuery(db: Database) {
  return db
    .select({
      username: users.username,
      name: users.name,
      avatarUrl: users.avatarUrl,
      points: users.points,
      submission: users.submission,
    })
    .from(users)
    .where(gt(users.points, 0))
    .orderBy(desc(users.points), desc(users.submission), users.username)
    .limit(LEADERBOARD_SIZE)
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
      .where(gte(pointsLedger.createdAt, since))
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
  const rows = await (since ? periodLeaderboardQuery(db, since) : leaderboardQuery(db))
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
