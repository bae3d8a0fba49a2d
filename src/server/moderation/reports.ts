/**
 * Members' reports of a comment or a solution, and the open ones as the admins list them
 * (docs/product.md §12, "Reports and moderation").
 */
import { and, asc, eq, isNotNull, isNull, not, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Database } from '#server/db/client.ts'
import { challenges, comments, reports, userChallenges, users } from '#server/db/schema.ts'
import { HttpError, notFound } from '#server/http/errors.ts'
import { renderWriteUp } from '#server/solutions/write-up.ts'
import {
  type AdminReport,
  type NewReport,
  NO_SUCH_COMMENT,
  NO_SUCH_SOLUTION,
  REPORT_OWN_WORK,
  type ReportReason,
} from '#shared/feedback.ts'

/** A report as parsed by newReportSchema (details trimmed, or absent). */
type ParsedReport = Omit<NewReport, 'details'> & { details?: string | undefined }

/**
 * Files `reporterId`'s report, or finds their open one on the same target: `created` is false then and
 * nothing is written. The target must be one the reporter can see (a listed solution, a visible comment
 * of one), else a 404 as if it were not there; their own work is a 400.
 */
export async function fileReport(
  db: Database,
  reporterId: string,
  report: ParsedReport,
): Promise<{ id: string; created: boolean }> {
  const target = await findVisibleTarget(db, report.target)
  if (target.ownerId === reporterId) throw new HttpError(400, 'own_work', REPORT_OWN_WORK)
  const onComment = report.target.type === 'comment'
  const targetColumn = onComment ? reports.commentId : reports.userChallengeId
  // One open report per member and target: the partial unique indexes turn a second into nothing.
  const [created] = await db
    .insert(reports)
    .values({
      reporterId,
      commentId: onComment ? target.id : null,
      userChallengeId: onComment ? null : target.id,
      reason: report.reason,
      details: report.details ?? null,
    })
    .onConflictDoNothing({
      target: [reports.reporterId, targetColumn],
      where: and(eq(reports.status, 'open'), isNotNull(targetColumn)),
    })
    .returning({ id: reports.id })
  if (created) return { id: created.id, created: true }
  const [open] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.reporterId, reporterId), eq(reports.status, 'open'), eq(targetColumn, target.id)))
  // Resolved between the two statements: the member may file it again.
  if (!open) return fileReport(db, reporterId, report)
  return { id: open.id, created: false }
}

const parent = alias(comments, 'parent')
/** Listed: passed, and not hidden by its author or an admin. */
const listed = and(isNotNull(userChallenges.passedReviewId), not(userChallenges.hidden))

/**
 * The target's row id and its author, if others may see it at all: a listed solution, or a comment of
 * one that is not deleted, not hidden and not under a hidden comment.
 */
async function findVisibleTarget(
  db: Database,
  target: ParsedReport['target'],
): Promise<{ id: number; ownerId: string }> {
  if (target.type === 'solution') {
    const [row] = await db
      .select({ id: userChallenges.id, ownerId: userChallenges.userId })
      .from(userChallenges)
      .where(and(eq(userChallenges.publicId, target.id), listed))
    if (!row) throw notFound(NO_SUCH_SOLUTION)
    return row
  }
  const [row] = await db
    .select({ id: comments.id, ownerId: comments.authorId })
    .from(comments)
    .innerJoin(userChallenges, eq(userChallenges.id, comments.userChallengeId))
    .leftJoin(parent, eq(parent.id, comments.parentId))
    .where(
      and(
        eq(comments.publicId, target.id),
        isNull(comments.deletedAt),
        isNull(comments.hiddenAt),
        isNull(parent.hiddenAt),
        listed,
      ),
    )
  if (!row) throw notFound(NO_SUCH_COMMENT)
  return row
}

const reporter = alias(users, 'reporter')
const author = alias(users, 'author')

/** The open reports, oldest first, each with what it points at (docs/product.md §12). */
export async function openReports(db: Database): Promise<AdminReport[]> {
  const rows = await db
    .select({
      id: reports.id,
      reason: reports.reason,
      details: reports.details,
      createdAt: reports.createdAt,
      reporter: { username: reporter.username, name: reporter.name, avatarUrl: reporter.avatarUrl },
      commentPublicId: comments.publicId,
      commentBody: comments.body,
      commentDeleted: sql<boolean>`${comments.deletedAt} is not null`,
      commentHidden: sql<boolean>`${comments.hiddenAt} is not null`,
      solutionPublicId: userChallenges.publicId,
      challengeTitle: challenges.title,
      solutionModeratorHidden: sql<boolean>`${userChallenges.moderatorHiddenAt} is not null`,
      author: { username: author.username, name: author.name, avatarUrl: author.avatarUrl },
      authorSuspended: sql<boolean>`${author.commentingSuspendedAt} is not null`,
    })
    .from(reports)
    .innerJoin(reporter, eq(reporter.id, reports.reporterId))
    .leftJoin(comments, eq(comments.id, reports.commentId))
    // A report names its comment or its solution: the solution is the comment's when it names a comment.
    .innerJoin(
      userChallenges,
      eq(userChallenges.id, sql`coalesce(${reports.userChallengeId}, ${comments.userChallengeId})`),
    )
    .innerJoin(challenges, eq(challenges.id, userChallenges.challengeId))
    .innerJoin(author, eq(author.id, sql`coalesce(${comments.authorId}, ${userChallenges.userId})`))
    .where(eq(reports.status, 'open'))
    .orderBy(asc(reports.createdAt), asc(reports.id))
  return rows.map((row): AdminReport => {
    const author = row.author
    return {
      id: row.id,
      reason: row.reason as ReportReason,
      details: row.details,
      createdAt: row.createdAt.toISOString(),
      reporter: row.reporter,
      target:
        row.commentPublicId === null
          ? {
              type: 'solution',
              id: row.solutionPublicId,
              challengeTitle: row.challengeTitle,
              author,
              hidden: Boolean(row.solutionModeratorHidden),
              authorSuspended: Boolean(row.authorSuspended),
            }
          : {
              type: 'comment',
              id: row.commentPublicId,
              solutionId: row.solutionPublicId,
              // A comment its author deleted has no author and no text left to judge.
              author: row.commentDeleted ? null : author,
              bodyHtml: row.commentDeleted ? '' : renderWriteUp(row.commentBody),
              hidden: Boolean(row.commentHidden),
              authorSuspended: Boolean(row.authorSuspended),
            },
    }
  })
}
