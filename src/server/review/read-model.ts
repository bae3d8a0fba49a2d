/**
 * Reading reviews: the score and summary that lists and profiles show, a submission's reviews, and the
 * public report. Nothing here writes; the pipeline (pipeline.ts) and the requests (request.ts) do.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import type { PgSelect } from 'drizzle-orm/pg-core'
import { fileUrl } from '#server/catalogue/challenge-rows.ts'
import type { Database } from '#server/db/client.ts'
import { challenges, reviewBreakpoints, submissionReviews, userChallenges, users } from '#server/db/schema.ts'
import { type LinkStatus, type Ownership, ownershipSchema } from '#shared/ownership.ts'
import {
  REVIEW_BREAKPOINTS,
  REVIEW_STAGES,
  type Review,
  type ReviewBreakpointName,
  type ReviewQuality,
  type ReviewStage,
  type ReviewStatus,
  type ReviewSummary,
  readStoredElements,
  reviewQualitySchema,
} from '#shared/review.ts'

/** What a member reads when a review ended without a result and trying again later may help. */
export const REVIEW_FAILED = {
  code: 'review_failed',
  message: 'We could not review this site. Please try again later.',
} as const

/** The challenge's column that holds each breakpoint's design image. */
export const DESIGN_COLUMN = { desktop: 'templateImg', tablet: 'tabletImg', mobile: 'mobileImg' } as const

/**
 * The mean of a review's breakpoint scores, one decimal, null until it ended with its captures scored (a
 * failed review keeps its scores when the capture ran); in SQL so lists and reports agree to the digit.
 * Columns are named in full: Drizzle leaves them bare in a one-table select, where the subquery's `id`
 * would be the breakpoint's own.
 */
export const scoreOf = sql<
  number | null
>`case when "submission_reviews"."status" in ('passed', 'failed') then (
  select round(avg(b."score"::numeric), 1)::float8
  from "review_breakpoints" b where b."review_id" = "submission_reviews"."id"
) end`

/** The columns of a review's summary; read with `toReviewSummary`. */
export const summaryColumns = {
  id: submissionReviews.publicId,
  status: submissionReviews.status,
  stage: submissionReviews.stage,
  score: scoreOf,
  requestedUrl: submissionReviews.requestedUrl,
  errorCode: submissionReviews.errorCode,
  errorMessage: submissionReviews.errorMessage,
  pointsAwarded: submissionReviews.pointsAwarded,
  createdAt: submissionReviews.createdAt,
}

type SummaryRow = {
  id: string
  status: string
  stage: string | null
  score: number | null
  requestedUrl: string
  errorCode: string | null
  errorMessage: string | null
  pointsAwarded: number
  createdAt: Date
}

/** Why a failed review failed; null unless it did. */
function errorOf(row: { status: string; errorCode: string | null; errorMessage: string | null }) {
  if (row.status !== 'failed') return null
  return { code: row.errorCode ?? REVIEW_FAILED.code, message: row.errorMessage ?? REVIEW_FAILED.message }
}

function stageOf(row: { status: string; stage: string | null }): ReviewStage | null {
  return row.status === 'running' && (REVIEW_STAGES as readonly string[]).includes(row.stage ?? '')
    ? (row.stage as ReviewStage)
    : null
}

export function toReviewSummary(row: SummaryRow): ReviewSummary {
  return {
    id: row.id,
    status: row.status as ReviewStatus,
    stage: stageOf(row),
    score: row.score === null ? null : Number(row.score),
    requestedUrl: row.requestedUrl,
    error: errorOf(row),
    pointsAwarded: row.pointsAwarded,
    createdAt: row.createdAt.toISOString(),
  }
}

/**
 * The profile's LEFT JOIN LATERAL: a submission's newest passed review (the public may see no other);
 * every column null when it has none.
 */
export function latestReviewOf(db: Database, userChallengeId: typeof userChallenges.id) {
  return db
    .select({
      id: sql<string | null>`${submissionReviews.publicId}`.as('latest_review_id'),
      status: sql<string | null>`${submissionReviews.status}`.as('latest_review_status'),
      score: scoreOf.as('latest_review_score'),
      requestedUrl: sql<string | null>`${submissionReviews.requestedUrl}`.as('latest_review_requested_url'),
      pointsAwarded: sql<number | null>`${submissionReviews.pointsAwarded}`.as('latest_review_points'),
      createdAt: sql<Date | null>`${submissionReviews.createdAt}`
        .mapWith(submissionReviews.createdAt)
        .as('latest_review_created_at'),
    })
    .from(submissionReviews)
    .where(
      and(eq(submissionReviews.userChallengeId, userChallengeId), eq(submissionReviews.status, 'passed')),
    )
    .orderBy(desc(submissionReviews.createdAt), desc(submissionReviews.id))
    .limit(1)
    .as('latest_review')
}

