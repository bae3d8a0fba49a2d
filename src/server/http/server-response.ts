import {
  type IncomingMessage,
  type OutgoingHttpHeader,
  type OutgoingHttpHeaders,
  ServerResponse,
} from 'node:http'
import { brotliCompress, constants, gzip } from 'node:zlib'
import compressible from 'compressible'
import Negotiator from 'negotiator'
import { requestHeader } from '#server/http/request-header.ts'
import type { SecurityHeaders } from '#server/http/security-headers.ts'

/** Bodies below this size gain nothing from compression (the catalogue's precompressed ones use it too). */
export const COMPRESS_THRESHOLD_BYTES = 1024

const HAS_UPPER_CASE = /[A-Z]/
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i
const ENCODINGS = ['br', 'gzip', 'identity']
const PREFERRED = ['br', 'gzip']
/** The quality `compression` used: near gzip's speed, smaller output. */
const BROTLI_QUALITY = 4

type Held = { status: number; headers: OutgoingHttpHeaders }
/** negotiator's second argument, the server's order among encodings the client wants equally, is missing from its types. */
type EncodingNegotiator = { encoding(available: string[], preferred: string[]): string | undefined }
type Callback = (error?: Error | null) => void

const compressibleTypes = new Map<string, boolean>()
/** A server sends few distinct types: each is looked up once (a bounded number of them). */
function isCompressible(type: string): boolean {
  let known = compressibleTypes.get(type)
  if (known === undefined) {
    known = compressible(type) === true
    if (compressibleTypes.size < 100) compressibleTypes.set(type, known)
  }
  return known
}

/** The few headers the decision needs, found in one pass whatever the names' case. */
function readHeaders(headers: OutgoingHttpHeaders) {
  let type: unknown
  let encoding: unknown
  let length: unknown
  let cacheControl: unknown
  for (const name in headers) {
    switch (name.length) {
      case 12:
        if (name.toLowerCase() === 'content-type') type = headers[name]
        break
      case 13:
        if (name.toLowerCase() === 'cache-control') cacheControl = headers[name]
        break
      case 14:
        if (name.toLowerCase() === 'content-length') length = headers[name]
        break
      case 16:
        if (name.toLowerCase() === 'content-encoding') encoding = headers[name]
        break
    }
  }
  return { type, encoding, length, cacheControl }
}

/** Sets `name` to `value` in `headers`, replacing it under any case. */
function replaceHeader(headers: OutgoingHttpHeaders, name: string, value: string | number) {
  for (const key in headers) if (key.length === name.length && key.toLowerCase() === name) delete headers[key]
  headers[name] = value
}

/** Adds Accept-Encoding to the answer's Vary, once (caches must keep one copy per encoding). */
function varyOnEncoding(response: Pick<ServerResponse, 'getHeader'>, headers: OutgoingHttpHeaders) {
  let key: string | undefined
  for (const name in headers) if (name.length === 4 && name.toLowerCase() === 'vary') key = name
  const current = key ? headers[key] : response.getHeader('Vary')
  const list = Array.isArray(current) ? current.join(', ') : current === undefined ? '' : String(current)
  if (list === '*' || /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(list)) return
  headers[key ?? 'vary'] = list ? `${list}, Accept-Encoding` : 'Accept-Encoding'
}

function compress(body: Buffer, encoding: string, done: (error: Error | null, result: Buffer) => void) {
  if (encoding === 'br') {
    brotliCompress(
      body,
      {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      },
      done,
    )
  } else gzip(body, done)
}

const completeHead = Symbol('completeHead')

/**
 * Writes a head that is already complete, as it is: it carries the security headers and its Vary, and
 * its body is final (precompressed, or not to be compressed). The server's response then skips the
 * work it does for other answers, and the object is not copied or changed, so one can be kept and
 * written again (catalogue/fast-path.ts). On a response of another class it is a plain writeHead.
 */
export function writeCompleteHead(
  res: ServerResponse,
  status: number,
  headers: Readonly<OutgoingHttpHeaders>,
): void {
  const write = (res as ServerResponse & { [completeHead]?: typeof res.writeHead })[completeHead]
  if (write) write.call(res, status, headers as OutgoingHttpHeaders)
  else res.writeHead(status, { ...headers })
}

/**
 * The class of node:http's responses for this server (passed as `ServerResponse` to createServer). It
 * does two things as the head is written, for every answer (the app's, the catalogue's fast path's,
 * node-server's own errors):
 *
 * 1. It adds the security headers (security-headers.ts) the answer did not set itself.
 * 2. It compresses answers whose whole body is handed over at once (`end(body)`, which is how
 *    @hono/node-server sends every JSON and HTML answer) with brotli or gzip, as the client accepts.
 *
 * Both used to be per-request work: Hono's secureHeaders middleware wrote fourteen headers into a Headers
 * object, and the `compression` middleware wrapped each response's methods and hooked its head. For member
 * reads, whose answers are small and never compressed, the two cost about a third of their throughput
 * (docs/decisions/009-headers-and-compression-on-the-response.md). Here the decision is made once, when the
 * head is written: an answer that cannot be compressed (a HEAD request, no body, a type that does not
 * compress, already encoded, `no-transform`, a client that accepts no encoding, a known length under the
 * threshold) goes out at once, as it is. Only the others hold their head until the body is known.
 *
 * A body written in pieces (a streamed download) is sent as it is: compressible types reach this
 * server whole. Answers of a compressible type say `Vary: Accept-Encoding` either way.
 */
