import { Hono } from 'hono'
import { z } from 'zod'
import { cacheJson, sendCached } from '#server/catalogue/cached-body.ts'
import type { Catalogue } from '#server/catalogue/catalogue.ts'
import { notFound, parseInput } from '#server/http/errors.ts'
import { challengeIdParams, MAX_CHALLENGE_ID, slugParams } from '#server/http/params.ts'
import { describeOperation, error, json, NOT_MODIFIED } from '#server/openapi/operation.ts'
import { catalogueQuerySchema, selectChallenges } from '#shared/catalogue-filters.ts'
import { CATEGORY_VALUES } from '#shared/categories.ts'

const MAX_IDS = 100

export const listQuery = catalogueQuerySchema.extend({
  category: z.enum(CATEGORY_VALUES, `must be one of ${CATEGORY_VALUES.join(', ')}`).optional(),
  ids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10})*$/, 'must be a comma-separated list of challenge ids, such as 1,2,3')
    // Canonical decimal, as in `:id`: `01` is not the id 1.
    .refine((value) => !/(^|,)0\d/.test(value), 'must write each id without leading zeros')
    .transform((value) => [...new Set(value.split(',').map(Number))])
    .refine((ids) => ids.length <= MAX_IDS, `must name at most ${MAX_IDS} ids`)
    .refine((ids) => ids.every((id) => id >= 1 && id <= MAX_CHALLENGE_ID), 'must contain only positive ids')
    .optional(),
})

export const CATALOGUE_CACHE = 'public, max-age=60, stale-while-revalidate=300'
/** The lists carry live solution counts: revalidated every time, which their ETag makes a 304. */
export const LIST_CACHE = 'public, no-cache'
/** Both, as the catalogue's fast path answers them (catalogue/fast-path.ts). */
export const CATALOGUE_CACHING = { list: LIST_CACHE, item: CATALOGUE_CACHE }

/**
 * docs/product.md §7 challenge calls: list (newest first; searched, filtered and sorted as the catalogue
 * pages are, §2), by category, by id list, count, by slug, zip metadata. Answers come from the in-memory
 * catalogue, built and compressed once per import, with ETags; the lists add each challenge's solution
 * count, kept in memory by the events that change it (catalogue.ts), so an unchanged list runs no query.
 */
export function challengeRoutes(catalogue: Catalogue) {
  return new Hono()
    .get(
      '/',
      describeOperation({
        operationId: 'listChallenges',
        summary: 'Challenges, newest first, with their solution counts',
        description:
          'Each challenge carries `solutionCount`, its listed solutions. Searched, filtered and sorted as the catalogue pages are.',
        tag: 'Challenges',
        query: listQuery,
        responses: {
          200: json('The challenges that match.', 'ChallengeListResponse'),
          304: NOT_MODIFIED,
          400: error('The category, the id list, the search, the difficulty or the sort is not valid.'),
        },
      }),
      async (c) => {
        const query = parseInput(listQuery, c.req.query())
        const listing = await catalogue.listing(query.category)
        const plain = !query.ids && !query.q && !query.difficulty && (query.sort ?? 'newest') === 'newest'
        if (plain) return sendCached(c, listing.body, LIST_CACHE)
        const ids = new Set(query.ids)
        const selected = selectChallenges(
          listing.challenges.filter((challenge) => !query.ids || ids.has(challenge.id)),
          { q: query.q ?? '', difficulty: query.difficulty ?? null, sort: query.sort ?? 'newest' },
        )
        return sendCached(c, cacheJson({ challenges: selected }, 'none'), LIST_CACHE)
      },
    )
    .get(
      '/count',
      describeOperation({
        operationId: 'countChallenges',
        summary: 'How many challenges there are',
        tag: 'Challenges',
        responses: { 200: json('The number of challenges.', 'ChallengeCountResponse'), 304: NOT_MODIFIED },
      }),
      async (c) => sendCached(c, (await catalogue.snapshot()).count, CATALOGUE_CACHE),
    )
    .get(
      '/by-slug/:slug',
      describeOperation({
        operationId: 'getChallengeBySlug',
        summary: 'A challenge by its slug',
        tag: 'Challenges',
        params: slugParams,
        responses: {
          200: json('The challenge.', 'ChallengeResponse'),
          304: NOT_MODIFIED,
          400: error('The slug is empty, too long or has control characters.'),
          404: error('There is no challenge with this slug.'),
        },
      }),
      async (c) => {
        const { slug } = parseInput(slugParams, c.req.param())
        const body = (await catalogue.snapshot()).bySlug.get(slug)
        if (!body) throw notFound(`There is no challenge at "${slug}".`)
        return sendCached(c, body, CATALOGUE_CACHE)
      },
    )
    .get(
      '/:id',
      describeOperation({
        operationId: 'getChallenge',
        summary: 'A challenge by its id',
        tag: 'Challenges',
        params: challengeIdParams,
        responses: {
          200: json('The challenge.', 'ChallengeResponse'),
          304: NOT_MODIFIED,
          400: error('The id is not a challenge id.'),
          404: error('There is no challenge with this id.'),
        },
      }),
      async (c) => {
        const { id } = parseInput(challengeIdParams, c.req.param())
        const body = (await catalogue.snapshot()).byId.get(id)
        if (!body) throw notFound(`There is no challenge with id ${id}.`)
        return sendCached(c, body, CATALOGUE_CACHE)
      },
    )
    .get(
      '/:id/zip',
      describeOperation({
        operationId: 'getChallengeZip',
        summary: 'What a challenge’s download holds',
        description: 'The zip itself is for members: GET /api/me/challenges/{id}/download.',
        tag: 'Challenges',
        params: challengeIdParams,
        responses: {
          200: json('The zip’s name, size, files and the asset list they make.', 'ChallengeZipResponse'),
          304: NOT_MODIFIED,
          400: error('The id is not a challenge id.'),
          404: error('There is no challenge with this id.'),
        },
      }),
      async (c) => {
        const { id } = parseInput(challengeIdParams, c.req.param())
        const body = (await catalogue.snapshot()).zipById.get(id)
        if (!body) throw notFound(`There is no challenge with id ${id}.`)
        return sendCached(c, body, CATALOGUE_CACHE)
      },
    )
}
