import { and, asc, eq, like } from 'drizzle-orm'
import { awardBadges } from '#server/badges/award.ts'
import type { Database } from '#server/db/client.ts'
import { challenges, pathStarts, userBadges, userChallenges } from '#server/db/schema.ts'
import type { LearningPaths } from '#server/learning-paths/paths.ts'
import { type BadgeId, PATH_BADGE_REASON_PREFIX } from '#shared/badges.ts'
import type { LearningPath, PathProgress, StepStatus } from '#shared/learning-paths.ts'

type Executor = Pick<Database, 'insert' | 'select'>

export type ChallengeProgress = Map<string, Exclude<StepStatus, 'not-started'>>

/**
 * The member's status per challenge slug (docs/product.md §15): `passed` once a review
 * passed (the challenge is completed), `started` while it is ongoing: started, or submitted without a
 * passed review.
 */
export async function readChallengeProgress(db: Executor, userId: string): Promise<ChallengeProgress> {
  const rows = await db
    .select({ slug: challenges.slug, status: userChallenges.status })
    .from(userChallenges)
    .innerJoin(challenges, eq(challenges.id, userChallenges.challengeId))
    .where(eq(userChallenges.userId, userId))
  return new Map(rows.map((row) => [row.slug, row.status === 'completed' ? 'passed' : 'started']))
}

export async function readStartedPaths(db: Executor, userId: string) {
  return db
    .select({ slug: pathStarts.pathSlug, startedAt: pathStarts.startedAt })
    .from(pathStarts)
    .where(eq(pathStarts.userId, userId))
    .orderBy(asc(pathStarts.startedAt))
}

/** When each of the member's path badges was awarded, by path slug. */
async function readPathBadges(db: Executor, userId: string): Promise<Map<string, Date>> {
  const rows = await db
    .select({ reason: userBadges.reason, awardedAt: userBadges.awardedAt })
    .from(userBadges)
    .where(
      and(
        eq(userBadges.userId, userId),
        eq(userBadges.badge, 'path-complete'),
        like(userBadges.reason, `${PATH_BADGE_REASON_PREFIX}%`),
      ),
    )
  return new Map(rows.map((row) => [row.reason.slice(PATH_BADGE_REASON_PREFIX.length), row.awardedAt]))
}

/** One path's steps with the member's status on each, how many passed, and the next step. */
export function pathProgressOf(
  path: LearningPath,
  progress: ChallengeProgress,
  startedAt: Date | null,
  completedAt: Date | null,
): PathProgress {
  const steps = path.steps.map((step) => ({
    challengeSlug: step.challenge.slug,
    status: progress.get(step.challenge.slug) ?? ('not-started' as const),
  }))
  const passed = steps.filter((step) => step.status === 'passed').length
  return {
    slug: path.slug,
    startedAt: startedAt?.toISOString() ?? null,
    steps,
    passed,
    total: steps.length,
    nextChallengeSlug: steps.find((step) => step.status !== 'passed')?.challengeSlug ?? null,
    completedAt: completedAt?.toISOString() ?? null,
  }
}

/**
 * Gives the path badge (docs/product.md §15) for every path whose steps the member has all
 * passed, once per path; returns the slugs of the paths newly completed. A review's pass calls it (app.ts,
 * on `review-settled`), and so does reading one's progress, which catches a pass whose event was missed.
 */
export async function awardPathBadges(
  db: Executor,
  userId: string,
  paths: readonly LearningPath[],
  progress?: ChallengeProgress,
): Promise<string[]> {
  const held = progress ?? (await readChallengeProgress(db, userId))
  const completed = paths.filter((path) =>
    path.steps.every((step) => held.get(step.challenge.slug) === 'passed'),
  )
  const awarded: string[] = []
  for (const path of completed) {
    const badges: BadgeId[] = ['path-complete']
    if ((await awardBadges(db, userId, badges, `${PATH_BADGE_REASON_PREFIX}${path.slug}`)).length > 0)
      awarded.push(path.slug)
  }
  return awarded
}

/** Every path with the member's progress on it; awards a badge whose event was missed first. */
export async function readPathsProgress(db: Database, userId: string, paths: LearningPaths) {
  const list = await paths.list()
  const progress = await readChallengeProgress(db, userId)
  await awardPathBadges(db, userId, list, progress)
  const [started, badges] = await Promise.all([readStartedPaths(db, userId), readPathBadges(db, userId)])
  const startedAt = new Map(started.map((row) => [row.slug, row.startedAt]))
  return list.map((path) =>
    pathProgressOf(path, progress, startedAt.get(path.slug) ?? null, badges.get(path.slug) ?? null),
  )
}

/** Starts a path for the member (again: the first start's time stays). */
export async function startPath(db: Database, userId: string, slug: string) {
  await db.insert(pathStarts).values({ userId, pathSlug: slug }).onConflictDoNothing()
}
