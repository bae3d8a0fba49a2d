import { eq } from 'drizzle-orm'
import { DESIGN_VIEWS } from '#server/content/load.ts'
import type { Database } from '#server/db/client.ts'
import { challenges } from '#server/db/schema.ts'
import { notFound } from '#server/http/errors.ts'
import { groupZipEntries } from '#shared/assets.ts'
import { type Challenge, type ChallengeZip, categorySchema } from '#shared/challenge.ts'

/**
 * A challenge's database row and the public shapes made from it: the catalogue builds its answers
 * with these, and so do the member routes that show challenges.
 */
export type ChallengeRow = typeof challenges.$inferSelect

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
  designImages: challenges.designImages,
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
  | 'designImages'
>

const VIEW_IMAGE = { desktop: 'templateImg', tablet: 'tabletImg', mobile: 'mobileImg' } as const

/**
 * The design images as the challenge page shows them (docs/product.md §2): the three views always
 * (a row imported before sizes were kept has no height), then the state images. Each downloads as its
 * PNG (a row imported before the PNGs were stored: as the WebP shown, until the next import).
 */
function designsOf(row: ChallengeFields): Challenge['designs'] {
  const views = DESIGN_VIEWS.map(({ view, width }) => {
    const stored = row.designImages.find((image) => image.name === view)
    const src = fileUrl(row[VIEW_IMAGE[view]])
    return {
      name: view,
      view,
      src,
      download: stored?.pngKey ? fileUrl(stored.pngKey) : src,
      preview: stored?.previewKey ? fileUrl(stored.previewKey) : null,
      width: stored?.width ?? width,
      height: stored?.height ?? null,
    }
  })
  const states = row.designImages
    .filter((image) => image.name !== image.view)
    .map(({ name, view, key, pngKey, width, height }) => ({
      name,
      view,
      src: fileUrl(key),
      download: fileUrl(pngKey ?? key),
      preview: null,
      width,
      height,
    }))
  return { views, states }
}

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
    designs: designsOf(row),
    publishedAt: new Date(`${row.publishedOn}T00:00:00Z`).toISOString(),
  }
}

/** `challenge_live` is a single space until a solution is submitted (docs/product.md §3): that means none. */
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
