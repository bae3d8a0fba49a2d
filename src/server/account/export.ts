import { aliasedTable, asc, eq, inArray } from 'drizzle-orm'
import { z } from 'zod'
import { fileUrl } from '#server/catalogue/challenge-rows.ts'
import type { Database } from '#server/db/client.ts'
import {
  challenges,
  comments,
  competitionResults,
  competitions,
  moderationActions,
  notifications,
  pathStarts,
  pointsLedger,
  reports,
  reviewBreakpoints,
  solutionLikes,
  submissionReviews,
  userBadges,
  userChallenges,
  users,
} from '#server/db/schema.ts'

/** The shape's version: bump it when a section changes. */
export const ACCOUNT_EXPORT_VERSION = 1

const rows = (description: string) => z.array(z.record(z.string(), z.unknown())).describe(description)

/**
 * GET /api/me/export (docs/product.md §2 Settings, "Your account"): every row the platform holds about the
 * member, one section per kind, with the columns as stored (times in ISO 8601). Other members appear
 * only as the public ids of their solutions and comments the member's rows point at. Images are named by
 * their /files/ address, not included.
 */
export const accountExportSchema = z.object({
  format: z.literal('frontend-dojo-account-export'),
  version: z.literal(ACCOUNT_EXPORT_VERSION),
  exportedAt: z.string(),
  profile: z
    .record(z.string(), z.unknown())
    .describe(
      'The member’s row: GitHub identity, profile, totals, activity settings (time zone, weekly goal, hidden activity).',
    ),
  progress: rows('One row per challenge started (user_challenges), with the challenge’s slug and title.'),
  reviews: rows(
    'Every review of the member’s solutions, each with its breakpoints and their image addresses.',
  ),
  comments: rows('Comments and replies the member wrote (deleted ones too, body emptied).'),
  likes: rows('Solutions the member liked.'),
  reports: rows('Reports the member filed.'),
  notifications: rows('The member’s notifications.'),
  badges: rows('Badges awarded to the member.'),
  pointsLedger: rows('Every award of points (and withdrawal).'),
  competitionResults: rows('The member’s ranks in closed competitions.'),
  moderation: rows('Moderators’ actions about the member or their work (what and when; not who).'),
  paths: rows('Learning paths the member started, by slug, and when.'),
})
export type AccountExport = z.infer<typeof accountExportSchema>

