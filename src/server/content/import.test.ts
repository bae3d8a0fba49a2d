import { rename } from 'node:fs/promises'
import { join } from 'node:path'
import { count, eq } from 'drizzle-orm'
import { unzipSync } from 'fflate'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { importCatalogue } from '#server/content/import.ts'
import { ContentError, loadCatalogue } from '#server/content/load.ts'
import { SUBMITTING_SECTION } from '#server/content/readme.ts'
import { challenges } from '#server/db/schema.ts'
import { loadSharp } from '#server/sharp.ts'
import { createFsStorage } from '#server/storage/fs-storage.ts'
import type { Storage } from '#server/storage/storage.ts'
import { DESIGN_PREVIEW_WIDTH } from '#shared/constants.ts'
import { png, temporaryDir, writeChallengeFolder } from '#tests/support/content-fixtures.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'

async function readAll(storage: Storage, key: string): Promise<Buffer> {
  const object = await storage.get(key)
  if (!object) throw new Error(`missing ${key}`)
  const chunks: Buffer[] = []
  for await (const chunk of object.open()) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

describe.each(TEST_DATABASES)('content import on %s', (kind) => {
  let database: TestDatabase
  let contentDir: string
  let storage: Storage
  const rowCount = async () => (await database.db.select({ value: count() }).from(challenges))[0]?.value
  const run = () => importCatalogue({ db: database.db, storage, contentDir })

  beforeEach(async () => {
    database = await createTestDatabase(kind)
    contentDir = await temporaryDir()
    storage = createFsStorage(await temporaryDir('dojo-storage-'))
  })
  afterEach(async () => {
    await database?.drop()
  })

  it('is idempotent: a second run changes nothing and duplicates nothing', async () => {
    await writeChallengeFolder(contentDir, { title: 'First One', category: 'hero' })
    await writeChallengeFolder(contentDir, { title: 'Second One', category: 'footer' })
    expect(await run()).toEqual({ created: ['First-One', 'Second-One'], updated: [], unchanged: [] })
    const before = await database.db.select().from(challenges).orderBy(challenges.id)
    expect(await run()).toEqual({ created: [], updated: [], unchanged: ['First-One', 'Second-One'] })
    const after = await database.db.select().from(challenges).orderBy(challenges.id)
    expect(after).toEqual(before)
    expect(await rowCount()).toBe(2)
  })

  it('updates a changed challenge in place, keeping its id', async () => {
    const { dir } = await writeChallengeFolder(contentDir, { title: 'Changing One' })
    await run()
    const [before] = await database.db.select().from(challenges)
    await writeChallengeFolder(contentDir, {
      title: 'Changing One',
      description: 'A brand new description for this one.',
    })
    expect(dir).toContain('Changing-One')
    expect(await run()).toEqual({ created: [], updated: ['Changing-One'], unchanged: [] })
    const [after] = await database.db.select().from(challenges)
    expect(after?.id).toBe(before?.id)
    expect(after?.description).toBe('A brand new description for this one.')
    expect(after?.zipFile).not.toBe(before?.zipFile)
  })

  it('rebuilds files that went missing from storage', async () => {
    await writeChallengeFolder(contentDir, { title: 'Lost Files' })
    await run()
    const [row] = await database.db.select().from(challenges)
    await storage.delete(row?.zipFile ?? '')
    expect(await run()).toEqual({ created: [], updated: ['Lost-Files'], unchanged: [] })
    expect(await storage.exists(row?.zipFile ?? '')).toBe(true)
  })

  it('builds a zip of one folder named after the slug: designs, style guide, images, starter files and the brief, and no solution', async () => {
    await writeChallengeFolder(contentDir, { title: 'Zipped One' }, { 'fonts/a.woff2': Buffer.from('font') })
    await run()
    const [row] = await database.db.select().from(challenges).where(eq(challenges.slug, 'Zipped-One'))
    const files = unzipSync(new Uint8Array(await readAll(storage, row?.zipFile ?? '')))
    // The folder, then its files; the entries are listed as they are inside it.
    expect(Object.keys(files).sort()).toEqual([
      'Zipped-One/',
      ...(row?.zipEntries ?? []).map((entry) => `Zipped-One/${entry}`),
    ])
    expect(row?.zipEntries).toEqual([
      'README.md',
      'design/desktop.png',
      'design/mobile.png',
      'design/tablet.png',
      'fonts/a.woff2',
      'images/logo.svg',
      'index.html',
      'style-guide.md',
      'style.css',
    ])
    const readme = new TextDecoder().decode(files['Zipped-One/README.md'])
    expect(readme).toContain('# Zipped One')
    expect(readme.endsWith(SUBMITTING_SECTION)).toBe(true)
  })

  it('stores every design image with its size, the state images in the order of states.json', async () => {
    await writeChallengeFolder(
      contentDir,
      { title: 'Stateful One' },
      {
        'states.json': JSON.stringify([
          { name: 'mobile-menu-open', view: 'mobile', steps: [{ click: '#menu' }] },
          { name: 'desktop-hover', view: 'desktop', steps: [{ hover: 'a' }] },
        ]),
        'design/mobile-menu-open.png': await png(375, 640, '#ff0000'),
        'design/desktop-hover.png': await png(1440, 900, '#00ff00'),
      },
    )
    await run()
    const [row] = await database.db.select().from(challenges).where(eq(challenges.slug, 'Stateful-One'))
    expect(row?.designImages.map(({ name, view, width, height }) => ({ name, view, width, height }))).toEqual(
      [
        { name: 'desktop', view: 'desktop', width: 1440, height: 900 },
        { name: 'tablet', view: 'tablet', width: 768, height: 1000 },
        { name: 'mobile', view: 'mobile', width: 375, height: 1200 },
        { name: 'mobile-menu-open', view: 'mobile', width: 375, height: 640 },
        { name: 'desktop-hover', view: 'desktop', width: 1440, height: 900 },
      ],
    )
    expect(row?.designImages[0]?.key).toBe(row?.templateImg)
    const state = row?.designImages[3]
    expect(state?.key).toMatch(/^public\/challenges\/[0-9a-f]{16}\/states\/mobile-menu-open\.webp$/)
    const stored = await loadSharp().then(async (sharp) =>
      sharp(await readAll(storage, state?.key ?? '')).metadata(),
    )
    expect(stored).toMatchObject({ format: 'webp', width: 375, height: 640 })

    // A state image gone from storage is rebuilt like any other file.
    await storage.delete(state?.key ?? '')
    expect(await run()).toEqual({ created: [], updated: ['Stateful-One'], unchanged: [] })
    expect(await storage.exists(state?.key ?? '')).toBe(true)
  })

  it('stores each design as its own PNG beside the WebP, byte for byte the file the zip has', async () => {
    const hover = await png(1440, 900, '#00ff00')
    await writeChallengeFolder(
      contentDir,
      { title: 'Downloadable One' },
      {
        'states.json': JSON.stringify([{ name: 'desktop-hover', view: 'desktop', steps: [{ hover: 'a' }] }]),
        'design/desktop-hover.png': hover,
      },
    )
    await run()
    const [row] = await database.db.select().from(challenges).where(eq(challenges.slug, 'Downloadable-One'))
    expect(row?.designImages.map((image) => image.pngKey)).toEqual([
      expect.stringMatching(/^public\/challenges\/[0-9a-f]{16}\/desktop\.png$/),
      expect.stringMatching(/^public\/challenges\/[0-9a-f]{16}\/tablet\.png$/),
      expect.stringMatching(/^public\/challenges\/[0-9a-f]{16}\/mobile\.png$/),
      expect.stringMatching(/^public\/challenges\/[0-9a-f]{16}\/states\/desktop-hover\.png$/),
    ])
    const statePng = row?.designImages[3]?.pngKey ?? ''
    expect(await readAll(storage, statePng)).toEqual(Buffer.from(hover))
    // A catalogue imported before the PNGs were kept gets them on the next import.
    await storage.delete(statePng)
    expect(await run()).toEqual({ created: [], updated: ['Downloadable-One'], unchanged: [] })
    expect(await storage.exists(statePng)).toBe(true)
  })

  it("stores the desktop design's preview, 720 px wide, and none for the narrower views", async () => {
    await writeChallengeFolder(contentDir, { title: 'Previewed One' })
    await run()
    const [row] = await database.db.select().from(challenges).where(eq(challenges.slug, 'Previewed-One'))
    const [desktop, tablet, mobile] = row?.designImages ?? []
    expect(desktop?.previewKey).toMatch(/^public\/challenges\/[0-9a-f]{16}\/desktop-preview\.webp$/)
    expect(tablet?.previewKey).toBeUndefined()
    expect(mobile?.previewKey).toBeUndefined()
    const preview = await loadSharp().then(async (sharp) =>
      sharp(await readAll(storage, desktop?.previewKey ?? '')).metadata(),
    )
    // The fixture's desktop design is 1440 × 900: the preview keeps its proportions.
    expect(preview).toMatchObject({ format: 'webp', width: DESIGN_PREVIEW_WIDTH, height: 450 })
    // A catalogue imported before previews were made gets them on the next import.
    await storage.delete(desktop?.previewKey ?? '')
    expect(await run()).toEqual({ created: [], updated: ['Previewed-One'], unchanged: [] })
    expect(await storage.exists(desktop?.previewKey ?? '')).toBe(true)
  })

  it.each([
    [
      'a state without its image',
      '[{ "name": "mobile-menu-open", "view": "mobile" }]',
      /Stateless-One\/design\/mobile-menu-open\.png: is missing: states\.json lists it/,
    ],
    ['a state of an unknown view', '[{ "name": "watch-open", "view": "watch" }]', /states\.json \(0\.view\)/],
    ['states.json that is not JSON', '[{', /states\.json: is not valid JSON/],
  ])('rejects %s by path', async (_, states, message) => {
    await writeChallengeFolder(contentDir, { title: 'Stateless One' }, { 'states.json': states })
    await expect(run()).rejects.toThrow(message)
    expect(await rowCount()).toBe(0)
  })

  it('rejects a malformed folder by path and field, and imports nothing', async () => {
    await writeChallengeFolder(contentDir, { title: 'Good One' })
    await writeChallengeFolder(
      contentDir,
      { title: 'Bad One', difficulty: 'extreme' },
      { 'style-guide.md': null },
    )
    const error = await run().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ContentError)
    const problems = (error as ContentError).problems
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: expect.stringMatching(/Bad-One\/style-guide\.md$/),
          message: 'required file is missing',
        }),
        expect.objectContaining({
          path: expect.stringMatching(/Bad-One\/challenge\.json$/),
          field: 'difficulty',
        }),
      ]),
    )
    expect((error as Error).message).toMatch(/nothing was imported/)
    expect(await rowCount()).toBe(0)
  })

  it.each([
    ['an unknown key', { title: 'Extra Key', colour: 'red' }, {}, /Extra-Key\/challenge\.json/],
    [
      'a wrong date',
      { title: 'Bad Date', date: '21/11/2026' },
      {},
      /\(date\): must be a date written YYYY-MM-DD/,
    ],
    [
      'invalid JSON',
      { title: 'Broken Json' },
      { 'challenge.json': '{ nope' },
      /challenge\.json: is not valid JSON/,
    ],
  ])('rejects %s', async (_, metadata, files, message) => {
    await writeChallengeFolder(contentDir, metadata, files)
    await expect(run()).rejects.toThrow(message)
    expect(await rowCount()).toBe(0)
  })

  it('rejects a design image of the wrong width', async () => {
    await writeChallengeFolder(
      contentDir,
      { title: 'Wrong Width' },
      { 'design/tablet.png': await png(1440, 10, '#000') },
    )
    await expect(run()).rejects.toThrow(/tablet\.png \(width\): must be 768 px wide \(found 1440 px\)/)
    expect(await rowCount()).toBe(0)
  })

  it('rejects a folder not named after its title', async () => {
    const { dir } = await writeChallengeFolder(await temporaryDir(), { title: 'Elsewhere' })
    await rename(dir, join(contentDir, 'Not-The-Title'))
    await expect(run()).rejects.toThrow(
      /Not-The-Title\/challenge\.json \(title\): the folder must be named after the title: expected "Elsewhere"/,
    )
    expect(await rowCount()).toBe(0)
  })

  it('rejects two challenges with the same title', async () => {
    await writeChallengeFolder(contentDir, { title: 'Twin Title' })
    await writeChallengeFolder(contentDir, { title: 'twin title' })
    await expect(run()).rejects.toThrow(/\(title\): duplicates the title of/)
    expect(await rowCount()).toBe(0)
  })
})

describe('the real catalogue', () => {
  it('is valid and covers every category', async () => {
    const catalogue = await loadCatalogue(join(process.cwd(), 'content', 'challenges'))
    expect(catalogue.length).toBeGreaterThanOrEqual(5)
    expect(new Set(catalogue.map((c) => c.metadata.category))).toEqual(
      new Set(['navbar', 'footer', 'landing-page', 'hero', 'features']),
    )
  })
})
