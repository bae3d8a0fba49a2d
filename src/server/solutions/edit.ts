/**
 * The owner's edits of a solution (docs/product.md "Solutions"): its write-up, its repository and
 * whether it is hidden.
 */
import { and, eq, exists, inArray, or, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Database } from '#server/db/client.ts'
import { submissionReviews, userChallenges } from '#server/db/schema.ts'
import type { EventEmitter } from '#server/events/bus.ts'
import type { solutionUpdateSchema } from '#shared/solution.ts'

export type SolutionEdit = z.output<typeof solutionUpdateSchema>

/** Whether anyone may see the solution: one of its reviews passed and it is not hidden. */
export async function isListedSolution(db: Database, userChallengeId: number): Promise<boolean> {
  const [listed] = await db
    .select({ id: userChallenges.id })
    .from(userChallenges)
    .where(
      and(
        eq(userChallenges.id, userChallengeId),
        eq(userChallenges.hidden, false),
        exists(
          db
            .select({ one: sql`1` })
            .from(submissionReviews)
            .where(
              and(
                eq(submissionReviews.userChallengeId, userChallenges.id),
                eq(submissionReviews.status, 'passed'),
              ),
            ),
        ),
      ),
    )
  return listed !== undefined
}

/**
 * Stores the owner's edit of their solution, in one transaction with the iterations it reaches. Hiding
 * or showing a solution that passed a review tells `solution-listing-changed` after the commit: the
 * challenge's count of listed solutions may have moved (docs/product.md §2).
 */
export async function editSolution(
  db: Database,
  userChallengeId: number,
  userId: string,
  update: SolutionEdit,
  events: EventEmitter,
): Promise<void> {
  const updated = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(userChallenges)
      .set({
        ...(update.writeUp === undefined ? {} : { writeUp: update.writeUp }),
        ...(update.repositoryUrl === undefined ? {} : { repositoryUrl: update.repositoryUrl }),
        ...(update.hidden === undefined ? {} : { hidden: update.hidden }),
        updatedAt: sql`now()`,
      })
      .where(and(eq(userChallenges.id, userChallengeId), eq(userChallenges.userId, userId)))
      .returning({ passedReviewId: userChallenges.passedReviewId, challengeId: userChallenges.challengeId })
    if (!updated || update.repositoryUrl === undefined) return updated
    // Visitors read the repository of the passed iteration (docs/product.md §11); the edit is the
    // member's to make, so it reaches that iteration and the ones still under review, not older ones.
    await tx
      .update(submissionReviews)
      .set({ repositoryUrl: update.repositoryUrl })
      .where(
        and(
          eq(submissionReviews.userChallengeId, userChallengeId),
          or(
            updated.passedReviewId === null ? undefined : eq(submissionReviews.id, updated.passedReviewId),
            inArray(submissionReviews.status, ['queued', 'running']),
          ),
        ),
      )
    return updated
  })
  if (updated && update.hidden !== undefined && updated.passedReviewId !== null)
    events.emit({ type: 'solution-listing-changed', challengeId: updated.challengeId })
}
