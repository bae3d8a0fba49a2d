import { z } from 'zod'
import { solutionCardSchema } from '#shared/solution.ts'
import { isBlankText } from '#shared/visible-text.ts'
import { normalizeWriteUp } from '#shared/write-up-rule.ts'

/**
 * Feedback on solutions (docs/product.md §12): comments and replies, helpful marks, likes, notifications,
 * the "needs feedback" list, reports and moderation. These are the API's shapes and texts, shared by the
 * server and the app.
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
/** Threads a solution's comments answer with, oldest first; the rest are not shown. */
export const COMMENT_THREADS_MAX = 200

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

const feedbackMemberSchema = z.object({
  username: z.string(),
  name: z.string().nullable(),
  avatarUrl: z.string().nullable(),
})
export type FeedbackMember = z.infer<typeof feedbackMemberSchema>

const commentFields = {
  /** The comment's public id (a UUID); its anchor on the solution page is `comment-<id>`. */
  id: z.string(),
  kind: z.enum(COMMENT_KINDS),
  /** Null once deleted. */
  author: feedbackMemberSchema.nullable(),
  /** The Markdown as written, for its author's editor; null for everyone else and once deleted. */
  body: z.string().nullable(),
  /** Sanitised HTML (the write-up's renderer); empty once deleted. */
  bodyHtml: z.string(),
  createdAt: z.string(),
  /** When last edited; null if never. Shown as "edited". */
  editedAt: z.string().nullable(),
  /** Deleted by its author: kept only while replies hang under it, shown as "deleted comment". */
  deleted: z.boolean(),
  /** Hidden by an admin: only its author and the admins get it at all. */
  hidden: z.boolean(),
  /** Marked helpful by the solution's author. */
  helpful: z.boolean(),
}
export const replySchema = z.object({ ...commentFields, parentId: z.string() })
export type Reply = z.infer<typeof replySchema>
export const commentSchema = z.object({
  ...commentFields,
  parentId: z.null(),
  /** Oldest first. */
  replies: z.array(replySchema),
})
export type Comment = z.infer<typeof commentSchema>

/** What the reader may do on this solution's comments. */
const commentViewerSchema = z.object({
  signedIn: z.boolean(),
  /** Signed in and not suspended from commenting. */
  canComment: z.boolean(),
  /** The solution's author: may mark comments helpful. */
  isSolutionAuthor: z.boolean(),
  isAdmin: z.boolean(),
})

/** GET /api/solutions/:id/comments: threads oldest first (at most COMMENT_THREADS_MAX). */
export const commentsResponse = z.object({
  comments: z.array(commentSchema),
  /** Visible comments and replies (not deleted, not hidden). */
  count: z.number().int(),
  viewer: commentViewerSchema,
})
export type CommentsResponse = z.infer<typeof commentsResponse>
/** The answer to a new comment, an edit, a helpful mark or unmark. */
export const commentResponse = z.object({ comment: z.union([commentSchema, replySchema]) })
export type CommentResponse = z.infer<typeof commentResponse>

/**
 * As a write-up is stored: line breaks as "\n", NUL (which no text column holds) dropped, ends trimmed.
 * A body that shows nothing (only white space, zero-width or other invisible characters) is blank.
 */
const commentBodySchema = z
  .string(COMMENT_EMPTY)
  .transform(normalizeWriteUp)
  .refine((body) => !isBlankText(body), COMMENT_EMPTY)
  .refine((body) => [...body].length <= COMMENT_MAX_LENGTH, COMMENT_TOO_LONG)

const strict = {
  error: (issue: { code: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys' ? `Unknown field: ${(issue.keys ?? []).join(', ')}.` : undefined,
}

/** POST /api/solutions/:id/comments. `parentId`: the comment this replies to (not itself a reply). */
export const newCommentSchema = z.strictObject(
  {
    kind: z.enum(COMMENT_KINDS, COMMENT_KIND_INVALID),
    body: commentBodySchema,
    parentId: z.uuid(NO_SUCH_COMMENT).optional(),
  },
  strict,
)
export type NewComment = z.input<typeof newCommentSchema>

/** PATCH /api/comments/:id: its author changes the text, the kind, or both. */
export const commentUpdateSchema = z
  .strictObject(
    { kind: z.enum(COMMENT_KINDS, COMMENT_KIND_INVALID).optional(), body: commentBodySchema.optional() },
    strict,
  )
  .refine((body) => body.kind !== undefined || body.body !== undefined, 'Send the new body, kind, or both.')
export type CommentUpdate = z.input<typeof commentUpdateSchema>

/** PUT and DELETE /api/solutions/:id/like answer with the solution's likes after the change. */
export const likeResponse = z.object({ likeCount: z.number().int(), liked: z.boolean() })
export type LikeResponse = z.infer<typeof likeResponse>

export const NOTIFICATION_KINDS = ['comment', 'reply', 'helpful', 'review'] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]
/** How often an open, visible tab asks for the unread count (docs/product.md §12). */
export const NOTIFICATION_POLL_MS = 60_000
export const NOTIFICATIONS_PAGE_SIZE = 30

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** Who commented, replied or marked; null for a finished review. */
  actor: feedbackMemberSchema.nullable(),
  solution: z.object({ id: z.string(), challengeTitle: z.string() }),
  /** The comment or reply it is about (its anchor is `comment-<id>`); null for a review. */
  commentId: z.string().nullable(),
  /** A finished review: its public id and whether it passed. */
  review: z.object({ id: z.string(), passed: z.boolean() }).nullable(),
  read: z.boolean(),
  createdAt: z.string(),
})
export type Notification = z.infer<typeof notificationSchema>
/** GET /api/me/notifications: newest first. */
export const notificationsResponse = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int(),
  nextCursor: z.string().nullable(),
})
export type NotificationsResponse = z.infer<typeof notificationsResponse>
/** GET /api/me/notifications/unread-count, and the answer of marking read. */
export const unreadCountResponse = z.object({ unreadCount: z.number().int() })
export type UnreadCountResponse = z.infer<typeof unreadCountResponse>

