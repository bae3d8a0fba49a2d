import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { createPublicPages, type PublicPagesOptions } from '#server/render/public-pages.ts'
import { categoryByValue } from '#shared/categories.ts'
import { paths } from '#shared/paths.ts'

const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * The built app from dist/web: hashed files under /assets/ are cached for a year, other files for an
 * hour, and any other GET that asks for a page gets the page (no-cache): rendered on the server when it is
 * public, index.html for the member pages, so deep links such as /challenge/Some-Title survive a reload,
 * and the 404 page with a 404 for a path the app does not know (docs/product.md §2; index.html with a 200
 * when the renderer is not built). Brotli and gzip copies made at build time are preferred.
 */
function cacheControlFor(path: string): string {
  if (path.startsWith('/assets/')) return IMMUTABLE
  if (path === '/' || path.endsWith('.html')) return 'no-cache'
  return 'public, max-age=3600'
}

/**
 * Member pages about one record, rendered in the browser: the page's API address for the path, or null.
 * The server asks the API as the visitor (their own cookie) before sending the app, so an id that names
 * nothing, or cannot be one, is answered 404 like the page it shows (docs/product.md §2).
 */
function memberRecordApi(path: string): string | null {
  const review = /^\/reviews\/([^/]+)$/.exec(path)?.[1]
  return review === undefined ? null : `/api/reviews/${review}`
}

export function spaRoutes(webDir: string, publicPages?: PublicPagesOptions) {
  const app = new Hono()
  const indexPath = join(webDir, 'index.html')
  if (!existsSync(indexPath)) {
    return app.get('*', (c) =>
      c.text('The web app is not built. Run `npm run build` (or `npm start`, which builds it).', 503),
    )
  }
  const indexHtml = readFileSync(indexPath, 'utf8')
  // Public pages come rendered on the server when the renderer is built (see render/public-pages.ts).
  const pages = publicPages ? createPublicPages(webDir, indexHtml, publicPages) : null

  // Headers set before the static handler runs are kept on the response it creates.
  app.use('*', async (c, next) => {
    c.header('Cache-Control', cacheControlFor(c.req.path))
    await next()
  })
  // Source maps stay on the server for reading stack traces; the public gets the bundles only, and
  // not the build's manifest either.
  app.get('*', async (c, next) =>
    c.req.path.endsWith('.map') || c.req.path.startsWith('/.vite/') ? c.text('Not found', 404) : next(),
  )
  const assets = serveStatic({ root: webDir, precompressed: true })
  // `/` is a page like the others (rendered when it can be), not the index.html file.
  app.use('*', async (c, next) => (c.req.path === '/' ? next() : assets(c, next)))
  const renderPublicPage = async (path: string, url: string) => {
    if (!pages) return null
    try {
      return await pages.render(path, url)
    } catch (error) {
      // The plain app still works: it renders in the browser, as it did before server rendering.
      publicPages?.onError?.(error)
      return null
    }
  }
  app.get('*', async (c) => {
    // A missing file (an old asset, a typo) is a 404, not the app.
    if (/\.[a-z0-9]+$/i.test(c.req.path) || c.req.path.startsWith('/assets/')) return c.text('Not found', 404)
    c.header('Cache-Control', 'no-cache')
    // A category named as stored rather than as its page (docs/product.md §2: /challenges/landing-page).
    const segment = /^\/challenges\/([^/]+)$/.exec(c.req.path)?.[1]
    const stored = segment === undefined ? undefined : categoryByValue(segment)
    if (stored && stored.path !== segment) {
      return c.redirect(`${paths.category(stored)}${new URL(c.req.url).search}`, 301)
    }
    const page = await renderPublicPage(c.req.path, c.req.url)
    if (page) return c.html(page.html, page.status)
    const recordApi = publicPages ? memberRecordApi(c.req.path) : null
    if (recordApi && publicPages) {
      const cookie = c.req.header('cookie')
      try {
        const answer = await publicPages.api(recordApi, cookie ? { headers: { cookie } } : {})
        await answer.body?.cancel()
        if (answer.status === 400 || answer.status === 404) return c.html(indexHtml, 404)
      } catch (error) {
        // The page still works: it asks the API itself and shows what it hears.
        publicPages.onError?.(error)
      }
    }
    return c.html(indexHtml)
  })
  return app
}
