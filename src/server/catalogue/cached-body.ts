import { createHash } from 'node:crypto'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Context } from 'hono'

/** A JSON answer built once: its bytes as sent, compressed both ways, and a strong ETag. */
export type CachedBody = { etag: string; identity: Buffer; gzip: Buffer; br: Buffer }

/** Bodies below this size gain nothing from compression. */
const COMPRESS_FROM_BYTES = 512

/**
 * `compress: false` is for answers built per request: compressing them at the highest levels would
 * cost more than it saves, so the compress middleware handles them instead.
 */
export function cacheJson(value: unknown, options = { compress: true }): CachedBody {
  const identity = Buffer.from(JSON.stringify(value))
  const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`
  if (!options.compress || identity.length < COMPRESS_FROM_BYTES)
    return { etag, identity, gzip: identity, br: identity }
  return {
    etag,
    identity,
    gzip: gzipSync(identity, { level: 9 }),
    br: brotliCompressSync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  }
}

/** True when If-None-Match names this ETag (weak or strong, or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}

/** The encoding to send: brotli, then gzip, when the client accepts it (q=0 refuses). */
function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  if (!acceptEncoding) return 'identity'
  const accepted = new Set(
    acceptEncoding
      .toLowerCase()
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(q))
      .map(([name]) => name?.trim()),
  )
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip')) return 'gzip'
  return 'identity'
}

/**
 * Answers with a cached body: 304 when the client already has it, else the precompressed bytes the
 * client accepts. No JSON is built and nothing is compressed per request.
 */
export function sendCached(c: Context, body: CachedBody, cacheControl: string): Response {
  c.header('ETag', body.etag)
  c.header('Cache-Control', cacheControl)
  c.header('Vary', 'Accept-Encoding')
  if (matches(c.req.header('If-None-Match'), body.etag)) return c.body(null, 304)
  c.header('Content-Type', 'application/json; charset=utf-8')
  const encoding = body.gzip === body.identity ? 'identity' : chooseEncoding(c.req.header('Accept-Encoding'))
  // The compress middleware leaves a response with Content-Encoding alone.
  if (encoding !== 'identity') c.header('Content-Encoding', encoding)
  const bytes = encoding === 'br' ? body.br : encoding === 'gzip' ? body.gzip : body.identity
  c.header('Content-Length', String(bytes.length))
  if (c.req.method === 'HEAD') return c.body(null, 200)
  return c.body(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length) as Uint8Array<ArrayBuffer>, 200)
}
