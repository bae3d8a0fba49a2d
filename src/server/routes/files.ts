import { Hono } from 'hono'
import { getMimeType } from 'hono/utils/mime'
import { errorBody } from '#server/http/errors.ts'
import { signedRedirect, storedObjectResponse } from '#server/http/stored-object.ts'
import type { Storage } from '#server/storage/storage.ts'

/**
 * Public stored files (design images) at /files/<key>. Keys are content-addressed, so a file at a
 * given URL never changes and can be cached for a year. Only keys under public/ are reachable. With
 * `redirect` (STORAGE_REDIRECT) the store sends the bytes, from a signed address this answer points to.
 */
export function fileRoutes(storage: Storage, options: { redirect?: boolean } = {}) {
  return new Hono().get('/*', async (c) => {
    const key = `public/${c.req.path.replace(/^\/files\//, '')}`
    const object = await storage.get(key)
    if (!object) return c.json(errorBody('not_found', 'There is no such file.'), 404)
    if (options.redirect) {
      const redirect = await signedRedirect(c, storage, key)
      if (redirect) return redirect
    }
    c.header('Cache-Control', 'public, max-age=31536000, immutable')
    return storedObjectResponse(c, object, getMimeType(key) ?? 'application/octet-stream')
  })
}
