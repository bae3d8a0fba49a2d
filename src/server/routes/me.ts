import { and, count, desc, eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod'
import type { MemberVariables } from '#server/auth/guards.ts'
import { awardLastingBadges } from '#server/badges/award.ts'
import type { Catalogue } from '#server/catalogue/catalogue.ts'
import { findChallengeById, liveUrlOf, toChallenge } from '#server/catalogue/challenge-rows.ts'
import type { Database } from '#server/db/client.ts'
import { challenges, userChallenges, users } from '#server/db/schema.ts'
import { attachmentDisposition } from '#server/http/content-disposition.ts'
import { HttpError, notFound, parseInput, readJsonBody } from '#server/http/errors.ts'
import type { ExpiringCache } from '#server/http/expiring-cache.ts'
import { challengeIdParams } from '#server/http/params.ts'
import { sanitizeStringValues } from '#server/http/sanitize.ts'
import { signedRedirect, storedObjectResponse } from '#server/http/stored-object.ts'
import type { Logger } from '#server/logger.ts'
import type { DashboardCounts } from '#server/member-caches.ts'
import { awardPoints, settleTotals } from '#server/points/ledger.ts'
import type { ReviewService } from '#server/review/service.ts'
import type { Storage } from '#server/storage/storage.ts'
import { POINTS_PER_CHALLENGE } from '#shared/constants.ts'
import { submitSolutionSchema } from '#shared/live-url.ts'
import { type LinkStatus, type Ownership, ownershipOf } from '#shared/ownership.ts'
import { type OwnProfile, profileUpdateSchema } from '#shared/profile.ts'
import { type MemberReviewsResponse, REVIEW_REQUESTS_PER_DAY, type ReviewSummary } from '#shared/review.ts'
import type { Progress, SessionUser, SubmitResponse } from '#shared/user.ts'

type UserRow = typeof users.$inferSelect
type ProgressRow = typeof userChallenges.$inferSelect

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

export function toSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    name: user.name,
    avatarUrl: user.avatarUrl,
    points: user.points,
    submission: user.submission,
  }
}

function toProgress(challengeId: number, row: ProgressRow | undefined): Progress {
  return {
    challengeId,
    status: row ? (row.status as Progress['status']) : null,
    startedAt: row?.startedAt.toISOString() ?? null,
    completedAt: row?.completedAt?.toISOString() ?? null,
    liveUrl: row ? liveUrlOf(row.challengeLive) : null,
    points: row?.points ?? 0,
  }
}

