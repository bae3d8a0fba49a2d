import { type Context, Hono } from 'hono'
import { z } from 'zod'
import type { Admins } from '#server/auth/admins.ts'
import type { MemberVariables } from '#server/auth/guards.ts'
import type { SessionUserRow as UserRow } from '#server/auth/session.ts'
import { readVerificationToken, rotateVerificationToken, updateProfile } from '#server/auth/users.ts'
import type { Catalogue } from '#server/catalogue/catalogue.ts'
import { findChallengeById, liveUrlOf } from '#server/catalogue/challenge-rows.ts'
import type { Database } from '#server/db/client.ts'
import type { EventEmitter } from '#server/events/bus.ts'
import { attachmentDisposition } from '#server/http/content-disposition.ts'
import { HttpError, notFound, parseInput, readJsonBody } from '#server/http/errors.ts'
import type { ExpiringCache } from '#server/http/expiring-cache.ts'
import { challengeIdParams } from '#server/http/params.ts'
import { sanitizeStringValues } from '#server/http/sanitize.ts'
import { signedRedirect, storedObjectResponse } from '#server/http/stored-object.ts'
import type { DashboardCounts } from '#server/member-caches.ts'
import { describeOperation, error, file, json, redirect } from '#server/openapi/operation.ts'
import { reviewLimitMessage } from '#server/review/request.ts'
import type { ReviewService } from '#server/review/service.ts'
import {
  findOwnSolution,
  listMemberChallenges,
  listMemberStatuses,
  readDashboardCounts,
  readProgress,
  startChallenge,
} from '#server/solutions/progress.ts'
import { submitSolution } from '#server/solutions/submit.ts'
import type { Storage } from '#server/storage/storage.ts'
import { POINTS_PER_CHALLENGE } from '#shared/constants.ts'
import { submitSolutionSchema } from '#shared/live-url.ts'
import { type OwnProfile, profileUpdateRequestSchema } from '#shared/profile.ts'
import { type MemberReviewsResponse, REVIEW_REQUESTS_PER_DAY } from '#shared/review.ts'
import type { SessionUser, SubmitResponse } from '#shared/user.ts'
import { type VerificationResponse, verificationTag } from '#shared/verification.ts'

export const statusQuery = z.object({
  status: z.enum(['ongoing', 'completed'], 'must be ongoing or completed'),
})

function toOwnProfile(user: UserRow): OwnProfile {
  return {
    username: user.username,
    avatarUrl: user.avatarUrl,
    name: user.name,
    bio: user.bio,
    linkedinUrl: user.linkedinUrl,
    githubUrl: user.githubUrl,
  }
}

export function toSessionUser(user: UserRow, admins: Admins): SessionUser {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    name: user.name,
    avatarUrl: user.avatarUrl,
    points: user.points,
    submission: user.submission,
    isAdmin: admins.has(user.username),
  }
}

/** 429 with when the next review is possible, in words and as Retry-After. */
function reviewLimited(c: Context, nextAt: Date): HttpError {
  c.header('Retry-After', String(Math.max(1, Math.ceil((nextAt.getTime() - Date.now()) / 1000))))
  return new HttpError(429, 'review_limit', reviewLimitMessage(nextAt))
}

const verificationOf = (token: string): VerificationResponse => ({ token, tag: verificationTag(token) })

/**
 * The signed-in member's own data: who they are, and their journey on a challenge (docs/product.md §4):
 * start, submit, download. Mounted behind requireUser, so `c.get('user')` is never null here (read with get:
 * `c.var` copies every variable into a new object on each read).
 */
