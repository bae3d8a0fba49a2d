import { randomUUID } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { submissionReviews, users } from '#server/db/schema.ts'
import { createTestApp, createTestAppWithCatalogue, TEST_INDEX_HTML } from '#tests/support/app.ts'
import { browser, signedInBrowser, type TestBrowser } from '#tests/support/auth.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/databases.ts'
import { createReviewedSubmission } from '#tests/support/factories.ts'

describe('the web app and its headers', () => {
  let database: TestDatabase
  let t: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    database = await createTestDatabase('pglite')
    t = await createTestApp(database)
  })
  afterAll(async () => {
    await database?.drop()
  })

  it.each(['/', '/challenges', '/challenge/Some-Title', '/challenges/landingpage', '/no/such/page'])(
    'serves index.html with no-cache for the client route %s',
    async (path) => {
      const response = await t.app.request(path, { headers: { Accept: 'text/html' } })
      expect(response.status).toBe(200)
      expect(response.headers.get('Cache-Control')).toBe('no-cache')
      expect(await response.text()).toBe(TEST_INDEX_HTML)
    },
  )

  it('sends a category named as stored to its page, with the query (docs/product.md §2)', async () => {
    const response = await t.app.request('/challenges/landing-page?q=lamp&sort=hardest')
    expect(response.status).toBe(301)
    expect(response.headers.get('Location')).toBe('/challenges/landingpage?q=lamp&sort=hardest')
    // The categories whose page is their stored name are pages, not redirects.
    expect((await t.app.request('/challenges/navbar')).status).toBe(200)
  })

  it('caches hashed assets for a year and sends the compressed copy the build made', async () => {
    // npm run build writes .br and .gz beside each asset (scripts/compress-assets.mjs).
    const asset = join(t.dataDir, 'web', 'assets', 'app-abc123.js')
    await writeFile(`${asset}.gz`, gzipSync(await readFile(asset)))
    const response = await t.app.request('/assets/app-abc123.js', { headers: { 'Accept-Encoding': 'gzip' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('Content-Type')).toMatch(/javascript/)
    expect(response.headers.get('Content-Encoding')).toBe('gzip')
  })

  it('answers 404 for a missing file instead of the app', async () => {
    expect((await t.app.request('/assets/missing-123.js')).status).toBe(404)
    expect((await t.app.request('/missing.png')).status).toBe(404)
  })

  it('never serves source maps', async () => {
    const map = join(t.dataDir, 'web', 'assets', 'app-abc123.js.map')
    await writeFile(map, '{"version":3,"sources":["src/secret.ts"]}')
    await writeFile(`${map}.gz`, gzipSync('{"version":3}'))
    for (const encoding of ['identity', 'gzip']) {
      const response = await t.app.request('/assets/app-abc123.js.map', {
        headers: { 'Accept-Encoding': encoding },
      })
      expect(response.status).toBe(404)
      expect(await response.text()).not.toContain('sources')
    }
  })

  it('serves robots.txt', async () => {
    const response = await t.app.request('/robots.txt')
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('User-agent: *')
  })

  it('sends security headers on pages and API answers', async () => {
    for (const path of ['/', '/api/challenges']) {
      const headers = (await t.overHttp(path)).headers
      const csp = headers.get('Content-Security-Policy') ?? ''
      expect(csp).toContain("default-src 'self'")
      expect(csp).toContain("script-src 'self'")
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).toContain("object-src 'none'")
      // Only the toast library's own stylesheet is allowed inline, by hash.
      expect(csp).toMatch(
        /style-src 'self' 'sha256-[A-Za-z0-9+/]+=*' 'sha256-47DEQpj8HBSa\+\/TImW\+5JCeuQeRkm5NMpJWZG3hSuFU='(;|$)/,
      )
      expect(headers.get('X-Content-Type-Options')).toBe('nosniff')
      expect(headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin')
      expect(headers.get('X-Frame-Options')).toBe('DENY')
    }
  })
})

describe('the review page answers 404 when there is no such review (docs/product.md §2)', () => {
  let database: TestDatabase
  let app: Awaited<ReturnType<typeof createTestAppWithCatalogue>>
  beforeAll(async () => {
    database = await createTestDatabase('pglite')
    app = await createTestAppWithCatalogue(database, 'Spa')
  })
  afterAll(async () => {
    await database?.drop()
  })

  const page = (b: TestBrowser, path: string) =>
    b.request(path, { headers: { Accept: 'text/html' } }).then(async (response) => ({
      status: response.status,
      html: await response.text(),
    }))

  it.each([
    ['an unknown review id', `/reviews/${randomUUID()}`],
    ['an id that cannot be one, which the API answers 400', '/reviews/999999999'],
    ['an id that is not valid percent-encoding', '/reviews/%ZZ'],
  ])('answers %s with the app and 404', async (_, path) => {
    expect(await page(browser(app.t.app), path)).toEqual({ status: 404, html: TEST_INDEX_HTML })
    expect(await page(await signedInBrowser(app.t.app, 'no-such-review'), path)).toEqual({
      status: 404,
      html: TEST_INDEX_HTML,
    })
  })

  it('answers 200 for a review its reader may see: a failed one to its member only', async () => {
    const b = await signedInBrowser(app.t.app, 'spa-reviewer')
    const [member] = await database.db.select().from(users).where(eq(users.username, 'spa-reviewer'))
    const challengeId = app.catalogue[0]?.id ?? 0
    const submission = await createReviewedSubmission(database.db, member?.id ?? '', challengeId, [
      { score: 10, at: new Date(), status: 'failed' },
    ])
    const [review] = await database.db
      .select({ id: submissionReviews.publicId })
      .from(submissionReviews)
      .where(eq(submissionReviews.userChallengeId, submission.id))
    const path = `/reviews/${review?.id}`
    expect(await page(b, path)).toEqual({ status: 200, html: TEST_INDEX_HTML })
    // The API answers a visitor 404 for it, and so does the page.
    expect((await page(browser(app.t.app), path)).status).toBe(404)
  })
})
