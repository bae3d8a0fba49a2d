/**
 * Comments and replies on a solution (docs/product.md §12): who sees which, and how each is shown. A
 * comment hidden by an admin is its author's and the admins' only, and a hidden comment's replies go
 * with it; a deleted comment stays, as "deleted comment", only while visible replies hang under it.
 */
import { and, asc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm'
import { alias, QueryBuilder, type SelectedFields } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import { awardHelpfulBadges } from '#server/badges/award.ts'
import { hiddenByClassroom } from '#server/classrooms/privacy.ts'
import type { Database } from '#server/db/client.ts'
import { comments, userChallenges, users } from '#server/db/schema.ts'
import type { EventEmitter } from '#server/events/bus.ts'
import { commentHtml } from '#server/feedback/comment-html.ts'
import { commentCount, recountComments } from '#server/feedback/counts.ts'
import { commentNotifications, notify } from '#server/feedback/notifications.ts'
import { cursorMicroseconds, cursorRowId, decodeCursor, encodeCursor } from '#server/http/cursor.ts'
import { HttpError, notFound } from '#server/http/errors.ts'
import { mayReadSolution } from '#server/solutions/read.ts'
import {
  COMMENT_THREADS_PAGE,
  COMMENTING_SUSPENDED,
  COMMENTS_NEED_LISTED_SOLUTION,
  type Comment,
  type CommentKind,
  type CommentResponse,
  type CommentsResponse,
  type commentUpdateSchema,
  NO_SUCH_COMMENT,
  NO_SUCH_SOLUTION,
  type newCommentSchema,
  REPLY_TO_REPLY,
  type Reply,
} from '#shared/feedback.ts'
import { challengeGalleryQuery } from '#shared/solution.ts'

/** Who reads: their id (null for a visitor) and whether they are an admin. */
export type Reader = { id: string | null; isAdmin: boolean }

/** A solution as feedback needs it: its row id, its author, whether it is listed or ever passed. */
export type FeedbackSolution = {
  id: number
  publicId: string
  userId: string
  challengeId: number
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
      challengeId: userChallenges.challengeId,
      listed: sql<boolean>`(${userChallenges.passedReviewId} is not null and not ${userChallenges.hidden})`,
      passed: sql<boolean>`(${userChallenges.passedReviewId} is not null)`,
    })
    .from(userChallenges)
    .where(typeof key === 'number' ? eq(userChallenges.id, key) : eq(userChallenges.publicId, key))
  return row ? { ...row, listed: Boolean(row.listed), passed: Boolean(row.passed) } : null
}

const parent = alias(comments, 'parent')

/**
 * A comment's author, looked up by key for each comment: a lateral subquery with a limit, which
 * PostgreSQL does not flatten into a join. As a join, a page's replies (about a hundred rows) were
 * hashed against the whole users table once a site had thousands of members, 3 of the page's 3.5 ms
 * in the database (docs/decisions/018-galleries-at-scale.md). Every comment has its author (a key
 * that cascades), so it is the same rows.
 */
const author = new QueryBuilder()
  .select({ username: users.username, name: users.name, avatarUrl: users.avatarUrl })
  .from(users)
  .where(eq(users.id, comments.authorId))
  .limit(1)
  .as('author')

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
  author: { username: author.username, name: author.name, avatarUrl: author.avatarUrl },
  // A correlated exists in the select list, which the builder cannot say: the author teaches (owns or
  // co-teaches) a classroom the solution's author studies in (docs/product.md §13).
  byTeacher: sql<boolean>`exists (
    select 1 from classroom_members teaches
    join classroom_members studies on studies.classroom_id = teaches.classroom_id and studies.role = 'student'
    where teaches.user_id = ${comments.authorId} and teaches.role in ('owner', 'teacher')
      and studies.user_id = (select uc.user_id from user_challenges uc where uc.id = ${comments.userChallengeId})
  )`,
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
  byTeacher: boolean
}

