import { upsertGitHubUser } from '#server/auth/users.ts'
import type { Database } from '#server/db/client.ts'
import { reviewBreakpoints, submissionReviews, userChallenges } from '#server/db/schema.ts'
import { settleListing } from '#server/solutions/listing.ts'

let githubIds = 700_000

/** A member as a GitHub sign-in makes one, with a GitHub id no other factory call used. */
export function createMember(db: Database, login: string, name: string | null = login) {
  githubIds += 1
  return upsertGitHubUser(db, { id: githubIds, login, name, email: null, avatarUrl: null, htmlUrl: null })
}

export type FinishedReview = {
  /** The same score at the three widths, so it is also the review's match score. */
  score: number
  at: Date
  /** A minute after `at` unless given. */
  finishedAt?: Date
  ownership?: string
  /** 'passed' unless given: only a passed review completes a challenge (docs/product.md §10). */
  status?: string
}

/**
 * A completed submission of `challengeId` by `userId` with a review per entry of `reviews`, as the
 * review workers would leave them: the first passed review earned the challenge's 10 points. It writes
 * the rows directly (and the solution's latest passed review, as a pass sets it) and leaves the
 * member's totals and the points ledger alone.
 */
export async function createReviewedSubmission(
  db: Database,
  userId: string,
  challengeId: number,
  reviews: readonly FinishedReview[],
) {
  const [submission] = await db
    .insert(userChallenges)
    .values({
      userId,
      challengeId,
      status: 'completed',
      points: 10,
      completedAt: reviews[0]?.at ?? new Date(),
    })
    .returning()
  if (!submission) throw new Error('the submission was not written')
  let awarded = false
  for (const review of reviews) {
    const status = review.status ?? 'passed'
    const pointsAwarded = status === 'passed' && !awarded ? 10 : 0
    if (pointsAwarded > 0) awarded = true
    const [row] = await db
      .insert(submissionReviews)
      .values({
        userChallengeId: submission.id,
        status,
        pointsAwarded,
        requestedUrl: 'https://x.github.io/',
        ownership: review.ownership ?? 'verified',
        createdAt: review.at,
        finishedAt: review.finishedAt ?? new Date(review.at.getTime() + 60_000),
      })
      .returning({ id: submissionReviews.id })
    if (!row) throw new Error('the review was not written')
    await db.insert(reviewBreakpoints).values(
      ['desktop', 'tablet', 'mobile'].map((breakpoint) => ({
        reviewId: row.id,
        breakpoint,
        width: 1440,
        captureKey: 'k',
        diffKey: 'k',
        designHeight: 1,
        captureHeight: 1,
        comparedHeight: 1,
        heightRatio: 1,
        rawMismatch: 0,
        baselineMismatch: 1,
        score: review.score,
      })),
    )
  }
  // As the review that passed would: the galleries read the latest passed review from the row.
  await settleListing(db, submission.id)
  return submission
}
