import { and, asc, desc, gt, lt, lte, sql } from 'drizzle-orm'
import { COMPETITIONS_LOCK_KEY, competitionHash } from '#server/competitions/content.ts'
import type { Database } from '#server/db/client.ts'
import { challenges, competitions } from '#server/db/schema.ts'
import { isoWeekOf } from '#shared/periods.ts'

const WEEK_MS = 7 * 24 * 60 * 60 * 1000
/** Monday 5 January 1970 00:00 UTC: week 0 of the catalogue's rotation. */
const FIRST_MONDAY = Date.UTC(1970, 0, 5)

export type StartedCompetition = {
  slug: string
  title: string
  challengeSlug: string
  startsAt: Date
  endsAt: Date
}

/**
 * The weekly competition runs by itself (docs/product.md §4): when no competition runs at `now`, one is
 * started for the current ISO week (Monday 00:00 UTC to the next Monday), on the catalogue's challenges in
 * turn, in slug order, one per week counted from 1970 (so every process picks the same one). An operator's
 * competitions (content/competitions, imported at start) come first: while one runs nothing is started,
 * and the week's competition starts when an operator's ended earlier that week and ends when the next one
 * starts, so windows never overlap. Its slug is the week's (`2026-w48`), the name
 * `npm run competitions:schedule` gives that week's file, so such a file later takes its place.
 *
 * Safe in several processes on one database (docs/decisions/005-several-instances-on-one-database.md): the
 * competitions' advisory lock orders them, and the unique slug keeps a second insert from doing anything.
 * Returns the competition it started, or null.
 */
export async function ensureWeeklyCompetition(
  db: Database,
  now = new Date(),
): Promise<StartedCompetition | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${COMPETITIONS_LOCK_KEY})`)
    const [running] = await tx
      .select({ id: competitions.id })
      .from(competitions)
      .where(and(lte(competitions.startsAt, now), gt(competitions.endsAt, now)))
      .limit(1)
    if (running) return null

    const week = isoWeekOf(now)
    const weekEnd = new Date(week.start.getTime() + WEEK_MS)
    const [endedThisWeek] = await tx
      .select({ endsAt: competitions.endsAt })
      .from(competitions)
      .where(and(gt(competitions.endsAt, week.start), lte(competitions.endsAt, now)))
      .orderBy(desc(competitions.endsAt))
      .limit(1)
    const [next] = await tx
      .select({ startsAt: competitions.startsAt })
      .from(competitions)
      .where(and(gt(competitions.startsAt, now), lt(competitions.startsAt, weekEnd)))
      .orderBy(asc(competitions.startsAt))
      .limit(1)
    const startsAt = endedThisWeek?.endsAt ?? week.start
    const endsAt = next?.startsAt ?? weekEnd

    const catalogue = await tx
      .select({ id: challenges.id, slug: challenges.slug, title: challenges.title })
      .from(challenges)
      .orderBy(asc(challenges.slug))
    if (catalogue.length === 0) return null
    const weekNumber = Math.round((week.start.getTime() - FIRST_MONDAY) / WEEK_MS)
    const challenge = catalogue[weekNumber % catalogue.length] as (typeof catalogue)[number]

    const weekSlug = week.key.toLowerCase()
    // Later in a week whose start an operator's competition had: named by its own start, still unique.
    const slug =
      startsAt.getTime() === week.start.getTime() ? weekSlug : `${weekSlug}-${startsAt.getTime() / 1000}`
    const title = `Week ${week.key.slice(-2)}: ${challenge.title}`
    const [created] = await tx
      .insert(competitions)
      .values({
        slug,
        title,
        challengeId: challenge.id,
        startsAt,
        endsAt,
        contentHash: competitionHash(title, challenge.slug, startsAt, endsAt),
      })
      .onConflictDoNothing({ target: competitions.slug })
      .returning({ slug: competitions.slug })
    return created ? { slug, title, challengeSlug: challenge.slug, startsAt, endsAt } : null
  })
}
