import { and, count, countDistinct, eq, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { challenges, comments, pointsLedger, userBadges, userChallenges } from '#server/db/schema.ts'
import { type BadgeId, GOLD_SCORE, SILVER_BREAKPOINT_SCORE, STREAK_WEEKS } from '#shared/badges.ts'
import { CATEGORY_VALUES } from '#shared/categories.ts'
import { HELPFUL_BADGE_COUNTS } from '#shared/feedback.ts'
import { isoWeekOf } from '#shared/periods.ts'
import { reviewQualitySchema } from '#shared/review.ts'

type Executor = Pick<Database, 'insert' | 'select'>

/** The reason the lasting badges are held for: once per member. */
const LASTING = 'lasting'
export const competitionReason = (slug: string) => `competition:${slug}`

/** Gives the badges not yet held for that reason; true for each that was new. */
export async function awardBadges(db: Executor, userId: string, badges: Iterable<BadgeId>, reason: string) {
  const rows = [...badges].map((badge) => ({ userId, badge, reason }))
  if (rows.length === 0) return []
  const inserted = await db
    .insert(userBadges)
    .values(rows)
    .onConflictDoNothing()
    .returning({ badge: userBadges.badge })
  return inserted.map((row) => row.badge as BadgeId)
}

/** True when the dates fall in `weeks` ISO weeks (UTC) in a row, somewhere. */
export function hasWeekStreak(dates: readonly Date[], weeks = STREAK_WEEKS): boolean {
  const WEEK_MS = 7 * 24 * 3600_000
  const starts = [...new Set(dates.map((date) => isoWeekOf(date).start.getTime()))].sort((a, b) => a - b)
  let run = 0
  for (let i = 0; i < starts.length; i++) {
    run = i > 0 && (starts[i] as number) - (starts[i - 1] as number) === WEEK_MS ? run + 1 : 1
    if (run >= weeks) return true
  }
  return false
}

/**
 * The lasting badges a member's completions have earned: the first completed challenge, one in every
 * category, and completions in STREAK_WEEKS ISO weeks in a row (from the ledger's awards). Called in
 * the submit's transaction; giving one twice gives it once.
 */
export async function awardLastingBadges(db: Executor, userId: string): Promise<BadgeId[]> {
  const [completed] = await db
    .select({ total: count(), categories: countDistinct(challenges.category) })
    .from(userChallenges)
    .innerJoin(challenges, eq(challenges.id, userChallenges.challengeId))
    .where(and(eq(userChallenges.userId, userId), eq(userChallenges.status, 'completed')))
  const earned: BadgeId[] = []
  if ((completed?.total ?? 0) >= 1) earned.push('first-challenge')
  if ((completed?.categories ?? 0) >= CATEGORY_VALUES.length) earned.push('every-category')
  const awards = await db
    .select({ at: pointsLedger.createdAt })
    .from(pointsLedger)
    .where(and(eq(pointsLedger.userId, userId), eq(pointsLedger.reason, 'challenge_completed')))
  if (hasWeekStreak(awards.map((row) => row.at))) earned.push('five-week-streak')
  return awardBadges(db, userId, earned, LASTING)
}

/**
 * The lasting badges for comments marked helpful (docs/product.md §4, §12): 'first-helpful' at one,
 * 'ten-helpful' at ten (comments by the member marked helpful and not deleted). Called in the
 * transaction of a mark; an unmark never takes one back.
 */
export async function awardHelpfulBadges(db: Executor, userId: string): Promise<BadgeId[]> {
  const [row] = await db
    .select({ total: count() })
    .from(comments)
    .where(
      and(
        eq(comments.authorId, userId),
        sql`${comments.helpfulAt} is not null and ${comments.deletedAt} is null`,
      ),
    )
  const total = row?.total ?? 0
  const earned = (Object.entries(HELPFUL_BADGE_COUNTS) as [BadgeId, number][]).flatMap(([badge, needed]) =>
    total >= needed ? [badge] : [],
  )
  return awardBadges(db, userId, earned, LASTING)
}

/** One finished, verified review of a competition entry: its breakpoint scores and quality report. */
export type EntryReview = { userId: string; scores: readonly number[]; quality: unknown }

/**
 * A competition's badges per member, from every verified review of their entry: bronze for entering,
 * silver when one review scored SILVER_BREAKPOINT_SCORE or more at every breakpoint, gold when one
 * review's match score (the breakpoints' mean) is GOLD_SCORE or more with no serious or critical axe
 * finding at either width and no HTML validation error (a report that could not check counts as no).
 */
export function competitionBadges(reviews: readonly EntryReview[]): Map<string, Set<BadgeId>> {
  const badges = new Map<string, Set<BadgeId>>()
  for (const review of reviews) {
    const held = badges.get(review.userId) ?? new Set<BadgeId>()
    badges.set(review.userId, held)
    held.add('competition-bronze')
    if (review.scores.length === 0) continue
    if (review.scores.every((score) => score >= SILVER_BREAKPOINT_SCORE)) held.add('competition-silver')
    const mean =
      Math.round((review.scores.reduce((sum, score) => sum + score, 0) / review.scores.length) * 10) / 10
    if (mean >= GOLD_SCORE && isClean(review.quality)) held.add('competition-gold')
  }
  return badges
}

function isClean(quality: unknown): boolean {
  const parsed = reviewQualitySchema.safeParse(quality)
  if (!parsed.success) return false
  const { axe, html } = parsed.data
  const accessible = [axe.desktop, axe.mobile].every(
    (audit) =>
      audit.status === 'done' &&
      audit.findings.every((finding) => finding.impact !== 'serious' && finding.impact !== 'critical'),
  )
  const valid = html.status === 'done' && html.documents.every((document) => document.errors === 0)
  return accessible && valid
}

/** A review's breakpoint scores, as one array (empty before the review is done). */
export const breakpointScores = sql<
  number[]
>`coalesce((select array_agg(b."score") from "review_breakpoints" b where b."review_id" = "submission_reviews"."id"), '{}')`
