import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCatalogue } from '#server/catalogue/catalogue.ts'
import { importCatalogue } from '#server/content/import.ts'
import { challenges } from '#server/db/schema.ts'
import { createTestApp } from '#tests/support/app.ts'
import { temporaryDir, writeChallengeFolder } from '#tests/support/content-fixtures.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'

describe.each(TEST_DATABASES)('the catalogue in memory on %s', (kind) => {
  let database: TestDatabase
  let t: Awaited<ReturnType<typeof createTestApp>>
  let contentDir: string

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    contentDir = await temporaryDir()
    for (let i = 1; i <= 3; i++) await writeChallengeFolder(contentDir, { title: `Cached Challenge ${i}` })
    t = await createTestApp(database)
    await importCatalogue({ db: database.db, storage: t.storage, contentDir })
  })
  afterAll(async () => {
    await database?.drop()
  })

  const get = (path: string, headers: Record<string, string> = {}) => t.app.request(path, { headers })

  it('sends the same JSON precompressed with brotli or gzip, or plain', async () => {
    const plain = await get('/api/challenges', { 'Accept-Encoding': 'identity' })
    const expected = await plain.json()
    expect(expected.challenges).toHaveLength(3)
    const br = await get('/api/challenges', { 'Accept-Encoding': 'gzip, deflate, br' })
    expect(br.headers.get('Content-Encoding')).toBe('br')
    expect(JSON.parse(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString())).toEqual(expected)
    const gzip = await get('/api/challenges', { 'Accept-Encoding': 'gzip;q=1, br;q=0' })
    expect(gzip.headers.get('Content-Encoding')).toBe('gzip')
    expect(JSON.parse(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString())).toEqual(expected)
    for (const response of [plain, br, gzip]) {
      expect(response.headers.get('Vary')).toBe('Accept-Encoding')
      expect(response.headers.get('ETag')).toBe(plain.headers.get('ETag'))
    }
  })

  it.each([
    '/api/challenges',
    '/api/challenges?category=navbar',
    '/api/challenges/count',
    '/api/challenges/by-slug/Cached-Challenge-1',
  ])('answers 304 to a matching If-None-Match on %s, with no body', async (path) => {
    const first = await get(path)
    const etag = first.headers.get('ETag') ?? ''
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/)
    for (const tag of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const again = await get(path, { 'If-None-Match': tag })
      expect(again.status).toBe(304)
      expect(await again.text()).toBe('')
    }
    expect((await get(path, { 'If-None-Match': '"stale"' })).status).toBe(200)
  })

  it('shows an import made in this process at once', async () => {
    const before = (await (await get('/api/challenges/count')).json()).count
    await writeChallengeFolder(contentDir, { title: 'Cached Challenge New' })
    await importCatalogue({ db: database.db, storage: t.storage, contentDir })
    expect((await (await get('/api/challenges/count')).json()).count).toBe(before + 1)
    expect((await get('/api/challenges/by-slug/Cached-Challenge-New')).status).toBe(200)
  })

  it("notices another process's change by its signature check", async () => {
    const catalogue = createCatalogue(database.db, { checkEveryMs: 0 })
    try {
      const before = await catalogue.snapshot()
      const first = before.challenges[0]
      // Another process's import: the rows change, and nothing in this process is told.
      await database.db
        .update(challenges)
        .set({
          description: 'Changed by another process, long enough.',
          updatedAt: new Date(Date.now() + 1000),
        })
        .where(eq(challenges.id, first?.id ?? 0))
      const deadline = Date.now() + 10_000
      let seen = before
      while (seen === before && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20))
        seen = await catalogue.snapshot()
      }
      expect(seen.challenges.find((c) => c.id === first?.id)?.description).toBe(
        'Changed by another process, long enough.',
      )
    } finally {
      catalogue.stop()
    }
  })
})
