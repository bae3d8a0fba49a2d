import { and, eq, sql } from 'drizzle-orm'
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import type { Store } from 'hono-rate-limiter'
import { z } from 'zod'
import type { Admins } from '#server/auth/admins.ts'
import { type AuthVariables, requireUser } from '#server/auth/guards.ts'
import type { SessionUserRow } from '#server/auth/session.ts'
import { awardHelpfulBadges } from '#server/badges/award.ts'
import type { Database } from '#server/db/client.ts'
import { comments, users } from '#server/db/schema.ts'
import type { EventEmitter } from '#server/events/bus.ts'
import {
  type CommentRow,
  commentView,
  commentVisibleTo,
  type FeedbackSolution,
  findComment,
  findFeedbackSolution,
  listComments,
  parentOf,
  type Reader,
} from '#server/feedback/comments.ts'
import { recountComments } from '#server/feedback/counts.ts'
import { setLike } from '#server/feedback/likes.ts'
import {
  commentNotifications,
  listNotifications,
  markAllRead,
  markRead,
  notify,
  unreadCount,
} from '#server/feedback/notifications.ts'
import { HttpError, notFound, parseInput, readJsonBody } from '#server/http/errors.ts'
import type { MemberLimitKey } from '#server/http/member-limit-key.ts'
import { limitRequests } from '#server/http/rate-limit.ts'
import { NO_SUCH_SOLUTION, solutionIdParams } from '#server/routes/solutions.ts'
import { mayReadSolution } from '#server/solutions/read.ts'
import {
  COMMENTING_SUSPENDED,
  COMMENTS_NEED_LISTED_SOLUTION,
  type CommentResponse,
  type CommentsResponse,
  commentUpdateSchema,
  FEEDBACK_LIMITS,
  type LikeResponse,
  NO_SUCH_COMMENT,
  NOT_YOUR_COMMENT,
  type NotificationsResponse,
  newCommentSchema,
  ONLY_AUTHOR_MARKS_HELPFUL,
  OWN_COMMENT_HELPFUL,
  OWN_SOLUTION_LIKE,
  REPLY_TO_REPLY,
  rateLimitedMessage,
  type UnreadCountResponse,
} from '#shared/feedback.ts'
import { CURSOR_INVALID } from '#shared/solution.ts'

export type FeedbackDeps = {
  db: Database
  admins: Admins
  /** What every change passes first: same-origin JSON, the general mutation limit. */
  guard: { csrf: MiddlewareHandler; limit: MiddlewareHandler }
  /** Where the per-member feedback limits count (as the other limits: memory, database or Redis). */
  rateLimitStore?: () => Store | undefined
  /** The key a member's quotas count under (http/member-limit-key.ts): it outlives a deleted account. */
  limitKeyOf: MemberLimitKey
  /** Told when a comment's helpful mark changed or a comment was deleted: profiles count them. */
  events: EventEmitter
}

const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/

const uuidParams = (message: string, description: string) =>
  z.object({
    id: z
      .string(message)
      .regex(UUID_PATTERN, message)
      .describe(description)
      .transform((id) => id.toLowerCase()),
  })

/** `:id` of a comment: its public id (a UUID, any case), as its anchor `comment-<id>` gives it. */
export const commentIdParams = uuidParams(
  'must be a comment id',
  'A comment’s public id: a UUID (any letter case).',
)
/** `:id` of a notification: a UUID. */
export const notificationIdParams = uuidParams(
  'must be a notification id',
  'A notification’s id: a UUID (any letter case).',
)
/** GET /api/me/notifications: the page after `cursor`, or the first. */
export const notificationsQuery = z.object({
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, CURSOR_INVALID)
    .optional(),
})

const UNAUTHORIZED = 'Please log in with GitHub to do that.'

/**
 * Comments, replies, helpful marks, likes and notifications (docs/product.md §12), mounted at /api.
 * Each route checks the session itself: these are mounted before /api/me's guards.
 */
