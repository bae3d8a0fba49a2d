import { z } from 'zod'
import { challengeSchema } from '#shared/challenge.ts'

export { COMPETITION_MIN_SCORE } from '#shared/constants.ts'

/**
 * content/competitions/<slug>.json: a title, the challenge it uses (by its slug) and when it runs,
 * either an ISO week (`2026-W49`: Monday 00:00 UTC to the next Monday) or two UTC instants.
 */
export const competitionFileSchema = z
  .object({
    title: z.string().trim().min(1, 'must not be empty').max(120, 'must be at most 120 characters'),
    challenge: z.string().min(1, 'must name a challenge by its slug'),
    week: z
      .string()
      .regex(/^\d{4}-W(0[1-9]|[1-4]\d|5[0-3])$/, 'must be an ISO week such as 2026-W49')
      .optional(),
    start: z.iso
      .datetime({ offset: true, message: 'must be an ISO 8601 instant such as 2026-11-30T00:00:00Z' })
      .optional(),
    end: z.iso
      .datetime({ offset: true, message: 'must be an ISO 8601 instant such as 2026-12-07T00:00:00Z' })
      .optional(),
  })
  .strict()
  .refine(
    (file) =>
      file.week !== undefined
        ? file.start === undefined && file.end === undefined
        : file.start !== undefined && file.end !== undefined,
    { message: 'give either "week" or both "start" and "end"' },
  )
export type CompetitionFile = z.infer<typeof competitionFileSchema>

export const competitionSchema = z.object({
  slug: z.string(),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  challenge: challengeSchema,
})
export type Competition = z.infer<typeof competitionSchema>

/** One ranked entry: verified work only, so every entry carries the Verified badge. */
export const competitionEntrySchema = z.object({
  rank: z.number().int().positive(),
  username: z.string(),
  name: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  score: z.number(),
  enteredAt: z.string(),
  verified: z.literal(true),
  /** The entrant's solution of the competition's challenge while it is listed (docs/product.md §11). */
  solutionId: z.string().nullable(),
})
export type CompetitionEntry = z.infer<typeof competitionEntrySchema>

/** GET /api/competitions: the running one with its live ranking, the next ones, and past results. */
export const competitionsResponse = z.object({
  running: z.object({ competition: competitionSchema, ranking: z.array(competitionEntrySchema) }).nullable(),
  upcoming: z.array(competitionSchema),
  past: z.array(z.object({ competition: competitionSchema, results: z.array(competitionEntrySchema) })),
})
export type CompetitionsResponse = z.infer<typeof competitionsResponse>
