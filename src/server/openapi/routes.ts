import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { Hono } from 'hono'
import { type CachedBody, cacheBytes, cacheJson, sendCached } from '#server/catalogue/cached-body.ts'
import { notFound, parseInput } from '#server/http/errors.ts'
import { buildOpenApiDocument, docsAssetParams } from '#server/openapi/document.ts'

/** Asset names carry their content's hash, so a new viewer version is a new URL. */
const ASSET_CACHE = 'public, max-age=31536000, immutable'

/**
 * Starts Swagger UI on the docs page. A file, not an inline script, which the CSP forbids; the
 * document's address comes from the page's markup. `validatorUrl: null`: by default the viewer sends
 * the document to swagger.io for a badge, and the page must work offline and tell no one.
 */
const START_SCRIPT = `'use strict'
const root = document.getElementById('docs')
window.ui = window.SwaggerUIBundle({
  url: root.dataset.spec,
  domNode: root,
  deepLinking: true,
  validatorUrl: null,
  presets: [window.SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
})
`

type ViewerFiles = { css: string; bundle: string; start: string; assets: Map<string, CachedBody> }

function hashedName(name: string, bytes: Buffer): string {
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 12)
  return name.replace(/(\.[a-z]+)$/, `.${hash}$1`)
}

/**
 * Swagger UI's files, from the installed swagger-ui-dist (works offline: it loads no fonts or scripts
 * from elsewhere). Read on the first visit to the docs, not at start: most processes never serve them.
 * Compression is left to the server's response compression, which is fast at this size (a brotli at
 * the catalogue's level would hold the event loop for seconds on the 1.7 MB bundle).
 */
async function readViewer(): Promise<ViewerFiles> {
  const dir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))
  // Their source maps are not served: drop the comments that would send devtools looking for them.
  const withoutSourceMap = (text: string) =>
    text.replace(/\n?(\/\/# sourceMappingURL=.*|\/\*# sourceMappingURL=.*\*\/)\s*$/, '\n')
  const [css, bundle] = await Promise.all([
    readFile(join(dir, 'swagger-ui.css'), 'utf8'),
    readFile(join(dir, 'swagger-ui-bundle.js'), 'utf8'),
  ])
  const files = [
    { name: 'swagger-ui.css', type: 'text/css; charset=utf-8', text: withoutSourceMap(css) },
    { name: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8', text: withoutSourceMap(bundle) },
    { name: 'start.js', type: 'text/javascript; charset=utf-8', text: START_SCRIPT },
  ]
  const names: string[] = []
  const assets = new Map<string, CachedBody>()
  for (const { name, type, text } of files) {
    const bytes = Buffer.from(text)
    const hashed = hashedName(name, bytes)
    names.push(hashed)
    assets.set(hashed, cacheBytes(bytes, type, { compress: false }))
  }
  const [cssName = '', bundleName = '', startName = ''] = names
  return { css: cssName, bundle: bundleName, start: startName, assets }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

function docsPage(title: string, files: ViewerFiles): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<link rel="stylesheet" href="/api/docs/${files.css}">
<script src="/api/docs/${files.bundle}" defer></script>
<script src="/api/docs/${files.start}" defer></script>
</head>
<body>
<noscript>This page needs JavaScript. The API's description is at <a href="/api/openapi.json">/api/openapi.json</a>.</noscript>
<div id="docs" data-spec="/api/openapi.json"></div>
</body>
</html>
`
}

/**
 * GET /api/openapi.json (the OpenAPI 3.1 document) and GET /api/docs (Swagger UI on it, served from
 * here). Mounted on /api before the session is read: nothing here depends on who asks.
 */
export function openApiRoutes(options: { brand: string; publicOrigin: string; sessionCookie: string }) {
  let document: CachedBody | undefined
  let viewer: Promise<ViewerFiles> | undefined
  const loadViewer = () => {
    if (!viewer) {
      const reading = readViewer()
      viewer = reading
      // A failed read (a missing package) is tried again on the next visit, not remembered.
      reading.catch(() => {
        if (viewer === reading) viewer = undefined
      })
    }
    return viewer
  }
  return new Hono()
    .get('/openapi.json', (c) => {
      document ??= cacheJson(buildOpenApiDocument(options), { compress: false })
      // Changes only with a new version of the server: revalidated by its ETag.
      return sendCached(c, document, 'no-cache')
    })
    .get('/docs', async (c) => {
      c.header('Cache-Control', 'no-cache')
      return c.html(docsPage(`${options.brand} API`, await loadViewer()))
    })
    .get('/docs/:asset', async (c) => {
      const { asset } = parseInput(docsAssetParams, c.req.param())
      const body = (await loadViewer()).assets.get(asset)
      if (!body) throw notFound('There is no such file.')
      return sendCached(c, body, ASSET_CACHE)
    })
}
