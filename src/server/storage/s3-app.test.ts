import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importCatalogue } from '#server/content/import.ts'
import type { Challenge } from '#shared/challenge.ts'
import { createTestApp } from '#tests/support/app.ts'
import { browser, signIn, type TestBrowser } from '#tests/support/auth.ts'
import { temporaryDir, writeChallengeFolder } from '#tests/support/content-fixtures.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'
import { startS3Server, type TestS3Server } from '#tests/support/s3-server.ts'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

/**
 * The headers a stored file is served with, which must not depend on where it is stored. (The
 * security headers come from the server's response, whatever the route: node-handler.test.ts.)
 */
const SERVED_HEADERS = ['Content-Type', 'Content-Length', 'Cache-Control', 'Content-Disposition']

const headersOf = (response: Response) =>
  Object.fromEntries(SERVED_HEADERS.map((name) => [name, response.headers.get(name)]))

const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer())

/** Follows a signed address to the store, as a browser does after the redirect. */
async function fetchSigned(response: Response) {
  const location = response.headers.get('Location')
  if (!location) throw new Error(`expected a redirect, got ${response.status}`)
  return fetch(location, { signal: AbortSignal.timeout(10_000) })
}

let s3: TestS3Server

beforeAll(async () => {
  s3 = await startS3Server(['dojo-app'])
})
afterAll(async () => {
  await s3?.close()
})

