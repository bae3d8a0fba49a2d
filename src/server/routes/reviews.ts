import { Hono } from 'hono'
import { z } from 'zod'
import type { AuthVariables } from '#server/auth/guards.ts'
import { notFound, parseInput } from '#server/http/errors.ts'
import { describeOperation, error, json } from '#server/openapi/operation.ts'
import type { ReviewService } from '#server/review/service.ts'
import type { ReviewResponse } from '#shared/review.ts'

const REVIEW_ID_MESSAGE = 'must be a review id'

/**
 * `:id` of a review: its public id, a UUID (any case); else a 400. Both cases are spelt out rather than
 * left to an `i` flag, which the OpenAPI document's pattern (a plain string) cannot carry.
 */
export const reviewIdParams = z.object({
  id: z
    .string(REVIEW_ID_MESSAGE)
    .regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, REVIEW_ID_MESSAGE)
    .describe('A review’s public id: a UUID, as the review’s links give it (any letter case).')
    .transform((id) => id.toLowerCase()),
})

/**
 * Review reports (docs/product.md §10): a passed review is public, like the profile that links to it; one
 * that has not passed is its member's only, and anyone else is told there is no such review. Ids are
 * public ids nobody can guess.
 */
export function reviewRoutes(reviews: ReviewService) {
  return new Hono<{ Variables: AuthVariables }>().get(
    '/:id',
    describeOperation({
      operationId: 'getReview',
      summary: 'A review report',
      description:
        'A passed review is public, like the profile that links to it; one that has not passed is shown to ' +
        'its member only. Poll it while it is queued or running.',
      tag: 'Reviews',
      params: reviewIdParams,
      responses: {
        200: json('The review.', 'ReviewResponse'),
        400: error('The id is not a review id (a UUID).'),
        404: error('There is no such review, or it has not passed and is not yours.'),
      },
    }),
    async (c) => {
      const { id } = parseInput(reviewIdParams, c.req.param())
      const review = await reviews.getReview(id, c.get('user')?.id ?? null)
      if (!review) throw notFound('There is no such review.')
      // A review in progress changes from one poll to the next; one that has not passed is private.
      c.header('Cache-Control', review.status === 'passed' ? 'no-cache' : 'private, no-store')
      return c.json({ review } satisfies ReviewResponse)
    },
  )
}