/** Everything about `userId`; null when the member is gone. */
export async function exportAccount(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<AccountExport | null> {
  const [profile] = await db.select().from(users).where(eq(users.id, userId))
  if (!profile) return null

  const progress = await db
    .select({ row: userChallenges, challengeSlug: challenges.slug, challengeTitle: challenges.title })
    .from(userChallenges)
    .innerJoin(challenges, eq(challenges.id, userChallenges.challengeId))
    .where(eq(userChallenges.userId, userId))
    .orderBy(asc(userChallenges.startedAt), asc(userChallenges.id))
  const solutionIds = new Map(progress.map((p) => [p.row.id, p.row.publicId]))
  const ownSolutions = [...solutionIds.keys()]

  const reviewRows =
    ownSolutions.length === 0
      ? []
      : await db
          .select()
          .from(submissionReviews)
          .where(inArray(submissionReviews.userChallengeId, ownSolutions))
          .orderBy(asc(submissionReviews.createdAt), asc(submissionReviews.id))
  const breakpointRows =
    reviewRows.length === 0
      ? []
      : await db
          .select()
          .from(reviewBreakpoints)
          .where(
            inArray(
              reviewBreakpoints.reviewId,
              reviewRows.map((r) => r.id),
            ),
          )
          .orderBy(asc(reviewBreakpoints.id))

  const solution = aliasedTable(userChallenges, 'solution')
  const parent = aliasedTable(comments, 'parent')
  const commentRows = await db
    .select({
      id: comments.publicId,
      solutionId: solution.publicId,
      parentId: parent.publicId,
      kind: comments.kind,
      body: comments.body,
      helpfulAt: comments.helpfulAt,
      editedAt: comments.editedAt,
      deletedAt: comments.deletedAt,
      hiddenAt: comments.hiddenAt,
      createdAt: comments.createdAt,
    })
    .from(comments)
    .innerJoin(solution, eq(solution.id, comments.userChallengeId))
    .leftJoin(parent, eq(parent.id, comments.parentId))
    .where(eq(comments.authorId, userId))
    .orderBy(asc(comments.createdAt), asc(comments.id))
  const likeRows = await db
    .select({ solutionId: solution.publicId, createdAt: solutionLikes.createdAt })
    .from(solutionLikes)
    .innerJoin(solution, eq(solution.id, solutionLikes.userChallengeId))
    .where(eq(solutionLikes.userId, userId))
    .orderBy(asc(solutionLikes.createdAt))
  const reportRows = await db
    .select({ row: reports, commentId: comments.publicId, solutionId: solution.publicId })
    .from(reports)
    .leftJoin(comments, eq(comments.id, reports.commentId))
    .leftJoin(solution, eq(solution.id, reports.userChallengeId))
    .where(eq(reports.reporterId, userId))
    .orderBy(asc(reports.createdAt))
  const notificationRows = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      solutionId: solution.publicId,
      commentId: comments.publicId,
      reviewId: submissionReviews.publicId,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .innerJoin(solution, eq(solution.id, notifications.userChallengeId))
    .leftJoin(comments, eq(comments.id, notifications.commentId))
    .leftJoin(submissionReviews, eq(submissionReviews.id, notifications.reviewId))
    .where(eq(notifications.recipientId, userId))
    .orderBy(asc(notifications.createdAt))
  const badgeRows = await db
    .select({ badge: userBadges.badge, reason: userBadges.reason, awardedAt: userBadges.awardedAt })
    .from(userBadges)
    .where(eq(userBadges.userId, userId))
    .orderBy(asc(userBadges.awardedAt))
  const ledgerRows = await db
    .select({
      reason: pointsLedger.reason,
      reference: pointsLedger.reference,
      points: pointsLedger.points,
      solutionId: solution.publicId,
      createdAt: pointsLedger.createdAt,
    })
    .from(pointsLedger)
    .leftJoin(solution, eq(solution.id, pointsLedger.userChallengeId))
    .where(eq(pointsLedger.userId, userId))
    .orderBy(asc(pointsLedger.createdAt), asc(pointsLedger.id))
  const resultRows = await db
    .select({
      competition: competitions.slug,
      title: competitions.title,
      rank: competitionResults.rank,
      score: competitionResults.score,
      enteredAt: competitionResults.enteredAt,
      reviewId: submissionReviews.publicId,
    })
    .from(competitionResults)
    .innerJoin(competitions, eq(competitions.id, competitionResults.competitionId))
    .leftJoin(submissionReviews, eq(submissionReviews.id, competitionResults.reviewId))
    .where(eq(competitionResults.userId, userId))
    .orderBy(asc(competitions.endsAt))
  const moderationRows = await db
    .select({ action: moderationActions.action, createdAt: moderationActions.createdAt })
    .from(moderationActions)
    .where(eq(moderationActions.targetUserId, userId))
    .orderBy(asc(moderationActions.createdAt))

  const pathRows = await db
    .select({ path: pathStarts.pathSlug, startedAt: pathStarts.startedAt })
    .from(pathStarts)
    .where(eq(pathStarts.userId, userId))
    .orderBy(asc(pathStarts.startedAt))

  const iso = (at: Date | null) => at?.toISOString() ?? null
  return {
    format: 'frontend-dojo-account-export',
    version: ACCOUNT_EXPORT_VERSION,
    exportedAt: now.toISOString(),
    profile: { ...profile },
    progress: progress.map(({ row, challengeSlug, challengeTitle }) => {
      const { id: _id, passedReviewId: _passed, ...columns } = row
      return { ...columns, challengeSlug, challengeTitle }
    }),
    reviews: reviewRows.map((review) => {
      const { id, userChallengeId, ...columns } = review
      return {
        ...columns,
        solutionId: solutionIds.get(userChallengeId) ?? null,
        breakpoints: breakpointRows
          .filter((b) => b.reviewId === id)
          .map(({ id: _id, reviewId: _review, captureKey, diffKey, previewKey, ...b }) => ({
            ...b,
            captureUrl: fileUrl(captureKey),
            diffUrl: fileUrl(diffKey),
            previewUrl: previewKey ? fileUrl(previewKey) : null,
          })),
      }
    }),
    comments: commentRows,
    likes: likeRows,
    reports: reportRows.map(({ row, commentId, solutionId }) => ({
      id: row.id,
      commentId,
      solutionId,
      reason: row.reason,
      details: row.details,
      status: row.status,
      resolvedAt: iso(row.resolvedAt),
      createdAt: row.createdAt,
    })),
    notifications: notificationRows,
    badges: badgeRows,
    pointsLedger: ledgerRows,
    competitionResults: resultRows,
    moderation: moderationRows,
    paths: pathRows,
  }
}
