import { and, asc, desc, eq, gte, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm'
import { awardBadges, breakpointScores, competitionBadges, competitionReason } from '#server/badges/award.ts'
import type { Database } from '#server/db/client.ts'
import {
  competitionResults,
  competitions,
  submissionReviews,
  userChallenges,
  users,
} from '#server/db/schema.ts'
import { scoreOf } from '#server/review/read-model.ts'
import { COMPETITION_MIN_SCORE, type CompetitionEntry } from '#shared/competition.ts'

/** How often each process looks for competitions that have ended and are not closed. */
export const COMPETITION_CLOSE_TICK_MS = 60_000

type CompetitionWindow = { challengeId: number; startsAt: Date; endsAt: Date }

/**
 * The reviews that make entries: passed (so the member's own live work, docs/product.md §10), asked for
 * while it ran, finished before its end.
 */
function entryReviewsOf(competition: CompetitionWindow) {
  return and(
    eq(userChallenges.challengeId, competition.challengeId),
    eq(submissionReviews.status, 'passed'),
    gte(submissionReviews.createdAt, competition.startsAt),
    lt(submissionReviews.createdAt, competition.endsAt),
    lt(submissionReviews.finishedAt, competition.endsAt),
  )
}

/**
 * A competition's ranking (docs/product.md §10). A member enters by submitting the competition's
 * challenge while it runs: each submit asks for a review, and an entry's score is the best match score
 * of the reviews asked for while it ran and passed before its end (a passed review is the member's own
 * live site). Scores from COMPETITION_MIN_SCORE up are
 * ranked; of two equal scores, the one asked for earlier ranks higher (then the username, for a stable
 * order).
 */
export async function readStandings(
  db: Pick<Database, 'select' | 'selectDistinctOn'>,
  competition: CompetitionWindow,
) {
  const scored = db
    .select({
      userId: userChallenges.userId,
      reviewId: sql<number>`${submissionReviews.id}`.as('review_id'),
      enteredAt: sql<Date>`${submissionReviews.createdAt}`
        .mapWith(submissionReviews.createdAt)
        .as('entered_at'),
      score: scoreOf.as('score'),
    })
    .from(submissionReviews)
    .innerJoin(userChallenges, eq(userChallenges.id, submissionReviews.userChallengeId))
    .where(entryReviewsOf(competition))
    .as('scored')
  const best = db
    .selectDistinctOn([scored.userId], {
      userId: scored.userId,
      reviewId: scored.reviewId,
      enteredAt: scored.enteredAt,
      score: scored.score,
    })
    .from(scored)
    .where(isNotNull(scored.score))
    .orderBy(scored.userId, desc(scored.score), asc(scored.enteredAt), asc(scored.reviewId))
    .as('best')
  const rows = await db
    .select({
      userId: best.userId,
      reviewId: best.reviewId,
      score: best.score,
      enteredAt: best.enteredAt,
      username: users.username,
      name: users.name,
      avatarUrl: users.avatarUrl,
    })
    .from(best)
    .innerJoin(users, eq(users.id, best.userId))
    .where(gte(best.score, COMPETITION_MIN_SCORE))
    .orderBy(desc(best.score), asc(best.enteredAt), asc(users.username))
  return rows.map((row, index) => ({
    ...row,
    score: Number(row.score),
    enteredAt: new Date(row.enteredAt),
    rank: index + 1,
  }))
}

export function toEntry(row: {
  rank: number
  solutionId: string | null
  username: string
  name: string | null
  avatarUrl: string | null
  score: number
  enteredAt: Date
}): CompetitionEntry {
  return {
    rank: row.rank,
    username: row.username,
    name: row.name,
    avatarUrl: row.avatarUrl,
    score: row.score,
    enteredAt: row.enteredAt.toISOString(),
    verified: true,
    solutionId: row.solutionId,
  }
}

/**
 * Freezes the results of every competition that has ended and is not closed yet. Each is closed in a
 * transaction that holds its row (another process closing it waits, then finds it closed), so running
 * it twice, or in two processes at once, writes each result once. Returns the slugs it closed.
 */
export async function closeEndedCompetitions(db: Database, now = new Date()): Promise<string[]> {
  const due = await db
    .select({ id: competitions.id })
    .from(competitions)
    .where(and(isNull(competitions.closedAt), lte(competitions.endsAt, now)))
    .orderBy(competitions.endsAt)
  const closed: string[] = []
  for (const { id } of due) {
    const slug = await db.transaction(async (tx) => {
      const [competition] = await tx
        .select()
        .from(competitions)
        .where(and(eq(competitions.id, id), isNull(competitions.closedAt)))
        .for('update')
      if (!competition) return null
      const standings = await readStandings(tx, competition)
      if (standings.length > 0)
        await tx
          .insert(competitionResults)
          .values(
            standings.map((row) => ({
              competitionId: id,
              userId: row.userId,
              rank: row.rank,
              score: row.score,
              enteredAt: row.enteredAt,
              reviewId: row.reviewId,
            })),
          )
          .onConflictDoNothing()
      // Every verified entry's badges for this competition, in the same transaction.
      const reviews = await tx
        .select({
          userId: userChallenges.userId,
          scores: breakpointScores,
          quality: submissionReviews.quality,
        })
        .from(submissionReviews)
        .innerJoin(userChallenges, eq(userChallenges.id, submissionReviews.userChallengeId))
        .where(entryReviewsOf(competition))
      const badges = competitionBadges(
        reviews.map((review) => ({ ...review, scores: (review.scores ?? []).map(Number) })),
      )
      for (const [userId, held] of badges)
        await awardBadges(tx, userId, held, competitionReason(competition.slug))
      await tx.update(competitions).set({ closedAt: now }).where(eq(competitions.id, id))
      return competition.slug
    })
    if (slug) closed.push(slug)
  }
  return closed
}
