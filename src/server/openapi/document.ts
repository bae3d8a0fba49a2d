import { z } from 'zod'
import { MAX_BODY_BYTES } from '#server/http/body-limit.ts'
import { challengeIdParams, commentIdParams, slugParams, usernameParams } from '#server/http/params.ts'
import { needsFeedbackQuery } from '#server/moderation/needs-feedback.ts'
import {
  REQUEST_COMPONENTS,
  RESPONSE_COMPONENTS,
  type RequestComponent,
  type ResponseComponent,
} from '#server/openapi/schemas.ts'
import { listQuery } from '#server/routes/challenges.ts'
import { notificationIdParams, notificationsQuery } from '#server/routes/feedback.ts'
import { statusQuery } from '#server/routes/me.ts'
import { reportIdParams } from '#server/routes/moderation.ts'
import { reviewIdParams } from '#server/routes/reviews.ts'
import { solutionIdParams } from '#server/routes/solutions.ts'
import { EXPORT_LIMIT } from '#shared/account.ts'
import { POINTS_PER_CHALLENGE } from '#shared/constants.ts'
import { FEEDBACK_LIMITS } from '#shared/feedback.ts'
import { leaderboardQuerySchema } from '#shared/member.ts'
import { RETURN_PATH_MAX_LENGTH } from '#shared/return-path.ts'
import { REVIEW_REQUESTS_PER_DAY } from '#shared/review.ts'
import {
  challengeGalleryQuery,
  GALLERY_MAX_LIMIT,
  GALLERY_PAGE_SIZE,
  galleryQuery,
} from '#shared/solution.ts'

/**
 * The OpenAPI 3.1 description of the HTTP API (docs/product.md §7), served at /api/openapi.json, built as
 * docs/decisions/007-openapi-from-a-route-table.md says. Routes stay as they are; this table describes them,
 * from the zod schemas the routes parse their input with and the shared schemas their answers are typed by.
 * openapi.test.ts holds it to the app: every route the app registers is here and every path here is routed,
 * and the API tests check each answer they receive against the response documented for its method, path and
 * status (tests/support/openapi-check.ts).
 */

const OPENAPI_VERSION = '3.1.1'
/** The API's own version: bump it when an answer changes shape. */
const API_VERSION = '1.0.0'

type JsonSchema = Record<string, unknown>

type Header = { description: string; schema: JsonSchema }
type ResponseObject = {
  description: string
  headers?: Record<string, Header>
  content?: Record<string, { schema: JsonSchema }>
}
type ParameterObject = {
  name: string
  in: 'path' | 'query'
  required: boolean
  description?: string
  schema: JsonSchema
}

export type Operation = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete'
  /** OpenAPI's template: `{param}` where Hono writes `:param`. */
  path: string
  operationId: string
  summary: string
  description?: string
  tag: Tag
  /** Behind requireUser: needs the session cookie, answers 401 without it. */
  member?: boolean
  /** Answers according to the session when there is one, and to visitors too. */
  readsSession?: boolean
  /**
   * State-changing calls under /api/me and /auth: the same-origin JSON check (403, 415) and the
   * per-member mutation limit (429) run first.
   */
  guarded?: boolean
  params?: z.ZodObject
  query?: z.ZodObject
  body?: RequestComponent
  responses: Record<number, ResponseObject>
}

const TAGS = {
  Site: 'Health, configuration and this description.',
  'Sign-in': 'GitHub sign-in, the session and sign-out.',
  Challenges: 'The public catalogue. Answers carry an ETag and are cached briefly.',
  Competitions: 'Weekly competitions and their rankings.',
  Members: 'Public profiles, profile badges and the leaderboard.',
  Reviews: 'Review reports of submitted sites (public).',
  Solutions: 'Members’ solutions: one page each, the galleries, and the author’s edits.',
  'My account': 'The signed-in member: who they are, their profile, their dashboard.',
  'My challenges': 'The signed-in member’s journey on a challenge: start, submit, download, reviews.',
  Feedback: 'Comments, replies, helpful marks and likes on solutions; the "needs feedback" list.',
  Notifications: 'The signed-in member’s notifications and their unread count.',
  Moderation: 'Reports of abuse, and the admins’ actions on them, each kept in an audit log.',
} as const
type Tag = keyof typeof TAGS

const ref = (component: ResponseComponent | RequestComponent) => ({
  $ref: `#/components/schemas/${component}`,
})

function json(description: string, component: ResponseComponent): ResponseObject {
  return { description, content: { 'application/json': { schema: ref(component) } } }
}

function file(description: string, mediaType: string): ResponseObject {
  return { description, content: { [mediaType]: { schema: { type: 'string' } } } }
}

function error(description: string): ResponseObject {
  return json(description, 'Error')
}

function redirect(description: string): ResponseObject {
  return {
    description,
    headers: { Location: { description: 'Where the browser goes next.', schema: { type: 'string' } } },
  }
}

const NOT_MODIFIED: ResponseObject = {
  description: 'Not modified: the If-None-Match ETag is the current one. No body.',
}