/** One review's summary by its internal id; null for an unknown id. */
export async function reviewSummary(db: Pick<Database, 'select'>, id: number): Promise<ReviewSummary | null> {
  const [row] = await db.select(summaryColumns).from(submissionReviews).where(eq(submissionReviews.id, id))
  return row ? toReviewSummary(row) : null
}

/** A submission's reviews, newest first. */
export async function reviewSummariesOf(db: Database, userChallengeId: number): Promise<ReviewSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(submissionReviews)
    .where(eq(submissionReviews.userChallengeId, userChallengeId))
    .orderBy(desc(submissionReviews.createdAt), desc(submissionReviews.id))
  return rows.map(toReviewSummary)
}

/** A stored report in today's shape, or null (none yet, or written by an older version in another shape). */
function storedQuality(value: unknown): ReviewQuality | null {
  if (value === null || value === undefined) return null
  const parsed = reviewQualitySchema.safeParse(value)
  return parsed.success ? parsed.data : null
}

function storedOwnership(value: string | null): Ownership | null {
  const parsed = ownershipSchema.safeParse(value)
  return parsed.success ? parsed.data : null
}

/**
 * Joins to a query of reviews their solution (`userChallenges`), its member (`users`) and its challenge
 * (`challenges`): what reading one review for its page or for its work needs.
 */
export function withMemberAndChallenge<Query extends PgSelect>(reviews: Query) {
  return reviews
    .innerJoin(userChallenges, eq(userChallenges.id, submissionReviews.userChallengeId))
    .innerJoin(users, eq(users.id, userChallenges.userId))
    .innerJoin(challenges, eq(challenges.id, userChallenges.challengeId))
}

/**
 * A report by its public id, with the id of the member it belongs to (who may read it before it passed);
 * null for an unknown id.
 */
export async function readReview(
  db: Database,
  publicId: string,
): Promise<{ review: Review; memberId: string } | null> {
  // The review first, then its breakpoints, one after the other: the worker writes both in one
  // transaction, so a review read as done has its breakpoints committed before the second read.
  // Read side by side on two connections, the breakpoints could come from before that commit and
  // the review from after it: a finished report with no breakpoints (seen once in CI).
  const reviews = db
    .select({
      review: submissionReviews,
      score: scoreOf,
      linkStatus: userChallenges.linkStatus,
      memberId: users.id,
      member: { username: users.username, name: users.name, avatarUrl: users.avatarUrl },
      challenge: {
        id: challenges.id,
        slug: challenges.slug,
        title: challenges.title,
        templateImg: challenges.templateImg,
        tabletImg: challenges.tabletImg,
        mobileImg: challenges.mobileImg,
      },
    })
    .from(submissionReviews)
    .$dynamic()
  const [row] = await withMemberAndChallenge(reviews).where(eq(submissionReviews.publicId, publicId))
  if (!row) return null
  const breakpoints = await db
    .select()
    .from(reviewBreakpoints)
    .where(eq(reviewBreakpoints.reviewId, row.review.id))
    .orderBy(asc(reviewBreakpoints.width))
  const { review, challenge } = row
  const order = REVIEW_BREAKPOINTS.map((b) => b.breakpoint as string)
  const done = review.status === 'passed' || review.status === 'failed'
  const report: Review = {
    id: review.publicId,
    status: review.status as ReviewStatus,
    stage: stageOf(review),
    requestedUrl: review.requestedUrl,
    repositoryUrl: review.repositoryUrl,
    finalUrl: review.finalUrl,
    error: errorOf(review),
    score: row.score === null ? null : Number(row.score),
    createdAt: review.createdAt.toISOString(),
    startedAt: review.startedAt?.toISOString() ?? null,
    finishedAt: review.finishedAt?.toISOString() ?? null,
    versions: review.versions ?? null,
    // Rows of an attempt that did not finish are not shown.
    breakpoints: (done ? breakpoints : [])
      .sort((a, b) => order.indexOf(a.breakpoint) - order.indexOf(b.breakpoint))
      .map((b) => ({
        breakpoint: b.breakpoint as ReviewBreakpointName,
        width: b.width,
        score: b.score,
        captureUrl: fileUrl(b.captureKey),
        diffUrl: fileUrl(b.diffKey),
        previewUrl: b.previewKey ? fileUrl(b.previewKey) : null,
        designUrl: fileUrl(challenge[DESIGN_COLUMN[b.breakpoint as ReviewBreakpointName]]),
        designHeight: b.designHeight,
        captureHeight: b.captureHeight,
        comparedHeight: b.comparedHeight,
        heightRatio: b.heightRatio,
        failedFonts: b.failedFonts,
        // A review stored before findings, or of another shape's version, has none (never an error).
        elements: readStoredElements(b.elements),
      })),
    quality: done ? storedQuality(review.quality) : null,
    ownership: storedOwnership(review.ownership),
    linkStatus: (row.linkStatus === 'offline' ? 'offline' : 'live') satisfies LinkStatus,
    member: row.member,
    challenge: { id: challenge.id, slug: challenge.slug, title: challenge.title },
  }
  return { review: report, memberId: row.memberId }
}
