import { z } from 'zod'
import {
  CATALOGUE_QUERY_MAX_LENGTH,
  CATALOGUE_SORTS,
  normaliseQuery,
} from '#shared/catalogue-filters-rule.ts'
import { DIFFICULTIES } from '#shared/constants.ts'

export * from '#shared/catalogue-filters-rule.ts'

/** The API's reading of the same query: a value it does not know is refused with a clear message. */
export const catalogueQuerySchema = z.object({
  q: z
    .string()
    .max(CATALOGUE_QUERY_MAX_LENGTH, `must be at most ${CATALOGUE_QUERY_MAX_LENGTH} characters`)
    .transform(normaliseQuery)
    .optional()
    .describe(
      'Words to find in the title, description or category, case-insensitive; every word must match.',
    ),
  difficulty: z
    .enum(DIFFICULTIES, `must be one of ${DIFFICULTIES.join(', ')}`)
    .optional()
    .describe('Only challenges of this difficulty.'),
  sort: z
    .enum(CATALOGUE_SORTS, `must be one of ${CATALOGUE_SORTS.join(', ')}`)
    .optional()
    .describe(
      'newest (the default): the latest published first; easiest or hardest: by difficulty, then the newest; solved: the most listed solutions first, then the newest.',
    ),
})
