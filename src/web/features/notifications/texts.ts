import type { ClassroomNotificationsResponse } from '#shared/classroom.ts'
import type { FeedbackMember, Notification } from '#shared/feedback.ts'
import { paths } from '#shared/paths.ts'
import { formatEventTime } from '#web/lib/relative-time.ts'

/** docs/product.md §12 Notifications and admin pages, word for word. */
export const NOTIFICATION_TEXTS = {
  heading: 'Notifications',
  loading: 'Loading notifications...',
  empty: 'No notifications yet. When someone comments on your solutions, you will hear of it here.',
  /** The empty list's next step: feedback given is how a conversation starts. */
  emptyNext: 'Find a solution that needs feedback',
  unread: 'Unread',
  markRead: 'Mark as read',
  markAllRead: 'Mark all as read',
  markedRead: 'Marked as read.',
  allMarkedRead: 'All notifications are marked as read.',
  loadMore: 'Load more notifications',
  loadingMore: 'Loading more notifications...',
  loadMoreFailed: 'We could not load more notifications. Please try again.',
  failed: 'Check your internet connection and try again',
} as const

/** The name a notification gives its member: their name, else their username. */
export function memberName(member: FeedbackMember | null): string {
  return member?.name?.trim() || member?.username || 'Someone'
}

/** The sentence a notification reads as (docs/product.md §12). */
export function notificationSentence(notification: Notification): string {
  const actor = memberName(notification.actor)
  const challenge = notification.solution.challengeTitle
  switch (notification.kind) {
    case 'comment':
      return `${actor} commented on your solution to ${challenge}`
    case 'reply':
      return `${actor} replied to your comment on ${challenge}`
    case 'helpful':
      return `${actor} marked your comment on ${challenge} as helpful`
    case 'review':
      return notification.review?.passed
        ? `Your review of ${challenge} passed`
        : `Your review of ${challenge} did not pass`
  }
}

/** "82.4": a score out of 100 with its one decimal, as the review's report writes it. */
function scoreText(score: number): string {
  return (Math.round(score * 10) / 10).toFixed(1)
}

/**
 * What tells one finished review from another (docs/product.md §12): a passed one's score
 * (`Score: 82.4 / 100`), a failed one's reason in plain words; null for other notifications.
 */
export function notificationDetail(notification: Notification): string | null {
  const review = notification.kind === 'review' ? notification.review : null
  if (!review) return null
  if (!review.passed) return review.reason
  return review.score === null ? null : `Score: ${scoreText(review.score)} / 100`
}

/** When it happened: `3 minutes ago` today, else its date and time (lib/relative-time.ts). */
export function notificationTime(notification: Notification, now: Date = new Date()): string {
  return formatEventTime(new Date(notification.createdAt), now)
}

/** Where a notification leads: the comment on the solution's page, or the finished review. */
export function notificationHref(notification: Notification): string {
  if (notification.kind === 'review' && notification.review) {
    return `/reviews/${encodeURIComponent(notification.review.id)}`
  }
  const solution = paths.solution(notification.solution.id)
  return notification.commentId ? `${solution}#comment-${notification.commentId}` : solution
}

/** A classroom notification (docs/product.md §13), as `GET /api/me/classroom-notifications` gives it. */
export type ClassroomNotification = ClassroomNotificationsResponse['notifications'][number]

export const CLASSROOM_NOTIFICATION_TEXTS = {
  heading: 'From your classrooms',
} as const

/** The sentence a classroom notification reads as; names and titles are only ever text. */
export function classroomNotificationSentence(notification: ClassroomNotification): string {
  const { classroom, challenge } = notification
  switch (notification.kind) {
    case 'assignment':
      return `New assignment in ${classroom.name}: ${challenge.title}`
    case 'assignment_due':
      return `${challenge.title} is due within 24 hours in ${classroom.name}`
    case 'late_pass':
      return `${memberName(notification.student)} passed ${challenge.title} after the due time in ${classroom.name}`
  }
}

/** Where it leads: a late pass to its review, an assignment to its classroom. */
export function classroomNotificationHref(notification: ClassroomNotification): string {
  if (notification.kind === 'late_pass' && notification.reviewId) {
    return `/reviews/${encodeURIComponent(notification.reviewId)}`
  }
  return paths.classroom(notification.classroom.id)
}
