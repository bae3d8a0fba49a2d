import { and, desc, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import type { Database } from '#server/db/client.ts'
import { challenges, userChallenges, users } from '#server/db/schema.ts'
import { notFound, parseInput } from '#server/http/errors.ts'
import { usernameParams } from '#server/http/params.ts'
import { liveUrlOf, toChallenge } from '#server/routes/challenges.ts'
import type { PublicProfile } from '#shared/user.ts'

/** Public member data: what SPEC §7 lets anyone read (no e-mail), with their completed challenges. */
export function userRoutes(db: Database) {
  return new Hono().get('/:username', async (c) => {
    const { username } = parseInput(usernameParams, c.req.param())
    const [user] = username ? await db.select().from(users).where(eq(users.username, username)).limit(1) : []
    if (!user) throw notFound('User not found. Please check the username.')
    const profile: PublicProfile = {
      id: user.id,
      username: user.username,
      name: user.name,
      avatarUrl: user.avatarUrl,
      bio: user.bio,
      points: user.points,
      submission: user.submission,
      githubUrl: user.githubUrl,
      linkedinUrl: user.linkedinUrl,
    }
    // Completed challenges in the same request, so the profile page renders without a waterfall.
    const rows = await db
      .select({
        challenge: challenges,
        liveUrl: userChallenges.challengeLive,
        completedAt: userChallenges.completedAt,
      })
      .from(userChallenges)
      .innerJoin(challenges, eq(challenges.id, userChallenges.challengeId))
      .where(and(eq(userChallenges.userId, user.id), eq(userChallenges.status, 'completed')))
      .orderBy(desc(userChallenges.completedAt), desc(userChallenges.id))
    const submissions = rows.map((row) => ({
      challenge: toChallenge(row.challenge),
      liveUrl: liveUrlOf(row.liveUrl),
      completedAt: row.completedAt?.toISOString() ?? null,
    }))
    c.header('Cache-Control', 'no-cache')
    return c.json({ profile, submissions })
  })
}