/** Comments with their author and their parent's public id, and any `extra` columns. */
const selectComments = <Extra extends SelectedFields = Record<never, never>>(
  db: Pick<Database, 'select'>,
  extra = {} as Extra,
) =>
  db
    .select({ ...commentColumns, ...extra })
    .from(comments)
    .innerJoinLateral(author, sql`true`)
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
    bodyHtml: deleted ? '' : commentHtml(row.body),
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    deleted,
    hidden: row.hiddenAt !== null,
    helpful: !deleted && row.helpfulAt !== null,
    teacher: !deleted && Boolean(row.byTeacher),
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

/** GET /api/solutions/:id/comments' query: the galleries' `cursor`. */
export const commentsPageQuery = challengeGalleryQuery.pick({ cursor: true })

/** A page's position: its last thread's created_at in microseconds since 1970, and its row id. */
const threadCursor = z.tuple([cursorMicroseconds, cursorRowId]).transform(([us, id]) => ({ us, id }))

/** A page's threads: the solution's top-level comments from `after` on, one more than a page. */
function threadsFrom(db: Pick<Database, 'select'>, after: SQL | null) {
  return (
    selectComments(db, {
      createdUs: sql<string>`(extract(epoch from ${comments.createdAt}) * 1000000)::bigint::text`,
    })
      .where(
        and(
          eq(comments.userChallengeId, sql.placeholder('userChallengeId')),
          isNull(comments.parentId),
          after ?? undefined,
        ),
      )
      .orderBy(asc(comments.createdAt), asc(comments.id))
      // One row more than the page, to tell whether another follows.
      .limit(COMMENT_THREADS_PAGE + 1)
  )
}

/**
 * listComments' statements, built and prepared once per database handle: building them anew took a
 * seventh of a comments page's CPU (docs/decisions/018-galleries-at-scale.md).
 */
function prepareListStatements(db: Pick<Database, 'select'>) {
  return {
    firstThreads: threadsFrom(db, null).prepare('comment_threads_first'),
    laterThreads: threadsFrom(
      db,
      sql`(${comments.createdAt}, ${comments.id}) > ((to_timestamp(0) + ${sql.placeholder('us')}::bigint * interval '1 microsecond'), ${sql.placeholder('id')}::integer)`,
    ).prepare('comment_threads_later'),
    replies: selectComments(db)
      .where(sql`${comments.parentId} = any(${sql.placeholder('parentIds')}::integer[])`)
      .orderBy(asc(comments.createdAt), asc(comments.id))
      .prepare('comment_replies'),
  }
}

const listStatementsOf = new WeakMap<object, ReturnType<typeof prepareListStatements>>()
function listStatements(db: Pick<Database, 'select'>) {
  let statements = listStatementsOf.get(db)
  if (!statements) {
    statements = prepareListStatements(db)
    listStatementsOf.set(db, statements)
  }
  return statements
}

/**
 * A page of the solution's threads as the reader sees them, oldest first, replies oldest first, by
 * keyset on the top-level comments' (created_at, id): at most COMMENT_THREADS_PAGE top-level comments
 * (one range of comments_solution_idx), then their replies (comments_parent_idx). A thread the reader
 * may not see is left out of its page, so a page may show fewer; `nextCursor` is null on the last one.
 */
export async function listComments(
  db: Pick<Database, 'select'>,
  userChallengeId: number,
  reader: Reader,
  cursorValue?: string,
): Promise<{ threads: Comment[]; nextCursor: string | null }> {
  const cursor = cursorValue === undefined ? undefined : decodeCursor(cursorValue, threadCursor)
  const statements = listStatements(db)
  const found = cursor
    ? await statements.laterThreads.execute({ userChallengeId, us: cursor.us, id: cursor.id })
    : await statements.firstThreads.execute({ userChallengeId })
  const tops = found.slice(0, COMMENT_THREADS_PAGE)
  const replies =
    tops.length === 0 ? [] : await statements.replies.execute({ parentIds: tops.map((top) => top.id) })
  const repliesOf = new Map<number, CommentRow[]>()
  for (const row of replies) {
    if (row.parentId === null) continue
    const list = repliesOf.get(row.parentId) ?? []
    list.push(row)
    repliesOf.set(row.parentId, list)
  }
  const threads: Comment[] = []
  for (const top of tops) {
    const thread = toThread(top, repliesOf.get(top.id) ?? [], reader)
    if (thread) threads.push(thread)
  }
  const last = tops.at(-1)
  const nextCursor =
    found.length > COMMENT_THREADS_PAGE && last ? encodeCursor([last.createdUs, last.id]) : null
  return { threads, nextCursor }
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
        isNotNull(comments.helpfulAt),
        isNull(comments.deletedAt),
        isNull(comments.hiddenAt),
      ),
    )
  return Number(row?.total ?? 0)
}