const PARAMETER_DESCRIPTIONS: Record<string, string> = {
  id: 'A positive whole number in canonical decimal (no leading zeros, at most 2147483647).',
  slug: 'The challenge title with spaces written as hyphens, as in /challenge/<slug>.',
  username: 'A member’s username (their GitHub login). One no member can have is simply not found.',
  category: 'Only challenges of this category.',
  ids: 'Only these challenges: comma-separated ids, at most 100.',
  status: 'Which of the member’s challenges: the ones in progress, or the completed ones.',
  period: 'This ISO week, this calendar month (both in UTC), or all time.',
  asset: 'A file of the docs viewer, as the docs page names it (the name includes its content hash).',
  sort: 'newest: the latest passed review first; score: the highest score first (then the newest); liked: the most liked first (then the newest).',
  cursor: 'The nextCursor of the previous page; absent for the first page.',
  limit: `Cards per page, 1 to ${GALLERY_MAX_LIMIT}; ${GALLERY_PAGE_SIZE} when absent.`,
  difficulty: 'Only challenges of this difficulty.',
}

export const docsAssetParams = z.object({ asset: z.string().min(1) })

/** Described only: the route reads `returnTo` through safeReturnPath, which ignores what it refuses. */
const signInQuery = z.object({
  returnTo: z
    .string()
    .max(RETURN_PATH_MAX_LENGTH)
    .optional()
    .describe('A path on this site (one leading slash), such as /solutions/<id>.'),
})

