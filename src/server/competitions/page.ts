/**
 * The competitions page (docs/product.md §4): the running competition and its live ranking, the next
 * ones, and the results of past ones, frozen when they closed.
 */
import { asc, desc, eq, gt, lte } from 'drizzle-orm'
import type { Catalogue } from '#server/catalogue/catalogue.ts'
import { readStandings, toEntry } from '#server/competitions/standings.ts'
import type { Database } from '#server/db/client.ts'
import { competitionResults, competitions, users } from '#server/db/schema.ts'
import { listedSolutionsOf } from '#server/solutions/links.ts'
import type { Challenge } from '#shared/challenge.ts'
import type { Competition, CompetitionEntry, CompetitionsResponse } from '#shared/competition.ts'

/** Past competitions and upcoming ones the page shows. */
const PAST_SHOWN = 5
const UPCOMING_SHOWN = 3

type CompetitionRow = typeof competitions.$inferSelect

/** The competitions page's data, read at `now`; a competition whose challenge left the catalogue is left out. */
export async function readCompetitions(
  db: Database,
  catalogue: Catalogue,
  now: Date,
): Promise<CompetitionsResponse> {
  const { challenges } = await catalogue.snapshot()
  const byId = new Map<number, Challenge>(challenges.map((challenge) => [challenge.id, challenge]))
  const toCompetition = (row: CompetitionRow): Competition | null => {
    const challenge = byId.get(row.challengeId)
    return challenge
      ? {
          slug: row.slug,
          title: row.title,
          startsAt: row.startsAt.toISOString(),
          endsAt: row.endsAt.toISOString(),
          challenge,
        }
      : null
  }
  const [running] = await db
    .select()
    .from(competitions)
    .where(lte(competitions.startsAt, now))
    .orderBy(desc(competitions.startsAt))
    .limit(1)
  const upcoming = await db
    .select()
    .from(competitions)
    .where(gt(competitions.startsAt, now))
    .orderBy(asc(competitions.startsAt))
    .limit(UPCOMING_SHOWN)
  const ended = await db
    .select()
    .from(competitions)
    .where(lte(competitions.endsAt, now))
    .orderBy(desc(competitions.endsAt))
    .limit(PAST_SHOWN)

  /** The entries with their solutions of the competition's challenge (docs/product.md §11). */
  const linked = async (
    row: CompetitionRow,
    entries: Array<Omit<Parameters<typeof toEntry>[0], 'solutionId'> & { userId: string }>,
  ): Promise<CompetitionEntry[]> => {
    const solutions = await listedSolutionsOf(
      db,
      row.challengeId,
      entries.map((entry) => entry.userId),
    )
    return entries.map((entry) => toEntry({ ...entry, solutionId: solutions.get(entry.userId) ?? null }))
  }
  const resultsOf = async (row: CompetitionRow): Promise<CompetitionEntry[]> => {
    if (!row.closedAt) return linked(row, await readStandings(db, row))
    const frozen = await db
      .select({
        userId: competitionResults.userId,
        rank: competitionResults.rank,
        score: competitionResults.score,
        enteredAt: competitionResults.enteredAt,
        username: users.username,
        name: users.name,
        avatarUrl: users.avatarUrl,
      })
      .from(competitionResults)
      .innerJoin(users, eq(users.id, competitionResults.userId))
      .where(eq(competitionResults.competitionId, row.id))
      .orderBy(competitionResults.rank)
    return linked(row, frozen)
  }

  const live = running && running.endsAt > now ? toCompetition(running) : null
  const past: CompetitionsResponse['past'] = []
  for (const row of ended) {
    const competition = toCompetition(row)
    if (competition) past.push({ competition, results: await resultsOf(row) })
  }
  return {
    running: live && running ? { competition: live, ranking: await resultsOf(running) } : null,
    upcoming: upcoming.flatMap((row) => toCompetition(row) ?? []),
    past,
  }
}
