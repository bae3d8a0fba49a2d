import { Hono } from 'hono'
import type { MemberVariables } from '#server/auth/guards.ts'
import { parseInput } from '#server/http/errors.ts'
import type { Leaderboard } from '#server/leaderboard/leaderboard.ts'
import { leaderboardQuerySchema } from '#shared/member.ts'

/** GET /api/leaderboard (members only): the top ten of a period, read through the leaderboard's cache. */
export function leaderboardRoutes(leaderboard: Leaderboard) {
  return new Hono<{ Variables: MemberVariables }>().get('/', async (c) => {
    const { period } = parseInput(leaderboardQuerySchema, c.req.query())
    const entries = await leaderboard.read(period)
    return c.json({ top: entries[0] ?? null, entries })
  })
}