export function serverResponseClass(defaults: SecurityHeaders): typeof ServerResponse {
  const defaultNames = Object.keys(defaults)

  return class AppServerResponse<
    Request extends IncomingMessage = IncomingMessage,
  > extends ServerResponse<Request> {
    #held: Held | null = null
    /** False once the body is written in pieces: from then on the head goes out as it is. */
    #mayHold = true

    override writeHead(
      status: number,
      reasonOrHeaders?: string | OutgoingHttpHeaders | OutgoingHttpHeader[],
      maybeHeaders?: OutgoingHttpHeaders | OutgoingHttpHeader[],
    ): this {
      // A reason phrase or headers as a flat list: nothing here writes those, so only the defaults.
      if (typeof reasonOrHeaders === 'string' || Array.isArray(reasonOrHeaders)) {
        for (const name of defaultNames)
          if (!this.hasHeader(name)) this.setHeader(name, defaults[name] as string)
        return super.writeHead(status, reasonOrHeaders as string, maybeHeaders)
      }
      const headers = reasonOrHeaders ?? {}
      this.#addDefaults(headers)
      return this.#decide(status, headers) ? this : super.writeHead(status, headers)
    }

    /** writeCompleteHead: the head as it is, with no decision. */
    [completeHead](status: number, headers: OutgoingHttpHeaders): this {
      return super.writeHead(status, headers)
    }

    /** The security headers, under any the answer set itself (in `headers`, or on the response). */
    #addDefaults(headers: OutgoingHttpHeaders): void {
      // The app's and the fast path's names are lower case; only other names need a case-blind look.
      let own: Set<string> | undefined
      for (const name in headers) {
        if (!HAS_UPPER_CASE.test(name)) continue
        own ??= new Set()
        own.add(name.toLowerCase())
      }
      // Names set with setHeader (node:http keeps them lower-cased); usually none.
      const set = this.getHeaderNames()
      for (const name of defaultNames) {
        if (headers[name] !== undefined || own?.has(name) || (set.length > 0 && set.includes(name))) continue
        headers[name] = defaults[name] as string
      }
    }

    /** False: write the head now. True: the head is held until the body is known. */
    #decide(status: number, headers: OutgoingHttpHeaders): boolean {
      if (this.req.method === 'HEAD' || status === 204 || status === 304 || status < 200) return false
      const found = readHeaders(headers)
      const type = found.type ?? this.getHeader('Content-Type')
      if (typeof type !== 'string' || !isCompressible(type)) return false
      const cacheControl = found.cacheControl ?? this.getHeader('Cache-Control')
      if (typeof cacheControl === 'string' && NO_TRANSFORM.test(cacheControl)) return false
      const encoding = found.encoding ?? this.getHeader('Content-Encoding')
      if (encoding !== undefined && encoding !== 'identity') return false
      varyOnEncoding(this, headers)
      if (!requestHeader(this.req, 'accept-encoding')) return false
      const length = Number(found.length ?? this.getHeader('Content-Length'))
      if (length < COMPRESS_THRESHOLD_BYTES || !this.#mayHold) return false
      this.#held = { status, headers }
      return true
    }

    #release(): void {
      const held = this.#held
      if (!held) return
      this.#held = null
      super.writeHead(held.status, held.headers)
    }

    override end(
      chunk?: string | Uint8Array | Callback,
      encoding?: BufferEncoding | Callback,
      callback?: Callback,
    ): this {
      // An answer that never called writeHead (statusCode and setHeader only): node:http would write
      // its head implicitly inside end and send the body straight after, so decide here, first.
      if (!this.#held && !this.headersSent) this.writeHead(this.statusCode)
      const held = this.#held
      if (!held) return super.end(chunk as string, encoding as BufferEncoding, callback)
      this.#held = null
      const done = [chunk, encoding, callback].find((value) => typeof value === 'function') as
        | Callback
        | undefined
      const body =
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8')
          : chunk instanceof Uint8Array
            ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
            : Buffer.alloc(0)
      const method =
        body.length >= COMPRESS_THRESHOLD_BYTES
          ? (new Negotiator(this.req) as unknown as EncodingNegotiator).encoding(ENCODINGS, PREFERRED)
          : undefined
      if (!method || method === 'identity') {
        super.writeHead(held.status, held.headers)
        return super.end(body, done)
      }
      compress(body, method, (error, compressed) => {
        if (this.destroyed) return
        if (error) {
          // zlib failing on bytes in memory is not expected; the plain body is still a right answer.
          super.writeHead(held.status, held.headers)
          super.end(body, done)
          return
        }
        replaceHeader(held.headers, 'content-encoding', method)
        replaceHeader(held.headers, 'content-length', compressed.length)
        super.writeHead(held.status, held.headers)
        super.end(compressed, done)
      })
      return this
    }

    override write(
      chunk: string | Uint8Array,
      encoding?: BufferEncoding | Callback,
      callback?: Callback,
    ): boolean {
      this.#streamAsIs()
      return super.write(chunk, encoding as BufferEncoding, callback)
    }

    override flushHeaders(): void {
      this.#streamAsIs()
      super.flushHeaders()
    }

    /**
     * The body comes in pieces: a held head goes out now, and a head not yet written must not be
     * held when node:http writes it implicitly (it sends the piece straight after).
     */
    #streamAsIs(): void {
      this.#mayHold = false
      this.#release()
    }
  } as typeof ServerResponse
}
