/**
 * The admins' moderation (docs/product.md §12, "Reports and moderation"): hiding and restoring comments
 * and solutions, suspending members from commenting, dismissing reports. Each change and its audit row
 * are one transaction; an action that changes nothing writes nothing.
 */
import { sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { recountComments } from '#server/feedback/counts.ts'
import { HttpError, notFound } from '#server/http/errors.ts'
import {
  type AuditEntry,
  type ModerationAction,
  NO_SUCH_COMMENT,
  NO_SUCH_MEMBER,
  NO_SUCH_REPORT,
  SUSPEND_SELF,
} from '#shared/feedback.ts'

const NO_SUCH_SOLUTION = 'There is no such solution.'
/** The audit log's page: the newest actions. */
export const AUDIT_LIMIT = 100

type Rows<T> = { rows: T[] }
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows
type Tx = Pick<Database, 'execute'>

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
  await tx.execute(sql`
    insert into moderation_actions
      (admin_id, admin_login, action, comment_id, user_challenge_id, target_user_id, report_id, note)
    values (${admin.id}, ${admin.username}, ${entry.action}, ${entry.commentId ?? null},
      ${entry.userChallengeId ?? null}, ${entry.targetUserId ?? null}, ${entry.reportId ?? null},
      ${entry.note})`)
}

/**
 * Resolves the target's open reports as acted on; the oldest one's id (the one the admin most likely
 * answered), or null when there were none.
 */
async function actionReports(tx: Tx, admin: Moderator, target: SQLTarget): Promise<string | null> {
  const rows = rowsOf<{ id: string; created_at: Date | string }>(
    await tx.execute(sql`
      update reports set status = 'actioned', resolved_by = ${admin.id}, resolved_at = now()
      where status = 'open' and ${target.type === 'comment' ? sql`comment_id = ${target.id}` : sql`user_challenge_id = ${target.id}`}
      returning id, created_at`),
  )
  rows.sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime())
  return rows[0]?.id ?? null
}
type SQLTarget = { type: 'comment' | 'solution'; id: number }

/** Hides (`hide`) or restores a comment by its public id; whether anything changed. */
export async function setCommentHidden(
  db: Database,
  admin: Moderator,
  publicId: string,
  hide: boolean,
  note: string | null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [comment] = rowsOf<{ id: number; user_challenge_id: number }>(
      await tx.execute(sql`select id, user_challenge_id from comments where public_id = ${publicId}`),
    )
    if (!comment) throw notFound(NO_SUCH_COMMENT)
    const changed = rowsOf<{ id: number }>(
      await tx.execute(sql`
        update comments set hidden_at = ${hide ? sql`now()` : sql`null`}
        where id = ${comment.id} and hidden_at is ${hide ? sql`null` : sql`not null`}
        returning id`),
    )
    if (changed.length === 0) return false
    await recountComments(tx, comment.user_challenge_id)
    const reportId = hide ? await actionReports(tx, admin, { type: 'comment', id: comment.id }) : null
    await logAction(tx, admin, {
      action: hide ? 'hide_comment' : 'restore_comment',
      commentId: comment.id,
      userChallengeId: comment.user_challenge_id,
      reportId,
      note,
    })
    return true
  })
}

/**
 * Hides a solution from everyone but its author and the admins (`hidden` too, so the galleries drop it
 * and its author cannot show it again), or restores it; whether anything changed and whose it is.
 */
