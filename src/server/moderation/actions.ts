/**
 * The admins' moderation (docs/product.md §12, "Reports and moderation"): hiding and restoring comments
 * and solutions, suspending members from commenting, dismissing reports. Each change and its audit row
 * are one transaction; an action that changes nothing writes nothing.
 */
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { alias, type PgSelect } from 'drizzle-orm/pg-core'
import type { Database } from '#server/db/client.ts'
import { challenges, comments, moderationActions, reports, userChallenges, users } from '#server/db/schema.ts'
import type { EventEmitter } from '#server/events/bus.ts'
import { recountComments } from '#server/feedback/counts.ts'
import { HttpError, notFound } from '#server/http/errors.ts'
import {
  type AuditEntry,
  type ModerationAction,
  NO_SUCH_COMMENT,
  NO_SUCH_MEMBER,
  NO_SUCH_REPORT,
  NO_SUCH_SOLUTION,
  SUSPEND_SELF,
} from '#shared/feedback.ts'

/** The audit log's page: the newest actions. */
export const AUDIT_LIMIT = 100

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]

export type Moderator = { id: string; username: string }

type Logged = {
  action: ModerationAction
  commentId?: number | null
  userChallengeId?: number | null
  targetUserId?: string | null
  reportId?: string | null
  note: string | null
}

async function logAction(tx: Tx, admin: Moderator, entry: Logged) {
  await tx.insert(moderationActions).values({
    adminId: admin.id,
    adminLogin: admin.username,
    action: entry.action,
    commentId: entry.commentId ?? null,
    userChallengeId: entry.userChallengeId ?? null,
    targetUserId: entry.targetUserId ?? null,
    reportId: entry.reportId ?? null,
    note: entry.note,
  })
}

type Target = { type: 'comment' | 'solution'; id: number }

/**
 * Resolves the target's open reports as acted on; the oldest one's id (the one the admin most likely
 * answered), or null when there were none.
 */
async function actionReports(tx: Tx, admin: Moderator, target: Target): Promise<string | null> {
  const rows = await tx
    .update(reports)
    .set({ status: 'actioned', resolvedBy: admin.id, resolvedAt: sql`now()` })
    .where(
      and(
        eq(reports.status, 'open'),
        target.type === 'comment' ? eq(reports.commentId, target.id) : eq(reports.userChallengeId, target.id),
      ),
    )
    .returning({ id: reports.id, createdAt: reports.createdAt })
  rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
  return rows[0]?.id ?? null
}

/** The condition a hide (`on`) or a restore changes: the mark is not there yet, or is. */
const marked = (column: Parameters<typeof isNull>[0], on: boolean) =>
  on ? isNull(column) : isNotNull(column)

/** Hides (`hide`) or restores a comment by its public id; whether anything changed. */
export async function setCommentHidden(
  db: Database,
  admin: Moderator,
  publicId: string,
  hide: boolean,
  note: string | null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [comment] = await tx
      .select({ id: comments.id, userChallengeId: comments.userChallengeId })
      .from(comments)
      .where(eq(comments.publicId, publicId))
    if (!comment) throw notFound(NO_SUCH_COMMENT)
    const changed = await tx
      .update(comments)
      .set({ hiddenAt: hide ? sql`now()` : null })
      .where(and(eq(comments.id, comment.id), marked(comments.hiddenAt, hide)))
      .returning({ id: comments.id })
    if (changed.length === 0) return false
    await recountComments(tx, comment.userChallengeId)
    const reportId = hide ? await actionReports(tx, admin, { type: 'comment', id: comment.id }) : null
    await logAction(tx, admin, {
      action: hide ? 'hide_comment' : 'restore_comment',
      commentId: comment.id,
      userChallengeId: comment.userChallengeId,
      reportId,
      note,
    })
    return true
  })
}

/**
 * Hides a solution from everyone but its author and the admins (`hidden` too, so the galleries drop it
 * and its author cannot show it again), or restores it; whether anything changed. Tells
 * `solution-moderated` after the commit when it did.
 */
export async function setSolutionHidden(
  db: Database,
  admin: Moderator,
  publicId: string,
  hide: boolean,
  note: string | null,
  events: EventEmitter,
): Promise<boolean> {
  const { changed, ownerId, challengeId } = await db.transaction(async (tx) => {
    const [solution] = await tx
      .select({
        id: userChallenges.id,
        userId: userChallenges.userId,
        challengeId: userChallenges.challengeId,
      })
      .from(userChallenges)
      .where(eq(userChallenges.publicId, publicId))
    if (!solution) throw notFound(NO_SUCH_SOLUTION)
    const changed = await tx
      .update(userChallenges)
      .set({ moderatorHiddenAt: hide ? sql`now()` : null, hidden: hide, updatedAt: sql`now()` })
      .where(and(eq(userChallenges.id, solution.id), marked(userChallenges.moderatorHiddenAt, hide)))
      .returning({ id: userChallenges.id })
    const { userId: ownerId, challengeId } = solution
    if (changed.length === 0) return { changed: false, ownerId, challengeId }
    const reportId = hide ? await actionReports(tx, admin, { type: 'solution', id: solution.id }) : null
    await logAction(tx, admin, {
      action: hide ? 'hide_solution' : 'restore_solution',
      userChallengeId: solution.id,
      targetUserId: solution.userId,
      reportId,
      note,
    })
    return { changed: true, ownerId, challengeId }
  })
  if (changed) events.emit({ type: 'solution-moderated', ownerId, challengeId, hidden: hide })
  return changed
}

