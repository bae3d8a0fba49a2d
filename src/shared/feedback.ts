import { z } from 'zod'
import {
  COMMENT_EMPTY,
  COMMENT_KIND_INVALID,
  COMMENT_KINDS,
  COMMENT_MAX_LENGTH,
  COMMENT_TOO_LONG,
  MODERATION_ACTIONS,
  MODERATION_NOTE_MAX_LENGTH,
  NO_SUCH_COMMENT,
  NOTIFICATION_KINDS,
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_DETAILS_TOO_LONG,
  REPORT_REASON_INVALID,
  REPORT_REASONS,
} from '#shared/feedback-rule.ts'
import { solutionCardSchema } from '#shared/solution.ts'
import { isBlankText } from '#shared/visible-text.ts'
import { normalizeWriteUp } from '#shared/write-up-rule.ts'

export * from '#shared/feedback-rule.ts'

/**
 * Feedback on solutions (docs/product.md §12): comments and replies, helpful marks, likes, notifications,
 * the "needs feedback" list, reports and moderation. These are the API's shapes and texts, shared by the
 * server and the app.
 */

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
  /**
   * Written by a teacher of a classroom the solution's author studies in (docs/product.md §13):
   * shown as a teacher's comment.
   */
  teacher: z.boolean().optional(),
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

/** GET /api/solutions/:id/comments: a page of threads oldest first (at most COMMENT_THREADS_PAGE). */
export const commentsResponse = z.object({
  comments: z.array(commentSchema),
  /** Give it as `cursor` for the next page of threads; null on the last page. */
  nextCursor: z.string().nullable(),
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

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** Who commented, replied or marked; null for a finished review. */
  actor: feedbackMemberSchema.nullable(),
  solution: z.object({ id: z.string(), challengeTitle: z.string() }),
  /** The comment or reply it is about (its anchor is `comment-<id>`); null for a review. */
  commentId: z.string().nullable(),
  /**
   * A finished review: its public id, whether it passed, its score out of 100 (null when its captures
   * were not scored) and, when it failed, why, in plain words.
   */
  review: z
    .object({
      id: z.string(),
      passed: z.boolean(),
      score: z.number().nullable(),
      reason: z.string().nullable(),
    })
    .nullable(),
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
  /**
   * Whether any solution is published (listed) at all, the reader's own included: an empty list then
   * means every one has feedback, else that nothing was published yet.
   */
  anyPublished: z.boolean(),
  nextCursor: z.string().nullable(),
})
export type NeedsFeedbackResponse = z.infer<typeof needsFeedbackResponse>

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
