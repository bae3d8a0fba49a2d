import { createHash } from 'node:crypto'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Context } from 'hono'

/** An answer built once: its bytes as sent, compressed both ways, and a strong ETag. */
export type CachedBody = { etag: string; identity: Buffer; gzip: Buffer; br: Buffer; contentType: string }

const JSON_TYPE = 'application/json; charset=utf-8'

/** Bodies below this size gain nothing from compression. */
const COMPRESS_FROM_BYTES = 512

/**
 * How a cached body is compressed: `max` for answers built once per import (the catalogue), `fast` for
 * answers built while a request waits and kept for seconds (a profile), `none` for answers the
 * compress middleware handles per request.
 */
export type Compression = 'max' | 'fast' | 'none'

const LEVELS = {
  max: { gzip: 9, brotli: 11 },
  // A few hundred microseconds for a profile's 10 KB instead of tens of milliseconds, for a few percent
  // more bytes.
  fast: { gzip: 6, brotli: 5 },
} as const

export function cacheJson(value: unknown, compression: Compression = 'max'): CachedBody {
  return cacheBytes(Buffer.from(JSON.stringify(value)), JSON_TYPE, compression)
}

/** cacheJson for bytes of another type, such as an SVG image. */
export function cacheBytes(
  identity: Buffer,
  contentType: string,
  compression: Compression = 'max',
): CachedBody {
  const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`
  if (compression === 'none' || identity.length < COMPRESS_FROM_BYTES)
    return { etag, identity, gzip: identity, br: identity, contentType }
  const level = LEVELS[compression]
  return {
    etag,
    identity,
    contentType,
    gzip: gzipSync(identity, { level: level.gzip }),
    br: brotliCompressSync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: level.brotli,
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
function parseEncoding(acceptEncoding: string): Encoding {
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

type Encoding = 'br' | 'gzip' | 'identity'
/** Browsers send a handful of distinct Accept-Encoding values: each is parsed once (a bounded number). */
const encodings = new Map<string, Encoding>()

function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity'
  let encoding = encodings.get(acceptEncoding)
  if (encoding === undefined) {
    encoding = parseEncoding(acceptEncoding)
    if (encodings.size < 64) encodings.set(acceptEncoding, encoding)
  }
  return encoding
}

/** Which of a cached body's answers a request gets: 304, or the body in one of its encodings. */
export type AnswerKind = 'not-modified' | Encoding

export function answerKind(
  body: CachedBody,
  request: { ifNoneMatch: string | undefined; acceptEncoding: string | undefined },
): AnswerKind {
  if (matches(request.ifNoneMatch, body.etag)) return 'not-modified'
  return body.gzip === body.identity ? 'identity' : chooseEncoding(request.acceptEncoding)
}

/**
 * The headers of one kind of answer. They depend only on the body, the kind and the cache policy, so
 * the server's fast path builds them once per body (fast-path.ts).
 */
export function answerHeaders(
  body: CachedBody,
  kind: AnswerKind,
  cacheControl: string,
): Record<string, string> {
  // Lower-case names, as node:http and HTTP/2 keep them: nothing needs to fold their case on the way out.
  const headers: Record<string, string> = {
    etag: body.etag,
    'cache-control': cacheControl,
    vary: 'Accept-Encoding',
  }
  if (kind === 'not-modified') return headers
  headers['content-type'] = body.contentType
  // The server's response leaves an answer with Content-Encoding alone (http/server-response.ts).
  if (kind !== 'identity') headers['content-encoding'] = kind
  headers['content-length'] = String(body[kind].length)
  return headers
}

/** The bytes of one kind of answer: none for a 304. */
export function answerBytes(body: CachedBody, kind: AnswerKind): Buffer | null {
  return kind === 'not-modified' ? null : body[kind]
}

/** What to answer for a cached body: status, the headers that depend on it, and the bytes (none for 304/HEAD). */
type CachedAnswer = { status: 200 | 304; headers: Record<string, string>; bytes: Buffer | null }

/**
 * The answer to a request for a cached body: 304 when the client already has it, else the
 * precompressed bytes the client accepts. No JSON is built and nothing is compressed per request.
 */
function cachedAnswer(
  body: CachedBody,
  cacheControl: string,
  request: { method: string; ifNoneMatch: string | undefined; acceptEncoding: string | undefined },
): CachedAnswer {
  const kind = answerKind(body, request)
  return {
    status: kind === 'not-modified' ? 304 : 200,
    headers: answerHeaders(body, kind, cacheControl),
    bytes: request.method === 'HEAD' ? null : answerBytes(body, kind),
  }
}

/** Answers a Hono request with a cached body (see cachedAnswer). */
export function sendCached(c: Context, body: CachedBody, cacheControl: string): Response {
  const answer = cachedAnswer(body, cacheControl, {
    method: c.req.method,
    ifNoneMatch: c.req.header('If-None-Match'),
    acceptEncoding: c.req.header('Accept-Encoding'),
  })
  for (const [name, value] of Object.entries(answer.headers)) c.header(name, value)
  const { bytes } = answer
  if (!bytes) return c.body(null, answer.status)
  return c.body(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length) as Uint8Array<ArrayBuffer>, 200)
}
