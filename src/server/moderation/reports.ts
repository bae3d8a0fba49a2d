/**
 * Members' reports of a comment or a solution, and the open ones as the admins list them
 * (docs/product.md §12, "Reports and moderation").
 */
import { sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { HttpError, notFound } from '#server/http/errors.ts'
import { renderWriteUp } from '#server/solutions/write-up.ts'
import {
  type AdminReport,
  type NewReport,
  NO_SUCH_COMMENT,
  REPORT_OWN_WORK,
  type ReportReason,
} from '#shared/feedback.ts'

const NO_SUCH_SOLUTION = 'There is no such solution.'

type Rows<T> = { rows: T[] }
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows

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
  const commentId = report.target.type === 'comment' ? target.id : null
  const userChallengeId = report.target.type === 'solution' ? target.id : null
  const details = report.details ?? null
  // One open report per member and target: the partial unique indexes turn a second into nothing.
  const conflict =
    commentId === null
      ? sql`(reporter_id, user_challenge_id) where status = 'open' and user_challenge_id is not null`
      : sql`(reporter_id, comment_id) where status = 'open' and comment_id is not null`
  const inserted = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into reports (reporter_id, comment_id, user_challenge_id, reason, details)
      values (${reporterId}, ${commentId}, ${userChallengeId}, ${report.reason}, ${details})
      on conflict ${conflict} do nothing
      returning id`),
  )
  const [created] = inserted
  if (created) return { id: created.id, created: true }
  const existing = rowsOf<{ id: string }>(
    await db.execute(sql`
      select id from reports
      where reporter_id = ${reporterId} and status = 'open'
        and ${commentId === null ? sql`user_challenge_id = ${userChallengeId}` : sql`comment_id = ${commentId}`}`),
  )
  const [open] = existing
  // Resolved between the two statements: the member may file it again.
  if (!open) return fileReport(db, reporterId, report)
  return { id: open.id, created: false }
}

/**
 * The target's row id and its author, if others may see it at all: a listed solution, or a comment of
 * one that is not deleted, not hidden and not under a hidden comment.
 */
async function findVisibleTarget(
  db: Database,
  target: ParsedReport['target'],
): Promise<{ id: number; ownerId: string }> {
  const listed = sql`uc.passed_review_id is not null and not uc.hidden`
  if (target.type === 'solution') {
    const [row] = rowsOf<{ id: number; owner_id: string }>(
      await db.execute(sql`
        select uc.id, uc.user_id as owner_id from user_challenges uc
        where uc.public_id = ${target.id} and ${listed}`),
    )
    if (!row) throw notFound(NO_SUCH_SOLUTION)
    return { id: row.id, ownerId: row.owner_id }
  }
  const [row] = rowsOf<{ id: number; owner_id: string }>(
    await db.execute(sql`
      select c.id, c.author_id as owner_id from comments c
      join user_challenges uc on uc.id = c.user_challenge_id
      left join comments parent on parent.id = c.parent_id
      where c.public_id = ${target.id} and c.deleted_at is null and c.hidden_at is null
        and parent.hidden_at is null and ${listed}`),
  )
  if (!row) throw notFound(NO_SUCH_COMMENT)
  return { id: row.id, ownerId: row.owner_id }
}

type OpenReportRow = {
  id: string
  reason: string
  details: string | null
  created_at: Date | string
  reporter_username: string
  reporter_name: string | null
  reporter_avatar: string | null
  comment_public_id: string | null
  comment_body: string | null
  comment_deleted: boolean | null
  comment_hidden: boolean | null
  solution_public_id: string
  challenge_title: string
  solution_moderator_hidden: boolean
  author_username: string
  author_name: string | null
  author_avatar: string | null
  author_suspended: boolean
}

/** The open reports, oldest first, each with what it points at (docs/product.md §12). */
export async function openReports(db: Database): Promise<AdminReport[]> {
  const rows = rowsOf<OpenReportRow>(
    await db.execute(sql`
      select r.id, r.reason, r.details, r.created_at,
        reporter.username as reporter_username, reporter.name as reporter_name,
        reporter.avatar_url as reporter_avatar,
        c.public_id as comment_public_id, c.body as comment_body,
        c.deleted_at is not null as comment_deleted, c.hidden_at is not null as comment_hidden,
        uc.public_id as solution_public_id, ch.title as challenge_title,
        uc.moderator_hidden_at is not null as solution_moderator_hidden,
        author.username as author_username, author.name as author_name,
        author.avatar_url as author_avatar,
        author.commenting_suspended_at is not null as author_suspended
      from reports r
      join users reporter on reporter.id = r.reporter_id
      left join comments c on c.id = r.comment_id
      join user_challenges uc on uc.id = coalesce(r.user_challenge_id, c.user_challenge_id)
      join challenges ch on ch.id = uc.challenge_id
      join users author on author.id = coalesce(c.author_id, uc.user_id)
      where r.status = 'open'
      order by r.created_at, r.id`),
  )
  return rows.map((row): AdminReport => {
    const author = { username: row.author_username, name: row.author_name, avatarUrl: row.author_avatar }
    return {
      id: row.id,
      reason: row.reason as ReportReason,
      details: row.details,
      createdAt: new Date(row.created_at).toISOString(),
      reporter: { username: row.reporter_username, name: row.reporter_name, avatarUrl: row.reporter_avatar },
      target:
        row.comment_public_id === null
          ? {
              type: 'solution',
              id: row.solution_public_id,
              challengeTitle: row.challenge_title,
              author,
              hidden: row.solution_moderator_hidden,
              authorSuspended: row.author_suspended,
            }
          : {
              type: 'comment',
              id: row.comment_public_id,
              solutionId: row.solution_public_id,
              // A comment its author deleted has no author and no text left to judge.
              author: row.comment_deleted ? null : author,
              bodyHtml: row.comment_deleted ? '' : renderWriteUp(row.comment_body),
              hidden: Boolean(row.comment_hidden),
              authorSuspended: row.author_suspended,
            },
    }
  })
}
