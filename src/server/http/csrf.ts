import { createMiddleware } from 'hono/factory'
import { HttpError } from '#server/http/errors.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * CSRF defence for state-changing requests: the browser must say the request comes from our own
 * origin (Origin header, or Sec-Fetch-Site when Origin is absent), and the body must be JSON, which a
 * cross-site form cannot send without a CORS preflight that we never grant.
 */
export function sameOriginJson(publicOrigin: string, brandName: string) {
  return createMiddleware(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next()
    const origin = c.req.header('Origin')
    const ownOrigins = new Set([publicOrigin, new URL(c.req.url).origin])
    const sameOrigin = origin ? ownOrigins.has(origin) : c.req.header('Sec-Fetch-Site') === 'same-origin'
    if (!sameOrigin)
      throw new HttpError(
        403,
        'forbidden_origin',
        `This request must come from the ${brandName} site itself.`,
      )
    const type = c.req.header('Content-Type') ?? ''
    if (!/^application\/json\b/i.test(type)) {
      throw new HttpError(
        415,
        'unsupported_media_type',
        'Send the request body as JSON (Content-Type: application/json).',
      )
    }
    await next()
  })
}
