/**
 * Likes (docs/product.md §12): one row per member and solution, and the solution's like_count changed in
 * the same transaction only when a row was really added or removed, so concurrent likes keep it exact.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { solutionLikes, userChallenges } from '#server/db/schema.ts'
import { findFeedbackSolution } from '#server/feedback/comments.ts'
import { HttpError, notFound } from '#server/http/errors.ts'
import { type LikeResponse, NO_SUCH_SOLUTION, OWN_SOLUTION_LIKE } from '#shared/feedback.ts'

export async function setLike(
  db: Database,
  userChallengeId: number,
  userId: string,
  liked: boolean,
): Promise<LikeResponse> {
  return db.transaction(async (tx) => {
    const changed = liked
      ? await tx
          .insert(solutionLikes)
          .values({ userChallengeId, userId })
          .onConflictDoNothing()
          .returning({ userId: solutionLikes.userId })
      : await tx
          .delete(solutionLikes)
          .where(and(eq(solutionLikes.userChallengeId, userChallengeId), eq(solutionLikes.userId, userId)))
          .returning({ userId: solutionLikes.userId })
    const [row] =
      changed.length > 0
        ? await tx
            .update(userChallenges)
            .set({ likeCount: sql`${userChallenges.likeCount} + ${liked ? 1 : -1}` })
            .where(eq(userChallenges.id, userChallengeId))
            .returning({ likeCount: userChallenges.likeCount })
        : await tx
            .select({ likeCount: userChallenges.likeCount })
            .from(userChallenges)
            .where(eq(userChallenges.id, userChallengeId))
    return { likeCount: row?.likeCount ?? 0, liked }
  })
}

/**
 * The member likes (or stops liking) a listed solution by its public id: a 404 for one that is not
 * listed, a 403 for their own.
 */
export async function likeSolution(
  db: Database,
  publicId: string,
  userId: string,
  liked: boolean,
): Promise<LikeResponse> {
  const solution = await findFeedbackSolution(db, publicId)
  if (!solution?.listed) throw notFound(NO_SUCH_SOLUTION)
  if (solution.userId === userId) throw new HttpError(403, 'forbidden', OWN_SOLUTION_LIKE)
  return setLike(db, solution.id, userId, liked)
}