export async function setSolutionHidden(
  db: Database,
  admin: Moderator,
  publicId: string,
  hide: boolean,
  note: string | null,
): Promise<{ changed: boolean; ownerId: string }> {
  return db.transaction(async (tx) => {
    const [solution] = rowsOf<{ id: number; user_id: string }>(
      await tx.execute(sql`select id, user_id from user_challenges where public_id = ${publicId}`),
    )
    if (!solution) throw notFound(NO_SUCH_SOLUTION)
    const changed = rowsOf<{ id: number }>(
      await tx.execute(
        hide
          ? sql`update user_challenges set moderator_hidden_at = now(), hidden = true, updated_at = now()
              where id = ${solution.id} and moderator_hidden_at is null returning id`
          : sql`update user_challenges set moderator_hidden_at = null, hidden = false, updated_at = now()
              where id = ${solution.id} and moderator_hidden_at is not null returning id`,
      ),
    )
    if (changed.length === 0) return { changed: false, ownerId: solution.user_id }
    const reportId = hide ? await actionReports(tx, admin, { type: 'solution', id: solution.id }) : null
    await logAction(tx, admin, {
      action: hide ? 'hide_solution' : 'restore_solution',
      userChallengeId: solution.id,
      targetUserId: solution.user_id,
      reportId,
      note,
    })
    return { changed: true, ownerId: solution.user_id }
  })
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
        : rowsOf<{ id: string }>(await tx.execute(sql`select id from users where username = ${username}`))
    if (!member) throw notFound(NO_SUCH_MEMBER)
    if (suspend && member.id === admin.id) throw new HttpError(400, 'bad_request', SUSPEND_SELF)
    const changed = rowsOf<{ id: string }>(
      await tx.execute(sql`
        update users set commenting_suspended_at = ${suspend ? sql`now()` : sql`null`}, updated_at = now()
        where id = ${member.id} and commenting_suspended_at is ${suspend ? sql`null` : sql`not null`}
        returning id`),
    )
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
    const [report] = rowsOf<{ id: string }>(
      await tx.execute(sql`select id from reports where id = ${reportId}`),
    )
    if (!report) throw notFound(NO_SUCH_REPORT)
    const [dismissed] = rowsOf<{ comment_id: number | null; user_challenge_id: number | null }>(
      await tx.execute(sql`
        update reports set status = 'dismissed', resolved_by = ${admin.id}, resolved_at = now()
        where id = ${reportId} and status = 'open'
        returning comment_id, user_challenge_id`),
    )
    if (!dismissed) return false
    await logAction(tx, admin, {
      action: 'dismiss_report',
      commentId: dismissed.comment_id,
      userChallengeId: dismissed.user_challenge_id,
      reportId,
      note,
    })
    return true
  })
}

type AuditRow = {
  action: ModerationAction
  admin_login: string
  note: string | null
  created_at: Date | string
  comment_id: number | null
  comment_author: string | null
  comment_challenge: string | null
  user_challenge_id: number | null
  solution_author: string | null
  solution_challenge: string | null
  member: string | null
}

/** The audit log, newest first, each target in words; null when what it named is gone. */
export async function readAudit(db: Database): Promise<AuditEntry[]> {
  const rows = rowsOf<AuditRow>(
    await db.execute(sql`
      select a.action, a.admin_login, a.note, a.created_at,
        a.comment_id, cu.username as comment_author, cch.title as comment_challenge,
        a.user_challenge_id, su.username as solution_author, sch.title as solution_challenge,
        mu.username as member
      from (
        select * from moderation_actions order by created_at desc, id desc limit ${AUDIT_LIMIT}
      ) a
      left join comments c on c.id = a.comment_id
      left join users cu on cu.id = c.author_id
      left join user_challenges cuc on cuc.id = c.user_challenge_id
      left join challenges cch on cch.id = cuc.challenge_id
      left join user_challenges uc on uc.id = a.user_challenge_id
      left join users su on su.id = uc.user_id
      left join challenges sch on sch.id = uc.challenge_id
      left join users mu on mu.id = a.target_user_id
      order by a.created_at desc, a.id desc`),
  )
  return rows.map((row) => ({
    action: row.action,
    admin: row.admin_login,
    target: describeTarget(row),
    note: row.note,
    createdAt: new Date(row.created_at).toISOString(),
  }))
}

function describeTarget(row: AuditRow): string | null {
  const onComment = row.action.endsWith('_comment') || (row.action === 'dismiss_report' && row.comment_id)
  if (onComment) {
    return row.comment_author && row.comment_challenge
      ? `comment by ${row.comment_author} on ${row.comment_challenge}`
      : null
  }
  if (row.action.endsWith('_solution') || row.action === 'dismiss_report') {
    return row.solution_author && row.solution_challenge
      ? `solution by ${row.solution_author} of ${row.solution_challenge}`
      : null
  }
  return row.member ? `member ${row.member}` : null
}
