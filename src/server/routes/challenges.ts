import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod'
import { cacheJson, sendCached } from '#server/catalogue/cached-body.ts'
import type { Catalogue } from '#server/catalogue/catalogue.ts'
import type { Database } from '#server/db/client.ts'
import { challenges } from '#server/db/schema.ts'
import { notFound, parseInput } from '#server/http/errors.ts'
import { challengeIdParams, MAX_CHALLENGE_ID, slugParams } from '#server/http/params.ts'
import { groupZipEntries } from '#shared/assets.ts'
import { CATEGORY_VALUES } from '#shared/categories.ts'
import { type Challenge, type ChallengeZip, categorySchema } from '#shared/challenge.ts'

const MAX_IDS = 100

export const listQuery = z.object({
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

type ChallengeRow = typeof challenges.$inferSelect

/** Storage keys under public/ are served at /files/. */
export function fileUrl(key: string): string {
  return `/files/${key.replace(/^public\//, '')}`
}

/** The columns a public challenge is made of, to select no more than an answer needs. */
export const challengeColumns = {
  id: challenges.id,
  slug: challenges.slug,
  title: challenges.title,
  description: challenges.description,
  category: challenges.category,
  difficulty: challenges.difficulty,
  publishedOn: challenges.publishedOn,
  templateImg: challenges.templateImg,
  tabletImg: challenges.tabletImg,
  mobileImg: challenges.mobileImg,
  templateThumb: challenges.templateThumb,
  tabletThumb: challenges.tabletThumb,
  mobileThumb: challenges.mobileThumb,
}

type ChallengeFields = Pick<
  ChallengeRow,
  | 'id'
  | 'slug'
  | 'title'
  | 'description'
  | 'category'
  | 'difficulty'
  | 'publishedOn'
  | 'templateImg'
  | 'tabletImg'
  | 'mobileImg'
  | 'templateThumb'
  | 'tabletThumb'
  | 'mobileThumb'
>

export function toChallenge(row: ChallengeFields): Challenge {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    category: categorySchema.parse(row.category),
    difficulty: row.difficulty as Challenge['difficulty'],
    templateImg: fileUrl(row.templateImg),
    tabletImg: fileUrl(row.tabletImg),
    mobileImg: fileUrl(row.mobileImg),
    thumbnails: {
      desktop: fileUrl(row.templateThumb),
      tablet: fileUrl(row.tabletThumb),
      mobile: fileUrl(row.mobileThumb),
    },
    publishedAt: new Date(`${row.publishedOn}T00:00:00Z`).toISOString(),
  }
}

/** `challenge_live` is a single space until a solution is submitted (SPEC §3): that means none. */
export function liveUrlOf(challengeLive: string): string | null {
  return challengeLive.trim() === '' ? null : challengeLive
}

export function toChallengeZip(
  row: Pick<ChallengeRow, 'id' | 'title' | 'zipSize' | 'zipEntries' | 'figmaUrl'>,
): ChallengeZip {
  return {
    challengeId: row.id,
    fileName: `${row.title}.zip`,
    size: row.zipSize,
    entries: row.zipEntries,
    assets: groupZipEntries(row.zipEntries, row.figmaUrl),
    figmaUrl: row.figmaUrl,
  }
}

export async function findChallengeById(db: Database, id: number): Promise<ChallengeRow> {
  const [row] = await db.select().from(challenges).where(eq(challenges.id, id)).limit(1)
  if (!row) throw notFound(`There is no challenge with id ${id}.`)
  return row
}

export const CATALOGUE_CACHE = 'public, max-age=60, stale-while-revalidate=300'

/**
 * SPEC §7 challenge calls: list (newest first), by category, by id list, count, by slug, zip metadata.
 * Answers come from the in-memory catalogue, built and compressed once per import, with ETags.
 */
export function challengeRoutes(catalogue: Catalogue) {
  return new Hono()
    .get('/', async (c) => {
      const query = parseInput(listQuery, c.req.query())
      const snapshot = await catalogue.snapshot()
      if (!query.ids) {
        const body = query.category ? snapshot.byCategory.get(query.category) : snapshot.list
        if (body) return sendCached(c, body, CATALOGUE_CACHE)
      }
      const ids = new Set(query.ids)
      const selected = snapshot.challenges.filter(
        (challenge) =>
          (!query.category || challenge.category === query.category) && (!query.ids || ids.has(challenge.id)),
      )
      return sendCached(c, cacheJson({ challenges: selected }, 'none'), CATALOGUE_CACHE)
    })
    .get('/count', async (c) => sendCached(c, (await catalogue.snapshot()).count, CATALOGUE_CACHE))
    .get('/by-slug/:slug', async (c) => {
      const { slug } = parseInput(slugParams, c.req.param())
      const body = (await catalogue.snapshot()).bySlug.get(slug)
      if (!body) throw notFound(`There is no challenge at "${slug}".`)
      return sendCached(c, body, CATALOGUE_CACHE)
    })
    .get('/:id', async (c) => {
      const { id } = parseInput(challengeIdParams, c.req.param())
      const body = (await catalogue.snapshot()).byId.get(id)
      if (!body) throw notFound(`There is no challenge with id ${id}.`)
      return sendCached(c, body, CATALOGUE_CACHE)
    })
    .get('/:id/zip', async (c) => {
      const { id } = parseInput(challengeIdParams, c.req.param())
      const body = (await catalogue.snapshot()).zipById.get(id)
      if (!body) throw notFound(`There is no challenge with id ${id}.`)
      return sendCached(c, body, CATALOGUE_CACHE)
    })
}