/** Suspends a member from commenting, or lifts it; whether anything changed. */
export async function setMemberSuspended(
  db: Database,
  admin: Moderator,
  username: string | null,
  suspend: boolean,
  note: string | null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [member] =
      username === null
        ? []
        : await tx.select({ id: users.id }).from(users).where(eq(users.username, username))
    if (!member) throw notFound(NO_SUCH_MEMBER)
    if (suspend && member.id === admin.id) throw new HttpError(400, 'bad_request', SUSPEND_SELF)
    const changed = await tx
      .update(users)
      .set({ commentingSuspendedAt: suspend ? sql`now()` : null, updatedAt: sql`now()` })
      .where(and(eq(users.id, member.id), marked(users.commentingSuspendedAt, suspend)))
      .returning({ id: users.id })
    if (changed.length === 0) return false
    await logAction(tx, admin, {
      action: suspend ? 'suspend_member' : 'restore_member',
      targetUserId: member.id,
      note,
    })
    return true
  })
}

/** Closes an open report without acting on its target; whether it was open. */
export async function dismissReport(
  db: Database,
  admin: Moderator,
  reportId: string,
  note: string | null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [report] = await tx.select({ id: reports.id }).from(reports).where(eq(reports.id, reportId))
    if (!report) throw notFound(NO_SUCH_REPORT)
    const [dismissed] = await tx
      .update(reports)
      .set({ status: 'dismissed', resolvedBy: admin.id, resolvedAt: sql`now()` })
      .where(and(eq(reports.id, reportId), eq(reports.status, 'open')))
      .returning({ commentId: reports.commentId, userChallengeId: reports.userChallengeId })
    if (!dismissed) return false
    await logAction(tx, admin, {
      action: 'dismiss_report',
      commentId: dismissed.commentId,
      userChallengeId: dismissed.userChallengeId,
      reportId,
      note,
    })
    return true
  })
}

const commentAuthor = alias(users, 'comment_author')
const commentSolution = alias(userChallenges, 'comment_solution')
const commentChallenge = alias(challenges, 'comment_challenge')
const solutionAuthor = alias(users, 'solution_author')
const solutionChallenge = alias(challenges, 'solution_challenge')
const member = alias(users, 'member')

/** The comment an action names, its author, and its solution's challenge. */
const withCommentTarget = <Query extends PgSelect>(actions: Query) =>
  actions
    .leftJoin(comments, eq(comments.id, moderationActions.commentId))
    .leftJoin(commentAuthor, eq(commentAuthor.id, comments.authorId))
    .leftJoin(commentSolution, eq(commentSolution.id, comments.userChallengeId))
    .leftJoin(commentChallenge, eq(commentChallenge.id, commentSolution.challengeId))
/** The solution an action names, its author, and its challenge. */
const withSolutionTarget = <Query extends PgSelect>(actions: Query) =>
  actions
    .leftJoin(userChallenges, eq(userChallenges.id, moderationActions.userChallengeId))
    .leftJoin(solutionAuthor, eq(solutionAuthor.id, userChallenges.userId))
    .leftJoin(solutionChallenge, eq(solutionChallenge.id, userChallenges.challengeId))
/** The member an action names. */
const withMember = <Query extends PgSelect>(actions: Query) =>
  actions.leftJoin(member, eq(member.id, moderationActions.targetUserId))

/** The audit log, newest first, each target in words; null when what it named is gone. */
export async function readAudit(db: Database): Promise<AuditEntry[]> {
  // Every join is on a primary key and keeps the action (a left join): the limit counts actions.
  const actions = db
    .select({
      action: moderationActions.action,
      adminLogin: moderationActions.adminLogin,
      note: moderationActions.note,
      createdAt: moderationActions.createdAt,
      commentId: moderationActions.commentId,
      commentAuthor: commentAuthor.username,
      commentChallenge: commentChallenge.title,
      solutionAuthor: solutionAuthor.username,
      solutionChallenge: solutionChallenge.title,
      member: member.username,
    })
    .from(moderationActions)
    .$dynamic()
  const rows = await withMember(withSolutionTarget(withCommentTarget(actions)))
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
    .limit(AUDIT_LIMIT)
  return rows.map((row) => ({
    action: row.action as ModerationAction,
    admin: row.adminLogin,
    target: describeTarget(row),
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  }))
}

type AuditRow = {
  action: string
  commentId: number | null
  commentAuthor: string | null
  commentChallenge: string | null
  solutionAuthor: string | null
  solutionChallenge: string | null
  member: string | null
}

function describeTarget(row: AuditRow): string | null {
  const onComment = row.action.endsWith('_comment') || (row.action === 'dismiss_report' && row.commentId)
  if (onComment) {
    return row.commentAuthor && row.commentChallenge
      ? `comment by ${row.commentAuthor} on ${row.commentChallenge}`
      : null
  }
  if (row.action.endsWith('_solution') || row.action === 'dismiss_report') {
    return row.solutionAuthor && row.solutionChallenge
      ? `solution by ${row.solutionAuthor} of ${row.solutionChallenge}`
      : null
  }
  return row.member ? `member ${row.member}` : null
}
