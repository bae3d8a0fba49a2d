import { asc, desc, eq, gt, lte } from 'drizzle-orm'
import { Hono } from 'hono'
import type { Catalogue } from '#server/catalogue/catalogue.ts'
import { readStandings, toEntry } from '#server/competitions/standings.ts'
import type { Database } from '#server/db/client.ts'
import { competitionResults, competitions, users } from '#server/db/schema.ts'
import type { EventBus } from '#server/events/bus.ts'
import { listedSolutionsOf } from '#server/solutions/links.ts'
import type { Challenge } from '#shared/challenge.ts'
import type { Competition, CompetitionEntry, CompetitionsResponse } from '#shared/competition.ts'

/** Past competitions and upcoming ones the page shows. */
const PAST_SHOWN = 5
const UPCOMING_SHOWN = 3
/** One reading of the page's data serves everyone for this long; the ranking moves with reviews, not faster. */
const COMPETITIONS_CACHE_MS = 5000

type CompetitionRow = typeof competitions.$inferSelect

async function readCompetitions(
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

/** GET /api/competitions (public): the running competition and its live ranking, the next ones, past results. */
export function competitionRoutes(
  db: Database,
  catalogue: Catalogue,
  cacheMs = COMPETITIONS_CACHE_MS,
  /** Drops the kept answer at once when a deleted account leaves the rankings. */
  events?: Pick<EventBus, 'on'>,
) {
  let cached: { answer: Promise<CompetitionsResponse>; until: number } | null = null
  events?.on('account-deleted', () => {
    cached = null
  })
  const read = () => {
    if (cached && cached.until > Date.now()) return cached.answer
    const answer = readCompetitions(db, catalogue, new Date())
    const entry = { answer, until: Date.now() + cacheMs }
    cached = entry
    answer.catch(() => {
      if (cached === entry) cached = null
    })
    return answer
  }
  return new Hono().get('/', async (c) => {
    c.header('Cache-Control', 'no-cache')
    return c.json(await read())
  })
}
