/**
 * Feedback's rules and words (docs/product.md §12) without a schema library, so the pages that show
 * comments, reports and notifications do not load one: the server's schemas in feedback.ts are built
 * on these and re-export them.
 */

export const COMMENT_KINDS = ['question', 'code_review', 'praise'] as const
export type CommentKind = (typeof COMMENT_KINDS)[number]
export const COMMENT_KIND_LABELS: Record<CommentKind, string> = {
  question: 'Question',
  code_review: 'Code review',
  praise: 'Praise',
}
/** Characters (code points) in a comment's Markdown. */
export const COMMENT_MAX_LENGTH = 3000
/**
 * Threads in one page of a solution's comments, oldest first, each with all its replies; the next page
 * follows its `nextCursor` (docs/decisions/018-galleries-at-scale.md).
 */
export const COMMENT_THREADS_PAGE = 25

export const COMMENT_EMPTY = 'Write your comment before sending it.'
export const COMMENT_TOO_LONG = `A comment can be at most ${COMMENT_MAX_LENGTH} characters.`
export const COMMENT_KIND_INVALID =
  'Choose what kind of comment this is: a question, a code review or praise.'
export const REPLY_TO_REPLY = 'Replies go one level deep: reply to the comment itself.'
export const NO_SUCH_COMMENT = 'There is no such comment.'
export const NO_SUCH_SOLUTION = 'There is no such solution.'
export const NO_SUCH_NOTIFICATION = 'There is no such notification.'
export const NOT_YOUR_COMMENT = 'Only the member who wrote this comment can change it.'
export const COMMENT_DELETED = 'This comment was deleted.'
export const ONLY_AUTHOR_MARKS_HELPFUL = 'Only the author of the solution can mark comments helpful.'
export const OWN_SOLUTION_LIKE = 'You cannot like your own solution.'
export const COMMENTING_SUSPENDED = 'An admin has suspended you from commenting.'
/** The owner's own solution is not listed (no passed review yet, or hidden): nobody can comment on it. */
export const COMMENTS_NEED_LISTED_SOLUTION =
  'Comments open once your solution is listed: after a review passes, and while it is not hidden.'
export const OWN_COMMENT_HELPFUL = 'You cannot mark your own comment helpful.'
/** PATCH /api/solutions/:id with `hidden: false` on a solution an admin hid. */
export const MODERATOR_HIDDEN_SOLUTION = 'An admin hid this solution; only an admin can show it again.'
/** Shown in place of a deleted comment that still has replies. */
export const DELETED_COMMENT_LABEL = 'deleted comment'
export const EDITED_LABEL = 'edited'
/** The visitor's prompt under the comments; it signs in and returns to the same solution. */
export const SIGN_IN_TO_COMMENT = 'Log in with GitHub to join the conversation.'

/**
 * Per-member limits on what costs others attention (docs/product.md §9, §12). A refusal answers 429 with
 * `Retry-After` and RATE_LIMITED_MESSAGE.
 */
export const FEEDBACK_LIMITS = {
  /** Comments and replies together. */
  comment: { limit: 10, windowMs: 10 * 60 * 1000 },
  /** Likes and unlikes together. */
  like: { limit: 60, windowMs: 60 * 60 * 1000 },
  report: { limit: 10, windowMs: 24 * 60 * 60 * 1000 },
} as const
export type FeedbackLimit = keyof typeof FEEDBACK_LIMITS
const LIMITED_ACTION: Record<FeedbackLimit, string> = {
  comment: 'comment',
  like: 'like',
  report: 'report',
}
/** "You can comment again in 7 min." (whole minutes, rounded up; at least 1). */
export function rateLimitedMessage(action: FeedbackLimit, retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60))
  const when = minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`
  return `You have reached the limit for now. You can ${LIMITED_ACTION[action]} again in ${when}.`
}

export const NOTIFICATION_KINDS = ['comment', 'reply', 'helpful', 'review'] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]
/** How often an open, visible tab asks for the unread count (docs/product.md §12). */
export const NOTIFICATION_POLL_MS = 60_000
export const NOTIFICATIONS_PAGE_SIZE = 30

export const BUILT_BY_YOU_TOO = 'You built this one too'

export const REPORT_REASONS = ['spam', 'abuse', 'plagiarism', 'other'] as const
export type ReportReason = (typeof REPORT_REASONS)[number]
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  abuse: 'Abusive or offensive',
  plagiarism: 'Copied work',
  other: 'Something else',
}
export const REPORT_DETAILS_MAX_LENGTH = 500
export const REPORT_THANKS = 'Thank you. An admin will look at your report.'
export const REPORT_REASON_INVALID = 'Choose why you are reporting this.'
export const REPORT_DETAILS_TOO_LONG = `Details can be at most ${REPORT_DETAILS_MAX_LENGTH} characters.`
export const REPORT_OWN_WORK = 'You cannot report your own work.'

export const NOT_AN_ADMIN = 'Only admins can do that.'
export const NO_SUCH_REPORT = 'There is no such report.'
export const NO_SUCH_MEMBER = 'There is no such member.'
export const SUSPEND_SELF = 'You cannot suspend yourself.'
export const MODERATION_ACTIONS = [
  'hide_comment',
  'restore_comment',
  'hide_solution',
  'restore_solution',
  'suspend_member',
  'restore_member',
  'dismiss_report',
] as const
export type ModerationAction = (typeof MODERATION_ACTIONS)[number]
export const MODERATION_NOTE_MAX_LENGTH = 500

/** Badges for comments marked helpful (docs/product.md §4). */
export const HELPFUL_BADGE_COUNTS = { 'first-helpful': 1, 'ten-helpful': 10 } as const
