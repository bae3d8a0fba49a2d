import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'

const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * The built app from dist/web: hashed files under /assets/ are cached for a year, other files for an
 * hour, and any other GET that asks for a page gets index.html (no-cache), so deep links such as
 * /challenge/Some-Title survive a reload. Brotli and gzip copies made at build time are preferred.
 */
function cacheControlFor(path: string): string {
  if (path.startsWith('/assets/')) return IMMUTABLE
  if (path === '/' || path.endsWith('.html')) return 'no-cache'
  return 'public, max-age=3600'
}

export function spaRoutes(webDir: string) {
  const app = new Hono()
  const indexPath = join(webDir, 'index.html')
  if (!existsSync(indexPath)) {
    return app.get('*', (c) =>
      c.text('The web app is not built. Run `npm run build` (or `npm start`, which builds it).', 503),
    )
  }
  const indexHtml = readFileSync(indexPath, 'utf8')

  // Headers set before the static handler runs are kept on the response it creates.
  app.use('*', async (c, next) => {
    c.header('Cache-Control', cacheControlFor(c.req.path))
    await next()
  })
  // Source maps stay on the server for reading stack traces; the public gets the bundles only.
  app.get('*', async (c, next) => (c.req.path.endsWith('.map') ? c.text('Not found', 404) : next()))
  app.use('*', serveStatic({ root: webDir, precompressed: true }))
  app.get('*', (c) => {
    // A missing file (an old asset, a typo) is a 404, not the app.
    if (/\.[a-z0-9]+$/i.test(c.req.path) || c.req.path.startsWith('/assets/')) return c.text('Not found', 404)
    c.header('Cache-Control', 'no-cache')
    return c.html(indexHtml)
  })
  return app
}
