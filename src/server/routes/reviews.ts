import { Hono } from 'hono'
import { z } from 'zod'
import { notFound, parseInput } from '#server/http/errors.ts'
import { CHALLENGE_ID_PATTERN, MAX_CHALLENGE_ID } from '#server/http/params.ts'
import type { ReviewService } from '#server/review/service.ts'
import type { ReviewResponse } from '#shared/review.ts'

const REVIEW_ID_MESSAGE = 'must be a review id (a positive whole number)'

/** `:id` of a review: canonical decimal, a positive 32-bit integer like a challenge id; else a 400. */
export const reviewIdParams = z.object({
  id: z
    .string(REVIEW_ID_MESSAGE)
    .regex(CHALLENGE_ID_PATTERN, REVIEW_ID_MESSAGE)
    .transform(Number)
    .refine((id) => id <= MAX_CHALLENGE_ID, 'is too large to be a review id'),
})

/**
 * Review reports: public, like the profile that links to them. Review ids are not secret; the report
 * shows nothing the member's public profile and live site do not.
 */
export function reviewRoutes(reviews: ReviewService) {
  return new Hono().get('/:id', async (c) => {
    const { id } = parseInput(reviewIdParams, c.req.param())
    const review = await reviews.getReview(id)
    if (!review) throw notFound('There is no such review.')
    // A review in progress changes from one poll to the next; a finished one only if the member renames.
    const finished = review.status === 'done' || review.status === 'failed'
    c.header('Cache-Control', finished ? 'no-cache' : 'no-store')
    return c.json({ review } satisfies ReviewResponse)
  })
}
