/**
 * The member's own progress on challenges (docs/product.md §4): the dashboard's counts, the lists of
 * started and completed challenges, the catalogue's status badges, one challenge's progress, and
 * starting a challenge.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm'
import { findChallengeById, liveUrlOf, toChallenge } from '#server/catalogue/challenge-rows.ts'
import type { Database } from '#server/db/client.ts'
import { challenges, submissionReviews, userChallenges } from '#server/db/schema.ts'
import type { DashboardCounts } from '#server/member-caches.ts'
import { scoreOf, toReviewSummary } from '#server/review/read-model.ts'
import type { ChallengeStatusesResponse } from '#shared/challenge.ts'
import type { ChallengeStatus } from '#shared/constants.ts'
import type { FeedbackState, MemberChallengesResponse } from '#shared/member.ts'
import type { LinkStatus, Ownership } from '#shared/ownership.ts'
import type { ReviewSummary } from '#shared/review.ts'
import type { Progress } from '#shared/user.ts'

export type ProgressRow = typeof userChallenges.$inferSelect

/**
 * The member's progress on a challenge, with what visitors see of it: the newest passed iteration's
 * addresses (docs/product.md §11), read by its id when there is one.
 */
export async function progressOf(
  db: Database,
  challengeId: number,
  row: ProgressRow | undefined,
): Promise<Progress> {
  const [publicIteration] =
    row?.passedReviewId == null
      ? []
      : await db
          .select({
            reviewId: submissionReviews.publicId,
            liveUrl: submissionReviews.requestedUrl,
            repositoryUrl: submissionReviews.repositoryUrl,
          })
          .from(submissionReviews)
          .where(eq(submissionReviews.id, row.passedReviewId))
  return {
    challengeId,
    status: row ? (row.status as Progress['status']) : null,
    startedAt: row?.startedAt.toISOString() ?? null,
    completedAt: row?.completedAt?.toISOString() ?? null,
    liveUrl: row ? liveUrlOf(row.challengeLive) : null,
    repositoryUrl: row?.repositoryUrl ?? null,
    points: row?.points ?? 0,
    publicIteration: publicIteration ?? null,
    hidden: row?.hidden ?? false,
  }
}

/**
 * How many challenges the member has ongoing and completed, and where feedback stands (docs/product.md §2
 * Dashboard), in one query. Both questions of feedback are an `exists` on a partial index of the listed
 * solutions (user_challenges_gallery_newest_idx, user_challenges_needs_feedback_idx): a row or two read.
 */
export async function readDashboardCounts(db: Database, userId: string): Promise<DashboardCounts> {
  const [counts] = await db
    .select({
      ongoing: count(sql`case when ${userChallenges.status} = 'ongoing' then 1 end`),
      completed: count(sql`case when ${userChallenges.status} = 'completed' then 1 end`),
      // Raw SQL: the builder has no scalar subquery in a select list next to an aggregate.
      published: sql<boolean>`exists (select 1 from user_challenges l
        where l.passed_review_id is not null and not l.hidden)`,
      waiting: sql<boolean>`exists (select 1 from user_challenges w
        where w.passed_review_id is not null and not w.hidden and w.comment_count = 0
          and w.user_id <> ${userId})`,
    })
    .from(userChallenges)
    .where(eq(userChallenges.userId, userId))
  return {
    ongoing: counts?.ongoing ?? 0,
    completed: counts?.completed ?? 0,
    feedback: feedbackState(Boolean(counts?.published), Boolean(counts?.waiting)),
  }
}

function feedbackState(published: boolean, waiting: boolean): FeedbackState {
  if (!published) return 'none-published'
  return waiting ? 'waiting' : 'all-commented'
}

/**
 * A solution's newest review, whatever its state, for a LEFT JOIN LATERAL: one range of
 * submission_reviews_user_challenge_idx per solution, so a list of any length is still one query.
 * Every column is null for a solution never submitted.
 */
function newestReviewOf(db: Database) {
  return db
    .select({
      id: sql<string | null>`${submissionReviews.publicId}`.as('newest_review_id'),
      status: sql<string | null>`${submissionReviews.status}`.as('newest_review_status'),
      stage: sql<string | null>`${submissionReviews.stage}`.as('newest_review_stage'),
      score: scoreOf.as('newest_review_score'),
      requestedUrl: sql<string | null>`${submissionReviews.requestedUrl}`.as('newest_review_requested_url'),
      errorCode: sql<string | null>`${submissionReviews.errorCode}`.as('newest_review_error_code'),
      errorMessage: sql<string | null>`${submissionReviews.errorMessage}`.as('newest_review_error_message'),
      pointsAwarded: sql<number | null>`${submissionReviews.pointsAwarded}`.as('newest_review_points'),
      createdAt: sql<Date | null>`${submissionReviews.createdAt}`
        .mapWith(submissionReviews.createdAt)
        .as('newest_review_created_at'),
    })
    .from(submissionReviews)
    .where(eq(submissionReviews.userChallengeId, userChallenges.id))
    .orderBy(desc(submissionReviews.createdAt), desc(submissionReviews.id))
    .limit(1)
    .as('newest_review')
}

