import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  COMPRESS_THRESHOLD_BYTES,
  createRequestHandler,
  httpServerOptions,
} from '#server/http/node-handler.ts'
import { securityHeaders } from '#server/http/security-headers.ts'
import { writeCompleteHead } from '#server/http/server-response.ts'

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
    const app = new Hono()
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
      .get('/streamed', (c) => {
        const encoder = new TextEncoder()
        const stream = new ReadableStream<Uint8Array>({
          async pull(controller) {
            for (const part of ['{"parts":[', '"a",'.repeat(400), '"z"]}']) {
              controller.enqueue(encoder.encode(part))
              await new Promise((resolve) => setTimeout(resolve, 5))
            }
            controller.close()
          },
        })
        return c.body(stream, 200, { 'Content-Type': 'application/json' })
      })
      .get('/cross-origin', (c) => {
        c.header('Cross-Origin-Resource-Policy', 'cross-origin')
        return c.body('<svg xmlns="http://www.w3.org/2000/svg"/>', 200, { 'Content-Type': 'image/svg+xml' })
      })
      .get('/varied', (c) => {
        c.header('Vary', 'Origin')
        return c.json(big)
      })
    // The catalogue's fast path sends precompressed bytes itself.
    // Two raw handlers never call writeHead: node:http writes their head implicitly.
    const fastPath = (req: { url?: string }, res: import('node:http').ServerResponse) => {
      if (req.url === '/raw-whole' || req.url === '/raw-pieces') {
        res.statusCode = 201
        res.setHeader('Content-Type', 'application/json')
        const json = JSON.stringify(big)
        if (req.url === '/raw-pieces') res.write(json.slice(0, 100))
        res.end(req.url === '/raw-pieces' ? json.slice(100) : json)
        return true
      }
      if (req.url === '/raw-own-headers') {
        res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin')
        res.writeHead(200, { 'X-Frame-Options': 'SAMEORIGIN', 'Content-Type': 'text/plain' })
        res.end('mine')
        return true
      }
      if (req.url !== '/fast') return false
      const bytes = gzipSync(JSON.stringify(big))
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'Content-Encoding': 'gzip',
        'Content-Length': bytes.length,
      })
      res.end(bytes)
      return true
    }
    server = createServer(
      httpServerOptions(securityHeaders({ production: false })),
      createRequestHandler(app.fetch, fastPath),
    )
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
  })

  it("writes the security headers on every answer: the app's, the fast path's and a 404", async () => {
    const expected = securityHeaders({ production: false })
    for (const path of ['/small', '/big', '/fast', '/streamed', '/no-such-page']) {
      const answer = await get(port, path, { 'Accept-Encoding': 'gzip' })
      for (const [name, value] of Object.entries(expected))
        expect(answer.headers[name], `${path} ${name}`).toBe(value)
      expect(answer.headers['strict-transport-security']).toBeUndefined()
    }
    expect(expected['content-security-policy']).toContain("script-src 'self';")
    expect(expected['content-security-policy']).not.toContain('upgrade-insecure-requests')
    const production = securityHeaders({ production: true, storageOrigin: 'https://bucket.example' })
    expect(production['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    expect(production['content-security-policy']).toMatch(/; upgrade-insecure-requests$/)
    expect(production['content-security-policy']).toContain(
      "img-src 'self' data: https://avatars.githubusercontent.com https://bucket.example;",
    )
  })

  it('keeps a security header the answer set itself, once', async () => {
    const answer = await get(port, '/cross-origin')
    expect(answer.headers['cross-origin-resource-policy']).toBe('cross-origin')
    expect(answer.headers['x-frame-options']).toBe('DENY')
  })

  it('keeps security headers set in any case, or with setHeader, once', async () => {
    const answer = await get(port, '/raw-own-headers')
    expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(answer.headers['cross-origin-resource-policy']).toBe('cross-origin')
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
  })

  it('compresses a large JSON answer for a client that accepts gzip, and says it varies', async () => {
    const answer = await get(port, '/big', { 'Accept-Encoding': 'gzip' })
    expect(answer.status).toBe(200)
    expect(answer.headers['content-encoding']).toBe('gzip')
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i)
    expect(JSON.parse(gunzipSync(answer.body).toString('utf8'))).toEqual(big)
    expect(answer.body.length).toBeLessThan(JSON.stringify(big).length / 3)
  })

  it('uses brotli when the client prefers it, or accepts both as browsers do', async () => {
    for (const accepted of ['br', 'gzip, deflate, br, zstd', 'gzip;q=0.5, br']) {
      const answer = await get(port, '/big', { 'Accept-Encoding': accepted })
      expect(answer.headers['content-encoding'], accepted).toBe('br')
      expect(answer.headers['content-length']).toBe(String(answer.body.length))
      expect(JSON.parse(brotliDecompressSync(answer.body).toString('utf8'))).toEqual(big)
    }
    const gzipFirst = await get(port, '/big', { 'Accept-Encoding': 'gzip, br;q=0.5' })
    expect(gzipFirst.headers['content-encoding']).toBe('gzip')
  })

  it('adds Accept-Encoding to a Vary the answer already has', async () => {
    const answer = await get(port, '/varied', { 'Accept-Encoding': 'gzip' })
    expect(answer.headers['content-encoding']).toBe('gzip')
    expect(answer.headers.vary).toBe('Origin, Accept-Encoding')
  })

  it('sends a body written in pieces as it comes, whole', async () => {
    const answer = await get(port, '/streamed', { 'Accept-Encoding': 'gzip' })
    expect(answer.status).toBe(200)
    expect(answer.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(answer.body.toString('utf8')).parts).toHaveLength(401)
  })

  it('keeps serving after a client leaves while its answer is being compressed', async () => {
    await new Promise<void>((resolve) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/big', headers: { 'Accept-Encoding': 'br' } })
      req.on('error', () => resolve())
      req.on('socket', (socket) => socket.on('connect', () => setImmediate(() => req.destroy())))
      req.on('close', () => resolve())
      req.end()
    })
    const answer = await get(port, '/big', { 'Accept-Encoding': 'gzip' })
    expect(JSON.parse(gunzipSync(answer.body).toString('utf8'))).toEqual(big)
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

  it('sends plain bytes, still saying it varies, to a client that accepts no encoding', async () => {
    for (const headers of [{ 'Accept-Encoding': 'identity' }, {}] as Record<string, string>[]) {
      const answer = await get(port, '/big', headers)
      expect(answer.headers['content-encoding']).toBeUndefined()
      expect(answer.headers.vary).toMatch(/Accept-Encoding/i)
      expect(answer.headers['content-length']).toBe(String(answer.body.length))
      expect(JSON.parse(answer.body.toString('utf8'))).toEqual(big)
    }
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

  it('compresses a whole answer whose head node:http writes implicitly', async () => {
    const answer = await get(port, '/raw-whole', { 'Accept-Encoding': 'gzip' })
    expect(answer.status).toBe(201)
    expect(answer.headers['content-encoding']).toBe('gzip')
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
    expect(JSON.parse(gunzipSync(answer.body).toString('utf8'))).toEqual(big)
  })

  it('sends a body written in pieces after an implicit head as it is, whole', async () => {
    const answer = await get(port, '/raw-pieces', { 'Accept-Encoding': 'gzip' })
    expect(answer.status).toBe(201)
    expect(answer.headers['content-encoding']).toBeUndefined()
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
    expect(JSON.parse(answer.body.toString('utf8'))).toEqual(big)
  })

  it('answers HEAD without a body', async () => {
    const answer = await get(port, '/big', { 'Accept-Encoding': 'gzip' }, 'HEAD')
    expect(answer.status).toBe(200)
    expect(answer.body.length).toBe(0)
  })

  it('lets the fast path answer first, its precompressed bytes untouched', async () => {
    const answer = await get(port, '/fast', { 'Accept-Encoding': 'gzip, br' })
    expect(answer.status).toBe(200)
    expect(answer.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(answer.body).toString('utf8'))).toEqual(big)
  })
})

describe('writeCompleteHead', () => {
  it('writes a kept head as it is, again and again, on our responses and on plain ones', async () => {
    const head = Object.freeze({
      'content-type': 'application/json',
      'x-kept': 'yes',
      vary: 'Accept-Encoding',
    })
    const body = JSON.stringify(big)
    const handler = (_req: unknown, res: import('node:http').ServerResponse) => {
      writeCompleteHead(res, 200, head)
      res.end(body)
    }
    const ours = createServer(httpServerOptions(securityHeaders({ production: false })), handler)
    const plain = createServer(handler)
    for (const server of [ours, plain]) {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      const { port } = server.address() as AddressInfo
      for (let i = 0; i < 2; i++) {
        // Accepted, yet not compressed: the head says the body is final.
        const answer = await get(port, '/', { 'Accept-Encoding': 'gzip' })
        expect(answer.headers['x-kept']).toBe('yes')
        expect(answer.headers['content-encoding']).toBeUndefined()
        expect(answer.body.toString('utf8')).toBe(body)
      }
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