/** Every operation, grouped as the app composes its routes (src/server/app.ts). */
const OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: '/api/health',
    operationId: 'getHealth',
    summary: 'Is the service up?',
    description: 'Answers within about 2.5 seconds whether or not the database does; never cached.',
    tag: 'Site',
    responses: {
      200: json('The service and its database answer.', 'HealthOk'),
      503: {
        ...json('The database did not answer in time.', 'HealthDown'),
        headers: { 'Retry-After': retryAfter() },
      },
    },
  },
  {
    method: 'get',
    path: '/api/config',
    operationId: 'getConfig',
    summary: 'The site’s public configuration',
    tag: 'Site',
    responses: { 200: json('Brand name, support address and social links.', 'PublicConfig') },
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    operationId: 'getOpenApiDocument',
    summary: 'This description of the API (OpenAPI 3.1)',
    tag: 'Site',
    responses: { 200: json('This document.', 'OpenApiDocument'), 304: NOT_MODIFIED },
  },
  {
    method: 'get',
    path: '/api/docs',
    operationId: 'getApiDocsPage',
    summary: 'A page to read and try this API in a browser',
    tag: 'Site',
    responses: { 200: file('The docs page (HTML).', 'text/html') },
  },
  {
    method: 'get',
    path: '/api/docs/{asset}',
    operationId: 'getApiDocsAsset',
    summary: 'A script or stylesheet of the docs page',
    tag: 'Site',
    params: docsAssetParams,
    responses: {
      200: {
        description: 'The file; its name changes with its content, so it may be cached for good.',
        content: {
          'text/javascript': { schema: { type: 'string' } },
          'text/css': { schema: { type: 'string' } },
        },
      },
      304: NOT_MODIFIED,
      404: error('There is no such file.'),
    },
  },
  {
    method: 'get',
    path: '/api/session',
    operationId: 'getSession',
    summary: 'Who is signed in',
    description:
      'A visitor gets `user: null`: an answer, not an error. The first check after a sign-in also ' +
      'carries `greeting`: `first` when that sign-in created the account, else `again`.',
    tag: 'Sign-in',
    readsSession: true,
    responses: { 200: json('The signed-in member, or null.', 'SessionResponse') },
  },
  {
    method: 'get',
    path: '/auth/github',
    operationId: 'startSignIn',
    summary: 'Start signing in with GitHub',
    description:
      'A link for the browser, not a call for scripts: it sets a short-lived cookie for this sign-in and ' +
      'redirects to GitHub (OAuth with state and PKCE). Started at another address of the server, it ' +
      'first moves to the public address. `returnTo`, a path on this site, is where the sign-in comes back ' +
      'to; without it, or with anything but such a path, it comes back to the dashboard.',
    tag: 'Sign-in',
    query: signInQuery,
    responses: {
      302: redirect('To GitHub’s authorization page, or to the same path on the public address.'),
      429: error('Too many sign-ins started from this address; try again later.'),
    },
  },
  {
    method: 'get',
    path: '/auth/github/callback',
    operationId: 'finishSignIn',
    summary: 'GitHub sends the browser back here',
    description:
      'On success the session cookie is set and the browser goes to the sign-in’s `returnTo`, or to /my; ' +
      'on any failure it goes to /sign-in-failed and nothing changes.',
    tag: 'Sign-in',
    responses: { 302: redirect('To /my when signed in, else to /sign-in-failed.') },
  },
  {
    method: 'post',
    path: '/auth/sign-out',
    operationId: 'signOut',
    summary: 'Sign out',
    tag: 'Sign-in',
    readsSession: true,
    guarded: true,
    responses: { 204: { description: 'Signed out: the session ended and its cookie is cleared.' } },
  },
  {
    method: 'get',
    path: '/api/challenges',
    operationId: 'listChallenges',
    summary: 'Challenges, newest first, with their solution counts',
    description:
      'Each challenge carries `solutionCount`, its listed solutions. Searched, filtered and sorted as the catalogue pages are.',
    tag: 'Challenges',
    query: listQuery,
    responses: {
      200: json('The challenges that match.', 'ChallengeListResponse'),
      304: NOT_MODIFIED,
      400: error('The category, the id list, the search, the difficulty or the sort is not valid.'),
    },
  },
  {
    method: 'get',
    path: '/api/challenges/count',
    operationId: 'countChallenges',
    summary: 'How many challenges there are',
    tag: 'Challenges',
    responses: { 200: json('The number of challenges.', 'ChallengeCountResponse'), 304: NOT_MODIFIED },
  },
  {
    method: 'get',
    path: '/api/challenges/by-slug/{slug}',
    operationId: 'getChallengeBySlug',
    summary: 'A challenge by its slug',
    tag: 'Challenges',
    params: slugParams,
    responses: {
      200: json('The challenge.', 'ChallengeResponse'),
      304: NOT_MODIFIED,
      400: error('The slug is empty, too long or has control characters.'),
      404: error('There is no challenge with this slug.'),
    },
  },
  {
    method: 'get',
    path: '/api/challenges/{id}',
    operationId: 'getChallenge',
    summary: 'A challenge by its id',
    tag: 'Challenges',
    params: challengeIdParams,
    responses: {
      200: json('The challenge.', 'ChallengeResponse'),
      304: NOT_MODIFIED,
      400: error('The id is not a challenge id.'),
      404: error('There is no challenge with this id.'),
    },
  },
  {
    method: 'get',
    path: '/api/challenges/{id}/zip',
    operationId: 'getChallengeZip',
    summary: 'What a challenge’s download holds',
    description: 'The zip itself is for members: GET /api/me/challenges/{id}/download.',
    tag: 'Challenges',
    params: challengeIdParams,
    responses: {
      200: json('The zip’s name, size, files and the asset list they make.', 'ChallengeZipResponse'),
      304: NOT_MODIFIED,
      400: error('The id is not a challenge id.'),
      404: error('There is no challenge with this id.'),
    },
  },
  {
    method: 'get',
    path: '/api/competitions',
    operationId: 'getCompetitions',
    summary: 'Weekly competitions',
    tag: 'Competitions',
    responses: {
      200: json(
        'The running competition with its live ranking, the next ones, and past results.',
        'CompetitionsResponse',
      ),
    },
  },
  {
    method: 'get',
    path: '/api/users/{username}',
    operationId: 'getPublicProfile',
    summary: 'A member’s public profile',
    tag: 'Members',
    params: usernameParams,
    responses: {
      200: json('The profile, badges and completed challenges (no e-mail).', 'ProfilePage'),
      304: NOT_MODIFIED,
      404: error('No member has this username.'),
    },
  },
  {
    method: 'get',
    path: '/api/users/{username}/badge.svg',
    operationId: 'getProfileBadge',
    summary: 'A member’s badge for a README or a portfolio',
    description: 'An SVG image of the member’s points and completed challenges; other sites may embed it.',
    tag: 'Members',
    params: usernameParams,
    responses: {
      200: file('The badge.', 'image/svg+xml'),
      304: NOT_MODIFIED,
      404: error('No member has this username.'),
    },
  },
  {
    method: 'get',
    path: '/api/leaderboard',
    operationId: 'getLeaderboard',
    summary: 'The top ten members',
    description: 'Members with points above 0, most points first; equal points and submissions share a rank.',
    tag: 'Members',
    member: true,
    query: leaderboardQuerySchema,
    responses: {
      200: json('The first place and the top ten.', 'Leaderboard'),
      400: error('`period` is not one of its values.'),
    },
  },
  {
    method: 'get',
    path: '/api/reviews/{id}',
    operationId: 'getReview',
    summary: 'A review report',
    description:
      'A passed review is public, like the profile that links to it; one that has not passed is shown to ' +
      'its member only. Poll it while it is queued or running.',
    tag: 'Reviews',
    params: reviewIdParams,
    responses: {
      200: json('The review.', 'ReviewResponse'),
      400: error('The id is not a review id (a UUID).'),
      404: error('There is no such review, or it has not passed and is not yours.'),
    },
  },
  {
    method: 'get',
    path: '/api/solutions',
    operationId: 'listSolutions',
    summary: 'Every listed solution',
    description:
      'Solutions with a passed review that their members did not hide, by cursor: a page holds no card ' +
      'of an earlier one, however many solutions were listed since.',
    tag: 'Solutions',
    query: galleryQuery,
    responses: {
      200: json('A page of cards and the cursor of the next one.', 'GalleryResponse'),
      400: error('A query parameter is not valid (the message says which).'),
    },
  },
  {
    method: 'get',
    path: '/api/challenges/{id}/solutions',
    operationId: 'listChallengeSolutions',
    summary: 'A challenge’s listed solutions',
    description: 'As /api/solutions, for one challenge.',
    tag: 'Solutions',
    params: challengeIdParams,
    query: challengeGalleryQuery,
    responses: {
      200: json('A page of cards and the cursor of the next one.', 'GalleryResponse'),
      400: error('The id or a query parameter is not valid (the message says which).'),
      404: error('There is no challenge with this id.'),
    },
  },
  {
    method: 'get',
    path: '/api/solutions/{id}',
    operationId: 'getSolution',
    summary: 'A solution',
    description:
      'Public once one of its reviews passed and while it is not hidden, with its passed iterations; its ' +
      'member always sees it, with every iteration.',
    tag: 'Solutions',
    readsSession: true,
    params: solutionIdParams,
    responses: {
      200: json('The solution.', 'SolutionResponse'),
      400: error('The id is not a solution id (a UUID).'),
      404: error('There is no such solution, or it is not listed and not yours.'),
    },
  },
  {
    method: 'patch',
    path: '/api/solutions/{id}',
    operationId: 'updateSolution',
    summary: 'Change a solution’s write-up, repository URL or visibility',
    description:
      'Its member only. Any of `writeUp` (Markdown, at most 5,000 characters), `repositoryUrl` and ' +
      '`hidden`; blank or null removes the first two; any other field is refused and nothing changes.',
    tag: 'Solutions',
    member: true,
    guarded: true,
    params: solutionIdParams,
    body: 'SolutionUpdate',
    responses: {
      200: json('The solution as stored.', 'SolutionResponse'),
      400: error('The id or the body is not valid (the message says why); nothing changed.'),
      403: error(
        'Not sent from this site itself (code `forbidden_origin`), another member’s listed solution, or `hidden: false` on a solution an admin hid (code `forbidden`).',
      ),
      404: error('There is no such solution, or it is not listed and not yours.'),
    },
  },
  // Feedback (docs/product.md §12): comments, helpful marks, likes; each route checks the session itself.
  {
    method: 'get',
    path: '/api/solutions/{id}/comments',
    operationId: 'listComments',
    summary: 'A solution’s comments and replies',
    description:
      'Threads oldest first (at most 200), replies oldest first. A deleted comment stays, without author or ' +
      'text, while visible replies hang under it; a comment an admin hid is its author’s and the admins’ only.',
    tag: 'Feedback',
    readsSession: true,
    params: solutionIdParams,
    responses: {
      200: json('The threads, the visible count and what the reader may do.', 'CommentsResponse'),
      400: error('The id is not a solution id (a UUID).'),
      404: error('There is no such solution, or the reader may not read it.'),
    },
  },
  {
    method: 'post',
    path: '/api/solutions/{id}/comments',
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
  },
  {
    method: 'patch',
    path: '/api/comments/{id}',
    operationId: 'updateComment',
    summary: 'Change a comment’s text or kind',
    description: 'Its author only, unless suspended from commenting; the comment is then shown as edited.',
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
  },
  {
    method: 'delete',
    path: '/api/comments/{id}',
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
  },
  {
    method: 'put',
    path: '/api/comments/{id}/helpful',
    operationId: 'markCommentHelpful',
    summary: 'Mark a comment helpful',
    description: 'The solution’s author only, never on their own comment. Marking twice changes nothing.',
    tag: 'Feedback',
    member: true,
    guarded: true,
    params: commentIdParams,
    responses: {
      200: json('The comment, marked.', 'CommentResponse'),
      400: error('The id is not a comment id, or the comment is the reader’s own.'),
      403: error(
        'Not sent from this site itself (code `forbidden_origin`), or the reader is not the solution’s author (code `forbidden`).',
      ),
      404: error('There is no such comment, it was deleted, or the reader may not see it.'),
    },
  },
  {
    method: 'delete',
    path: '/api/comments/{id}/helpful',
    operationId: 'unmarkCommentHelpful',
    summary: 'Take a helpful mark back',
    description: 'The solution’s author only. Badges earned stay.',
    tag: 'Feedback',
    member: true,
    guarded: true,
    params: commentIdParams,
    responses: {
      200: json('The comment, unmarked.', 'CommentResponse'),
      400: error('The id is not a comment id, or the comment is the reader’s own.'),
      403: error(
        'Not sent from this site itself (code `forbidden_origin`), or the reader is not the solution’s author (code `forbidden`).',
      ),
      404: error('There is no such comment, it was deleted, or the reader may not see it.'),
    },
  },
  {
    method: 'put',
    path: '/api/solutions/{id}/like',
    operationId: 'likeSolution',
    summary: 'Like a solution',
    description:
      'A listed solution of another member; liking twice changes nothing. At most 60 likes and unlikes an hour; a refused one does not count.',
    tag: 'Feedback',
    member: true,
    guarded: true,
    params: solutionIdParams,
    responses: {
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
    },
  },
  {
    method: 'delete',
    path: '/api/solutions/{id}/like',
    operationId: 'unlikeSolution',
    summary: 'Take a like back',
    tag: 'Feedback',
    member: true,
    guarded: true,
    params: solutionIdParams,
    responses: {
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
    },
  },
  {
    method: 'get',
    path: '/api/me/notifications',
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
  },
  {
    method: 'get',
    path: '/api/me/notifications/unread-count',
    operationId: 'getUnreadNotificationCount',
    summary: 'How many notifications are unread',
    description: 'Never cached; the app asks every minute while a tab is open and visible.',
    tag: 'Notifications',
    member: true,
    responses: { 200: json('The unread count.', 'UnreadCountResponse') },
  },
  {
    method: 'post',
    path: '/api/me/notifications/{id}/read',
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
  },
  {
    method: 'post',
    path: '/api/me/notifications/read-all',
    operationId: 'markAllNotificationsRead',
    summary: 'Mark every notification read',
    tag: 'Notifications',
    member: true,
    guarded: true,
    responses: { 200: json('The unread count after the change (0).', 'UnreadCountResponse') },
  },
  {
    method: 'get',
    path: '/api/me',
    operationId: 'getMe',
    summary: 'The signed-in member',
    tag: 'My account',
    member: true,
    responses: { 200: json('The member, with their e-mail address and points.', 'MeResponse') },
  },
  {
    method: 'delete',
    path: '/api/me',
    operationId: 'deleteMyAccount',
    summary: 'Delete the member’s account',
    description:
      'The body names the member’s login (`confirm`, letter case ignored). Removes the member’s row and ' +
      'everything of theirs: sessions, progress, solutions with their reviews and review images, comments ' +
      '(with the replies under them), likes, reports, notifications, badges, points and competition ' +
      'results; the moderation log keeps its rows without the member. Other members’ solutions keep exact ' +
      'like and comment counts. Every session of the member ends and the cookie is cleared. Signing in ' +
      'again with the same GitHub account starts a new, empty account.',
    tag: 'My account',
    member: true,
    guarded: true,
    body: 'DeleteAccount',
    responses: {
      204: { description: 'Deleted: the member is signed out everywhere and the cookie is cleared.' },
      400: error(
        'The body is not JSON, or `confirm` is not the member’s login (code `confirm_mismatch`); nothing changed.',
      ),
    },
  },
  {
    method: 'get',
    path: '/api/me/export',
    operationId: 'exportMyData',
    summary: 'Download everything held about the member',
    description:
      'One JSON file, sent as an attachment named `frontend-dojo-<login>-<YYYY-MM-DD>.json`: the profile, ' +
      'progress, reviews with their breakpoints (images as /files/ addresses), comments, likes, reports ' +
      `filed, notifications, badges, the points ledger and competition results. At most ${EXPORT_LIMIT.limit} ` +
      'an hour per member; a refused one does not count. Never cached.',
    tag: 'My account',
    member: true,
    responses: {
      200: {
        ...json('The member’s data.', 'AccountExport'),
        headers: {
          'Content-Disposition': {
            description: 'attachment; filename="frontend-dojo-<login>-<YYYY-MM-DD>.json".',
            schema: { type: 'string' },
          },
        },
      },
      429: {
        ...error('Too many exports this hour (code `rate_limited`; the message says when to try again).'),
        headers: { 'Retry-After': retryAfter() },
      },
    },
  },
  {
    method: 'get',
    path: '/api/me/profile',
    operationId: 'getOwnProfile',
    summary: 'The member’s editable profile',
    tag: 'My account',
    member: true,
    responses: { 200: json('The profile.', 'OwnProfileResponse') },
  },
  {
    method: 'patch',
    path: '/api/me/profile',
    operationId: 'updateOwnProfile',
    summary: 'Change the member’s profile',
    description:
      'Exactly these four fields; an empty string clears one. Text is sanitised before it is checked, and ' +
      'any other field is refused.',
    tag: 'My account',
    member: true,
    guarded: true,
    body: 'ProfileUpdate',
    responses: {
      200: json('The profile as stored.', 'OwnProfileResponse'),
      400: error('The body is not JSON, or a field is not valid (the message says which and why).'),
    },
  },
  {
    method: 'get',
    path: '/api/me/dashboard',
    operationId: 'getDashboard',
    summary: 'The member’s counts',
    tag: 'My account',
    member: true,
    responses: { 200: json('Challenges in progress, completed, and in the catalogue.', 'Dashboard') },
  },
  {
    method: 'get',
    path: '/api/me/challenges',
    operationId: 'listMyChallenges',
    summary: 'The member’s challenges in progress or completed',
    tag: 'My challenges',
    member: true,
    query: statusQuery,
    responses: {
      200: json('The challenges, most recent first.', 'MemberChallengesResponse'),
      400: error('`status` is missing or not one of its values.'),
    },
  },
  {
    method: 'get',
    path: '/api/me/statuses',
    operationId: 'listMyStatuses',
    summary: 'The member’s status on each challenge they started',
    tag: 'My challenges',
    member: true,
    responses: { 200: json('One status per started challenge.', 'ChallengeStatusesResponse') },
  },
  {
    method: 'get',
    path: '/api/me/challenges/{id}',
    operationId: 'getMyProgress',
    summary: 'The member’s progress on a challenge',
    tag: 'My challenges',
    member: true,
    params: challengeIdParams,
    responses: {
      200: json('The progress; `status` is null when never started.', 'ProgressResponse'),
      400: error('The id is not a challenge id.'),
      404: error('There is no challenge with this id.'),
    },
  },
  {
    method: 'post',
    path: '/api/me/challenges/{id}/start',
    operationId: 'startChallenge',
    summary: 'Start a challenge',
    description: 'Starting again changes nothing: a started or completed challenge keeps its state.',
    tag: 'My challenges',
    member: true,
    guarded: true,
    params: challengeIdParams,
    responses: {
      200: json('The progress.', 'ProgressResponse'),
      400: error('The id is not a challenge id.'),
      404: error('There is no challenge with this id.'),
    },
  },
  {
    method: 'post',
    path: '/api/me/challenges/{id}/submit',
    operationId: 'submitSolution',
    summary: 'Submit the live site of a started challenge',
    description:
      'Records an iteration (the live URL and an optional repository URL) and queues its review. The ' +
      `first passed review completes the challenge and earns its ${POINTS_PER_CHALLENGE} points. A submit ` +
      'that cannot be reviewed today is refused and changes nothing.',
    tag: 'My challenges',
    member: true,
    guarded: true,
    params: challengeIdParams,
    body: 'SubmitSolution',
    responses: {
      200: json('The progress, the member and the queued review.', 'SubmitResponse'),
      400: error('The id, the body, the live URL or the repository URL is not valid (the message says why).'),
      404: error('There is no challenge with this id.'),
      409: error('The challenge was not started (code `not_started`).'),
      429: error(
        `The day’s ${REVIEW_REQUESTS_PER_DAY} reviews of this challenge were used (code \`review_limit\`; the ` +
          'message and Retry-After say when the next is possible), or too many changes in a minute.',
      ),
    },
  },
  {
    method: 'get',
    path: '/api/me/challenges/{id}/reviews',
    operationId: 'listMyReviews',
    summary: 'The reviews of the member’s submission',
    tag: 'My challenges',
    member: true,
    params: challengeIdParams,
    responses: {
      200: json(
        'The reviews, newest first, how many more may be asked for today and when the next may.',
        'MemberReviewsResponse',
      ),
      400: error('The id is not a challenge id.'),
      404: error('There is no challenge with this id.'),
    },
  },
  {
    method: 'post',
    path: '/api/me/challenges/{id}/reviews',
    operationId: 'requestReview',
    summary: 'Review the member’s last submitted live site again',
    description:
      `The first review of a challenge is never refused; after it, at most ${REVIEW_REQUESTS_PER_DAY} in 24 hours. ` +
      'While one waits, that one is the answer.',
    tag: 'My challenges',
    member: true,
    guarded: true,
    params: challengeIdParams,
    responses: {
      202: json('The review, queued (or the one already waiting).', 'ReviewRequestedResponse'),
      400: error('The id is not a challenge id.'),
      404: error('There is no such challenge, or the member has not submitted a solution to it.'),
      409: error('Nothing was submitted yet (code `not_submitted`).'),
      429: error(
        `The day’s ${REVIEW_REQUESTS_PER_DAY} reviews were requested (code \`review_limit\`; the message and ` +
          'Retry-After say when the next is possible), or too many changes in a minute (code `rate_limited`).',
      ),
    },
  },
  {
    method: 'get',
    path: '/api/me/verification',
    operationId: 'getVerification',
    summary: 'The member’s verification tag',
    description:
      'A page whose <head> carries this tag counts as the member’s own site in reviews, on any host.',
    tag: 'My account',
    member: true,
    responses: { 200: json('The token and the tag to copy.', 'VerificationResponse') },
  },
  {
    method: 'post',
    path: '/api/me/verification/rotate',
    operationId: 'rotateVerification',
    summary: 'Replace the member’s verification token',
    description: 'The old tag stops counting for reviews from now on.',
    tag: 'My account',
    member: true,
    guarded: true,
    responses: { 200: json('The new token and tag.', 'VerificationResponse') },
  },
  {
    method: 'get',
    path: '/api/me/challenges/{id}/download',
    operationId: 'downloadChallenge',
    summary: 'Download a challenge’s files',
    tag: 'My challenges',
    member: true,
    params: challengeIdParams,
    responses: {
      200: {
        ...file('The zip: designs, style guide, images and starter files.', 'application/zip'),
        headers: {
          'Content-Disposition': {
            description: 'attachment, named after the challenge: "<title>.zip".',
            schema: { type: 'string' },
          },
        },
      },
      302: redirect('When the store hands out its own addresses: a short-lived address of the zip.'),
      400: error('The id is not a challenge id.'),
      404: error('There is no challenge with this id, or its files are missing.'),
    },
  },
  {
    method: 'get',
    path: '/api/needs-feedback',
    operationId: 'listNeedsFeedback',
    summary: 'Listed solutions nobody has commented on yet',
    description:
      'The longest waiting first (oldest passed review), never the reader’s own. A signed-in reader gets ' +
      'first those of challenges they completed (`builtByYouToo`), then the others; by cursor across both.',
    tag: 'Feedback',
    readsSession: true,
    query: needsFeedbackQuery,
    responses: {
      200: json('A page of cards and the cursor of the next one.', 'NeedsFeedbackResponse'),
      400: error('`cursor` or `limit` is not valid (the message says which).'),
    },
  },
  {
    method: 'post',
    path: '/api/reports',
    operationId: 'fileReport',
    summary: 'Report a comment or a solution to the admins',
    description:
      `At most ${FEEDBACK_LIMITS.report.limit} reports a day per member; a refused one does not count. ` +
      'Reporting the same target again ' +
      'while the first report is open files nothing and answers with that report.',
    tag: 'Moderation',
    member: true,
    guarded: true,
    body: 'NewReport',
    responses: {
      200: json('The member’s open report of this target, unchanged.', 'ReportResponse'),
      201: json('The report, filed.', 'ReportResponse'),
      400: error('The body is not valid, or the target is the member’s own work (the message says why).'),
      404: error('There is no such comment or solution, or it is not listed.'),
      429: error(
        'Too many changes in a minute, or the day’s reports were filed (code `rate_limited`; the message ' +
          'and Retry-After say when the next is possible).',
      ),
    },
  },
  {
    method: 'get',
    path: '/api/admin/reports',
    operationId: 'listOpenReports',
    summary: 'The open reports, oldest first',
    tag: 'Moderation',
    member: true,
    responses: {
      200: json('Each open report with what it points at.', 'AdminReportsResponse'),
      403: error('Not an admin (code `forbidden`).'),
    },
  },
  {
    method: 'get',
    path: '/api/admin/audit',
    operationId: 'listModerationActions',
    summary: 'The moderation audit log',
    description: 'The newest 100 admin actions, newest first, with who acted and on what.',
    tag: 'Moderation',
    member: true,
    responses: {
      200: json('The actions.', 'AuditResponse'),
      403: error('Not an admin (code `forbidden`).'),
    },
  },
  adminAction('/api/admin/comments/{id}/hide', 'hideComment', 'Hide a comment', commentIdParams, 'comment'),
  adminAction(
    '/api/admin/comments/{id}/restore',
    'restoreComment',
    'Show a hidden comment again',
    commentIdParams,
    'comment',
  ),
  adminAction(
    '/api/admin/solutions/{id}/hide',
    'hideSolution',
    'Hide a solution',
    solutionIdParams,
    'solution',
  ),
  adminAction(
    '/api/admin/solutions/{id}/restore',
    'restoreSolution',
    'Show a hidden solution again',
    solutionIdParams,
    'solution',
  ),
  adminAction(
    '/api/admin/members/{username}/suspend',
    'suspendMember',
    'Suspend a member from commenting',
    usernameParams,
    'member',
  ),
  adminAction(
    '/api/admin/members/{username}/restore',
    'restoreMember',
    'Let a suspended member comment again',
    usernameParams,
    'member',
  ),
  adminAction(
    '/api/admin/reports/{id}/dismiss',
    'dismissReport',
    'Close a report without acting on it',
    reportIdParams,
    'report',
  ),
]