type NewestReviewRow = {
  id: string | null
  status: string | null
  stage: string | null
  score: number | null
  requestedUrl: string | null
  errorCode: string | null
  errorMessage: string | null
  pointsAwarded: number | null
  createdAt: Date | null
}

function newestReviewSummary(row: NewestReviewRow): ReviewSummary | null {
  const { id, status, requestedUrl, createdAt } = row
  if (id === null || status === null || requestedUrl === null || createdAt === null) return null
  return toReviewSummary({
    ...row,
    id,
    status,
    requestedUrl,
    createdAt,
    pointsAwarded: row.pointsAwarded ?? 0,
  })
}

/** The member's ongoing or completed challenges, the latest first. */
export async function listMemberChallenges(
  db: Database,
  userId: string,
  status: 'ongoing' | 'completed',
): Promise<MemberChallengesResponse> {
  const newest = newestReviewOf(db)
  const rows = await db
    .select({
      challenge: challenges,
      progress: userChallenges,
      publicUrl: submissionReviews.requestedUrl,
      review: {
        id: newest.id,
        status: newest.status,
        stage: newest.stage,
        score: newest.score,
        requestedUrl: newest.requestedUrl,
        errorCode: newest.errorCode,
        errorMessage: newest.errorMessage,
        pointsAwarded: newest.pointsAwarded,
        createdAt: newest.createdAt,
      },
    })
    .from(userChallenges)
    .innerJoin(challenges, eq(challenges.id, userChallenges.challengeId))
    .leftJoin(submissionReviews, eq(submissionReviews.id, userChallenges.passedReviewId))
    .leftJoinLateral(newest, sql`true`)
    .where(and(eq(userChallenges.userId, userId), eq(userChallenges.status, status)))
    .orderBy(
      desc(status === 'completed' ? userChallenges.completedAt : userChallenges.startedAt),
      desc(userChallenges.id),
    )
  return {
    challenges: rows.map((row) => ({
      challenge: toChallenge(row.challenge),
      status,
      startedAt: row.progress.startedAt.toISOString(),
      completedAt: row.progress.completedAt?.toISOString() ?? null,
      // What visitors see once a review passed (its link status is that address's); before, the last submit.
      liveUrl: row.publicUrl ?? liveUrlOf(row.progress.challengeLive),
      ownership: row.progress.ownership as Ownership | null,
      linkStatus: row.progress.linkStatus as LinkStatus,
      solutionId: row.progress.publicId,
      review: newestReviewSummary(row.review),
    })),
  }
}

/** The catalogue's status badges and filter (docs/product.md §2): one row per started challenge. */
export async function listMemberStatuses(db: Database, userId: string): Promise<ChallengeStatusesResponse> {
  const rows = await db
    .select({ challengeId: userChallenges.challengeId, status: userChallenges.status })
    .from(userChallenges)
    .where(eq(userChallenges.userId, userId))
    .orderBy(userChallenges.challengeId)
  return {
    statuses: rows.map((row) => ({
      challengeId: row.challengeId,
      status: row.status as ChallengeStatus,
    })),
  }
}

/** The member's row for a challenge: 404 for an unknown challenge, null when never started. */
export async function findOwnSolution(
  db: Database,
  userId: string,
  challengeId: number,
): Promise<ProgressRow | null> {
  await findChallengeById(db, challengeId)
  const [row] = await db
    .select()
    .from(userChallenges)
    .where(and(eq(userChallenges.userId, userId), eq(userChallenges.challengeId, challengeId)))
  return row ?? null
}

/** The member's progress on a challenge: 404 for an unknown challenge. */
export async function readProgress(db: Database, userId: string, challengeId: number): Promise<Progress> {
  const row = await findOwnSolution(db, userId, challengeId)
  return progressOf(db, challengeId, row ?? undefined)
}

/** Starts a challenge: an existing row (ongoing or completed) keeps its start time and status. */
export async function startChallenge(db: Database, userId: string, challengeId: number): Promise<Progress> {
  await findChallengeById(db, challengeId)
  const [row] = await db
    .insert(userChallenges)
    .values({ userId, challengeId, status: 'ongoing', challengeLive: ' ' })
    .onConflictDoUpdate({
      target: [userChallenges.userId, userChallenges.challengeId],
      set: { updatedAt: sql`now()` },
    })
    .returning()
  return progressOf(db, challengeId, row)
}
