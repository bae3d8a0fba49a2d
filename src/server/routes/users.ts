import { and, count, desc, eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { cacheBytes, cacheJson, sendCached } from '#server/catalogue/cached-body.ts'
import { challengeColumns, toChallenge } from '#server/catalogue/challenge-rows.ts'
import type { Database } from '#server/db/client.ts'
import { challenges, comments, userBadges, userChallenges, users } from '#server/db/schema.ts'
import { notFound, parseInput } from '#server/http/errors.ts'
import type { ExpiringCache } from '#server/http/expiring-cache.ts'
import { usernameParams } from '#server/http/params.ts'
import type { CachedProfile } from '#server/member-caches.ts'
import { type ReadmeBadgeFigures, readmeBadgeSvg } from '#server/render/readme-badge.ts'
import { latestReviewOf, toReviewSummary } from '#server/review/read-model.ts'
import { type EarnedBadge, isBadgeId } from '#shared/badges.ts'
import type { Challenge } from '#shared/challenge.ts'
import type { LinkStatus, Ownership } from '#shared/ownership.ts'
import type { ReviewSummary } from '#shared/review.ts'
import type { PublicProfile } from '#shared/user.ts'

type ProfileSubmission = {
  challenge: Challenge
  liveUrl: string | null
  completedAt: string | null
  ownership: Ownership | null
  linkStatus: LinkStatus
  review: ReviewSummary | null
  solutionId: string | null
}

export type PublicProfileAnswer = {
  profile: PublicProfile
  badges: EarnedBadge[]
  submissions: ProfileSubmission[]
}

function latestReview(review: {
  id: string | null
  status: string | null
  score: number | null
  requestedUrl: string | null
  pointsAwarded: number | null
  createdAt: Date | null
}): ReviewSummary | null {
  const { id, status, score, requestedUrl, createdAt } = review
  // A submission without a passed review: the lateral join's columns are all null.
  return id === null || status === null || createdAt === null || requestedUrl === null
    ? null
    : toReviewSummary({
        id,
        status,
        stage: null,
        score,
        requestedUrl,
        errorCode: null,
        errorMessage: null,
        pointsAwarded: review.pointsAwarded ?? 0,
        createdAt,
      })
}

/**
 * A member's public profile with their completed challenges, newest first, each with its newest
 * review, in one query (a member with none gives one row with no challenge); null when no member has
 * this username.
 */
async function readPublicProfile(db: Database, username: string): Promise<PublicProfileAnswer | null> {
  const latest = latestReviewOf(db, userChallenges.id)
  const rows = await db
    .select({
      user: {
        id: users.id,
        username: users.username,
        name: users.name,
        avatarUrl: users.avatarUrl,
        bio: users.bio,
        points: users.points,
        submission: users.submission,
        githubUrl: users.githubUrl,
        linkedinUrl: users.linkedinUrl,
        // Comments marked helpful (docs/product.md §12), from the partial index of helpful comments.
        helpfulComments: sql<number>`(
          select count(*)::int from ${comments} hc where hc."author_id" = ${users.id}
            and hc."helpful_at" is not null and hc."deleted_at" is null and hc."hidden_at" is null
        )`.mapWith(Number),
      },
      // The member's badges ride along as one JSON value (the same on every row), still one query.
      badges: sql<EarnedBadge[]>`(
        select coalesce(json_agg(json_build_object('id', b."badge", 'reason', b."reason", 'awardedAt', b."awarded_at")
          order by b."awarded_at", b."badge"), '[]'::json)
        from ${userBadges} b where b."user_id" = ${users.id}
      )`,
      challenge: challengeColumns,
      completedAt: userChallenges.completedAt,
      ownership: userChallenges.ownership,
      linkStatus: userChallenges.linkStatus,
      // Linked while listed (docs/product.md §11): a review passed and its member has not hidden it.
      solutionId: sql<
        string | null
      >`case when ${userChallenges.passedReviewId} is not null and not ${userChallenges.hidden}
        then ${userChallenges.publicId} end`,
      review: {
        id: latest.id,
        status: latest.status,
        score: latest.score,
        requestedUrl: latest.requestedUrl,
        pointsAwarded: latest.pointsAwarded,
        createdAt: latest.createdAt,
      },
    })
    .from(users)
    .leftJoin(
      userChallenges,
      and(eq(userChallenges.userId, users.id), eq(userChallenges.status, 'completed')),
    )
    .leftJoin(challenges, eq(challenges.id, userChallenges.challengeId))
    .leftJoinLateral(latest, sql`true`)
    .where(eq(users.username, username))
    .orderBy(desc(userChallenges.completedAt), desc(userChallenges.id))
  const profile = rows[0]?.user
  if (!profile) return null
  const badges = (rows[0]?.badges ?? []).flatMap((badge) =>
    isBadgeId(badge.id) ? [{ ...badge, awardedAt: new Date(badge.awardedAt).toISOString() }] : [],
  )
  const submissions = rows.flatMap((row) =>
    row.challenge
      ? [
          {
            challenge: toChallenge(row.challenge),
            // The address of the newest passed review, never one submitted since (docs/product.md §11).
            liveUrl: row.review.requestedUrl,
            completedAt: row.completedAt?.toISOString() ?? null,
            ownership: row.ownership as Ownership | null,
            linkStatus: (row.linkStatus ?? 'live') as LinkStatus,
            // A submission without reviews: the lateral join's columns are all null.
            review: latestReview(row.review),
            solutionId: row.solutionId,
          },
        ]
      : [],
  )
  return { profile, badges, submissions }
}

/** Points, completed challenges and verified ones of the member with this username; null if none. */
async function readBadgeFigures(db: Database, username: string): Promise<ReadmeBadgeFigures | null> {
  const completed = and(eq(userChallenges.userId, users.id), eq(userChallenges.status, 'completed'))
  const [row] = await db
    .select({
      points: users.points,
      completed: count(userChallenges.id),
      verified: sql<number>`count(*) filter (where ${userChallenges.ownership} = 'verified')`.mapWith(Number),
    })
    .from(users)
    .leftJoin(userChallenges, completed)
    .where(eq(users.username, username))
    .groupBy(users.id)
  return row ?? null
}

/** Badge images change when points do; README renderers and proxies may keep one five minutes. */
export const README_BADGE_CACHE = 'public, max-age=300, stale-while-revalidate=86400'

/**
 * Public member data: what docs/product.md §6 lets anyone read (never the e-mail, §3), with their
 * completed challenges.
 * `profiles` keeps built answers for a moment (member-caches.ts; a lifetime of 0 keeps none).
 */
export function userRoutes(db: Database, options: { brand: string; profiles: ExpiringCache<CachedProfile> }) {
  const readProfile = async (username: string): Promise<CachedProfile> => {
    const answer = await readPublicProfile(db, username)
    // Not kept: a member who signs in next has this username at once.
    if (!answer) throw notFound('User not found. Please check the username.')
    return { userId: answer.profile.id, body: cacheJson(answer, 'fast') }
  }
  return new Hono()
    .get('/:username/badge.svg', async (c) => {
      const { username } = parseInput(usernameParams, c.req.param())
      const figures = username ? await readBadgeFigures(db, username) : null
      if (!figures) throw notFound('User not found. Please check the username.')
      const svg = Buffer.from(readmeBadgeSvg(options.brand, figures))
      // Embedded by other sites (a README, a portfolio): the one answer other origins may load.
      c.header('Cross-Origin-Resource-Policy', 'cross-origin')
      return sendCached(c, cacheBytes(svg, 'image/svg+xml; charset=utf-8', 'none'), README_BADGE_CACHE)
    })
    .get('/:username', async (c) => {
      const { username } = parseInput(usernameParams, c.req.param())
      if (!username) throw notFound('User not found. Please check the username.')
      // Completed challenges in the same answer, so the profile page renders without a waterfall.
      const { body } = await options.profiles.load(username, () => readProfile(username))
      // Public, but it changes with every submission and review: browsers ask again (an ETag makes
      // that a 304 when nothing changed).
      return sendCached(c, body, 'no-cache')
    })
}
