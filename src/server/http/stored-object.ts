import { Readable } from 'node:stream'
import type { Context } from 'hono'
import type { StoredObject } from '#server/storage/storage.ts'

/**
 * Answers with a stored object's bytes. A HEAD request gets the headers only and never opens the
 * object: Hono answers HEAD through the GET handler and drops the body without cancelling it, so a
 * stream opened here would leak its file descriptor.
 */
export function storedObjectResponse(c: Context, object: StoredObject, contentType: string): Response {
  c.header('Content-Type', contentType)
  c.header('Content-Length', String(object.size))
  if (c.req.method === 'HEAD') return c.body(null, 200)
  return c.body(Readable.toWeb(object.open()) as ReadableStream, 200)
}
