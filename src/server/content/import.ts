import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { notifyCatalogueChanged } from '#server/catalogue/catalogue.ts'
import { buildChallenge, type ImageBuilder, PREVIEWED_VIEWS } from '#server/content/build.ts'
import { DESIGN_VIEWS, type DesignView, type LoadedChallenge, loadCatalogue } from '#server/content/load.ts'
import type { Database } from '#server/db/client.ts'
import { notifyStatement } from '#server/db/events.ts'
import { challenges } from '#server/db/schema.ts'
import type { Logger } from '#server/logger.ts'
import { designElementsKey } from '#server/review/elements-design.ts'
import type { Storage } from '#server/storage/storage.ts'

export type ImportResult = { created: string[]; updated: string[]; unchanged: string[] }

/** Storage keys are content-addressed: a changed challenge gets new keys, so they can be cached forever. */
function storageKeysFor(contentHash: string) {
  const base = `public/challenges/${contentHash.slice(0, 16)}`
  return {
    desktop: {
      full: `${base}/desktop.webp`,
      thumb: `${base}/desktop-thumb.webp`,
      png: `${base}/desktop.png`,
    },
    /** A view's preview (`PREVIEWED_VIEWS`): the design at the width a phone shows it. */
    preview: (view: DesignView) => `${base}/${view}-preview.webp`,
    tablet: { full: `${base}/tablet.webp`, thumb: `${base}/tablet-thumb.webp`, png: `${base}/tablet.png` },
    mobile: { full: `${base}/mobile.webp`, thumb: `${base}/mobile-thumb.webp`, png: `${base}/mobile.png` },
    /** A state image's key: a folder of their own, so no state name can meet a view's file. */
    state: (name: string) => `${base}/states/${name}.webp`,
    /** The design's own PNG, as the zip has it: what the viewer's Download gives. */
    statePng: (name: string) => `${base}/states/${name}.png`,
    zip: `zips/${contentHash.slice(0, 16)}.zip`,
    /** A view's elements for the element review, when the folder has them (elements-design.ts). */
    elements: (view: DesignView) => designElementsKey(contentHash, view),
  }
}

/** The views whose design/<view>.elements.json the folder holds (docs/content-format.md). */
const viewsWithElements = (challenge: LoadedChallenge) =>
  DESIGN_VIEWS.filter(({ view }) => challenge.files.includes(`design/${view}.elements.json`)).map(
    (d) => d.view,
  )

function allKeys(challenge: LoadedChallenge, keys: ReturnType<typeof storageKeysFor>): string[] {
  return [
    ...DESIGN_VIEWS.flatMap(({ view }) => [keys[view].full, keys[view].thumb, keys[view].png]),
    ...PREVIEWED_VIEWS.map((view) => keys.preview(view)),
    ...challenge.states.flatMap((state) => [keys.state(state.name), keys.statePng(state.name)]),
    keys.zip,
    ...viewsWithElements(challenge).map((view) => keys.elements(view)),
  ]
}

async function writeArtifacts(storage: Storage, challenge: LoadedChallenge, images?: ImageBuilder) {
  const built = await buildChallenge(challenge, images)
  const keys = storageKeysFor(challenge.contentHash)
  const designImages: (typeof challenges.$inferInsert)['designImages'] = []
  const png = async (name: string) =>
    new Uint8Array(await readFile(join(challenge.dir, 'design', `${name}.png`)))
  for (const { view } of DESIGN_VIEWS) {
    const image = built.images.views[view]
    await storage.put(keys[view].full, image.full)
    await storage.put(keys[view].thumb, image.thumb)
    await storage.put(keys[view].png, await png(view))
    if (image.preview) await storage.put(keys.preview(view), image.preview)
    designImages.push({
      name: view,
      view,
      key: keys[view].full,
      pngKey: keys[view].png,
      ...(image.preview ? { previewKey: keys.preview(view) } : {}),
      width: image.width,
      height: image.height,
    })
  }
  for (const state of built.images.states) {
    const key = keys.state(state.name)
    await storage.put(key, state.full)
    await storage.put(keys.statePng(state.name), await png(state.name))
    designImages.push({
      name: state.name,
      view: state.view,
      key,
      pngKey: keys.statePng(state.name),
      width: state.width,
      height: state.height,
    })
  }
  await storage.put(keys.zip, built.zip)
  for (const view of viewsWithElements(challenge))
    await storage.put(
      keys.elements(view),
      new Uint8Array(await readFile(join(challenge.dir, 'design', `${view}.elements.json`))),
    )
  return { keys, designImages, zipSize: built.zip.byteLength, zipEntries: built.zipEntries }
}