/**
 * An admin's action (docs/product.md §12): its body is an optional note for the audit log. One that
 * changes something writes one audit row; one that changes nothing answers 200 all the same.
 */
function adminAction(
  path: string,
  operationId: string,
  summary: string,
  params: z.ZodObject,
  target: 'comment' | 'solution' | 'member' | 'report',
): Operation {
  return {
    method: 'post',
    path,
    operationId,
    summary,
    tag: 'Moderation',
    member: true,
    guarded: true,
    params,
    body: 'ModerationNote',
    responses: {
      200: json('Done, or already so.', 'ModerationResponse'),
      400: error(
        target === 'member'
          ? 'The body is not valid, or an admin tried to suspend themselves; nothing changed.'
          : 'The id or the body is not valid; nothing changed.',
      ),
      403: error(
        'Not sent from this site itself (code `forbidden_origin`), or not an admin (code `forbidden`).',
      ),
      404: error(`There is no such ${target}.`),
    },
  }
}

function retryAfter(): Header {
  return { description: 'Seconds to wait before trying again.', schema: { type: 'string' } }
}

/** What every operation of a kind can answer besides its own responses (see app.ts's middleware). */
function commonResponses(operation: Operation): Record<number, ResponseObject> {
  const common: Record<number, ResponseObject> = {}
  if (operation.member) common[401] = error('Not signed in (code `unauthorized`).')
  if (operation.guarded) {
    common[403] = error('Not sent from this site itself (code `forbidden_origin`).')
    common[415] = error('The body is not declared as JSON (code `unsupported_media_type`).')
    common[429] = error('Too many changes in a minute (code `rate_limited`); try again shortly.')
  }
  if (operation.method !== 'get')
    common[413] = error(`The body is larger than ${MAX_BODY_BYTES / 1024} KB (code \`payload_too_large\`).`)
  common[500] = error('Something went wrong on our side (code `internal_error`).')
  common[503] = {
    ...error('The database is unavailable or the request took too long (code `unavailable`).'),
    headers: { 'Retry-After': retryAfter() },
  }
  return common
}

