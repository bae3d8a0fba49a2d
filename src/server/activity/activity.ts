/**
 * Activity and streaks (docs/product.md §14, docs/decisions/024-activity-and-streaks.md):
 * a member's year of active days, their streaks, their weekly goal and the settings behind them. Each kind
 * of activity is one query over the calendar's span, from an index on the member; the instants are put on
 * local days here (#shared/activity-days.ts), the same way on PGlite and PostgreSQL, with the runtime's own
 * zone rules.
 */
import { and, eq, gte, isNull, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { comments, submissionReviews, userChallenges, users } from '#server/db/schema.ts'
import type {
  ActivityResponse,
  ActivitySettings,
  ActivitySettingsUpdate,
  WeeklyGoalResponse,
} from '#shared/activity.ts'
import {
  bucketDays,
  calendarStartOf,
  earliestInstantOf,
  localDate,
  streaksOf,
  weekStartOf,
} from '#shared/activity-days.ts'

type MemberActivityRow = {
  id: string
  timeZone: string | null
  weeklyGoal: number | null
  activityHidden: boolean
}

/** The member's passed reviews, submits and comments given since `since`, as instants. */
async function readEvents(db: Database, userId: string, since: Date) {
  const [passed, submits, given] = await Promise.all([
    // When a review ended is when it passed; a review from before finished_at was kept counts at its start.
    db
      .select({
        at: sql<Date>`coalesce(${submissionReviews.finishedAt}, ${submissionReviews.createdAt})`.mapWith(
          (value: string | Date) => new Date(value),
        ),
      })
      .from(submissionReviews)
      .innerJoin(userChallenges, eq(userChallenges.id, submissionReviews.userChallengeId))
      .where(
        and(
          eq(userChallenges.userId, userId),
          eq(submissionReviews.status, 'passed'),
          gte(sql`coalesce(${submissionReviews.finishedAt}, ${submissionReviews.createdAt})`, since),
        ),
      ),
    // A submit, or "Review again": both ask for a review of the member's site. The one upgrade re-review
    // (purpose 'upgrade') is the platform's, not the member's.
    db
      .select({ at: submissionReviews.createdAt })
      .from(submissionReviews)
      .innerJoin(userChallenges, eq(userChallenges.id, submissionReviews.userChallengeId))
      .where(
        and(
          eq(userChallenges.userId, userId),
          eq(submissionReviews.purpose, 'submit'),
          gte(submissionReviews.createdAt, since),
        ),
      ),
    // Comments and replies as they stand: a deleted or hidden one no longer counts.
    db
      .select({ at: comments.createdAt })
      .from(comments)
      .where(
        and(
          eq(comments.authorId, userId),
          gte(comments.createdAt, since),
          isNull(comments.deletedAt),
          isNull(comments.hiddenAt),
        ),
      ),
  ])
  return {
    reviews: passed.map((row) => row.at),
    submits: submits.map((row) => row.at),
    comments: given.map((row) => row.at),
  }
}

const memberColumns = {
  id: users.id,
  timeZone: users.timeZone,
  weeklyGoal: users.weeklyGoal,
  activityHidden: users.activityHidden,
}

/** The member with this username or id, with their activity settings; null when none. */
export async function findMemberActivityRow(
  db: Database,
  key: { username: string } | { id: string },
): Promise<MemberActivityRow | null> {
  const where = 'id' in key ? eq(users.id, key.id) : eq(users.username, key.username)
  const [row] = await db.select(memberColumns).from(users).where(where)
  return row ?? null
}

/**
 * The calendar and streaks of a member, counted in `timeZone`: what `GET /api/users/:username/activity`
 * answers. `viewerIsOwner` lets the member see their own activity while it is hidden from everyone else.
 */
export async function readActivity(
  db: Database,
  member: MemberActivityRow,
  options: { timeZone: string; viewerIsOwner: boolean; now?: Date },
): Promise<ActivityResponse> {
  if (member.activityHidden && !options.viewerIsOwner) return { hidden: true }
  const today = localDate(options.now ?? new Date(), options.timeZone)
  const from = calendarStartOf(today)
  const events = await readEvents(db, member.id, earliestInstantOf(from))
  const days = bucketDays(events, options.timeZone, from, today)
  return {
    hidden: false,
    hiddenFromOthers: member.activityHidden,
    timeZone: options.timeZone,
    from,
    today,
    days,
    activeDays: days.length,
    streaks: streaksOf(
      days.map((day) => day.date),
      today,
    ),
  }
}

/**
 * The weekly goal's progress: distinct challenges with a passed review this week (Monday to Sunday in
 * `timeZone`). Passing one challenge twice counts once.
 */
export async function readWeeklyGoal(
  db: Database,
  member: Pick<MemberActivityRow, 'id' | 'weeklyGoal'>,
  timeZone: string,
  now = new Date(),
): Promise<WeeklyGoalResponse> {
  const weekStart = weekStartOf(localDate(now, timeZone))
  const rows = await db
    .select({
      challengeId: userChallenges.challengeId,
      at: sql<Date>`coalesce(${submissionReviews.finishedAt}, ${submissionReviews.createdAt})`.mapWith(
        (value: string | Date) => new Date(value),
      ),
    })
    .from(submissionReviews)
    .innerJoin(userChallenges, eq(userChallenges.id, submissionReviews.userChallengeId))
    .where(
      and(
        eq(userChallenges.userId, member.id),
        eq(submissionReviews.status, 'passed'),
        gte(
          sql`coalesce(${submissionReviews.finishedAt}, ${submissionReviews.createdAt})`,
          earliestInstantOf(weekStart),
        ),
      ),
    )
  const passed = new Set(
    rows.filter((row) => localDate(row.at, timeZone) >= weekStart).map((row) => row.challengeId),
  )
  return { goal: member.weeklyGoal, passed: passed.size, weekStart, timeZone }
}

export const toActivitySettings = (row: Omit<MemberActivityRow, 'id'>): ActivitySettings => ({
  timeZone: row.timeZone,
  weeklyGoal: row.weeklyGoal,
  activityHidden: row.activityHidden,
})

/** Stores the fields given; answers the settings as stored, or null when the member is gone. */
export async function updateActivitySettings(
  db: Database,
  userId: string,
  update: ActivitySettingsUpdate,
): Promise<ActivitySettings | null> {
  const values = {
    ...(update.timeZone !== undefined ? { timeZone: update.timeZone } : {}),
    ...(update.weeklyGoal !== undefined ? { weeklyGoal: update.weeklyGoal } : {}),
    ...(update.activityHidden !== undefined ? { activityHidden: update.activityHidden } : {}),
  }
  const [row] =
    Object.keys(values).length === 0
      ? await db.select(memberColumns).from(users).where(eq(users.id, userId))
      : await db.update(users).set(values).where(eq(users.id, userId)).returning(memberColumns)
  return row ? toActivitySettings(row) : null
}