describe.each(TEST_DATABASES)('stored files in an S3 bucket on %s', (kind) => {
  let database: TestDatabase
  /** The same catalogue three ways: on disk, in the bucket, and in the bucket with STORAGE_REDIRECT. */
  let onDisk: TestApp
  let inBucket: TestApp
  let redirecting: TestApp
  let challenge: Challenge
  let logins = 0

  const member = async (t: TestApp) => {
    logins += 1
    const b = browser(t.app)
    await signIn(b, { login: `s3-member-${logins}` })
    return b
  }
  const download = (b: TestBrowser, method = 'GET') =>
    b.request(`/api/me/challenges/${challenge.id}/download`, { method })

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    const contentDir = await temporaryDir()
    await writeChallengeFolder(contentDir, { title: 'Bucket Café Navbar', date: '2026-10-01' })
    await writeChallengeFolder(contentDir, { title: 'Bucket Footer', category: 'footer', date: '2026-10-02' })
    const STORAGE_URL = s3.storageUrl({ prefix: kind })
    inBucket = await createTestApp(database, { STORAGE_URL })
    redirecting = await createTestApp(database, { STORAGE_URL, STORAGE_REDIRECT: '1' })
    onDisk = await createTestApp(database)
    // One database: the second import finds the rows and writes the files its storage lacks.
    await importCatalogue({ db: database.db, storage: inBucket.storage, contentDir })
    await importCatalogue({ db: database.db, storage: onDisk.storage, contentDir })
    const list = (await (await inBucket.app.request('/api/challenges')).json()).challenges as Challenge[]
    challenge = list.find((c) => c.slug === 'Bucket-Café-Navbar') as Challenge
  })
  afterAll(async () => {
    for (const t of [inBucket, redirecting]) t?.storage.close?.()
    await database?.drop()
  })

  it('uploads the imported zips and images to the bucket, under the prefix', async () => {
    const zipKey = `zips/${challenge.templateImg.split('/')[3]}.zip`
    expect(await inBucket.storage.exists(zipKey)).toBe(true)
    expect(await inBucket.storage.exists(challenge.templateImg.replace(/^\/files\//, 'public/'))).toBe(true)
    // Listed through the store's own address: the key is under the prefix in the bucket.
    const url = new URL(
      (await inBucket.storage.signedUrl?.(zipKey, { expiresIn: 60 })) ?? 'http://missing.invalid',
    )
    expect(url.pathname).toBe(`/dojo-app/${kind}/${zipKey}`)
  })

  it('serves an image from the bucket with the same bytes and headers as from disk', async () => {
    for (const path of [challenge.templateImg, challenge.thumbnails.mobile]) {
      const [fromDisk, fromBucket] = await Promise.all([onDisk.app.request(path), inBucket.app.request(path)])
      expect(fromBucket.status).toBe(200)
      expect(headersOf(fromBucket)).toEqual(headersOf(fromDisk))
      expect(fromBucket.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
      const bytes = await bytesOf(fromBucket)
      expect(bytes.byteLength).toBeGreaterThan(0)
      expect(bytes).toEqual(await bytesOf(fromDisk))
      const head = await inBucket.app.request(path, { method: 'HEAD' })
      expect(head.status).toBe(200)
      expect(headersOf(head)).toEqual(headersOf(fromDisk))
    }
  })

  it('downloads the zip from the bucket with the same bytes and headers as from disk', async () => {
    const [fromDisk, fromBucket] = await Promise.all([
      download(await member(onDisk)),
      download(await member(inBucket)),
    ])
    expect(fromBucket.status).toBe(200)
    expect(headersOf(fromBucket)).toEqual(headersOf(fromDisk))
    expect(fromBucket.headers.get('Content-Disposition')).toContain(
      "filename*=UTF-8''Bucket%20Caf%C3%A9%20Navbar.zip",
    )
    expect(await bytesOf(fromBucket)).toEqual(await bytesOf(fromDisk))
  })

  it('answers 404 for a file the bucket does not have', async () => {
    for (const t of [inBucket, redirecting]) {
      const response = await t.app.request('/files/challenges/0000000000000000/desktop.webp')
      expect(response.status).toBe(404)
      expect(response.headers.get('Location')).toBeNull()
      expect((await response.json()).error.code).toBe('not_found')
    }
  })

  describe('with STORAGE_REDIRECT', () => {
    it('redirects an image to a short-lived address of the store that gives the same bytes', async () => {
      const path = challenge.templateImg
      const response = await redirecting.app.request(path)
      expect(response.status).toBe(302)
      expect(response.headers.get('Cache-Control')).toBe('private, no-store')
      const location = new URL(response.headers.get('Location') ?? '')
      expect(location.origin).toBe(s3.endpoint)
      expect(location.searchParams.get('X-Amz-Expires')).toBe('300')
      const signed = await fetchSigned(response)
      expect(signed.status).toBe(200)
      expect(signed.headers.get('Content-Type')).toBe('image/webp')
      expect(await bytesOf(signed)).toEqual(await bytesOf(await onDisk.app.request(path)))
      expect((await redirecting.app.request(path, { method: 'HEAD' })).status).toBe(302)
    })

    it('redirects a member’s download, named, and nobody else’s', async () => {
      const visitor = await download(browser(redirecting.app))
      expect(visitor.status).toBe(401)
      expect(visitor.headers.get('Location')).toBeNull()

      const response = await download(await member(redirecting))
      expect(response.status).toBe(302)
      // The member area's own rule (requireUser) has the last word: never stored, by any cache.
      expect(response.headers.get('Cache-Control')).toBe('no-store')
      const signed = await fetchSigned(response)
      expect(signed.status).toBe(200)
      const fromDisk = await download(await member(onDisk))
      expect(signed.headers.get('Content-Disposition')).toBe(fromDisk.headers.get('Content-Disposition'))
      expect(signed.headers.get('Content-Type')).toBe('application/zip')
      expect(await bytesOf(signed)).toEqual(await bytesOf(fromDisk))
    })

    it('allows the store’s origin for images and the app’s download in the CSP, and only then', async () => {
      const policy = async (t: TestApp) =>
        (await t.overHttp('/api/challenges')).headers.get('Content-Security-Policy') ?? ''
      const redirected = await policy(redirecting)
      expect(redirected).toMatch(new RegExp(`img-src [^;]*${s3.endpoint.replace(/[.]/g, '\\.')}(;| )`))
      expect(redirected).toMatch(new RegExp(`connect-src 'self' ${s3.endpoint.replace(/[.]/g, '\\.')}(;|$)`))
      expect(await policy(inBucket)).not.toContain(s3.endpoint)
      expect(await policy(onDisk)).not.toContain(s3.endpoint)
    })
  })
})

describe('when the store goes away', () => {
  it('answers 503 with Retry-After for files and downloads, not a 500', async () => {
    const store = await startS3Server(['dojo-gone'])
    const database = await createTestDatabase('pglite')
    let closed = false
    let broken: Server | undefined
    try {
      const contentDir = await temporaryDir()
      await writeChallengeFolder(contentDir, { title: 'Gone Store Navbar' })
      const t = await createTestApp(database, { STORAGE_URL: store.storageUrl() })
      await importCatalogue({ db: database.db, storage: t.storage, contentDir })
      const [listed] = (await (await t.app.request('/api/challenges')).json()).challenges as Challenge[]
      if (!listed) throw new Error('the catalogue is empty')
      const b = browser(t.app)
      await signIn(b, { login: 'gone-store-member' })
      expect((await t.app.request(listed.templateImg)).status).toBe(200)

      const expectUnavailable = async () => {
        for (const response of [
          await t.app.request(listed.templateImg),
          await b.get(`/api/me/challenges/${listed.id}/download`),
        ]) {
          expect(response.status).toBe(503)
          expect(response.headers.get('Retry-After')).toBeTruthy()
          expect(await response.json()).toEqual({
            error: { code: 'unavailable', message: expect.stringMatching(/temporarily unavailable/) },
          })
        }
      }
      // Nothing listens any more: connections are refused.
      await store.close()
      closed = true
      await expectUnavailable()
      // Something listens at the address but fails every call (a store in trouble).
      const server = createServer((request, response) => {
        request.resume()
        response.writeHead(500, { 'Content-Type': 'application/xml' })
        response.end('<Error><Code>InternalError</Code><Message>We are down.</Message></Error>')
      })
      broken = server
      await new Promise<void>((resolve) =>
        server.listen(Number(new URL(store.endpoint).port), '127.0.0.1', resolve),
      )
      await expectUnavailable()
      t.storage.close?.()
    } finally {
      await database.drop()
      if (!closed) await store.close()
      await new Promise((resolve) => (broken ? broken.close(resolve) : resolve(undefined)))
    }
  })
})
