import { and, count, desc, eq, ne, sql } from 'drizzle-orm'
import { type GitHubProfile, SignInError } from '#server/auth/github.ts'
import { challengeColumns, toChallenge } from '#server/catalogue/challenge-rows.ts'
import { claimRosterRows } from '#server/classrooms/classrooms.ts'
import { classroomOnly } from '#server/classrooms/privacy.ts'
import type { Database } from '#server/db/client.ts'
import { challenges, comments, userBadges, userChallenges, users } from '#server/db/schema.ts'
import { sanitizePlainText } from '#server/http/sanitize.ts'
import type { ReadmeBadgeFigures } from '#server/render/readme-badge.ts'
import { latestReviewOf, toReviewSummary } from '#server/review/read-model.ts'
import { type EarnedBadge, isBadgeId } from '#shared/badges.ts'
import type { Challenge } from '#shared/challenge.ts'
import type { LinkStatus, Ownership } from '#shared/ownership.ts'
import { profileNameSchema } from '#shared/profile.ts'
import type { ReviewSummary } from '#shared/review.ts'
import type { PublicProfile } from '#shared/user.ts'
import { isBlankText } from '#shared/visible-text.ts'

/**
 * The display name GitHub gave, as a name typed in the settings would be stored (docs/product.md §5):
 * markup stripped, white space collapsed, then the name's rule. A name the rule refuses (too long,
 * control or invisible characters, what is left of markup), or one that shows nothing, is no
 * name: the login is shown.
 */
export function nameFromGitHub(name: string | null): string | null {
  if (typeof name !== 'string') return null
  const parsed = profileNameSchema.safeParse(sanitizePlainText(name))
  return parsed.success && !isBlankText(parsed.data) ? parsed.data : null
}

/**
 * docs/product.md §4 upsert after sign-in: the person is GitHub's numeric id. A renamed login updates
 * `username`; an existing name, points and submission count are kept; a new user starts at 0. If another
 * (older) account still holds this login, GitHub gave the login to someone else: the old row's username is
 * moved aside until its owner signs in again. GitHub's display name is kept only if it passes the
 * settings' rule for names (nameFromGitHub). `created` says whether this sign-in made the account. Without `allowRename` (the GitHub emulator), a sign-in whose id
 * belongs to a member with another login is refused.
 */
export async function upsertGitHubUser(
  db: Database,
  profile: GitHubProfile,
  options: { allowRename: boolean } = { allowRename: true },
) {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ username: users.username })
      .from(users)
      .where(eq(users.githubId, profile.id))
    if (!options.allowRename) {
      if (existing && existing.username.toLowerCase() !== profile.login.toLowerCase()) {
        throw new SignInError(
          `account ${profile.id} belongs to "${existing.username}", not "${profile.login}": renames are not allowed here`,
        )
      }
    }
    await tx
      .update(users)
      .set({ username: sql`${users.username} || '-' || ${users.githubId}` })
      .where(and(eq(users.username, profile.login), ne(users.githubId, profile.id)))
    const [user] = await tx
      .insert(users)
      .values({
        githubId: profile.id,
        username: profile.login,
        name: nameFromGitHub(profile.name),
        email: profile.email,
        avatarUrl: profile.avatarUrl,
        githubUrl: profile.htmlUrl,
      })
      .onConflictDoUpdate({
        target: users.githubId,
        set: {
          username: profile.login,
          email: profile.email,
          avatarUrl: profile.avatarUrl,
          name: sql`coalesce(${users.name}, excluded.name)`,
          updatedAt: sql`now()`,
        },
      })
      .returning()
    if (!user) throw new Error('upsert returned no user')
    // A classroom roster waiting for this login makes them its student (docs/product.md §13).
    const joinedClassrooms = await claimRosterRows(tx, user.id)
    // `created` picks the greeting (docs/product.md §4 Session); two first sign-ins racing may both be
    // told they created the account, which costs one word.
    return { ...user, created: !existing, joinedClassrooms }
  })
}