export function feedbackRoutes(deps: FeedbackDeps) {
  const { db, admins, guard } = deps
  const userOf = (c: Context) => (c as Context<{ Variables: AuthVariables }>).get('user')
  const memberOf = (c: Context): SessionUserRow => {
    const user = userOf(c)
    if (!user) throw new HttpError(401, 'unauthorized', UNAUTHORIZED)
    return user
  }
  const readerOf = (c: Context): Reader => {
    const user = userOf(c)
    return { id: user?.id ?? null, isAdmin: user ? admins.has(user.username) : false }
  }
  const memberKey = (c: Context) => {
    const user = userOf(c)
    return user ? deps.limitKeyOf(user) : 'visitor'
  }
  const perMember = (action: 'comment' | 'like') =>
    limitRequests(action, FEEDBACK_LIMITS[action], memberKey, deps.rateLimitStore?.(), {
      message: (seconds) => rateLimitedMessage(action, seconds),
      counts: 'accepted',
    })
  const commentLimit = perMember('comment')
  const likeLimit = perMember('like')
  const change = [requireUser, guard.csrf, guard.limit] as const

  /** The solution, when the reader may read it (as GET /api/solutions/:id); else a 404. */
  const readableSolution = async (publicId: string, reader: Reader): Promise<FeedbackSolution> => {
    const solution = await findFeedbackSolution(db, publicId)
    if (!solution || !mayReadSolution(solution, reader)) throw notFound(NO_SUCH_SOLUTION)
    return solution
  }

  const suspended = async (userId: string) => {
    const [row] = await db.select({ at: users.commentingSuspendedAt }).from(users).where(eq(users.id, userId))
    return row?.at != null
  }

  /**
   * The comment and its solution, for a change by the reader. Unknown, deleted, or not the reader's to
   * see: 404. `mine`: the reader wrote it.
   */
  const commentFor = async (publicId: string, reader: Reader) => {
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
  const answerComment = async (publicId: string, reader: Reader): Promise<CommentResponse> => {
    const comment = await commentView(db, publicId, reader)
    if (!comment) throw notFound(NO_SUCH_COMMENT)
    return { comment }
  }

  const markHelpful = async (c: Context, helpful: boolean) => {
    const user = memberOf(c)
    const reader = readerOf(c)
    const { id } = parseInput(commentIdParams, c.req.param())
    const { row, solution } = await commentFor(id, reader)
    if (solution.userId !== user.id) throw new HttpError(403, 'forbidden', ONLY_AUTHOR_MARKS_HELPFUL)
    if (row.authorId === user.id) throw new HttpError(400, 'bad_request', OWN_COMMENT_HELPFUL)
    const changed = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(comments)
        .set({ helpfulAt: helpful ? sql`now()` : null })
        .where(
          and(
            eq(comments.id, row.id),
            helpful ? sql`${comments.helpfulAt} is null` : sql`${comments.helpfulAt} is not null`,
          ),
        )
        .returning({ id: comments.id })
      if (!updated) return false
      if (helpful) {
        await notify(tx, [
          {
            recipientId: row.authorId,
            kind: 'helpful',
            actorId: user.id,
            userChallengeId: solution.id,
            commentId: row.id,
          },
        ])
        await awardHelpfulBadges(tx, row.authorId)
      }
      return true
    })
    if (changed) deps.events.emit({ type: 'comment-helpful-changed', authorId: row.authorId })
    return c.json((await answerComment(id, reader)) satisfies CommentResponse)
  }

  const like = async (c: Context, liked: boolean) => {
    const user = memberOf(c)
    const { id } = parseInput(solutionIdParams, c.req.param())
    const solution = await findFeedbackSolution(db, id)
    if (!solution?.listed) throw notFound(NO_SUCH_SOLUTION)
    if (solution.userId === user.id) throw new HttpError(403, 'forbidden', OWN_SOLUTION_LIKE)
    return c.json((await setLike(db, solution.id, user.id, liked)) satisfies LikeResponse)
  }

  return new Hono<{ Variables: AuthVariables }>()
    .get('/solutions/:id/comments', async (c) => {
      const { id } = parseInput(solutionIdParams, c.req.param())
      const reader = readerOf(c)
      const solution = await readableSolution(id, reader)
      const [threads, counted, canComment] = await Promise.all([
        listComments(db, solution.id, reader),
        db.execute(sql`select comment_count from user_challenges where id = ${solution.id}`),
        reader.id === null ? false : suspended(reader.id).then((is) => !is),
      ])
      const count = Number(
        (counted as unknown as { rows: { comment_count: number }[] }).rows[0]?.comment_count ?? 0,
      )
      c.header('Cache-Control', 'no-store')
      return c.json({
        comments: threads,
        count,
        viewer: {
          signedIn: reader.id !== null,
          canComment: canComment && solution.listed,
          isSolutionAuthor: reader.id === solution.userId,
          isAdmin: reader.isAdmin,
        },
      } satisfies CommentsResponse)
    })
    .post('/solutions/:id/comments', ...change, commentLimit, async (c) => {
      const user = memberOf(c)
      const reader = readerOf(c)
      const { id } = parseInput(solutionIdParams, c.req.param())
      const solution = await readableSolution(id, reader)
      if (!solution.listed) {
        if (solution.userId === user.id) throw new HttpError(409, 'conflict', COMMENTS_NEED_LISTED_SOLUTION)
        throw notFound(NO_SUCH_SOLUTION)
      }
      if (await suspended(user.id)) throw new HttpError(403, 'forbidden', COMMENTING_SUSPENDED)
      const input = parseInput(newCommentSchema, await readJsonBody(c), { named: false })
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
            authorId: user.id,
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
            actorId: user.id,
            solutionAuthorId: solution.userId,
            parentAuthorId: parentRow?.authorId ?? null,
          }),
        )
        return row
      })
      return c.json((await answerComment(created.publicId, reader)) satisfies CommentResponse, 201)
    })
    .patch('/comments/:id', ...change, async (c) => {
      const user = memberOf(c)
      const reader = readerOf(c)
      const { id } = parseInput(commentIdParams, c.req.param())
      const { row } = await commentFor(id, reader)
      if (row.authorId !== user.id) throw new HttpError(403, 'forbidden', NOT_YOUR_COMMENT)
      if (await suspended(user.id)) throw new HttpError(403, 'forbidden', COMMENTING_SUSPENDED)
      const update = parseInput(commentUpdateSchema, await readJsonBody(c), { named: false })
      await db
        .update(comments)
        .set({
          ...(update.body === undefined ? {} : { body: update.body }),
          ...(update.kind === undefined ? {} : { kind: update.kind }),
          editedAt: sql`now()`,
        })
        .where(and(eq(comments.id, row.id), sql`${comments.deletedAt} is null`))
      return c.json((await answerComment(id, reader)) satisfies CommentResponse)
    })
    .delete('/comments/:id', ...change, async (c) => {
      const user = memberOf(c)
      const { id } = parseInput(commentIdParams, c.req.param())
      const { row } = await commentFor(id, readerOf(c))
      if (row.authorId !== user.id) throw new HttpError(403, 'forbidden', NOT_YOUR_COMMENT)
      await db.transaction(async (tx) => {
        await tx
          .update(comments)
          .set({ body: '', deletedAt: sql`now()`, helpfulAt: null })
          .where(and(eq(comments.id, row.id), sql`${comments.deletedAt} is null`))
        await recountComments(tx, row.userChallengeId)
      })
      deps.events.emit({
        type: 'comment-deleted',
        authorId: row.authorId,
        wasHelpful: row.helpfulAt !== null,
      })
      return c.body(null, 204)
    })
    .put('/comments/:id/helpful', ...change, (c) => markHelpful(c, true))
    .delete('/comments/:id/helpful', ...change, (c) => markHelpful(c, false))
    .put('/solutions/:id/like', ...change, likeLimit, (c) => like(c, true))
    .delete('/solutions/:id/like', ...change, likeLimit, (c) => like(c, false))
    .get('/me/notifications', requireUser, async (c) => {
      const user = memberOf(c)
      const { cursor } = parseInput(notificationsQuery, c.req.query())
      return c.json((await listNotifications(db, user.id, cursor)) satisfies NotificationsResponse)
    })
    .get('/me/notifications/unread-count', requireUser, async (c) => {
      const user = memberOf(c)
      return c.json({ unreadCount: await unreadCount(db, user.id) } satisfies UnreadCountResponse)
    })
    .post('/me/notifications/read-all', ...change, async (c) => {
      const user = memberOf(c)
      await markAllRead(db, user.id)
      return c.json({ unreadCount: await unreadCount(db, user.id) } satisfies UnreadCountResponse)
    })
    .post('/me/notifications/:id/read', ...change, async (c) => {
      const user = memberOf(c)
      const { id } = parseInput(notificationIdParams, c.req.param())
      if (!(await markRead(db, user.id, id))) throw notFound('There is no such notification.')
      return c.json({ unreadCount: await unreadCount(db, user.id) } satisfies UnreadCountResponse)
    })
}
