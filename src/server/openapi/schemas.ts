import { z } from 'zod'
import { accountExportSchema } from '#server/account/export.ts'
import type { PublicProfileAnswer } from '#server/auth/users.ts'
import { deleteAccountSchema } from '#shared/account.ts'
import {
  activityDaySchema,
  activityResponse,
  activitySettingsResponse,
  activitySettingsSchema,
  activitySettingsUpdateSchema,
  streaksSchema,
  weeklyGoalResponse,
} from '#shared/activity.ts'
import type { EarnedBadge } from '#shared/badges.ts'
import {
  apiErrorSchema,
  assetGroupSchema,
  challengeCountResponse,
  challengeListResponse,
  challengeResponse,
  challengeSchema,
  challengeStatusesResponse,
  challengeZipResponse,
  challengeZipSchema,
  listedChallengeSchema,
} from '#shared/challenge.ts'
import {
  assignmentResponse,
  assignmentSchema,
  assignmentsResponse,
  assignmentUpdateSchema,
  classroomFeedbackResponse,
  classroomLeaderboardResponse,
  classroomNotificationsResponse,
  classroomResponse,
  classroomSchema,
  classroomsResponse,
  classroomUpdateSchema,
  extensionResponse,
  extensionSchema,
  gradeSchema,
  gridResponse,
  invitePreviewResponse,
  inviteSchema,
  joinSchema,
  myAssignmentsResponse,
  newAssignmentSchema,
  newClassroomSchema,
  okResponse,
  rosterResponse,
  rosterSchema,
} from '#shared/classroom.ts'
import { competitionEntrySchema, competitionSchema, competitionsResponse } from '#shared/competition.ts'
import {
  adminReportSchema,
  adminReportsResponse,
  auditEntrySchema,
  auditResponse,
  commentResponse,
  commentSchema,
  commentsResponse,
  commentUpdateSchema,
  likeResponse,
  moderationNoteSchema,
  moderationResponse,
  needsFeedbackCardSchema,
  needsFeedbackResponse,
  newCommentSchema,
  newReportSchema,
  notificationSchema,
  notificationsResponse,
  replySchema,
  reportResponse,
  unreadCountResponse,
} from '#shared/feedback.ts'
import {
  learningPathSchema,
  learningPathSummarySchema,
  nextChallengeResponse,
  nextChallengeSchema,
  pathProgressResponse,
  pathProgressSchema,
  pathResponse,
  pathsProgressResponse,
  pathsResponse,
} from '#shared/learning-paths.ts'
import { submitSolutionSchema } from '#shared/live-url.ts'
import {
  dashboardResponse,
  earnedBadgeSchema,
  leaderboardEntrySchema,
  leaderboardResponse,
  memberChallengeSchema,
  memberChallengesResponse,
  type ProfilePage,
  profilePageResponse,
} from '#shared/member.ts'
import { ownProfileResponse, ownProfileSchema, profileUpdateSchema } from '#shared/profile.ts'
import { publicConfigSchema } from '#shared/public-config.ts'
import {
  elementAgreementSchema,
  memberReviewsResponse,
  reviewBreakpointSchema,
  reviewElementsSchema,
  reviewFindingSchema,
  reviewQualitySchema,
  reviewResponse,
  reviewSchema,
  reviewSummarySchema,
} from '#shared/review.ts'
import {
  galleryResponse,
  solutionCardSchema,
  solutionResponse,
  solutionSchema,
  solutionUpdateSchema,
} from '#shared/solution.ts'
import {
  meResponse,
  progressResponse,
  progressSchema,
  publicProfileSchema,
  sessionResponse,
  sessionUserSchema,
  submitResponse,
} from '#shared/user.ts'
import { verificationResponse } from '#shared/verification.ts'

/**
 * The API's answers and request bodies for the OpenAPI document
 * (docs/decisions/017-openapi-from-the-routes.md), which the routes' operations name by key
 * (`json('…', 'Challenge')`). Most are the shared schemas the app already types its answers with
 * (`z.infer`); the few below exist only here. Kept on the server: the document is built by the server, and
 * the web app must not gain a full `zod` import through them.
 */

/** GET /api/health while the database answers. */
const healthOkResponse = z.object({ status: z.literal('ok'), database: z.literal('ok') })
/** GET /api/health when the database did not answer in time (503). */
const healthDownResponse = z.object({ status: z.literal('error'), database: z.literal('unreachable') })

/** POST /api/me/challenges/:id/reviews (202): the queued review, or the one that already waits. */
const reviewRequestedResponse = z.object({ review: reviewSummarySchema })

/** GET /api/openapi.json: described by OpenAPI's own schema, not repeated here. */
const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
})

/**
 * Named schemas: each becomes `#/components/schemas/<name>` and is referenced wherever it is used.
 * Answers are described as the server writes them (zod's output side).
 */