/** GET /api/needs-feedback: listed solutions with no visible comment, oldest pass first. */
export const needsFeedbackCardSchema = solutionCardSchema.extend({
  /** The reader completed this challenge too ("you built this one too"); these come first. */
  builtByYouToo: z.boolean(),
})
export type NeedsFeedbackCard = z.infer<typeof needsFeedbackCardSchema>
export const needsFeedbackResponse = z.object({
  solutions: z.array(needsFeedbackCardSchema),
  nextCursor: z.string().nullable(),
})
export type NeedsFeedbackResponse = z.infer<typeof needsFeedbackResponse>
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

/** POST /api/reports: a comment or a solution, by its public id. */
export const newReportSchema = z.strictObject(
  {
    target: z.discriminatedUnion('type', [
      z.strictObject({ type: z.literal('comment'), id: z.uuid(NO_SUCH_COMMENT) }),
      z.strictObject({ type: z.literal('solution'), id: z.uuid('There is no such solution.') }),
    ]),
    reason: z.enum(REPORT_REASONS, REPORT_REASON_INVALID),
    details: z
      .string()
      .max(REPORT_DETAILS_MAX_LENGTH, REPORT_DETAILS_TOO_LONG)
      .optional()
      .transform((details) => (details?.trim() ? details.trim() : undefined)),
  },
  strict,
)
export type NewReport = z.input<typeof newReportSchema>
export const reportResponse = z.object({ report: z.object({ id: z.string() }) })

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
/** The body of every admin action: an optional note, kept in the audit log. */
export const moderationNoteSchema = z.strictObject(
  {
    note: z
      .string()
      .max(MODERATION_NOTE_MAX_LENGTH, `A note can be at most ${MODERATION_NOTE_MAX_LENGTH} characters.`)
      .optional(),
  },
  strict,
)

/** An open report as the admin page lists it, with what it points at. */
export const adminReportSchema = z.object({
  id: z.string(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  createdAt: z.string(),
  reporter: feedbackMemberSchema,
  /** How many open reports name the same target. */
  target: z.discriminatedUnion('type', [
    z.object({
      type: z.literal('comment'),
      id: z.string(),
      solutionId: z.string(),
      author: feedbackMemberSchema.nullable(),
      bodyHtml: z.string(),
      hidden: z.boolean(),
      authorSuspended: z.boolean(),
    }),
    z.object({
      type: z.literal('solution'),
      id: z.string(),
      challengeTitle: z.string(),
      author: feedbackMemberSchema,
      hidden: z.boolean(),
      authorSuspended: z.boolean(),
    }),
  ]),
})
export type AdminReport = z.infer<typeof adminReportSchema>
export const adminReportsResponse = z.object({ reports: z.array(adminReportSchema) })
export type AdminReportsResponse = z.infer<typeof adminReportsResponse>

export const auditEntrySchema = z.object({
  action: z.enum(MODERATION_ACTIONS),
  /** The admin's login when they acted. */
  admin: z.string(),
  /** What it acted on, in words, e.g. "comment by ada on Solve Navbar"; null when that is gone. */
  target: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
})
export type AuditEntry = z.infer<typeof auditEntrySchema>
/** GET /api/admin/audit: newest first, at most 100. */
export const auditResponse = z.object({ actions: z.array(auditEntrySchema) })
export type AuditResponse = z.infer<typeof auditResponse>
/** The answer of every admin action. */
export const moderationResponse = z.object({ ok: z.literal(true) })

/** Badges for comments marked helpful (docs/product.md §4). */
export const HELPFUL_BADGE_COUNTS = { 'first-helpful': 1, 'ten-helpful': 10 } as const
