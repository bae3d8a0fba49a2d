import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { importCatalogue } from '#server/content/import.ts'
import { challenges } from '#server/db/schema.ts'
import {
  DESIGN_ELEMENTS_MAX_BYTES,
  designElementsKey,
  loadDesignElements,
} from '#server/review/elements-design.ts'
import { formatPageElements } from '#server/review/elements-schema.ts'
import { createFsStorage } from '#server/storage/fs-storage.ts'
import type { Storage } from '#server/storage/storage.ts'
import type { PageElements } from '#shared/page-elements.ts'
import { temporaryDir, writeChallengeFolder } from '#tests/support/content-fixtures.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'

const desktop: PageElements = {
  version: 1,
  width: 1440,
  height: 900,
  elements: [
    {
      kind: 'text',
      box: { x: 100, y: 200, width: 600, height: 60 },
      tag: 'h1',
      text: 'Grow your garden',
      fontFamily: 'Inter',
      fontSize: 48,
      fontWeight: 700,
      lineHeight: 57.6,
      colour: '#0b1b3f',
    },
  ],
}
const HASH = 'ab'.repeat(32)

describe('loadDesignElements', () => {
  let storage: Storage
  beforeEach(async () => {
    storage = createFsStorage(await temporaryDir('dojo-storage-'))
  })

  it('reads a stored view, and gives null for one not stored, not valid, or too large', async () => {
    await storage.put(
      designElementsKey(HASH, 'desktop'),
      new TextEncoder().encode(formatPageElements(desktop)),
    )
    await storage.put(designElementsKey(HASH, 'tablet'), new TextEncoder().encode('{"version":2}'))
    await storage.put(
      designElementsKey(HASH, 'mobile'),
      new Uint8Array(DESIGN_ELEMENTS_MAX_BYTES + 1).fill(32),
    )
    expect(await loadDesignElements(storage, { contentHash: HASH }, 'desktop')).toEqual(desktop)
    expect(await loadDesignElements(storage, { contentHash: HASH }, 'tablet')).toBeNull()
    expect(await loadDesignElements(storage, { contentHash: HASH }, 'mobile')).toBeNull()
    expect(await loadDesignElements(storage, { contentHash: 'cd'.repeat(32) }, 'desktop')).toBeNull()
  })
})

describe.each(TEST_DATABASES)('the import stores the design elements on %s', (kind) => {
  let database: TestDatabase
  afterEach(async () => {
    await database?.drop()
  })

  it('stores each view the folder has, under its content hash, and the review reads them back', async () => {
    database = await createTestDatabase(kind)
    const contentDir = await temporaryDir()
    const storage = createFsStorage(await temporaryDir('dojo-storage-'))
    const { slug } = await writeChallengeFolder(
      contentDir,
      { title: 'Listed One' },
      { 'design/desktop.elements.json': formatPageElements(desktop) },
    )
    await importCatalogue({ db: database.db, storage, contentDir })
    const [row] = await database.db
      .select({ contentHash: challenges.contentHash })
      .from(challenges)
      .where(eq(challenges.slug, slug))
    if (!row) throw new Error('not imported')
    expect(await loadDesignElements(storage, row, 'desktop')).toEqual(desktop)
    expect(await loadDesignElements(storage, row, 'mobile')).toBeNull()

    // Gone from storage: the next import puts it back though the folder did not change.
    await storage.delete(designElementsKey(row.contentHash, 'desktop'))
    expect(await importCatalogue({ db: database.db, storage, contentDir })).toMatchObject({ updated: [slug] })
    expect(await loadDesignElements(storage, row, 'desktop')).toEqual(desktop)
  })
})
