import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Catalogue, createCatalogue } from '#server/catalogue/catalogue.ts'
import { appCatalogueHeaders, createCatalogueFastPath } from '#server/catalogue/fast-path.ts'
import { httpServerOptions } from '#server/http/node-handler.ts'
import { securityHeaders } from '#server/http/security-headers.ts'
import { CATALOGUE_CACHE, LIST_CACHE } from '#server/routes/challenges.ts'
import { createTestApp } from '#tests/support/app.ts'
import { insertChallengeRows } from '#tests/support/challenge-rows.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/databases.ts'
import { createMember, createReviewedSubmission } from '#tests/support/factories.ts'

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

/** A request as a client sends it, with the raw bytes back (no decompression, no added headers). */
function send(
  server: Server,
  path: string,
  headers: Record<string, string | string[]> = {},
  method = 'GET',
): Promise<Raw> {
  const { port } = server.address() as AddressInfo
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers, timeout: 5000 }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      )
      res.on('error', reject)
    })
    req.on('timeout', () => req.destroy(new Error(`no answer for ${path}`)))
    req.on('error', reject)
    req.end()
  })
}

function listen(server: Server): Promise<Server> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

/** Headers that differ by nature between two answers of the same server. */
const withoutVolatile = (headers: Raw['headers']) => {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers
  return rest
}

