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
  commentsPageQuery,
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
import { describeOperation, error, json, retryAfter } from '#server/openapi/operation.ts'
import { solutionIdParams } from '#server/routes/solutions.ts'
import {
  COMMENT_THREADS_PAGE,
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
/** A like and its taking back answer alike (docs/product.md §12). */
const LIKE_RESPONSES = {
  200: json('The solution’s likes after the change.', 'LikeResponse'),
  400: error('The id is not a solution id.'),
  403: error(
    'Not sent from this site itself (code `forbidden_origin`), or the member’s own solution (code `forbidden`).',
  ),
  404: error('There is no such listed solution.'),
  429: {
    ...error('Too many changes in a minute, or too many likes for now (code `rate_limited`).'),
    headers: { 'Retry-After': retryAfter() },
  },
}

/** Why a helpful mark, or taking it back, is refused. */
const HELPFUL_REFUSALS = {
  400: error('The id is not a comment id, or the comment is the reader’s own.'),
  403: error(
    'Not sent from this site itself (code `forbidden_origin`), or the reader is not the solution’s author (code `forbidden`).',
  ),
  404: error('There is no such comment, it was deleted, or the reader may not see it.'),
}

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
    .get(
      '/solutions/:id/comments',
      describeOperation({
        operationId: 'listComments',
        summary: 'A solution’s comments and replies',
        description:
          `Threads oldest first, ${COMMENT_THREADS_PAGE} to a page with all their replies (oldest first); ` +
          '`nextCursor` gives the next page. A deleted comment stays, without author or text, while visible ' +
          'replies hang under it; a comment an admin hid is its author’s and the admins’ only.',
        tag: 'Feedback',
        readsSession: true,
        params: solutionIdParams,
        query: commentsPageQuery,
        responses: {
          200: json(
            'A page of threads, the cursor of the next one, the visible count and what the reader may do.',
            'CommentsResponse',
          ),
          400: error('The id is not a solution id (a UUID), or the cursor is not one the server gave.'),
          404: error('There is no such solution, or the reader may not read it.'),
        },
      }),
      async (c) => {
        const { id } = parseInput(solutionIdParams, c.req.param())
        const { cursor } = parseInput(commentsPageQuery, c.req.query())
        const answer = await readComments(db, id, readerOf(c), cursor)
        c.header('Cache-Control', 'no-store')
        return c.json(answer satisfies CommentsResponse)
      },
    )
    .post(
      '/solutions/:id/comments',
      describeOperation({
        operationId: 'createComment',
        summary: 'Comment on a solution, or reply to a comment',
        description:
          'On a listed solution. `parentId` names the comment this replies to, itself not a reply. At most ' +
          '10 comments and replies per member in 10 minutes; a refused one does not count.',
        tag: 'Feedback',
        member: true,
        guarded: true,
        params: solutionIdParams,
        body: 'NewComment',
        responses: {
          201: json('The comment as stored.', 'CommentResponse'),
          400: error('The id or the body is not valid, or `parentId` is a reply (the message says why).'),
          403: error(
            'Not sent from this site itself (code `forbidden_origin`), or the member is suspended from commenting (code `forbidden`).',
          ),
          404: error('There is no such solution (or it is not listed), or no such comment to reply to.'),
          409: error('The member’s own solution is not listed: nobody can comment on it.'),
          429: {
            ...error('Too many changes in a minute, or too many comments for now (code `rate_limited`).'),
            headers: { 'Retry-After': retryAfter() },
          },
        },
      }),
      ...change,
      commentLimit,
      async (c) => {
        const author = authorOf(c)
        const { id } = parseInput(solutionIdParams, c.req.param())
        const solution = await solutionToCommentOn(db, id, author)
        const input = parseInput(newCommentSchema, await readJsonBody(c), { named: false })
        return c.json((await addComment(db, solution, author, input)) satisfies CommentResponse, 201)
      },
    )
    .patch(
      '/comments/:id',
      describeOperation({
        operationId: 'updateComment',
        summary: 'Change a comment’s text or kind',
        description:
          'Its author only, unless suspended from commenting; the comment is then shown as edited.',
        tag: 'Feedback',
        member: true,
        guarded: true,
        params: commentIdParams,
        body: 'CommentUpdate',
        responses: {
          200: json('The comment as stored.', 'CommentResponse'),
          400: error('The id or the body is not valid (the message says why); nothing changed.'),
          403: error(
            'Not sent from this site itself (code `forbidden_origin`), another member’s comment, or the author is suspended (code `forbidden`).',
          ),
          404: error('There is no such comment, it was deleted, or the reader may not see it.'),
        },
      }),
      ...change,
      async (c) => {
        const author = authorOf(c)
        const { id } = parseInput(commentIdParams, c.req.param())
        const { row } = await commentForChange(db, id, author)
        if (row.authorId !== author.id) throw new HttpError(403, 'forbidden', NOT_YOUR_COMMENT)
        await refuseSuspended(db, author.id)
        const update = parseInput(commentUpdateSchema, await readJsonBody(c), { named: false })
        return c.json((await editComment(db, row, update, author)) satisfies CommentResponse)
      },
    )
    .delete(
      '/comments/:id',
      describeOperation({
        operationId: 'deleteComment',
        summary: 'Delete a comment',
        description: 'Its author only. Replies keep their place under “deleted comment”.',
        tag: 'Feedback',
        member: true,
        guarded: true,
        params: commentIdParams,
        responses: {
          204: { description: 'Deleted. No body.' },
          400: error('The id is not a comment id.'),
          403: error(
            'Not sent from this site itself (code `forbidden_origin`), or another member’s comment (code `forbidden`).',
          ),
          404: error('There is no such comment, it was deleted, or the reader may not see it.'),
        },
      }),
      ...change,
      async (c) => {
        const user = memberOf(c)
        const { id } = parseInput(commentIdParams, c.req.param())
        const { row } = await commentForChange(db, id, readerOf(c))
        if (row.authorId !== user.id) throw new HttpError(403, 'forbidden', NOT_YOUR_COMMENT)
        await deleteComment(db, row, deps.events)
        return c.body(null, 204)
      },
    )
    .put(
      '/comments/:id/helpful',
      describeOperation({
        operationId: 'markCommentHelpful',
        summary: 'Mark a comment helpful',
        description: 'The solution’s author only, never on their own comment. Marking twice changes nothing.',
        tag: 'Feedback',
        member: true,
        guarded: true,
        params: commentIdParams,
        responses: {
          200: json('The comment, marked.', 'CommentResponse'),
          ...HELPFUL_REFUSALS,
        },
      }),
      ...change,
      (c) => markHelpful(c, true),
    )
    .delete(
      '/comments/:id/helpful',
      describeOperation({
        operationId: 'unmarkCommentHelpful',
        summary: 'Take a helpful mark back',
        description: 'The solution’s author only. Badges earned stay.',
        tag: 'Feedback',
        member: true,
        guarded: true,
        params: commentIdParams,
        responses: {
          200: json('The comment, unmarked.', 'CommentResponse'),
          ...HELPFUL_REFUSALS,
        },
      }),
      ...change,
      (c) => markHelpful(c, false),
    )
    .put(
      '/solutions/:id/like',
      describeOperation({
        operationId: 'likeSolution',
        summary: 'Like a solution',
        description:
          'A listed solution of another member; liking twice changes nothing. At most 60 likes and unlikes an hour; a refused one does not count.',
        tag: 'Feedback',
        member: true,
        guarded: true,
        params: solutionIdParams,
        responses: LIKE_RESPONSES,
      }),
      ...change,
      likeLimit,
      (c) => like(c, true),
    )
    .delete(
      '/solutions/:id/like',
      describeOperation({
        operationId: 'unlikeSolution',
        summary: 'Take a like back',
        tag: 'Feedback',
        member: true,
        guarded: true,
        params: solutionIdParams,
        responses: LIKE_RESPONSES,
      }),
      ...change,
      likeLimit,
      (c) => like(c, false),
    )
    .get(
      '/me/notifications',
      describeOperation({
        operationId: 'listNotifications',
        summary: 'The member’s notifications',
        description: 'Newest first, 30 a page, by cursor; with the unread count.',
        tag: 'Notifications',
        member: true,
        query: notificationsQuery,
        responses: {
          200: json('A page of notifications and the cursor of the next one.', 'NotificationsResponse'),
          400: error('The cursor is not one this API gave.'),
        },
      }),
      requireUser,
      async (c) => {
        const user = memberOf(c)
        const { cursor } = parseInput(notificationsQuery, c.req.query())
        return c.json((await listNotifications(db, user.id, cursor)) satisfies NotificationsResponse)
      },
    )
    .get(
      '/me/notifications/unread-count',
      describeOperation({
        operationId: 'getUnreadNotificationCount',
        summary: 'How many notifications are unread',
        description: 'Never cached; the app asks every minute while a tab is open and visible.',
        tag: 'Notifications',
        member: true,
        responses: { 200: json('The unread count.', 'UnreadCountResponse') },
      }),
      requireUser,
      async (c) => {
        const user = memberOf(c)
        return c.json({ unreadCount: await unreadCount(db, user.id) } satisfies UnreadCountResponse)
      },
    )
    .post(
      '/me/notifications/read-all',
      describeOperation({
        operationId: 'markAllNotificationsRead',
        summary: 'Mark every notification read',
        tag: 'Notifications',
        member: true,
        guarded: true,
        responses: { 200: json('The unread count after the change (0).', 'UnreadCountResponse') },
      }),
      ...change,
      async (c) => {
        const user = memberOf(c)
        return c.json((await markAllRead(db, user.id)) satisfies UnreadCountResponse)
      },
    )
    .post(
      '/me/notifications/:id/read',
      describeOperation({
        operationId: 'markNotificationRead',
        summary: 'Mark a notification read',
        tag: 'Notifications',
        member: true,
        guarded: true,
        params: notificationIdParams,
        responses: {
          200: json('The unread count after the change.', 'UnreadCountResponse'),
          400: error('The id is not a notification id.'),
          404: error('The member has no notification with this id.'),
        },
      }),
      ...change,
      async (c) => {
        const user = memberOf(c)
        const { id } = parseInput(notificationIdParams, c.req.param())
        return c.json((await markRead(db, user.id, id)) satisfies UnreadCountResponse)
      },
    )
}
