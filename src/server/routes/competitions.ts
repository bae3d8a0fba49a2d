import { Hono } from 'hono'
import type { Catalogue } from '#server/catalogue/catalogue.ts'
import { readCompetitions } from '#server/competitions/page.ts'
import type { Database } from '#server/db/client.ts'
import type { EventBus } from '#server/events/bus.ts'
import { describeOperation, json } from '#server/openapi/operation.ts'
import type { CompetitionsResponse } from '#shared/competition.ts'

/** One reading of the page's data serves everyone for this long; the ranking moves with reviews, not faster. */
const COMPETITIONS_CACHE_MS = 5000

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
  return new Hono().get(
    '/',
    describeOperation({
      operationId: 'getCompetitions',
      summary: 'Weekly competitions',
      tag: 'Competitions',
      responses: {
        200: json(
          'The running competition with its live ranking, the next ones, and past results.',
          'CompetitionsResponse',
        ),
      },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-cache')
      return c.json(await read())
    },
  )
}
