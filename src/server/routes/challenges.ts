import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm'
import { Hono } from 'hono'
import { etag } from 'hono/etag'
import { z } from 'zod'
import type { Database } from '#server/db/client.ts'
import { challenges } from '#server/db/schema.ts'
import { notFound, parseInput } from '#server/http/errors.ts'
import { challengeIdParams, MAX_CHALLENGE_ID, slugParams } from '#server/http/params.ts'
import { groupZipEntries } from '#shared/assets.ts'
import { CATEGORY_VALUES } from '#shared/categories.ts'
import { type Challenge, type ChallengeZip, categorySchema } from '#shared/challenge.ts'

const MAX_IDS = 100

const listQuery = z.object({
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

export function toChallenge(row: ChallengeRow): Challenge {
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

export function toChallengeZip(row: ChallengeRow): ChallengeZip {
  return {
    challengeId: row.id,
    fileName: `${row.title}.zip`,
    size: row.zipSize,
    entries: row.zipEntries,
    assets: groupZipEntries(row.zipEntries, row.figmaUrl),
    figmaUrl: row.figmaUrl,
  }
}

const newestFirst = [desc(challenges.publishedOn), desc(challenges.id)]

export async function findChallengeById(db: Database, id: number): Promise<ChallengeRow> {
  const [row] = await db.select().from(challenges).where(eq(challenges.id, id)).limit(1)
  if (!row) throw notFound(`There is no challenge with id ${id}.`)
  return row
}

/** SPEC §7 challenge calls: list (newest first), by category, by id list, count, by slug, zip metadata. */
export function challengeRoutes(db: Database) {
  return (
    new Hono()
      // The catalogue changes only on import: short caching, cheap revalidation by ETag.
      .use(etag())
      .use(async (c, next) => {
        await next()
        if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=60, stale-while-revalidate=300')
      })
      .get('/', async (c) => {
        const query = parseInput(listQuery, c.req.query())
        const filters: SQL[] = []
        if (query.category) filters.push(eq(challenges.category, query.category))
        if (query.ids) filters.push(inArray(challenges.id, query.ids))
        const rows = await db
          .select()
          .from(challenges)
          .where(and(...filters))
          .orderBy(...newestFirst)
        return c.json({ challenges: rows.map(toChallenge) })
      })
      .get('/count', async (c) => {
        const [row] = await db.select({ value: count() }).from(challenges)
        return c.json({ count: row?.value ?? 0 })
      })
      .get('/by-slug/:slug', async (c) => {
        const { slug } = parseInput(slugParams, c.req.param())
        const [row] = await db.select().from(challenges).where(eq(challenges.slug, slug)).limit(1)
        if (!row) throw notFound(`There is no challenge at "${slug}".`)
        return c.json({ challenge: toChallenge(row) })
      })
      .get('/:id', async (c) => {
        const id = parseInput(challengeIdParams, c.req.param()).id
        return c.json({ challenge: toChallenge(await findChallengeById(db, id)) })
      })
      .get('/:id/zip', async (c) => {
        const id = parseInput(challengeIdParams, c.req.param()).id
        return c.json({ zip: toChallengeZip(await findChallengeById(db, id)) })
      })
  )
}