export const RESPONSE_COMPONENTS = {
  Error: apiErrorSchema,
  HealthOk: healthOkResponse,
  HealthDown: healthDownResponse,
  PublicConfig: publicConfigSchema,
  SessionUser: sessionUserSchema,
  SessionResponse: sessionResponse,
  MeResponse: meResponse,
  Challenge: challengeSchema,
  ListedChallenge: listedChallengeSchema,
  ChallengeListResponse: challengeListResponse,
  ChallengeStatusesResponse: challengeStatusesResponse,
  ChallengeCountResponse: challengeCountResponse,
  ChallengeResponse: challengeResponse,
  AssetGroup: assetGroupSchema,
  ChallengeZip: challengeZipSchema,
  ChallengeZipResponse: challengeZipResponse,
  Competition: competitionSchema,
  CompetitionEntry: competitionEntrySchema,
  CompetitionsResponse: competitionsResponse,
  PublicProfile: publicProfileSchema,
  EarnedBadge: earnedBadgeSchema,
  ProfilePage: profilePageResponse,
  ReviewSummary: reviewSummarySchema,
  ReviewBreakpoint: reviewBreakpointSchema,
  ReviewElements: reviewElementsSchema,
  ElementAgreement: elementAgreementSchema,
  ReviewFinding: reviewFindingSchema,
  ReviewQuality: reviewQualitySchema,
  Review: reviewSchema,
  ReviewResponse: reviewResponse,
  LeaderboardEntry: leaderboardEntrySchema,
  Leaderboard: leaderboardResponse,
  OwnProfile: ownProfileSchema,
  OwnProfileResponse: ownProfileResponse,
  Dashboard: dashboardResponse,
  MemberChallenge: memberChallengeSchema,
  MemberChallengesResponse: memberChallengesResponse,
  Progress: progressSchema,
  ProgressResponse: progressResponse,
  SubmitResponse: submitResponse,
  MemberReviewsResponse: memberReviewsResponse,
  ReviewRequestedResponse: reviewRequestedResponse,
  VerificationResponse: verificationResponse,
  Solution: solutionSchema,
  SolutionResponse: solutionResponse,
  SolutionCard: solutionCardSchema,
  GalleryResponse: galleryResponse,
  Comment: commentSchema,
  Reply: replySchema,
  CommentsResponse: commentsResponse,
  CommentResponse: commentResponse,
  LikeResponse: likeResponse,
  Notification: notificationSchema,
  NotificationsResponse: notificationsResponse,
  UnreadCountResponse: unreadCountResponse,
  NeedsFeedbackCard: needsFeedbackCardSchema,
  NeedsFeedbackResponse: needsFeedbackResponse,
  ReportResponse: reportResponse,
  AdminReport: adminReportSchema,
  AdminReportsResponse: adminReportsResponse,
  AuditEntry: auditEntrySchema,
  AuditResponse: auditResponse,
  ModerationResponse: moderationResponse,
  AccountExport: accountExportSchema,
  OpenApiDocument: openApiDocumentSchema,
  Classroom: classroomSchema,
  ClassroomResponse: classroomResponse,
  ClassroomsResponse: classroomsResponse,
  InvitePreviewResponse: invitePreviewResponse,
  Assignment: assignmentSchema,
  AssignmentResponse: assignmentResponse,
  AssignmentsResponse: assignmentsResponse,
  Grade: gradeSchema,
  ClassroomGrid: gridResponse,
  MyAssignmentsResponse: myAssignmentsResponse,
  RosterResponse: rosterResponse,
  ExtensionResponse: extensionResponse,
  ClassroomLeaderboard: classroomLeaderboardResponse,
  ClassroomFeedbackResponse: classroomFeedbackResponse,
  ClassroomNotificationsResponse: classroomNotificationsResponse,
  OkResponse: okResponse,
  ActivityDay: activityDaySchema,
  Streaks: streaksSchema,
  ActivityResponse: activityResponse,
  ActivitySettings: activitySettingsSchema,
  ActivitySettingsResponse: activitySettingsResponse,
  WeeklyGoalResponse: weeklyGoalResponse,
  LearningPathSummary: learningPathSummarySchema,
  LearningPath: learningPathSchema,
  PathsResponse: pathsResponse,
  PathResponse: pathResponse,
  PathProgress: pathProgressSchema,
  PathsProgressResponse: pathsProgressResponse,
  PathProgressResponse: pathProgressResponse,
  NextChallenge: nextChallengeSchema,
  NextChallengeResponse: nextChallengeResponse,
} satisfies Record<string, z.ZodType>

/** Request bodies, described as clients write them (zod's input side, before trimming and checks). */
export const REQUEST_COMPONENTS = {
  ProfileUpdate: profileUpdateSchema,
  SubmitSolution: submitSolutionSchema,
  SolutionUpdate: solutionUpdateSchema,
  NewComment: newCommentSchema,
  CommentUpdate: commentUpdateSchema,
  NewReport: newReportSchema,
  ModerationNote: moderationNoteSchema,
  DeleteAccount: deleteAccountSchema,
  NewClassroom: newClassroomSchema,
  ClassroomUpdate: classroomUpdateSchema,
  ClassroomInvite: inviteSchema,
  JoinClassroom: joinSchema,
  ClassroomRoster: rosterSchema,
  NewAssignment: newAssignmentSchema,
  AssignmentUpdate: assignmentUpdateSchema,
  Extension: extensionSchema,
  ActivitySettingsUpdate: activitySettingsUpdateSchema,
} satisfies Record<string, z.ZodType>

export type ResponseComponent = keyof typeof RESPONSE_COMPONENTS
export type RequestComponent = keyof typeof REQUEST_COMPONENTS

/**
 * Answers whose TypeScript type is written by hand rather than inferred from a schema must still fit
 * the schema that documents them, or the typecheck fails here. (A field the answer has and the schema
 * lacks passes TypeScript; the API tests catch it, as documented objects allow no other properties.)
 */
type Conforms<Answer extends Documented, Documented> = [Answer, Documented]
export type HandWrittenAnswersConform = [
  Conforms<PublicProfileAnswer, ProfilePage>,
  Conforms<EarnedBadge, z.infer<typeof earnedBadgeSchema>>,
  Conforms<z.infer<typeof earnedBadgeSchema>, EarnedBadge>,
]