export function meRoutes(deps: {
  db: Database
  storage: Storage
  catalogue: Catalogue
  /** Queues and reads the reviews of the member's submissions. */
  reviews: ReviewService
  /** Told after the member's row or progress changed (profile, start, submit), so caches of it are dropped. */
  events: EventEmitter
  /** STORAGE_REDIRECT: downloads answer with a redirect to a short-lived address of the store. */
  redirectDownloads?: boolean
  /** Dashboard counts kept for a moment (member-caches.ts; a lifetime of 0 keeps none). */
  dashboards: ExpiringCache<DashboardCounts>
  /** ADMIN_GITHUB_LOGINS (docs/product.md §12), for the session's `isAdmin`. */
  admins: Admins
}) {
  const { db, storage, catalogue, reviews } = deps
  const changed = (userId: string) => deps.events.emit({ type: 'member-changed', userId })
  return (
    new Hono<{ Variables: MemberVariables }>()
      .get(
        '/',
        describeOperation({
          operationId: 'getMe',
          summary: 'The signed-in member',
          tag: 'My account',
          member: true,
          responses: { 200: json('The member, with their e-mail address and points.', 'MeResponse') },
        }),
        (c) => c.json({ user: toSessionUser(c.get('user'), deps.admins) }),
      )
      .get(
        '/profile',
        describeOperation({
          operationId: 'getOwnProfile',
          summary: 'The member’s editable profile',
          tag: 'My account',
          member: true,
          responses: { 200: json('The profile.', 'OwnProfileResponse') },
        }),
        (c) => c.json({ profile: toOwnProfile(c.get('user')) }),
      )
      .patch(
        '/profile',
        describeOperation({
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
        }),
        async (c) => {
          const body = await readJsonBody(c)
          // Sanitising (docs/product.md §5) comes first and validation checks its result, so what is stored
          // is exactly what passed: an entity such as &lt; or &#x202e; cannot turn into a character after
          // the check.
          const update = parseInput(profileUpdateRequestSchema, sanitizeStringValues(body), { named: false })
          const user = await updateProfile(db, c.get('user').id, update)
          if (!user) throw new HttpError(401, 'unauthorized', 'Please log in with GitHub to do that.')
          changed(user.id)
          return c.json({ profile: toOwnProfile(user) })
        },
      )
      .get(
        '/dashboard',
        describeOperation({
          operationId: 'getDashboard',
          summary: 'The member’s counts',
          tag: 'My account',
          member: true,
          responses: {
            200: json(
              'Challenges in progress, completed, and in the catalogue, and whether published solutions wait for feedback.',
              'Dashboard',
            ),
          },
        }),
        async (c) => {
          const userId = c.get('user').id
          // At most one query per moment (start and submit drop it); the catalogue's size comes from memory.
          const counts = await deps.dashboards.load(userId, () => readDashboardCounts(db, userId))
          return c.json({ ...counts, total: (await catalogue.snapshot()).challenges.length })
        },
      )
      .get(
        '/challenges',
        describeOperation({
          operationId: 'listMyChallenges',
          summary: 'The member’s challenges in progress or completed',
          tag: 'My challenges',
          member: true,
          query: statusQuery,
          responses: {
            200: json(
              'The challenges, most recent first, each with its newest review.',
              'MemberChallengesResponse',
            ),
            400: error('`status` is missing or not one of its values.'),
          },
        }),
        async (c) => {
          const { status } = parseInput(statusQuery, c.req.query())
          return c.json(await listMemberChallenges(db, c.get('user').id, status))
        },
      )
      .get(
        '/statuses',
        describeOperation({
          operationId: 'listMyStatuses',
          summary: 'The member’s status on each challenge they started',
          tag: 'My challenges',
          member: true,
          responses: { 200: json('One status per started challenge.', 'ChallengeStatusesResponse') },
        }),
        async (c) => c.json(await listMemberStatuses(db, c.get('user').id)),
      )
      .get(
        '/challenges/:id',
        describeOperation({
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
        }),
        async (c) => {
          const { id } = parseInput(challengeIdParams, c.req.param())
          return c.json({ progress: await readProgress(db, c.get('user').id, id) })
        },
      )
      .post(
        '/challenges/:id/start',
        describeOperation({
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
        }),
        async (c) => {
          const { id } = parseInput(challengeIdParams, c.req.param())
          const progress = await startChallenge(db, c.get('user').id, id)
          changed(c.get('user').id)
          return c.json({ progress })
        },
      )
      // docs/product.md §4: a submit records an iteration and queues its review (#server/solutions/submit.ts).
      .post(
        '/challenges/:id/submit',
        describeOperation({
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
            400: error(
              'The id, the body, the live URL or the repository URL is not valid (the message says why).',
            ),
            404: error('There is no challenge with this id.'),
            409: error('The challenge was not started (code `not_started`).'),
            429: error(
              `The day’s ${REVIEW_REQUESTS_PER_DAY} reviews of this challenge were used (code \`review_limit\`; the ` +
                'message and Retry-After say when the next is possible), or too many changes in a minute.',
            ),
          },
        }),
        async (c) => {
          const { id } = parseInput(challengeIdParams, c.req.param())
          const body = await readJsonBody(c)
          const { liveUrl, repositoryUrl, writeUp } = parseInput(submitSolutionSchema, body, { named: false })
          const userId = c.get('user').id
          const result = await submitSolution(db, reviews, {
            userId,
            challengeId: id,
            liveUrl,
            repositoryUrl,
            writeUp,
          })
          if (result.outcome === 'not_started') {
            throw new HttpError(409, 'not_started', 'Start this challenge before submitting a solution.')
          }
          if (result.outcome === 'limited') throw reviewLimited(c, result.nextAt)
          changed(userId)
          return c.json({
            progress: result.progress,
            user: toSessionUser(result.member, deps.admins),
            review: result.review,
          } satisfies SubmitResponse)
        },
      )
      .get(
        '/challenges/:id/reviews',
        describeOperation({
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
        }),
        async (c) => {
          const { id } = parseInput(challengeIdParams, c.req.param())
          const row = await findOwnSolution(db, c.get('user').id, id)
          const answer: MemberReviewsResponse = row
            ? { ...(await reviews.listMemberReviews(row.id)), solutionId: row.publicId }
            : {
                reviews: [],
                requestsLeftToday: REVIEW_REQUESTS_PER_DAY,
                nextRequestAt: null,
                solutionId: null,
              }
          return c.json(answer)
        },
      )
      // "Review again": the last submitted address, once more (docs/product.md §10); while one of the
      // challenge's reviews still waits, that one is the answer.
      .post(
        '/challenges/:id/reviews',
        describeOperation({
          operationId: 'requestReview',
          summary: 'Review the member’s last submitted live site again',
          description:
            `The first review of a challenge is never refused; after it, at most ${REVIEW_REQUESTS_PER_DAY} in 24 hours. ` +
            'While one waits, that one is the answer. An address whose name does not resolve (checked for at ' +
            'most 3 s) is refused and costs nothing.',
          tag: 'My challenges',
          member: true,
          guarded: true,
          params: challengeIdParams,
          responses: {
            202: json('The review, queued (or the one already waiting).', 'ReviewRequestedResponse'),
            400: error('The id is not a challenge id.'),
            404: error('There is no such challenge, or the member has not submitted a solution to it.'),
            409: error('Nothing was submitted yet (code `not_submitted`).'),
            422: error(
              'The name of the submitted address does not resolve (code `name_not_found`; the message says ' +
                'why): nothing was queued and none of the day’s reviews was used.',
            ),
            429: error(
              `The day’s ${REVIEW_REQUESTS_PER_DAY} reviews were requested (code \`review_limit\`; the message and ` +
                'Retry-After say when the next is possible), or too many changes in a minute (code `rate_limited`).',
            ),
          },
        }),
        async (c) => {
          const { id } = parseInput(challengeIdParams, c.req.param())
          const row = await findOwnSolution(db, c.get('user').id, id)
          if (!row) throw notFound('You have not submitted a solution to this challenge.')
          const liveUrl = liveUrlOf(row.challengeLive)
          if (!liveUrl) {
            throw new HttpError(
              409,
              'not_submitted',
              'Submit a solution to this challenge before asking for a review.',
            )
          }
          const requested = await reviews.requestReview(row.id, { liveUrl, repositoryUrl: row.repositoryUrl })
          if (requested.outcome === 'limited') throw reviewLimited(c, requested.nextAt)
          if (requested.outcome === 'unresolvable')
            throw new HttpError(422, 'name_not_found', requested.message)
          return c.json({ review: requested.review }, 202)
        },
      )
      // The member's verification tag (docs/product.md §10), read fresh: a rotation elsewhere shows at once.
      .get(
        '/verification',
        describeOperation({
          operationId: 'getVerification',
          summary: 'The member’s verification tag',
          description:
            'A page whose <head> carries this tag counts as the member’s own site in reviews, on any host.',
          tag: 'My account',
          member: true,
          responses: { 200: json('The token and the tag to copy.', 'VerificationResponse') },
        }),
        async (c) => {
          const token = await readVerificationToken(db, c.get('user').id)
          if (token === null)
            throw new HttpError(401, 'unauthorized', 'Please log in with GitHub to do that.')
          return c.json(verificationOf(token))
        },
      )
      // A new token: the old tag stops counting for reviews from now on.
      .post(
        '/verification/rotate',
        describeOperation({
          operationId: 'rotateVerification',
          summary: 'Replace the member’s verification token',
          description: 'The old tag stops counting for reviews from now on.',
          tag: 'My account',
          member: true,
          guarded: true,
          responses: { 200: json('The new token and tag.', 'VerificationResponse') },
        }),
        async (c) => {
          const token = await rotateVerificationToken(db, c.get('user').id)
          if (token === null)
            throw new HttpError(401, 'unauthorized', 'Please log in with GitHub to do that.')
          changed(c.get('user').id)
          return c.json(verificationOf(token))
        },
      )
      .get(
        '/challenges/:id/download',
        describeOperation({
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
        }),
        async (c) => {
          const { id } = parseInput(challengeIdParams, c.req.param())
          const challenge = await findChallengeById(db, id)
          const object = await storage.get(challenge.zipFile)
          if (!object)
            throw new HttpError(
              404,
              'not_found',
              'The files of this challenge are missing. Please try again later.',
            )
          // Only a member gets here (requireUser), and only then is an address handed out.
          if (deps.redirectDownloads) {
            const redirect = await signedRedirect(c, storage, challenge.zipFile, {
              filename: `${challenge.title}.zip`,
            })
            if (redirect) return redirect
          }
          c.header('Content-Disposition', attachmentDisposition(`${challenge.title}.zip`))
          return storedObjectResponse(c, object, 'application/zip')
        },
      )
  )
}
