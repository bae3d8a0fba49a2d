/**
 * In-app notifications (docs/product.md §12): made in the transaction of their event, once per event
 * and recipient (the unique indexes make a second insert a no-op), and read newest first. One about a
 * comment that was deleted or hidden since is left out of the list and of the unread count.
 */
import { and, desc, eq, isNotNull, isNull, notExists, or, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import type { Database } from '#server/db/client.ts'
import {
  challenges,
  classroomNotifications,
  comments,
  notifications,
  submissionReviews,
  userChallenges,
  users,
} from '#server/db/schema.ts'
import { cursorMicroseconds, decodeCursor, encodeCursor } from '#server/http/cursor.ts'
import { notFound } from '#server/http/errors.ts'
import { REVIEW_FAILED, scoreOf } from '#server/review/read-model.ts'
import {
  NO_SUCH_NOTIFICATION,
  NOTIFICATIONS_PAGE_SIZE,
  type Notification,
  type NotificationKind,
  type NotificationsResponse,
  type UnreadCountResponse,
} from '#shared/feedback.ts'

type Inserter = Pick<Database, 'insert'>

export type NewNotification = {
  recipientId: string
  kind: NotificationKind
  actorId: string | null
  userChallengeId: number
  commentId?: number
  reviewId?: number
}

/** Records notifications; one already made for the same event and recipient is left as it is. */
export async function notify(db: Inserter, rows: readonly NewNotification[]): Promise<void> {
  if (rows.length === 0) return
  await db
    .insert(notifications)
    .values(
      rows.map((row) => ({
        recipientId: row.recipientId,
        kind: row.kind,
        actorId: row.actorId,
        userChallengeId: row.userChallengeId,
        commentId: row.commentId ?? null,
        reviewId: row.reviewId ?? null,
      })),
    )
    .onConflictDoNothing()
}

/**
 * Who hears of a new comment: the solution's author of a comment ('comment'), the parent's author of a
 * reply ('reply'), and the solution's author of a reply too when it is neither theirs nor under theirs;
 * never the one who wrote it.
 */
export function commentNotifications(event: {
  commentId: number
  userChallengeId: number
  actorId: string
  solutionAuthorId: string
  parentAuthorId: string | null
}): NewNotification[] {
  const base = { actorId: event.actorId, userChallengeId: event.userChallengeId, commentId: event.commentId }
  const rows: NewNotification[] = []
  if (event.parentAuthorId !== null && event.parentAuthorId !== event.actorId)
    rows.push({ ...base, recipientId: event.parentAuthorId, kind: 'reply' })
  if (event.solutionAuthorId !== event.actorId && event.solutionAuthorId !== event.parentAuthorId)
    rows.push({ ...base, recipientId: event.solutionAuthorId, kind: 'comment' })
  return rows
}

/** A review ended, passed or failed: its member hears of it. Call it in the transaction that ends it. */
export async function notifyReviewEnded(
  db: Inserter,
  review: { recipientId: string; userChallengeId: number; reviewId: number },
): Promise<void> {
  await notify(db, [
    {
      recipientId: review.recipientId,
      kind: 'review',
      actorId: null,
      userChallengeId: review.userChallengeId,
      reviewId: review.reviewId,
    },
  ])
}

/**
 * Not about a comment, or about one anyone can still see. A notification's comment always exists (the
 * notification goes with it, on delete cascade), so this is "about no comment that was deleted or hidden
 * since": written so, it reads the small partial index of those comments (comments_removed_idx), where
 * "no comment, or a shown one" made PostgreSQL hash every comment first
 * (docs/decisions/018-galleries-at-scale.md).
 */
const removedComment = alias(comments, 'removed_comment')
const stillShown = (db: Pick<Database, 'select'>): SQL =>
  notExists(
    db
      .select({ one: sql`1` })
      .from(removedComment)
      .where(
        and(
          eq(removedComment.id, notifications.commentId),
          or(isNotNull(removedComment.deletedAt), isNotNull(removedComment.hiddenAt)),
        ),
      ),
  )

/**
 * The bell's count: the member's unread notifications, and their unread classroom notifications
 * (docs/product.md §13), which the notifications page shows above the rest.
 */
export async function unreadCount(db: Pick<Database, 'select'>, recipientId: string): Promise<number> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      classroom: sql<number>`(select count(*)::int from ${classroomNotifications}
        where ${classroomNotifications.recipientId} = ${recipientId} and ${classroomNotifications.readAt} is null)`,
    })
    .from(notifications)
    .where(and(eq(notifications.recipientId, recipientId), isNull(notifications.readAt), stillShown(db)))
  return Number(row?.total ?? 0) + Number(row?.classroom ?? 0)
}

/** A page's position: the last notification's created_at in microseconds since 1970, and its id. */
const notificationCursor = z
  .tuple([
    cursorMicroseconds,
    z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
  ])
  .transform(([us, id]) => ({ us, id }))

