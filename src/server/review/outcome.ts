/**
 * What a finished review does to the member's points (docs/product.md §4, §10), in the transaction that
 * ends it: the first passed review of a challenge completes it and awards its points; the one re-review
 * of work completed before reviews decided the points (purpose `upgrade`), when it fails and nothing has
 * passed since, takes them back with a ledger entry of its own.
 */
import { and, eq, inArray, sql, sum } from 'drizzle-orm'
import { awardLastingBadges } from '#server/badges/award.ts'
import type { Database } from '#server/db/client.ts'
import { pointsLedger, submissionReviews, userChallenges, users } from '#server/db/schema.ts'
import { awardPoints, settleTotals } from '#server/points/ledger.ts'
import { POINTS_PER_CHALLENGE } from '#shared/constants.ts'

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

export type ReviewSubject = {
  reviewId: number
  purpose: string
  userId: string
  githubId: number
  userChallengeId: number
  challengeId: number
}

/**
 * Locks the member's row, then the solution's, in the order a submit takes them, so a member's points
 * change one transaction at a time. Returns the solution's status, or null when it is gone.
 */
async function lockSolution(tx: Transaction, subject: ReviewSubject) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, subject.userId)).for('update')
  const [solution] = await tx
    .select({ status: userChallenges.status })
    .from(userChallenges)
    .where(eq(userChallenges.id, subject.userChallengeId))
    .for('update')
  return solution ?? null
}

/** The challenge's points the member holds now, by the ledger. */
async function pointsHeld(tx: Transaction, subject: ReviewSubject): Promise<number> {
  const [row] = await tx
    .select({ total: sum(pointsLedger.points).mapWith(Number) })
    .from(pointsLedger)
    .where(
      and(
        eq(pointsLedger.userId, subject.userId),
        eq(pointsLedger.reference, String(subject.challengeId)),
        inArray(pointsLedger.reason, ['challenge_completed', 'challenge_withdrawn', 'challenge_recompleted']),
      ),
    )
  return row?.total ?? 0
}

/**
 * A passed review: completes the challenge if it is not yet, and awards its points. Returns the points
 * this review earned (0 when the challenge was completed already). Call inside the review's
 * transaction, before the review's own row is updated.
 */
export async function settlePassed(tx: Transaction, subject: ReviewSubject): Promise<number> {
  const solution = await lockSolution(tx, subject)
  if (!solution || solution.status === 'completed') return 0
  await tx
    .update(userChallenges)
    .set({
      status: 'completed',
      completedAt: sql`now()`,
      points: POINTS_PER_CHALLENGE,
      ownership: 'verified',
      ownershipGithubId: subject.githubId,
      updatedAt: sql`now()`,
    })
    .where(eq(userChallenges.id, subject.userChallengeId))
  // Once per member and challenge, by the ledger's unique key; after a withdrawal, once more.
  const withdrawn = await tx
    .select({ id: pointsLedger.id })
    .from(pointsLedger)
    .where(
      and(
        eq(pointsLedger.userId, subject.userId),
        eq(pointsLedger.reason, 'challenge_withdrawn'),
        eq(pointsLedger.reference, String(subject.challengeId)),
      ),
    )
  const awarded =
    (await pointsHeld(tx, subject)) <= 0 &&
    (await awardPoints(tx, {
      userId: subject.userId,
      reason: withdrawn.length > 0 ? 'challenge_recompleted' : 'challenge_completed',
      reference: String(subject.challengeId),
      points: POINTS_PER_CHALLENGE,
      userChallengeId: subject.userChallengeId,
    }))
  await settleTotals(tx, subject.userId)
  await awardLastingBadges(tx, subject.userId)
  return awarded ? POINTS_PER_CHALLENGE : 0
}

/**
 * A review that did not pass. Only the upgrade's re-review changes anything: if the challenge is still
 * completed without any passed review, it is ongoing again and its points are withdrawn. True when the
 * member's points changed.
 */
export async function settleFailed(tx: Transaction, subject: ReviewSubject): Promise<boolean> {
  if (subject.purpose !== 'upgrade') return false
  const solution = await lockSolution(tx, subject)
  if (solution?.status !== 'completed') return false
  const passed = await tx
    .select({ id: submissionReviews.id })
    .from(submissionReviews)
    .where(
      and(
        eq(submissionReviews.userChallengeId, subject.userChallengeId),
        eq(submissionReviews.status, 'passed'),
      ),
    )
    .limit(1)
  if (passed.length > 0) return false
  await tx
    .update(userChallenges)
    .set({ status: 'ongoing', completedAt: null, points: 0, ownership: null, updatedAt: sql`now()` })
    .where(eq(userChallenges.id, subject.userChallengeId))
  const held = await pointsHeld(tx, subject)
  if (held > 0) {
    await tx
      .insert(pointsLedger)
      .values({
        userId: subject.userId,
        reason: 'challenge_withdrawn',
        reference: String(subject.challengeId),
        points: -held,
        userChallengeId: subject.userChallengeId,
      })
      .onConflictDoNothing({ target: [pointsLedger.userId, pointsLedger.reason, pointsLedger.reference] })
  }
  await settleTotals(tx, subject.userId)
  return true
}