/** The four fields of the settings' profile (docs/product.md §5), as checked: an empty one is cleared. */
export type ProfileFields = { name: string; bio: string; linkedinUrl: string; githubUrl: string }

/** Stores the member's profile: only these four columns, whatever else the body held. Null for no such member. */
export async function updateProfile(db: Database, userId: string, update: ProfileFields) {
  const orNull = (value: string) => (value === '' ? null : value)
  const [user] = await db
    .update(users)
    .set({
      name: orNull(update.name),
      bio: orNull(update.bio),
      linkedinUrl: orNull(update.linkedinUrl),
      githubUrl: orNull(update.githubUrl),
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId))
    .returning()
  return user ?? null
}

/** The member's verification token (docs/product.md §10), read fresh; null for no such member. */
export async function readVerificationToken(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select({ token: users.verificationToken }).from(users).where(eq(users.id, userId))
  return row?.token ?? null
}

/** A new verification token: the old tag stops counting for reviews from now on. Null for no such member. */
export async function rotateVerificationToken(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .update(users)
    // gen_random_uuid() is the database's: the builder has no expression for it.
    .set({ verificationToken: sql`replace(gen_random_uuid()::text, '-', '')`, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ token: users.verificationToken })
  return row?.token ?? null
}

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
export async function readPublicProfile(db: Database, username: string): Promise<PublicProfileAnswer | null> {
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
        // Challenges submitted at least once (a live URL stored; ' ' until the first submit), from the
        // member's range of the (user, challenge) key. Raw SQL: a correlated scalar subquery, as below.
        submitted: sql<number>`(
          select count(*)::int from ${userChallenges} s where s."user_id" = ${users.id}
            and btrim(s."challenge_live") <> ''
        )`.mapWith(Number),
        githubUrl: users.githubUrl,
        linkedinUrl: users.linkedinUrl,
        // Comments marked helpful (docs/product.md §12), from the partial index of helpful comments. Raw
        // SQL: the builder has no correlated scalar subquery in a select list.
        helpfulComments: sql<number>`(
          select count(*)::int from ${comments} hc where hc."author_id" = ${users.id}
            and hc."helpful_at" is not null and hc."deleted_at" is null and hc."hidden_at" is null
        )`.mapWith(Number),
      },
      // The member's badges ride along as one JSON value (the same on every row), still one query. Raw
      // SQL: the builder has no json_agg.
      badges: sql<EarnedBadge[]>`(
        select coalesce(json_agg(json_build_object('id', b."badge", 'reason', b."reason", 'awardedAt', b."awarded_at")
          order by b."awarded_at", b."badge"), '[]'::json)
        from ${userBadges} b where b."user_id" = ${users.id}
      )`,
      challenge: challengeColumns,
      completedAt: userChallenges.completedAt,
      ownership: userChallenges.ownership,
      linkStatus: userChallenges.linkStatus,
      // Linked while listed (docs/product.md §11): a review passed and its member has not hidden it. Raw
      // SQL: the builder has no case expression.
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
      and(
        eq(userChallenges.userId, users.id),
        eq(userChallenges.status, 'completed'),
        // Classroom-only solutions are their classroom's, not the profile's (docs/product.md §13).
        sql`not ${classroomOnly('user_challenges')}`,
      ),
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
export async function readBadgeFigures(db: Database, username: string): Promise<ReadmeBadgeFigures | null> {
  const completed = and(eq(userChallenges.userId, users.id), eq(userChallenges.status, 'completed'))
  const [row] = await db
    .select({
      points: users.points,
      completed: count(userChallenges.id),
      // Raw SQL: the builder has no aggregate filter clause.
      verified: sql<number>`count(*) filter (where ${userChallenges.ownership} = 'verified')`.mapWith(Number),
    })
    .from(users)
    .leftJoin(userChallenges, completed)
    .where(eq(users.username, username))
    .groupBy(users.id)
  return row ?? null
}