const actor = alias(users, 'actor')

/**
 * A page of the member's notifications, newest first, by keyset on (created_at, id). The page is picked
 * from the notifications alone (a range of notifications_recipient_idx), and only its rows are joined to
 * what they name: planned as one join of seven tables, the page cost PostgreSQL several milliseconds to
 * plan for half a millisecond of work (docs/decisions/018-galleries-at-scale.md).
 */
export async function listNotifications(
  db: Pick<Database, 'select'>,
  recipientId: string,
  cursorValue?: string,
): Promise<NotificationsResponse> {
  const cursor = cursorValue === undefined ? undefined : decodeCursor(cursorValue, notificationCursor)
  const conditions: (SQL | undefined)[] = [eq(notifications.recipientId, recipientId), stillShown(db)]
  if (cursor)
    conditions.push(
      sql`(${notifications.createdAt}, ${notifications.id}) < ((to_timestamp(0) + ${cursor.us}::bigint * interval '1 microsecond'), ${cursor.id}::uuid)`,
    )
  const newest = db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
      actorId: notifications.actorId,
      userChallengeId: notifications.userChallengeId,
      commentId: notifications.commentId,
      reviewId: notifications.reviewId,
    })
    .from(notifications)
    .where(and(...conditions))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_PAGE_SIZE + 1)
    .as('newest')
  const rows = await db
    .select({
      id: newest.id,
      kind: newest.kind,
      readAt: newest.readAt,
      createdAt: newest.createdAt,
      createdUs: sql<string>`(extract(epoch from ${newest.createdAt}) * 1000000)::bigint::text`,
      actorUsername: actor.username,
      actorName: actor.name,
      actorAvatarUrl: actor.avatarUrl,
      solutionId: userChallenges.publicId,
      challengeTitle: challenges.title,
      commentId: comments.publicId,
      reviewId: submissionReviews.publicId,
      reviewStatus: submissionReviews.status,
      reviewScore: scoreOf,
      reviewErrorMessage: submissionReviews.errorMessage,
    })
    .from(newest)
    .innerJoin(userChallenges, eq(userChallenges.id, newest.userChallengeId))
    .innerJoin(challenges, eq(challenges.id, userChallenges.challengeId))
    .leftJoin(actor, eq(actor.id, newest.actorId))
    .leftJoin(comments, eq(comments.id, newest.commentId))
    .leftJoin(submissionReviews, eq(submissionReviews.id, newest.reviewId))
    .orderBy(desc(newest.createdAt), desc(newest.id))
  const page = rows.slice(0, NOTIFICATIONS_PAGE_SIZE)
  const last = page.at(-1)
  return {
    notifications: page.map(
      (row): Notification => ({
        id: row.id,
        kind: row.kind as NotificationKind,
        actor:
          row.actorUsername === null
            ? null
            : { username: row.actorUsername, name: row.actorName, avatarUrl: row.actorAvatarUrl },
        solution: { id: row.solutionId, challengeTitle: row.challengeTitle },
        commentId: row.commentId,
        review: row.reviewId === null ? null : reviewOf(row.reviewId, row),
        read: row.readAt !== null,
        createdAt: row.createdAt.toISOString(),
      }),
    ),
    unreadCount: await unreadCount(db, recipientId),
    nextCursor:
      rows.length > NOTIFICATIONS_PAGE_SIZE && last ? encodeCursor([last.createdUs, last.id]) : null,
  }
}

/** What a review's notification says of it: passed or not, its score, and why it failed. */
function reviewOf(
  id: string,
  row: { reviewStatus: string | null; reviewScore: number | null; reviewErrorMessage: string | null },
): NonNullable<Notification['review']> {
  const passed = row.reviewStatus === 'passed'
  return {
    id,
    passed,
    score: row.reviewScore === null ? null : Number(row.reviewScore),
    reason: passed ? null : (row.reviewErrorMessage ?? REVIEW_FAILED.message),
  }
}

/** Marks one of the member's notifications read (a 404 when they have none with this id); their unread count. */
export async function markRead(db: Database, recipientId: string, id: string): Promise<UnreadCountResponse> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.recipientId, recipientId)))
    .returning({ id: notifications.id })
  if (!row) throw notFound(NO_SUCH_NOTIFICATION)
  return { unreadCount: await unreadCount(db, recipientId) }
}

/**
 * Marks all of the member's notifications read, their classroom notifications too; their unread count
 * (those hidden from the list stay).
 */
export async function markAllRead(db: Database, recipientId: string): Promise<UnreadCountResponse> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.recipientId, recipientId), isNull(notifications.readAt)))
  await db
    .update(classroomNotifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(classroomNotifications.recipientId, recipientId), isNull(classroomNotifications.readAt)))
  return { unreadCount: await unreadCount(db, recipientId) }
}
