import { Hono } from 'hono'
import type { MemberVariables } from '#server/auth/guards.ts'
import { parseInput } from '#server/http/errors.ts'
import type { Leaderboard } from '#server/leaderboard/leaderboard.ts'
import { describeOperation, error, json } from '#server/openapi/operation.ts'
import { leaderboardQuerySchema } from '#shared/member.ts'

/** GET /api/leaderboard (members only): the top ten of a period, read through the leaderboard's cache. */
export function leaderboardRoutes(leaderboard: Leaderboard) {
  return new Hono<{ Variables: MemberVariables }>().get(
    '/',
    describeOperation({
      operationId: 'getLeaderboard',
      summary: 'The top ten members',
      description:
        'Members with points above 0, most points first; equal points and submissions share a rank.',
      tag: 'Members',
      member: true,
      query: leaderboardQuerySchema,
      responses: {
        200: json('The first place and the top ten.', 'Leaderboard'),
        400: error('`period` is not one of its values.'),
      },
    }),
    async (c) => {
      const { period } = parseInput(leaderboardQuerySchema, c.req.query())
      const entries = await leaderboard.read(period)
      return c.json({ top: entries[0] ?? null, entries })
    },
  )
}