/** The solution, when the reader may read it (as GET /api/solutions/:id); else a 404. */
export async function readableSolution(
  db: Pick<Database, 'select'>,
  publicId: string,
  reader: Reader,
): Promise<FeedbackSolution> {
  const solution = await findFeedbackSolution(db, publicId)
  if (!solution || !mayReadSolution(solution, reader)) throw notFound(NO_SUCH_SOLUTION)
  // A classroom-only solution is its classroom’s (docs/product.md §13).
  if (solution.userId !== reader.id && !reader.isAdmin && (await hiddenByClassroom(db, solution, reader.id)))
    throw notFound(NO_SUCH_SOLUTION)
  return solution
}

async function commentingSuspended(db: Pick<Database, 'select'>, userId: string): Promise<boolean> {
  const [row] = await db.select({ at: users.commentingSuspendedAt }).from(users).where(eq(users.id, userId))
  return row?.at != null
}

/** A member an admin suspended from commenting may not write or edit a comment: a 403 that says so. */
export async function refuseSuspended(db: Pick<Database, 'select'>, userId: string): Promise<void> {
  if (await commentingSuspended(db, userId)) throw new HttpError(403, 'forbidden', COMMENTING_SUSPENDED)
}

/**
 * A page of the solution's threads as the reader sees them (the first, or the one after `cursor`), its
 * visible count, and what the reader may do.
 */
export async function readComments(
  db: Pick<Database, 'select'>,
  publicId: string,
  reader: Reader,
  cursor?: string,
): Promise<CommentsResponse> {
  const solution = await readableSolution(db, publicId, reader)
  const [{ threads, nextCursor }, count, canComment] = await Promise.all([
    listComments(db, solution.id, reader, cursor),
    commentCount(db, solution.id),
    reader.id === null ? false : commentingSuspended(db, reader.id).then((is) => !is),
  ])
  return {
    comments: threads,
    nextCursor,
    count,
    viewer: {
      signedIn: reader.id !== null,
      canComment: canComment && solution.listed,
      isSolutionAuthor: reader.id === solution.userId,
      isAdmin: reader.isAdmin,
    },
  }
}

/**
 * The solution the member may comment on: one they may read (else a 404) and listed (its author hears
 * why, a 409; anyone else gets a 404), by a member not suspended from commenting (a 403).
 */
export async function solutionToCommentOn(
  db: Pick<Database, 'select'>,
  publicId: string,
  member: Reader & { id: string },
): Promise<FeedbackSolution> {
  const solution = await readableSolution(db, publicId, member)
  if (!solution.listed) {
    if (solution.userId === member.id) throw new HttpError(409, 'conflict', COMMENTS_NEED_LISTED_SOLUTION)
    throw notFound(NO_SUCH_SOLUTION)
  }
  await refuseSuspended(db, member.id)
  return solution
}

/**
 * The comment and its solution, for a change by the reader. Unknown, deleted, or not the reader's to
 * see: 404.
 */
export async function commentForChange(
  db: Pick<Database, 'select'>,
  publicId: string,
  reader: Reader,
): Promise<{ row: CommentRow; solution: FeedbackSolution }> {
  const row = await findComment(db, publicId)
  if (!row || row.deletedAt !== null) throw notFound(NO_SUCH_COMMENT)
  const solution = await findFeedbackSolution(db, row.userChallengeId)
  const visible =
    solution !== null &&
    mayReadSolution(solution, reader) &&
    commentVisibleTo(row, await parentOf(db, row), reader)
  if (!visible || !solution) throw notFound(NO_SUCH_COMMENT)
  return { row, solution }
}