export const REVIEW_LIMIT_MESSAGE = `You can request at most ${REVIEW_REQUESTS_PER_DAY} reviews of a challenge a day. Please try again tomorrow.`

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
  log: Logger
  /** Called after the member's row or progress changed (profile, start, submit), so caches of it are dropped. */
  onUserChanged?: (userId: string) => void
  /** STORAGE_REDIRECT: downloads answer with a redirect to a short-lived address of the store. */
  redirectDownloads?: boolean
  /** Dashboard counts kept for a moment (member-caches.ts; a lifetime of 0 keeps none). */
  dashboards: ExpiringCache<DashboardCounts>
}) {
  const { db, storage, catalogue, reviews, log } = deps
  const changed = (userId: string) => deps.onUserChanged?.(userId)
  /** The member's row for a challenge: 404 for an unknown challenge, null when never started. */
  const submissionOf = async (userId: string, challengeId: number) => {
    await findChallengeById(db, challengeId)
    const [row] = await db
      .select()
      .from(userChallenges)
      .where(and(eq(userChallenges.userId, userId), eq(userChallenges.challengeId, challengeId)))
    return row ?? null
  }
  return (
    new Hono<{ Variables: MemberVariables }>()
      .get('/', (c) => c.json({ user: toSessionUser(c.get('user')) }))
      .get('/profile', (c) => c.json({ profile: toOwnProfile(c.get('user')) }))
      .patch('/profile', async (c) => {
        const body = await readJsonBody(c)
        // Sanitising (docs/product.md §5) comes first and validation checks its result, so what is stored
        // is exactly what passed: an entity such as &lt; or &#x202e; cannot turn into a character after
        // the check.
        const update = parseInput(profileUpdateSchema, sanitizeStringValues(body), { named: false })
        const orNull = (value: string) => (value === '' ? null : value)
        // Only these four columns of the signed-in member, whatever else the body held.
        const [user] = await db
          .update(users)
          .set({
            name: orNull(update.name),
            bio: orNull(update.bio),
            linkedinUrl: orNull(update.linkedinUrl),
            githubUrl: orNull(update.githubUrl),
            updatedAt: sql`now()`,
          })
          .where(eq(users.id, c.get('user').id))
          .returning()
        if (!user) throw new HttpError(401, 'unauthorized', 'Please sign in with GitHub to do that.')
        changed(user.id)
        return c.json({ profile: toOwnProfile(user) })
      })
      .get('/dashboard', async (c) => {
        const userId = c.get('user').id
        const readCounts = async (): Promise<DashboardCounts> => {
          const [counts] = await db
            .select({
              ongoing: count(sql`case when ${userChallenges.status} = 'ongoing' then 1 end`),
              completed: count(sql`case when ${userChallenges.status} = 'completed' then 1 end`),
            })
            .from(userChallenges)
            .where(eq(userChallenges.userId, userId))
          return { ongoing: counts?.ongoing ?? 0, completed: counts?.completed ?? 0 }
        }
        // At most one query per moment (start and submit drop it); the catalogue's size comes from memory.
        const counts = await deps.dashboards.load(userId, readCounts)
        return c.json({ ...counts, total: (await catalogue.snapshot()).challenges.length })
      })
      .get('/challenges', async (c) => {
        const { status } = parseInput(statusQuery, c.req.query())
        const rows = await db
          .select({ challenge: challenges, progress: userChallenges })
          .from(userChallenges)
          .innerJoin(challenges, eq(challenges.id, userChallenges.challengeId))
          .where(and(eq(userChallenges.userId, c.get('user').id), eq(userChallenges.status, status)))
          .orderBy(
            desc(status === 'completed' ? userChallenges.completedAt : userChallenges.startedAt),
            desc(userChallenges.id),
          )
        return c.json({
          challenges: rows.map((row) => ({
            challenge: toChallenge(row.challenge),
            status,
            startedAt: row.progress.startedAt.toISOString(),
            completedAt: row.progress.completedAt?.toISOString() ?? null,
            liveUrl: liveUrlOf(row.progress.challengeLive),
            ownership: row.progress.ownership as Ownership | null,
            linkStatus: row.progress.linkStatus as LinkStatus,
          })),
        })
      })
      .get('/challenges/:id', async (c) => {
        const { id } = parseInput(challengeIdParams, c.req.param())
        await findChallengeById(db, id)
        const [row] = await db
          .select()
          .from(userChallenges)
          .where(and(eq(userChallenges.userId, c.get('user').id), eq(userChallenges.challengeId, id)))
        return c.json({ progress: toProgress(id, row) })
      })
      .post('/challenges/:id/start', async (c) => {
        const { id } = parseInput(challengeIdParams, c.req.param())
        await findChallengeById(db, id)
        // An existing row (ongoing or completed) keeps its start time and status.
        const [row] = await db
          .insert(userChallenges)
          .values({ userId: c.get('user').id, challengeId: id, status: 'ongoing', challengeLive: ' ' })
          .onConflictDoUpdate({
            target: [userChallenges.userId, userChallenges.challengeId],
            set: { updatedAt: sql`now()` },
          })
          .returning()
        changed(c.get('user').id)
        return c.json({ progress: toProgress(id, row) })
      })
      .post('/challenges/:id/submit', async (c) => {
        const { id } = parseInput(challengeIdParams, c.req.param())
        const body = await readJsonBody(c)
        const { liveUrl } = parseInput(submitSolutionSchema, body, { named: false })
        await findChallengeById(db, id)
        const userId = c.get('user').id
        const result = await db.transaction(async (tx) => {
          // The member's row is locked first, so a member's submits run one after another: the totals
          // below are read after every earlier submit has committed. (Under READ COMMITTED, summing
          // without this lock lets two submits of different challenges each miss the other's points.)
          const [member] = await tx
            .select({ githubId: users.githubId, username: users.username })
            .from(users)
            .where(eq(users.id, userId))
            .for('update')
          if (!member) return null
          // Concurrent submits of one challenge queue on its row too; only the one that finds it not
          // yet completed sets the points.
          const [before] = await tx
            .select({ status: userChallenges.status })
            .from(userChallenges)
            .where(and(eq(userChallenges.userId, userId), eq(userChallenges.challengeId, id)))
            .for('update')
          if (!before) return null
          const [row] = await tx
            .update(userChallenges)
            .set({
              status: 'completed',
              completedAt: sql`now()`,
              challengeLive: liveUrl,
              ownership: ownershipOf(liveUrl, member.username),
              ownershipGithubId: member.githubId,
              // A new address starts with a clean record; the same one keeps its re-check history.
              linkStatus: sql`case when ${userChallenges.challengeLive} = ${liveUrl} then ${userChallenges.linkStatus} else 'live' end`,
              linkFailures: sql`case when ${userChallenges.challengeLive} = ${liveUrl} then ${userChallenges.linkFailures} else 0 end`,
              linkFirstFailureAt: sql`case when ${userChallenges.challengeLive} = ${liveUrl} then ${userChallenges.linkFirstFailureAt} end`,
              linkCheckedAt: sql`case when ${userChallenges.challengeLive} = ${liveUrl} then ${userChallenges.linkCheckedAt} end`,
              points: sql`case when ${userChallenges.status} = 'completed' then ${userChallenges.points} else ${POINTS_PER_CHALLENGE} end`,
              updatedAt: sql`now()`,
            })
            .where(and(eq(userChallenges.userId, userId), eq(userChallenges.challengeId, id)))
            .returning()
          if (!row) return null
          // docs/product.md §4's 10 points, once per member and challenge: the ledger's unique key holds that
          // even against a row completed before the ledger existed (the migration wrote its award).
          const awarded = await awardPoints(tx, {
            userId,
            reason: 'challenge_completed',
            reference: String(id),
            points: POINTS_PER_CHALLENGE,
            userChallengeId: row.id,
          })
          const user = await settleTotals(tx, userId)
          await awardLastingBadges(tx, userId)
          return { row, user, awarded: awarded ? POINTS_PER_CHALLENGE : 0 }
        })
        if (!result?.row || !result.user) {
          throw new HttpError(409, 'not_started', 'Start this challenge before submitting a solution.')
        }
        changed(userId)
        // The points (docs/product.md §4) are settled above; the review comes on top. A review that cannot be
        // queued (the day's limit, a database hiccup) leaves the submit as it is.
        let review: ReviewSummary | null = null
        try {
          const requested = await reviews.requestReview(result.row.id, liveUrl)
          if (requested.outcome !== 'limited') review = requested.review
        } catch (error) {
          log.error('reviews: could not queue the review of a submission', {
            userChallengeId: result.row.id,
            error: error instanceof Error ? error.message : String(error),
          })
        }
        return c.json({
          progress: toProgress(id, result.row),
          pointsAwarded: result.awarded,
          user: toSessionUser(result.user),
          review,
        } satisfies SubmitResponse)
      })
      .get('/challenges/:id/reviews', async (c) => {
        const { id } = parseInput(challengeIdParams, c.req.param())
        const row = await submissionOf(c.get('user').id, id)
        const answer: MemberReviewsResponse = row
          ? await reviews.listMemberReviews(row.id)
          : { reviews: [], requestsLeftToday: REVIEW_REQUESTS_PER_DAY }
        return c.json(answer)
      })
      // "Request a new review" of the member's own completed challenge, at most REVIEW_REQUESTS_PER_DAY
      // in 24 hours; while one still waits, that one is the answer.
      .post('/challenges/:id/reviews', async (c) => {
        const { id } = parseInput(challengeIdParams, c.req.param())
        const row = await submissionOf(c.get('user').id, id)
        if (!row) throw notFound('You have not submitted a solution to this challenge.')
        const liveUrl = liveUrlOf(row.challengeLive)
        if (row.status !== 'completed' || !liveUrl) {
          throw new HttpError(
            409,
            'not_completed',
            'Submit a solution to this challenge before requesting a review.',
          )
        }
        const requested = await reviews.requestReview(row.id, liveUrl)
        if (requested.outcome === 'limited') throw new HttpError(429, 'review_limit', REVIEW_LIMIT_MESSAGE)
        return c.json({ review: requested.review }, 202)
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
