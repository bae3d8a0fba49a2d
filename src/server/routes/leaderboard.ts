import { desc, gt } from 'drizzle-orm'
import { Hono } from 'hono'
import type { MemberVariables } from '#server/auth/guards.ts'
import type { Database } from '#server/db/client.ts'
import { users } from '#server/db/schema.ts'
import { LEADERBOARD_SIZE } from '#shared/constants.ts'
import type { LeaderboardEntry } from '#shared/member.ts'

/**
 * SPEC §2 Leaderboard: users with points above 0, points descending, then completed count, then
 * username (DESIGN.md). The order matches the index on (points desc, submission desc, username), so
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
export function rankEntries<T extends Scored>(rows: readonly T[]): (T & { rank: number })[] {
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

export async function readLeaderboard(db: Database): Promise<LeaderboardEntry[]> {
  return rankEntries(await leaderboardQuery(db))
}

/** How long one reading of the leaderboard is shown to everyone (this instance's own submits refresh it). */
export const LEADERBOARD_CACHE_MS = 3000

export type Leaderboard = { read(): Promise<LeaderboardEntry[]>; invalidate(): void }

/** The top ten, read at most once per `ttlMs` however many members ask. */
export function createLeaderboard(db: Database, ttlMs = LEADERBOARD_CACHE_MS): Leaderboard {
  let cached: { entries: Promise<LeaderboardEntry[]>; until: number } | null = null
  return {
    read() {
      if (cached && cached.until > Date.now()) return cached.entries
      const entries = readLeaderboard(db)
      const entry = { entries, until: Date.now() + ttlMs }
      cached = entry
      // A failed read is not kept.
      entries.catch(() => {
        if (cached === entry) cached = null
      })
      return entries
    },
    invalidate() {
      cached = null
    },
  }
}

export function leaderboardRoutes(leaderboard: Leaderboard) {
  return new Hono<{ Variables: MemberVariables }>().get('/', async (c) => {
    const entries = await leaderboard.read()
    return c.json({ top: entries[0] ?? null, entries })
  })
}
