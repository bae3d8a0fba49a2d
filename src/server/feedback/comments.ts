/**
 * Comments and replies on a solution (docs/product.md §12): who sees which, and how each is shown. A
 * comment hidden by an admin is its author's and the admins' only, and a hidden comment's replies go
 * with it; a deleted comment stays, as "deleted comment", only while visible replies hang under it.
 */
import { and, asc, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Database } from '#server/db/client.ts'
import { comments, userChallenges, users } from '#server/db/schema.ts'
import { renderWriteUp } from '#server/solutions/write-up.ts'
import { COMMENT_THREADS_MAX, type Comment, type CommentKind, type Reply } from '#shared/feedback.ts'

/** Who reads: their id (null for a visitor) and whether they are an admin. */
export type Reader = { id: string | null; isAdmin: boolean }

/** A solution as feedback needs it: its row id, its author, whether it is listed or ever passed. */
export type FeedbackSolution = {
  id: number
  publicId: string
  userId: string
  listed: boolean
  passed: boolean
}

/** The solution by its public id, or (a number) by its row id; null when there is none. */
export async function findFeedbackSolution(
  db: Pick<Database, 'select'>,
  key: string | number,
): Promise<FeedbackSolution | null> {
  const [row] = await db
    .select({
      id: userChallenges.id,
      publicId: userChallenges.publicId,
      userId: userChallenges.userId,
      listed: sql<boolean>`(${userChallenges.passedReviewId} is not null and not ${userChallenges.hidden})`,
      passed: sql<boolean>`(${userChallenges.passedReviewId} is not null)`,
    })
    .from(userChallenges)
    .where(typeof key === 'number' ? eq(userChallenges.id, key) : eq(userChallenges.publicId, key))
  return row ? { ...row, listed: Boolean(row.listed), passed: Boolean(row.passed) } : null
}

const parent = alias(comments, 'parent')

const commentColumns = {
  id: comments.id,
  publicId: comments.publicId,
  userChallengeId: comments.userChallengeId,
  authorId: comments.authorId,
  parentId: comments.parentId,
  parentPublicId: parent.publicId,
  kind: comments.kind,
  body: comments.body,
  helpfulAt: comments.helpfulAt,
  editedAt: comments.editedAt,
  deletedAt: comments.deletedAt,
  hiddenAt: comments.hiddenAt,
  createdAt: comments.createdAt,
  author: { username: users.username, name: users.name, avatarUrl: users.avatarUrl },
}

export type CommentRow = {
  id: number
  publicId: string
  userChallengeId: number
  authorId: string
  parentId: number | null
  parentPublicId: string | null
  kind: string
  body: string
  helpfulAt: Date | null
  editedAt: Date | null
  deletedAt: Date | null
  hiddenAt: Date | null
  createdAt: Date
  author: { username: string; name: string | null; avatarUrl: string | null }
}

const selectComments = (db: Pick<Database, 'select'>) =>
  db
    .select(commentColumns)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .leftJoin(parent, eq(parent.id, comments.parentId))

/** One comment by its public id, with its author and its parent's public id; null when unknown. */
export async function findComment(
  db: Pick<Database, 'select'>,
  publicId: string,
): Promise<CommentRow | null> {
  const [row] = await selectComments(db).where(eq(comments.publicId, publicId))
  return row ?? null
}

/** An admin's hide keeps a comment from everyone but its author and the admins. */
const seesHidden = (row: { hiddenAt: Date | null; authorId: string }, reader: Reader) =>
  row.hiddenAt === null || row.authorId === reader.id || reader.isAdmin

/**
 * Whether the reader gets this comment at all (on a solution they may read): not deleted, not hidden
 * from them, and not under a parent hidden from them.
 */
export function commentVisibleTo(
  row: CommentRow,
  parentRow: { hiddenAt: Date | null; authorId: string } | null,
  reader: Reader,
): boolean {
  return (
    row.deletedAt === null && seesHidden(row, reader) && (parentRow === null || seesHidden(parentRow, reader))
  )
}

function fields(row: CommentRow, reader: Reader) {
  const deleted = row.deletedAt !== null
  return {
    id: row.publicId,
    kind: row.kind as CommentKind,
    author: deleted ? null : row.author,
    body: !deleted && row.authorId === reader.id ? row.body : null,
    bodyHtml: deleted ? '' : renderWriteUp(row.body),
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    deleted,
    hidden: row.hiddenAt !== null,
    helpful: !deleted && row.helpfulAt !== null,
  }
}

export function toReply(row: CommentRow, reader: Reader): Reply {
  return { ...fields(row, reader), parentId: row.parentPublicId ?? '' }
}

/** A thread as the reader sees it: null when it is not theirs to see, or deleted with no reply left. */
function toThread(top: CommentRow, replies: readonly CommentRow[], reader: Reader): Comment | null {
  if (!seesHidden(top, reader)) return null
  const shown = replies.filter((reply) => reply.deletedAt === null && seesHidden(reply, reader))
  if (top.deletedAt !== null && shown.length === 0) return null
  return { ...fields(top, reader), parentId: null, replies: shown.map((reply) => toReply(reply, reader)) }
}

/** The solution's threads as the reader sees them, oldest first, replies oldest first. */
export async function listComments(
  db: Pick<Database, 'select'>,
  userChallengeId: number,
  reader: Reader,
): Promise<Comment[]> {
  const rows = await selectComments(db)
    .where(eq(comments.userChallengeId, userChallengeId))
    .orderBy(asc(comments.createdAt), asc(comments.id))
  const repliesOf = new Map<number, CommentRow[]>()
  for (const row of rows) {
    if (row.parentId === null) continue
    const list = repliesOf.get(row.parentId) ?? []
    list.push(row)
    repliesOf.set(row.parentId, list)
  }
  const threads: Comment[] = []
  for (const row of rows) {
    if (row.parentId !== null) continue
    const thread = toThread(row, repliesOf.get(row.id) ?? [], reader)
    if (thread) threads.push(thread)
    if (threads.length >= COMMENT_THREADS_MAX) break
  }
  return threads
}

/**
 * The comment as the reader sees it, after a change (a new one, an edit, a helpful mark): a reply, or a
 * thread with its replies. The reader may see it (its author, or the solution's author marking it).
 */
export async function commentView(
  db: Pick<Database, 'select'>,
  publicId: string,
  reader: Reader,
): Promise<Comment | Reply | null> {
  const row = await findComment(db, publicId)
  if (!row) return null
  if (row.parentId !== null) return toReply(row, reader)
  const replies = await selectComments(db)
    .where(eq(comments.parentId, row.id))
    .orderBy(asc(comments.createdAt), asc(comments.id))
  return toThread(row, replies, reader) ?? { ...fields(row, reader), parentId: null, replies: [] }
}

/** The parent row of a reply (its author and hidden mark), or null for a top-level comment. */
export async function parentOf(
  db: Pick<Database, 'select'>,
  row: CommentRow,
): Promise<{ hiddenAt: Date | null; authorId: string } | null> {
  if (row.parentId === null) return null
  const [found] = await db
    .select({ hiddenAt: comments.hiddenAt, authorId: comments.authorId })
    .from(comments)
    .where(eq(comments.id, row.parentId))
  return found ?? null
}

/** Comments by the member marked helpful that anyone can still see (their profile's count). */
export async function helpfulCommentCount(db: Pick<Database, 'select'>, authorId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(comments)
    .where(
      and(
        eq(comments.authorId, authorId),
        sql`${comments.helpfulAt} is not null and ${comments.deletedAt} is null and ${comments.hiddenAt} is null`,
      ),
    )
  return Number(row?.total ?? 0)
}
