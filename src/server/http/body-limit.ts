import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { errorBody } from '#server/http/errors.ts'

/**
 * The largest request body any route accepts. Our bodies are small JSON documents and sign-in forms
 * (a full profile update is about 1 KB); the largest is a submit with the longest write-up in bytes,
 * 5,000 four-byte characters (docs/product.md §11), about 21 KB. Anything far larger is a mistake or
 * an attack.
 */
export const MAX_BODY_BYTES = 32 * 1024

/**
 * Refuses a larger body with 413 before it is buffered: a declared Content-Length is checked without
 * reading, and a chunked body is counted as it arrives and dropped at the limit.
 */
export function limitBodySize(maxSize = MAX_BODY_BYTES): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize,
    onError: (c) =>
      c.json(
        errorBody(
          'payload_too_large',
          `The request body is too large: send at most ${Math.round(maxSize / 1024)} KB.`,
        ),
        413,
      ),
  })
  // GET and HEAD carry no body we read. Asking for one would build a full Request per read (the
  // node adapter's requests are lazy), which costs more than many whole answers.
  return (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limit(c, next))
}