/**
 * Puts the catalogue from `contentDir` into the database and storage. Idempotent: a challenge whose
 * files did not change is left alone; a changed one is rebuilt and updated in place (same id, so
 * members' progress stays attached). Every folder is checked before anything is written, and all rows
 * are written in one transaction.
 */
export async function importCatalogue(options: {
  db: Database
  storage: Storage
  contentDir: string
  log?: Logger
  /** Where design images are converted; in this process unless told otherwise. */
  images?: ImageBuilder
}): Promise<ImportResult> {
  const { db, storage, contentDir, log, images } = options
  const catalogue = await loadCatalogue(contentDir)

  const existing = new Map(
    (await db.select({ slug: challenges.slug, contentHash: challenges.contentHash }).from(challenges)).map(
      (row) => [row.slug, row.contentHash],
    ),
  )

  const result: ImportResult = { created: [], updated: [], unchanged: [] }
  const rows: (typeof challenges.$inferInsert)[] = []
  for (const challenge of catalogue) {
    const previous = existing.get(challenge.slug)
    const keys = storageKeysFor(challenge.contentHash)
    const stored = await Promise.all(allKeys(challenge, keys).map((key) => storage.exists(key)))
    if (previous === challenge.contentHash && stored.every(Boolean)) {
      result.unchanged.push(challenge.slug)
      continue
    }
    const artifacts = await writeArtifacts(storage, challenge, images)
    ;(previous === undefined ? result.created : result.updated).push(challenge.slug)
    const { metadata } = challenge
    rows.push({
      slug: challenge.slug,
      title: metadata.title,
      description: metadata.description,
      category: metadata.category,
      difficulty: metadata.difficulty,
      publishedOn: metadata.date,
      templateImg: artifacts.keys.desktop.full,
      tabletImg: artifacts.keys.tablet.full,
      mobileImg: artifacts.keys.mobile.full,
      templateThumb: artifacts.keys.desktop.thumb,
      tabletThumb: artifacts.keys.tablet.thumb,
      mobileThumb: artifacts.keys.mobile.thumb,
      zipFile: artifacts.keys.zip,
      zipSize: artifacts.zipSize,
      zipEntries: artifacts.zipEntries,
      designImages: artifacts.designImages,
      figmaUrl: metadata.figmaUrl ?? null,
      contentHash: challenge.contentHash,
    })
  }

  if (rows.length > 0) {
    await db.transaction(async (tx) => {
      for (const row of rows) {
        const { slug: _slug, ...changes } = row
        await tx
          .insert(challenges)
          .values(row)
          .onConflictDoUpdate({ target: challenges.slug, set: { ...changes, updatedAt: sql`now()` } })
      }
      // Other instances on this PostgreSQL database rebuild their catalogue when this commits.
      await tx.execute(notifyStatement({ type: 'catalogue-changed' }))
    })
    notifyCatalogueChanged(db)
  }

  const missing = [...existing.keys()].filter((slug) => !catalogue.some((c) => c.slug === slug))
  if (missing.length > 0) {
    log?.warn('challenges in the database have no content folder; they are kept', { slugs: missing })
  }
  log?.info('catalogue imported', {
    created: result.created.length,
    updated: result.updated.length,
    unchanged: result.unchanged.length,
  })
  return result
}