/** Removes what JSON Schema puts in for its own use but OpenAPI's schema objects do not need. */
function tidy(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema
  return rest
}

/** `z.number().int()` is written with JavaScript's safe-integer bounds, which say nothing to a reader. */
const dropSafeIntegerBounds = (ctx: { jsonSchema: JsonSchema }) => {
  const schema = ctx.jsonSchema
  if (schema.minimum === Number.MIN_SAFE_INTEGER) delete schema.minimum
  if (schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum
}

function componentSchemas(
  components: Record<string, z.ZodType>,
  io: 'input' | 'output',
): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>()
  for (const [id, schema] of Object.entries(components)) registry.add(schema, { id })
  const { schemas } = z.toJSONSchema(registry, {
    io,
    target: 'draft-2020-12',
    uri: (id) => `#/components/schemas/${id}`,
    override: dropSafeIntegerBounds,
  })
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, tidy(schema as JsonSchema)]))
}

/** A parameter can be absent, never null: `usernameParams` turns a malformed name into null itself. */
function withoutNull(schema: JsonSchema): JsonSchema {
  const { anyOf, default: fallback, ...rest } = schema
  if (!Array.isArray(anyOf)) return schema
  const options = (anyOf as JsonSchema[]).filter((option) => option.type !== 'null')
  const only = options.length === 1 ? options[0] : undefined
  if (only) return { ...rest, ...only }
  return { ...rest, anyOf: options, ...(fallback === null ? {} : { default: fallback }) }
}

