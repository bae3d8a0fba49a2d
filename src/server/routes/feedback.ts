import { type Context, Hono, type MiddlewareHandler } from 'hono'
import type { Store } from 'hono-rate-limiter'
import { z } from 'zod'
import type { Admins } from '#server/auth/admins.ts'
import { type AuthVariables, requireUser } from '#server/auth/guards.ts'
import type { SessionUserRow } from '#server/auth/session.ts'
import type { Database } from '#server/db/client.ts'
import type { EventEmitter } from '#server/events/bus.ts'
import {
  addComment,
  commentForChange,
  deleteComment,
  editComment,
  type Reader,
  readComments,
  refuseSuspended,
  setHelpful,
  solutionToCommentOn,
} from '#server/feedback/comments.ts'
import { likeSolution } from '#server/feedback/likes.ts'
import { listNotifications, markAllRead, markRead, unreadCount } from '#server/feedback/notifications.ts'
import { HttpError, parseInput, readJsonBody } from '#server/http/errors.ts'
import type { MemberLimitKey } from '#server/http/member-limit-key.ts'
import { commentIdParams, uuidParams } from '#server/http/params.ts'
import { limitRequests } from '#server/http/rate-limit.ts'
import { solutionIdParams } from '#server/routes/solutions.ts'
import {
  type CommentResponse,
  type CommentsResponse,
  commentUpdateSchema,
  FEEDBACK_LIMITS,
  type LikeResponse,
  NOT_YOUR_COMMENT,
  type NotificationsResponse,
  newCommentSchema,
  ONLY_AUTHOR_MARKS_HELPFUL,
  OWN_COMMENT_HELPFUL,
  rateLimitedMessage,
  type UnreadCountResponse,
} from '#shared/feedback.ts'
import { CURSOR_INVALID } from '#shared/solution.ts'

/** What the feedback and the moderation routes need: app.ts passes both the same. */
export type FeedbackDeps = {
  db: Database
  admins: Admins
  /** What every change passes first: same-origin JSON, the general mutation limit. */
  guard: { csrf: MiddlewareHandler; limit: MiddlewareHandler }
  /** Where the per-member feedback limits count (as the other limits: memory, database or Redis). */
  rateLimitStore?: () => Store | undefined
  /** The key a member's quotas count under (http/member-limit-key.ts): it outlives a deleted account. */
  limitKeyOf: MemberLimitKey
  /** Told when a comment's helpful mark changed, a comment was deleted or a solution was moderated. */
  events: EventEmitter
}

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

  /** The signed-in member as a reader of comments. */
  const authorOf = (c: Context) => ({ ...readerOf(c), id: memberOf(c).id })

  const markHelpful = async (c: Context, helpful: boolean) => {
    const marker = authorOf(c)
    const { id } = parseInput(commentIdParams, c.req.param())
    const target = await commentForChange(db, id, marker)
    if (target.solution.userId !== marker.id) throw new HttpError(403, 'forbidden', ONLY_AUTHOR_MARKS_HELPFUL)
    if (target.row.authorId === marker.id) throw new HttpError(400, 'bad_request', OWN_COMMENT_HELPFUL)
    const answer = await setHelpful(db, target, marker, helpful, deps.events)
    return c.json(answer satisfies CommentResponse)
  }

  const like = async (c: Context, liked: boolean) => {
    const user = memberOf(c)
    const { id } = parseInput(solutionIdParams, c.req.param())
    return c.json((await likeSolution(db, id, user.id, liked)) satisfies LikeResponse)
  }

  return new Hono<{ Variables: AuthVariables }>()
    .get('/solutions/:id/comments', async (c) => {
      const { id } = parseInput(solutionIdParams, c.req.param())
      const answer = await readComments(db, id, readerOf(c))
      c.header('Cache-Control', 'no-store')
      return c.json(answer satisfies CommentsResponse)
    })
    .post('/solutions/:id/comments', ...change, commentLimit, async (c) => {
      const author = authorOf(c)
      const { id } = parseInput(solutionIdParams, c.req.param())
      const solution = await solutionToCommentOn(db, id, author)
      const input = parseInput(newCommentSchema, await readJsonBody(c), { named: false })
      return c.json((await addComment(db, solution, author, input)) satisfies CommentResponse, 201)
    })
    .patch('/comments/:id', ...change, async (c) => {
      const author = authorOf(c)
      const { id } = parseInput(commentIdParams, c.req.param())
      const { row } = await commentForChange(db, id, author)
      if (row.authorId !== author.id) throw new HttpError(403, 'forbidden', NOT_YOUR_COMMENT)
      await refuseSuspended(db, author.id)
      const update = parseInput(commentUpdateSchema, await readJsonBody(c), { named: false })
      return c.json((await editComment(db, row, update, author)) satisfies CommentResponse)
    })
    .delete('/comments/:id', ...change, async (c) => {
      const user = memberOf(c)
      const { id } = parseInput(commentIdParams, c.req.param())
      const { row } = await commentForChange(db, id, readerOf(c))
      if (row.authorId !== user.id) throw new HttpError(403, 'forbidden', NOT_YOUR_COMMENT)
      await deleteComment(db, row, deps.events)
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
      return c.json((await markAllRead(db, user.id)) satisfies UnreadCountResponse)
    })
    .post('/me/notifications/:id/read', ...change, async (c) => {
      const user = memberOf(c)
      const { id } = parseInput(notificationIdParams, c.req.param())
      return c.json((await markRead(db, user.id, id)) satisfies UnreadCountResponse)
    })
}
