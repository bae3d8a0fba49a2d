import { and, count, desc, eq, sql } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import type { Admins } from '#server/auth/admins.ts'
import type { MemberVariables } from '#server/auth/guards.ts'
import type { Catalogue } from '#server/catalogue/catalogue.ts'
import { findChallengeById, liveUrlOf, toChallenge } from '#server/catalogue/challenge-rows.ts'
import type { Database } from '#server/db/client.ts'
import { challenges, submissionReviews, userChallenges, users } from '#server/db/schema.ts'
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
import type { Storage } from '#server/storage/storage.ts'
import type { ChallengeStatusesResponse } from '#shared/challenge.ts'
import type { ChallengeStatus } from '#shared/constants.ts'
import { submitSolutionSchema } from '#shared/live-url.ts'
import type { MemberChallengesResponse } from '#shared/member.ts'
import type { LinkStatus, Ownership } from '#shared/ownership.ts'
import { type OwnProfile, profileUpdateRequestSchema } from '#shared/profile.ts'
import { type MemberReviewsResponse, REVIEW_REQUESTS_PER_DAY } from '#shared/review.ts'
import type { Progress, SessionUser, SubmitResponse } from '#shared/user.ts'
import { type VerificationResponse, verificationTag } from '#shared/verification.ts'

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

/**
 * The member's progress on a challenge, with what visitors see of it: the newest passed iteration's
 * addresses (docs/product.md §11), read by its id when there is one.
 */