function parameters(schema: z.ZodObject, where: 'path' | 'query'): ParameterObject[] {
  const json = tidy(z.toJSONSchema(schema, { io: 'input', override: dropSafeIntegerBounds }) as JsonSchema)
  const required = new Set((json.required as string[] | undefined) ?? [])
  return Object.entries((json.properties ?? {}) as Record<string, JsonSchema>).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    // A parameter's own description (a review's id is no challenge id) before the shared one of its name.
    ...(typeof property.description === 'string' || PARAMETER_DESCRIPTIONS[name]
      ? { description: (property.description as string | undefined) ?? PARAMETER_DESCRIPTIONS[name] }
      : {}),
    schema: withoutNull(property),
  }))
}

function operationObject(operation: Operation) {
  const params = [
    ...(operation.params ? parameters(operation.params, 'path') : []),
    ...(operation.query ? parameters(operation.query, 'query') : []),
  ]
  const responses = { ...commonResponses(operation), ...operation.responses }
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    tags: [operation.tag],
    ...(operation.member ? { security: [{ session: [] }] } : {}),
    // `{}` in the list: the call works without the cookie too.
    ...(operation.readsSession ? { security: [{}, { session: [] }] } : {}),
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: ref(operation.body) } },
          },
        }
      : {}),
    // Ordered by status, as readers expect.
    responses: Object.fromEntries(
      Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)),
    ) as Record<string, ResponseObject>,
  }
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>

