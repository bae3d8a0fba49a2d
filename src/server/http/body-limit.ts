import { bodyLimit } from 'hono/body-limit'
import { errorBody } from '#server/http/errors.ts'

/**
 * The largest request body any route accepts. Our bodies are small JSON documents and sign-in forms
 * (a full profile update is about 1 KB); anything far larger is a mistake or an attack.
 */
export const MAX_BODY_BYTES = 16 * 1024

/**
 * Refuses a larger body with 413 before it is buffered: a declared Content-Length is checked without
 * reading, and a chunked body is counted as it arrives and dropped at the limit.
 */
export function limitBodySize(maxSize = MAX_BODY_BYTES) {
  return bodyLimit({
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
}