/** The comment as the reader sees it after their change, in its answer's shape. */
async function commentResponse(
  db: Pick<Database, 'select'>,
  publicId: string,
  reader: Reader,
): Promise<CommentResponse> {
  const comment = await commentView(db, publicId, reader)
  if (!comment) throw notFound(NO_SUCH_COMMENT)
  return { comment }
}

/**
 * Stores the member's comment (or reply to `input.parentId`, a visible top-level comment of the same
 * solution) with the solution's new count and its notifications, in one transaction.
 */
export async function addComment(
  db: Database,
  solution: FeedbackSolution,
  author: Reader & { id: string },
  input: z.output<typeof newCommentSchema>,
): Promise<CommentResponse> {
  let parentRow: CommentRow | null = null
  if (input.parentId !== undefined) {
    parentRow = await findComment(db, input.parentId.toLowerCase())
    if (
      !parentRow ||
      parentRow.userChallengeId !== solution.id ||
      parentRow.deletedAt !== null ||
      parentRow.hiddenAt !== null
    )
      throw notFound(NO_SUCH_COMMENT)
    if (parentRow.parentId !== null) throw new HttpError(400, 'bad_request', REPLY_TO_REPLY)
  }
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(comments)
      .values({
        userChallengeId: solution.id,
        authorId: author.id,
        parentId: parentRow?.id ?? null,
        kind: input.kind,
        body: input.body,
      })
      .returning({ id: comments.id, publicId: comments.publicId })
    if (!row) throw new Error('the comment was not stored')
    await recountComments(tx, solution.id)
    await notify(
      tx,
      commentNotifications({
        commentId: row.id,
        userChallengeId: solution.id,
        actorId: author.id,
        solutionAuthorId: solution.userId,
        parentAuthorId: parentRow?.authorId ?? null,
      }),
    )
    return row
  })
  return commentResponse(db, created.publicId, author)
}

/** Its author's new text, kind, or both, marked edited. */
export async function editComment(
  db: Database,
  row: CommentRow,
  update: z.output<typeof commentUpdateSchema>,
  reader: Reader,
): Promise<CommentResponse> {
  await db
    .update(comments)
    .set({
      ...(update.body === undefined ? {} : { body: update.body }),
      ...(update.kind === undefined ? {} : { kind: update.kind }),
      editedAt: sql`now()`,
    })
    .where(and(eq(comments.id, row.id), isNull(comments.deletedAt)))
  return commentResponse(db, row.publicId, reader)
}

/**
 * Deletes the comment (its row stays, emptied, while replies hang under it) and recounts its solution.
 * Tells `comment-deleted` after the commit (a helpful one leaves its author's profile count).
 */
export async function deleteComment(db: Database, row: CommentRow, events: EventEmitter): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(comments)
      .set({ body: '', deletedAt: sql`now()`, helpfulAt: null })
      .where(and(eq(comments.id, row.id), isNull(comments.deletedAt)))
    await recountComments(tx, row.userChallengeId)
  })
  events.emit({ type: 'comment-deleted', authorId: row.authorId, wasHelpful: row.helpfulAt !== null })
}

/**
 * The solution's author marks the comment helpful (its author hears of it and may earn a badge) or
 * takes the mark back; tells `comment-helpful-changed` after the commit when the mark changed.
 */
export async function setHelpful(
  db: Database,
  target: { row: CommentRow; solution: FeedbackSolution },
  marker: Reader & { id: string },
  helpful: boolean,
  events: EventEmitter,
): Promise<CommentResponse> {
  const { row, solution } = target
  const changed = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(comments)
      .set({ helpfulAt: helpful ? sql`now()` : null })
      .where(
        and(eq(comments.id, row.id), helpful ? isNull(comments.helpfulAt) : isNotNull(comments.helpfulAt)),
      )
      .returning({ id: comments.id })
    if (!updated) return false
    if (helpful) {
      await notify(tx, [
        {
          recipientId: row.authorId,
          kind: 'helpful',
          actorId: marker.id,
          userChallengeId: solution.id,
          commentId: row.id,
        },
      ])
      await awardHelpfulBadges(tx, row.authorId)
    }
    return true
  })
  if (changed) events.emit({ type: 'comment-helpful-changed', authorId: row.authorId })
  return commentResponse(db, row.publicId, marker)
}
