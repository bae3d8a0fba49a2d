import { and, count, eq, sql, sum } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { pointsLedger, userChallenges, users } from '#server/db/schema.ts'

/** Why points were awarded; each reason has its own kind of reference. */
type PointsReason = 'challenge_completed' | 'challenge_recompleted'

/** A database or an open transaction on one: awards are written in the caller's transaction. */
type Executor = Pick<Database, 'insert' | 'select' | 'update'>

export type Award = {
  userId: string
  reason: PointsReason
  /** What the award is for, within its reason (the challenge id for `challenge_completed`). */
  reference: string
  points: number
  userChallengeId?: number
}

/**
 * Writes an award unless the member already has the same one (the same reason and reference): true
 * when it was written. Giving it twice, or from two requests at once, awards it once.
 */
export async function awardPoints(db: Executor, award: Award): Promise<boolean> {
  const rows = await db
    .insert(pointsLedger)
    .values({
      userId: award.userId,
      reason: award.reason,
      reference: award.reference,
      points: award.points,
      userChallengeId: award.userChallengeId ?? null,
    })
    .onConflictDoNothing({ target: [pointsLedger.userId, pointsLedger.reason, pointsLedger.reference] })
    .returning({ id: pointsLedger.id })
  return rows.length === 1
}

/**
 * Recomputes the member's cached totals: `points` as the sum of their ledger, `submission` as the
 * count of their completed challenges (docs/product.md §4). Returns the updated row.
 */
export async function settleTotals(db: Executor, userId: string) {
  const [points] = await db
    .select({ total: sum(pointsLedger.points).mapWith(Number) })
    .from(pointsLedger)
    .where(eq(pointsLedger.userId, userId))
  const [completed] = await db
    .select({ total: count() })
    .from(userChallenges)
    .where(and(eq(userChallenges.userId, userId), eq(userChallenges.status, 'completed')))
  const [user] = await db
    .update(users)
    .set({ points: points?.total ?? 0, submission: completed?.total ?? 0, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning()
  return user
}
