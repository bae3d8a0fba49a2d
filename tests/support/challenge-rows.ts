import { notifyCatalogueChanged } from '#server/catalogue/catalogue.ts'
import type { Database } from '#server/db/client.ts'
import { challenges } from '#server/db/schema.ts'

/**
 * Catalogue rows without files, for tests about members' progress that need many challenges fast.
 * Downloads of these challenges find no zip; import real folders (content-fixtures.ts) for that.
 */
export async function insertChallengeRows(db: Database, count: number, prefix = 'Row Challenge') {
  const stamp = Date.now().toString(36)
  const rows = Array.from({ length: count }, (_, i) => {
    const title = `${prefix} ${stamp} ${i + 1}`
    const key = `public/challenges/${title.replaceAll(' ', '-')}`
    return {
      slug: title.replaceAll(' ', '-'),
      title,
      description: 'A challenge row made by a test.',
      category: 'navbar',
      difficulty: 'easy',
      publishedOn: '2026-10-01',
      templateImg: `${key}/desktop.webp`,
      tabletImg: `${key}/tablet.webp`,
      mobileImg: `${key}/mobile.webp`,
      templateThumb: `${key}/desktop-thumb.webp`,
      tabletThumb: `${key}/tablet-thumb.webp`,
      mobileThumb: `${key}/mobile-thumb.webp`,
      zipFile: `private/zips/${title.replaceAll(' ', '-')}.zip`,
      zipSize: 0,
      zipEntries: [],
      contentHash: `${stamp}-${i}`,
    }
  })
  const inserted = await db.insert(challenges).values(rows).returning({ id: challenges.id })
  notifyCatalogueChanged(db)
  return inserted
}