async function progressOf(
  db: Database,
  challengeId: number,
  row: ProgressRow | undefined,
): Promise<Progress> {
  const [publicIteration] =
    row?.passedReviewId == null
      ? []
      : await db
          .select({
            reviewId: submissionReviews.publicId,
            liveUrl: submissionReviews.requestedUrl,
            repositoryUrl: submissionReviews.repositoryUrl,
          })
          .from(submissionReviews)
          .where(eq(submissionReviews.id, row.passedReviewId))
  return {
    challengeId,
    status: row ? (row.status as Progress['status']) : null,
    startedAt: row?.startedAt.toISOString() ?? null,
    completedAt: row?.completedAt?.toISOString() ?? null,
    liveUrl: row ? liveUrlOf(row.challengeLive) : null,
    repositoryUrl: row?.repositoryUrl ?? null,
    points: row?.points ?? 0,
    publicIteration: publicIteration ?? null,
    hidden: row?.hidden ?? false,
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
      .get('/', (c) => c.json({ user: toSessionUser(c.get('user'), deps.admins) }))
      .get('/profile', (c) => c.json({ profile: toOwnProfile(c.get('user')) }))
      .patch('/profile', async (c) => {
        const body = await readJsonBody(c)
        // Sanitising (docs/product.md §5) comes first and validation checks its result, so what is stored
        // is exactly what passed: an entity such as &lt; or &#x202e; cannot turn into a character after
        // the check.
        const update = parseInput(profileUpdateRequestSchema, sanitizeStringValues(body), { named: false })
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
        if (!user) throw new HttpError(401, 'unauthorized', 'Please log in with GitHub to do that.')
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
          .select({
            challenge: challenges,
            progress: userChallenges,
            publicUrl: submissionReviews.requestedUrl,
          })
          .from(userChallenges)
          .innerJoin(challenges, eq(challenges.id, userChallenges.challengeId))
          .leftJoin(submissionReviews, eq(submissionReviews.id, userChallenges.passedReviewId))
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
            // What visitors see once a review passed (its link status is that address's); before, the last submit.
            liveUrl: row.publicUrl ?? liveUrlOf(row.progress.challengeLive),
            ownership: row.progress.ownership as Ownership | null,
            linkStatus: row.progress.linkStatus as LinkStatus,
            solutionId: row.progress.publicId,
          })),
        } satisfies MemberChallengesResponse)
      })
      .get('/statuses', async (c) => {
        // The catalogue's status badges and filter (docs/product.md §2): one row per started challenge.
        const rows = await db
          .select({ challengeId: userChallenges.challengeId, status: userChallenges.status })
          .from(userChallenges)
          .where(eq(userChallenges.userId, c.get('user').id))
          .orderBy(userChallenges.challengeId)
        return c.json({
          statuses: rows.map((row) => ({
            challengeId: row.challengeId,
            status: row.status as ChallengeStatus,
          })),
        } satisfies ChallengeStatusesResponse)
      })
      .get('/challenges/:id', async (c) => {
        const { id } = parseInput(challengeIdParams, c.req.param())
        await findChallengeById(db, id)
        const [row] = await db
          .select()
          .from(userChallenges)
          .where(and(eq(userChallenges.userId, c.get('user').id), eq(userChallenges.challengeId, id)))
        return c.json({ progress: await progressOf(db, id, row) })
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
        return c.json({ progress: await progressOf(db, id, row) })
      })
      // docs/product.md §4: a submit records an iteration and queues its review; the points come when a
      // review passes (review/outcome.ts). A submit that cannot be reviewed (the day's limit) is refused
      // before anything changes.
      .post('/challenges/:id/submit', async (c) => {
        const { id } = parseInput(challengeIdParams, c.req.param())
        const body = await readJsonBody(c)
        const { liveUrl, repositoryUrl, writeUp } = parseInput(submitSolutionSchema, body, { named: false })
        await findChallengeById(db, id)
        const userId = c.get('user').id
        const result = await db.transaction(async (tx) => {
          // Only the solution's row is locked: a submit changes nothing of the member's (points come
          // with a passed review), so a member's submits of different challenges do not wait for each
          // other, and two of the same challenge take turns for the day's reviews (queueIn). A review's
          // outcome locks the member, then the solution; holding no member lock here, a submit cannot
          // deadlock with it.
          const [member] = await tx.select().from(users).where(eq(users.id, userId))
          const [before] = await tx
            .select({ id: userChallenges.id })
            .from(userChallenges)
            .where(and(eq(userChallenges.userId, userId), eq(userChallenges.challengeId, id)))
            .for('update')
          if (!member || !before) return null
          const iteration = { liveUrl, repositoryUrl: repositoryUrl ?? null }
          const queued = await reviews.queueIn(tx, before.id, iteration)
          if (queued.outcome === 'limited') return { outcome: 'limited', nextAt: queued.nextAt } as const
          const [row] = await tx
            .update(userChallenges)
            .set({
              challengeLive: liveUrl,
              repositoryUrl: iteration.repositoryUrl,
              // A write-up sent with the submit replaces the solution's; none keeps it (docs/product.md "Solutions").
              ...(writeUp === undefined ? {} : { writeUp }),
              // The link status stays: it is the public address's, which only a passed review changes
              // (settleListing, #server/solutions/listing.ts).
              updatedAt: sql`now()`,
            })
            .where(eq(userChallenges.id, before.id))
            .returning()
          if (!row) return null
          return { outcome: 'queued', row, member, queued } as const
        })
        if (!result) {
          throw new HttpError(409, 'not_started', 'Start this challenge before submitting a solution.')
        }
        if (result.outcome === 'limited') throw reviewLimited(c, result.nextAt)
        reviews.afterQueued(result.queued)
        changed(userId)
        return c.json({
          progress: await progressOf(db, id, result.row),
          user: toSessionUser(result.member, deps.admins),
          review: result.queued.review,
        } satisfies SubmitResponse)
      })
      .get('/challenges/:id/reviews', async (c) => {
        const { id } = parseInput(challengeIdParams, c.req.param())
        const row = await submissionOf(c.get('user').id, id)
        const answer: MemberReviewsResponse = row
          ? { ...(await reviews.listMemberReviews(row.id)), solutionId: row.publicId }
          : { reviews: [], requestsLeftToday: REVIEW_REQUESTS_PER_DAY, nextRequestAt: null, solutionId: null }
        return c.json(answer)
      })
      // "Review again": the last submitted address, once more (docs/product.md §10); while one of the
      // challenge's reviews still waits, that one is the answer.
      .post('/challenges/:id/reviews', async (c) => {
        const { id } = parseInput(challengeIdParams, c.req.param())
        const row = await submissionOf(c.get('user').id, id)
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
        const [row] = await db
          .select({ token: users.verificationToken })
          .from(users)
          .where(eq(users.id, c.get('user').id))
        if (!row) throw new HttpError(401, 'unauthorized', 'Please log in with GitHub to do that.')
        return c.json(verificationOf(row.token))
      })
      // A new token: the old tag stops counting for reviews from now on.
      .post('/verification/rotate', async (c) => {
        const [row] = await db
          .update(users)
          .set({ verificationToken: sql`replace(gen_random_uuid()::text, '-', '')`, updatedAt: sql`now()` })
          .where(eq(users.id, c.get('user').id))
          .returning({ token: users.verificationToken })
        if (!row) throw new HttpError(401, 'unauthorized', 'Please log in with GitHub to do that.')
        changed(c.get('user').id)
        return c.json(verificationOf(row.token))
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