let components: Record<string, JsonSchema> | undefined

/** The components are the same for every server; converting the schemas once is enough. */
function allComponents(): Record<string, JsonSchema> {
  components ??= {
    ...componentSchemas(RESPONSE_COMPONENTS, 'output'),
    ...componentSchemas(REQUEST_COMPONENTS, 'input'),
  }
  return components
}

export function buildOpenApiDocument(options: {
  brand: string
  publicOrigin: string
  sessionCookie: string
}) {
  const paths: Record<string, Record<string, ReturnType<typeof operationObject>>> = {}
  for (const operation of OPERATIONS) {
    paths[operation.path] ??= {}
    const item = paths[operation.path]
    if (item) item[operation.method] = operationObject(operation)
  }
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: `${options.brand} API`,
      version: API_VERSION,
      description:
        'The public catalogue, profiles and reviews, and the signed-in member’s own data. Answers are ' +
        'JSON; every error is `{ "error": { "code", "message" } }` with a sentence for people. Calls ' +
        'that change something must come from the site itself (an `Origin` header of this address) ' +
        'with a JSON body.',
    },
    servers: [{ url: options.publicOrigin }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: allComponents(),
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: options.sessionCookie,
          description: 'The session cookie that signing in with GitHub sets (HttpOnly).',
        },
      },
    },
  }
}
