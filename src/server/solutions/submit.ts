/**
 * A submit (docs/product.md §4): it records an iteration and queues its review; the points come when a
 * review passes (review/outcome.ts). A submit that cannot be reviewed (the day's limit) is refused before
 * anything changes.
 */
import { and, eq, sql } from 'drizzle-orm'
import { findChallengeById } from '#server/catalogue/challenge-rows.ts'
import type { Database } from '#server/db/client.ts'
import { userChallenges, users } from '#server/db/schema.ts'
import type { ReviewService } from '#server/review/service.ts'
import { progressOf } from '#server/solutions/progress.ts'
import type { ReviewSummary } from '#shared/review.ts'
import type { Progress } from '#shared/user.ts'

type UserRow = typeof users.$inferSelect

export type SubmitInput = {
  userId: string
  challengeId: number
  liveUrl: string
  repositoryUrl?: string | null
  /** Replaces the solution's write-up; undefined keeps it. */
  writeUp?: string | null
}

export type SubmitResult =
  /** The member never started this challenge. */
  | { outcome: 'not_started' }
  /** The day's reviews of this challenge are used up: the next is possible at nextAt. */
  | { outcome: 'limited'; nextAt: Date }
  | { outcome: 'queued'; progress: Progress; member: UserRow; review: ReviewSummary }

/** Records the iteration and queues its review in one transaction: 404 for an unknown challenge. */
export async function submitSolution(
  db: Database,
  reviews: Pick<ReviewService, 'queueIn' | 'afterQueued'>,
  input: SubmitInput,
): Promise<SubmitResult> {
  const { userId, challengeId, liveUrl, writeUp } = input
  await findChallengeById(db, challengeId)
  const result = await db.transaction(async (tx) => {
    // Only the solution's row is locked: a submit changes nothing of the member's (points come
    // with a passed review), so a member's submits of different challenges do not wait for each
    // other, and two of the same challenge take turns for the day's reviews (queueIn). A review's
    // outcome locks the member, then the solution; holding no member lock here, a submit cannot
    // deadlock with it.
    const [member] = await tx.select().from(users).where(eq(users.id, userId))
    const [before] = await tx
      .select({ id: userChallenges.id })
      .from(userChallenges)
      .where(and(eq(userChallenges.userId, userId), eq(userChallenges.challengeId, challengeId)))
      .for('update')
    if (!member || !before) return null
    const iteration = { liveUrl, repositoryUrl: input.repositoryUrl ?? null }
    const queued = await reviews.queueIn(tx, before.id, iteration)
    if (queued.outcome === 'limited') return { outcome: 'limited', nextAt: queued.nextAt } as const
    const [row] = await tx
      .update(userChallenges)
      .set({
        challengeLive: liveUrl,
        repositoryUrl: iteration.repositoryUrl,
        // A write-up sent with the submit replaces the solution's; none keeps it (docs/product.md "Solutions").
        ...(writeUp === undefined ? {} : { writeUp }),
        // The link status stays: it is the public address's, which only a passed review changes
        // (settleListing, #server/solutions/listing.ts).
        updatedAt: sql`now()`,
      })
      .where(eq(userChallenges.id, before.id))
      .returning()
    if (!row) return null
    return { outcome: 'queued', row, member, queued } as const
  })
  if (!result) return { outcome: 'not_started' }
  if (result.outcome === 'limited') return result
  reviews.afterQueued(result.queued)
  return {
    outcome: 'queued',
    progress: await progressOf(db, challengeId, result.row),
    member: result.member,
    review: result.queued.review,
  }
}
