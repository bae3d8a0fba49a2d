import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMPRESS_THRESHOLD_BYTES, createRequestHandler } from '#server/http/node-handler.ts'
import { securityHeaders } from '#server/http/security-headers.ts'

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Challenge number ${i}` })) }
const small = { user: { id: 'u1', username: 'alice' } }

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

/** A raw HTTP request: unlike fetch, nothing decodes the body, so we see the bytes as sent. */
function get(port: number, path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      )
    })
    req.on('error', reject)
    req.end()
  })
}

describe('the server request handler', () => {
  let server: Server
  let port: number

  beforeAll(async () => {
    // The app's own security headers make every answer's headers a Headers object, which is how
    // @hono/node-server comes to write its Content-Length where compression can see it.
    const app = new Hono()
      .use(securityHeaders({ production: false }))
      .get('/big', (c) => c.json(big))
      .get('/small', (c) => c.json(small))
      .get('/html', (c) => c.html(`<!doctype html><title>t</title>${'<p>Hello</p>'.repeat(200)}`))
      .get('/no-transform', (c) => {
        c.header('Cache-Control', 'no-transform')
        return c.json(big)
      })
      .get('/encoded', (c) => {
        c.header('Content-Encoding', 'gzip')
        c.header('Content-Type', 'application/json')
        return c.body(new Uint8Array(Buffer.from('already encoded bytes'.repeat(100))))
      })
      .get('/zip', (c) => {
        c.header('Content-Type', 'application/zip')
        return c.body(new Uint8Array(4096))
      })
    const fastPath = (req: { url?: string }, res: import('node:http').ServerResponse) => {
      if (req.url !== '/fast') return false
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify(big))
      return true
    }
    server = createServer(createRequestHandler(app.fetch, fastPath))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
  })

  it('compresses a large JSON answer for a client that accepts gzip, and says it varies', async () => {
    const answer = await get(port, '/big', { 'Accept-Encoding': 'gzip' })
    expect(answer.status).toBe(200)
    expect(answer.headers['content-encoding']).toBe('gzip')
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i)
    expect(JSON.parse(gunzipSync(answer.body).toString('utf8'))).toEqual(big)
    expect(answer.body.length).toBeLessThan(JSON.stringify(big).length / 3)
  })

  it('uses brotli when the client prefers it', async () => {
    const answer = await get(port, '/big', { 'Accept-Encoding': 'br' })
    expect(answer.headers['content-encoding']).toBe('br')
    expect(JSON.parse(brotliDecompressSync(answer.body).toString('utf8'))).toEqual(big)
  })

  it('compresses server-rendered HTML', async () => {
    const answer = await get(port, '/html', { 'Accept-Encoding': 'gzip' })
    expect(answer.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(answer.body).toString('utf8')).toContain('<p>Hello</p>')
  })

  it(`sends an answer under ${COMPRESS_THRESHOLD_BYTES} bytes as it is, with its length`, async () => {
    const answer = await get(port, '/small', { 'Accept-Encoding': 'gzip, br' })
    expect(answer.headers['content-encoding']).toBeUndefined()
    expect(answer.headers['content-length']).toBe(String(answer.body.length))
    expect(JSON.parse(answer.body.toString('utf8'))).toEqual(small)
  })

  it('sends plain bytes to a client that accepts no encoding', async () => {
    const answer = await get(port, '/big', { 'Accept-Encoding': 'identity' })
    expect(answer.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(answer.body.toString('utf8'))).toEqual(big)
  })

  it('leaves alone answers already encoded, marked no-transform, or not compressible', async () => {
    const encoded = await get(port, '/encoded', { 'Accept-Encoding': 'gzip' })
    expect(encoded.headers['content-encoding']).toBe('gzip')
    expect(encoded.body.toString('utf8')).toBe('already encoded bytes'.repeat(100))

    const noTransform = await get(port, '/no-transform', { 'Accept-Encoding': 'gzip' })
    expect(noTransform.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(noTransform.body.toString('utf8'))).toEqual(big)

    const zip = await get(port, '/zip', { 'Accept-Encoding': 'gzip' })
    expect(zip.headers['content-encoding']).toBeUndefined()
    expect(zip.body.length).toBe(4096)
  })

  it('answers HEAD without a body', async () => {
    const answer = await get(port, '/big', { 'Accept-Encoding': 'gzip' }, 'HEAD')
    expect(answer.status).toBe(200)
    expect(answer.body.length).toBe(0)
  })

  it('lets the fast path answer first, untouched', async () => {
    const answer = await get(port, '/fast', { 'Accept-Encoding': 'gzip' })
    expect(answer.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(answer.body.toString('utf8'))).toEqual(big)
  })
})