describe("the catalogue's fast path", () => {
  let database: TestDatabase
  let catalogue: Catalogue
  let viaApp: Server
  let viaFastPath: Server
  const taken: string[] = []
  let slug = ''
  let id = 0

  beforeAll(async () => {
    database = await createTestDatabase('pglite')
    await insertChallengeRows(database.db, 12)
    const { app } = await createTestApp(database)
    catalogue = createCatalogue(database.db, { checkEveryMs: 0 })
    const snapshot = await catalogue.snapshot()
    slug = snapshot.challenges[0]?.slug ?? ''
    id = snapshot.challenges[0]?.id ?? 0
    // The lists are taken once their solution counts are read; the first list reads them.
    await catalogue.listing()
    const headers = await appCatalogueHeaders((path) => app.request(path))
    if (!headers) throw new Error('the app did not answer the catalogue')
    // Both as index.ts builds its server: the response writes the security headers and compresses.
    const security = securityHeaders({ production: false })
    const fastPath = createCatalogueFastPath(
      catalogue,
      headers,
      { list: LIST_CACHE, item: CATALOGUE_CACHE },
      security,
    )
    const listener = getRequestListener(app.fetch)
    const options = httpServerOptions(security)
    viaApp = await listen(createServer(options, (req, res) => void listener(req, res)))
    viaFastPath = await listen(
      createServer(options, (req, res) => {
        if (fastPath(req, res)) taken.push(`${req.method} ${req.url}`)
        else void listener(req, res)
      }),
    )
  })
  afterAll(async () => {
    viaApp?.close()
    viaFastPath?.close()
    catalogue?.stop()
    await database?.drop()
  })

  const canonical = () => [
    '/api/challenges',
    '/api/challenges?category=navbar',
    '/api/challenges/count',
    `/api/challenges/by-slug/${slug}`,
    `/api/challenges/${id}`,
    `/api/challenges/${id}/zip`,
  ]

  it('answers exactly as the app does: status, headers and bytes, for every encoding and revalidation', async () => {
    const variants: [Record<string, string | string[]>, string][] = [
      [{}, 'GET'],
      [{ 'Accept-Encoding': 'br' }, 'GET'],
      // Two header lines, which node:http joins into one list.
      [{ 'Accept-Encoding': ['identity', 'br'] }, 'GET'],
      [{ 'Accept-Encoding': 'gzip, deflate' }, 'GET'],
      [{ 'Accept-Encoding': 'gzip;q=0, br;q=0' }, 'GET'],
      [{ 'Accept-Encoding': 'br, gzip' }, 'HEAD'],
    ]
    for (const path of canonical()) {
      const first = await send(viaApp, path)
      expect(first.status, path).toBe(200)
      const etag = String(first.headers.etag)
      const revalidations: [Record<string, string | string[]>, string][] = [
        [{ 'If-None-Match': etag }, 'GET'],
        [{ 'If-None-Match': ['"another"', `W/${etag}`] }, 'GET'],
        [{ 'If-None-Match': '"another"', 'Accept-Encoding': 'gzip' }, 'GET'],
      ]
      for (const [headers, method] of [...variants, ...revalidations]) {
        taken.length = 0
        const expected = await send(viaApp, path, headers, method)
        const actual = await send(viaFastPath, path, headers, method)
        const label = `${method} ${path} ${JSON.stringify(headers)}`
        expect(taken, label).toEqual([`${method} ${path}`])
        expect(actual.status, label).toBe(expected.status)
        expect(withoutVolatile(actual.headers), label).toEqual(withoutVolatile(expected.headers))
        expect(actual.body.equals(expected.body), label).toBe(true)
      }
    }
    // The security headers came along.
    const answer = await send(viaFastPath, '/api/challenges/count')
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'")
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
  })

  it('leaves everything else to the app: other queries, odd spellings, unknown ones, other methods', async () => {
    const others: [string, string][] = [
      // Lists searched, filtered or sorted, or a query spelt otherwise: the app's.
      ['GET', '/api/challenges?ids=1,2'],
      ['GET', '/api/challenges?category=navbar&sort=newest'],
      ['GET', '/api/challenges?category=NAVBAR'],
      ['GET', '/api/challenges/'],
      ['GET', '/api/challenges?category=navbar&page=2'],
      ['GET', '/api/challenges?category=widgets'],
      ['GET', '/api/challenges/by-slug/no-such-challenge'],
      [
        'GET',
        `/api/challenges/by-slug/${encodeURIComponent(slug).replace(/^./, (c) => `%${c.charCodeAt(0).toString(16)}`)}`,
      ],
      ['GET', '/api/challenges/999999'],
      ['GET', `/api/challenges/0${id}`],
      ['GET', '/api/challenges/count/'],
      ['GET', `/api/challenges/${id}/zip/extra`],
      ['POST', '/api/challenges/count'],
      ['GET', '/api/challenge'],
    ]
    for (const [method, path] of others) {
      taken.length = 0
      const expected = await send(viaApp, path, {}, method)
      const actual = await send(viaFastPath, path, {}, method)
      expect(taken, `${method} ${path}`).toEqual([])
      expect(actual.status, `${method} ${path}`).toBe(expected.status)
      expect(actual.body.equals(expected.body), `${method} ${path}`).toBe(true)
    }
  })

  it('steps aside while the catalogue is rebuilt, then serves the new answers', async () => {
    const before = await send(viaFastPath, '/api/challenges/count')
    await insertChallengeRows(database.db, 1, 'Added Later')
    taken.length = 0
    const during = await send(viaFastPath, '/api/challenges/count')
    expect(taken).toEqual([])
    expect(JSON.parse(during.body.toString())).toEqual({ count: 13 })
    await catalogue.snapshot()
    const after = await send(viaFastPath, '/api/challenges/count')
    expect(taken).toEqual(['GET /api/challenges/count'])
    expect(JSON.parse(after.body.toString())).toEqual({ count: 13 })
    expect(after.headers.etag).not.toBe(before.headers.etag)
  })

  it('serves a list with its new count once the count changed, with a new ETag', async () => {
    const before = await send(viaFastPath, '/api/challenges')
    const member = await createMember(database.db, 'fast-path-member')
    await createReviewedSubmission(database.db, member?.id ?? '', id, [{ score: 90, at: new Date() }])
    await catalogue.solutionsChanged(id)
    taken.length = 0
    const after = await send(viaFastPath, '/api/challenges', { 'Accept-Encoding': 'identity' })
    expect(taken).toEqual(['GET /api/challenges'])
    const listed = JSON.parse(after.body.toString()).challenges as { id: number; solutionCount: number }[]
    expect(listed.find((challenge) => challenge.id === id)?.solutionCount).toBe(1)
    expect(after.headers.etag).not.toBe(before.headers.etag)
  })
})
