import { inArray } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { challenges } from '#server/db/schema.ts'
import type { Storage } from '#server/storage/storage.ts'
import { png } from '#tests/support/content-fixtures.ts'

/**
 * Stores a design image at each breakpoint key of these challenges, so a review can score them: rows
 * from insertChallengeRows (challenge-rows.ts) name images that no file holds.
 */
export async function storeDesignImages(db: Database, storage: Storage, ids: readonly number[]) {
  const rows = await db
    .select({ desktop: challenges.templateImg, tablet: challenges.tabletImg, mobile: challenges.mobileImg })
    .from(challenges)
    .where(inArray(challenges.id, [...ids]))
  const image = await png(64, 64, '#1f6f8b')
  for (const row of rows) {
    for (const key of [row.desktop, row.tablet, row.mobile]) await storage.put(key, image)
  }
}
