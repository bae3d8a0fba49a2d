import { Readable } from 'node:stream'
import type { Context } from 'hono'
import type { SignedUrlOptions, Storage, StoredObject } from '#server/storage/storage.ts'

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

/** Long enough to follow a redirect on a slow connection; a leaked address is soon worthless. */
const SIGNED_URL_EXPIRES_IN_SECONDS = 300

/**
 * With STORAGE_REDIRECT, the store sends the bytes: a 302 to a short-lived signed address of the
 * object. The redirect itself is never cached (the address expires), and the caller has already
 * checked that the object exists and that this visitor may have it. Null when the storage cannot sign.
 */
export async function signedRedirect(
  c: Context,
  storage: Storage,
  key: string,
  options: Omit<SignedUrlOptions, 'expiresIn'> = {},
): Promise<Response | null> {
  if (!storage.signedUrl) return null
  const url = await storage.signedUrl(key, { ...options, expiresIn: SIGNED_URL_EXPIRES_IN_SECONDS })
  c.header('Cache-Control', 'private, no-store')
  return c.redirect(url, 302)
}
