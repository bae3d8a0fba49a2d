import { eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import {
  comments,
  reviewBreakpoints,
  solutionLikes,
  submissionReviews,
  userChallenges,
  users,
} from '#server/db/schema.ts'
import { recountComments } from '#server/feedback/counts.ts'
import type { Logger } from '#server/logger.ts'
import { reviewImageKey } from '#server/review/pipeline.ts'
import type { Storage } from '#server/storage/storage.ts'
import { REVIEW_BREAKPOINTS } from '#shared/review.ts'

/**
 * Deletes a member's account (docs/product.md §2 Settings, "Your account"). One transaction removes the
 * member's row, and with it (the foreign keys cascade) their sessions, progress and solutions with their
 * reviews, comments (and the replies under them), likes, reports, notifications, badges, points ledger,
 * competition results and learning paths started; the moderation log keeps its rows with the member set null. In the same
 * transaction the solutions of other members that the member liked or commented on get their counters
 * counted again from the rows left. Then the review images go from storage. Returns false when the member
 * was already gone.
 */
export async function deleteAccount(
  deps: { db: Database; storage: Storage; log: Logger },
  userId: string,
): Promise<boolean> {
  const { db, storage, log } = deps
  const storedKeys = await db.transaction(async (tx) => {
    // The member's row first, as a submit and a review's outcome take it: none of theirs runs meanwhile.
    const [member] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
    if (!member) return null
    // Every image a review of theirs may have stored: the keys its rows name, and the ones a review
    // still running would write (reviewImageKey).
    const reviews = await tx
      .select({
        publicId: submissionReviews.publicId,
        captureKey: reviewBreakpoints.captureKey,
        diffKey: reviewBreakpoints.diffKey,
        previewKey: reviewBreakpoints.previewKey,
      })
      .from(submissionReviews)
      .innerJoin(userChallenges, eq(userChallenges.id, submissionReviews.userChallengeId))
      .leftJoin(reviewBreakpoints, eq(reviewBreakpoints.reviewId, submissionReviews.id))
      .where(eq(userChallenges.userId, userId))
    const commented = await tx
      .selectDistinct({ id: comments.userChallengeId })
      .from(comments)
      .where(eq(comments.authorId, userId))
    const liked = await tx
      .select({ id: solutionLikes.userChallengeId })
      .from(solutionLikes)
      .where(eq(solutionLikes.userId, userId))
    await tx.delete(users).where(eq(users.id, userId))
    // What is left of other members' solutions: their rows say how many likes and visible comments remain.
    const likedIds = liked.map((row) => row.id)
    if (likedIds.length > 0) {
      await tx
        .update(userChallenges)
        .set({
          likeCount: sql`(select count(*)::int from ${solutionLikes} where ${solutionLikes.userChallengeId} = ${userChallenges.id})`,
        })
        .where(inArray(userChallenges.id, likedIds))
    }
    for (const { id } of commented) await recountComments(tx, id)
    const keys = new Set<string>()
    for (const review of reviews) {
      for (const { breakpoint } of REVIEW_BREAKPOINTS) {
        keys.add(reviewImageKey(review.publicId, breakpoint, 'capture'))
        keys.add(reviewImageKey(review.publicId, breakpoint, 'diff'))
        keys.add(reviewImageKey(review.publicId, breakpoint, 'preview'))
      }
      for (const key of [review.captureKey, review.diffKey, review.previewKey]) {
        if (key?.startsWith(`public/reviews/${review.publicId}/`)) keys.add(key)
      }
    }
    return keys
  })
  if (!storedKeys) return false
  // After the commit: a failed store leaves files no row names (logged), never rows without their files.
  for (const key of storedKeys) {
    try {
      await storage.delete(key)
    } catch (error) {
      log.warn('a deleted account’s review image could not be removed', {
        key,
        error: error instanceof Error ? error.message : String(error),
      })
    }
  }
  return true
}
