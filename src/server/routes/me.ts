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
      .get('/', (c) => c.json({ user: toSessionUser(c.get('user'), deps.admins) }))
      .get('/profile', (c) => c.json({ profile: toOwnProfile(c.get('user')) }))
      .patch('/profile', async (c) => {
        const body = await readJsonBody(c)
        // Sanitising (docs/product.md §5) comes first and validation checks its result, so what is stored
        // is exactly what passed: an entity such as &lt; or &#x202e; cannot turn into a character after
        // the check.
        const update = parseInput(profileUpdateRequestSchema, sanitizeStringValues(body), { named: false })
        const user = await updateProfile(db, c.get('user').id, update)
        if (!user) throw new HttpError(401, 'unauthorized', 'Please log in with GitHub to do that.')
        changed(user.id)
        return c.json({ profile: toOwnProfile(user) })
      })
      .get('/dashboard', async (c) => {
        const userId = c.get('user').id
        // At most one query per moment (start and submit drop it); the catalogue's size comes from memory.
        const counts = await deps.dashboards.load(userId, () => readDashboardCounts(db, userId))
        return c.json({ ...counts, total: (await catalogue.snapshot()).challenges.length })
      })
      .get('/challenges', async (c) => {
        const { status } = parseInput(statusQuery, c.req.query())
        return c.json(await listMemberChallenges(db, c.get('user').id, status))
      })
      .get('/statuses', async (c) => c.json(await listMemberStatuses(db, c.get('user').id)))
      .get('/challenges/:id', async (c) => {
        const { id } = parseInput(challengeIdParams, c.req.param())
        return c.json({ progress: await readProgress(db, c.get('user').id, id) })
      })
      .post('/challenges/:id/start', async (c) => {
        const { id } = parseInput(challengeIdParams, c.req.param())
        const progress = await startChallenge(db, c.get('user').id, id)
        changed(c.get('user').id)
        return c.json({ progress })
      })
      // docs/product.md §4: a submit records an iteration and queues its review (#server/solutions/submit.ts).
      .post('/challenges/:id/submit', async (c) => {
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
      })
      .get('/challenges/:id/reviews', async (c) => {
        const { id } = parseInput(challengeIdParams, c.req.param())
        const row = await findOwnSolution(db, c.get('user').id, id)
        const answer: MemberReviewsResponse = row
          ? { ...(await reviews.listMemberReviews(row.id)), solutionId: row.publicId }
          : { reviews: [], requestsLeftToday: REVIEW_REQUESTS_PER_DAY, nextRequestAt: null, solutionId: null }
        return c.json(answer)
      })
      // "Review again": the last submitted address, once more (docs/product.md §10); while one of the
      // challenge's reviews still waits, that one is the answer.
      .post('/challenges/:id/reviews', async (c) => {
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
        return c.json({ review: requested.review }, 202)
      })
      // The member's verification tag (docs/product.md §10), read fresh: a rotation elsewhere shows at once.
      .get('/verification', async (c) => {
        const token = await readVerificationToken(db, c.get('user').id)
        if (token === null) throw new HttpError(401, 'unauthorized', 'Please log in with GitHub to do that.')
        return c.json(verificationOf(token))
      })
      // A new token: the old tag stops counting for reviews from now on.
      .post('/verification/rotate', async (c) => {
        const token = await rotateVerificationToken(db, c.get('user').id)
        if (token === null) throw new HttpError(401, 'unauthorized', 'Please log in with GitHub to do that.')
        changed(c.get('user').id)
        return c.json(verificationOf(token))
      })
      .get('/challenges/:id/download', async (c) => {
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
      })
  )
}
