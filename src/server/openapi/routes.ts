import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { type Env, Hono, type Schema } from 'hono'
import { z } from 'zod'
import { type CachedBody, cacheBytes, cacheJson, sendCached } from '#server/catalogue/cached-body.ts'
import { notFound, parseInput } from '#server/http/errors.ts'
import { buildOpenApiDocument } from '#server/openapi/document.ts'
import { describeOperation, error, file, json, NOT_MODIFIED } from '#server/openapi/operation.ts'

const docsAssetParams = z.object({ asset: z.string().min(1) })

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
  // Deep links put a link inside each operation's toggle button: two controls in one for a screen reader.
  deepLinking: false,
  validatorUrl: null,
  presets: [window.SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
})
// As Swagger UI renders: names for what it leaves unnamed, landmarks around its header parts, and its
// headings, which skip h2 under the h1 title, read one level up. Attributes only: React keeps its nodes.
const label = (selector, attributes) => {
  for (const element of root.querySelectorAll(selector))
    for (const [name, value] of Object.entries(attributes))
      if (element.getAttribute(name) !== value) element.setAttribute(name, value)
}
new MutationObserver(() => {
  label('select#servers', { 'aria-label': 'Server' })
  label('.information-container', { role: 'region', 'aria-label': 'About this API' })
  label('.schemes-server-container', { role: 'region', 'aria-label': 'Servers and sign-in' })
  label('h3', { 'aria-level': '2' })
  label('h4', { 'aria-level': '3' })
  label('h5', { 'aria-level': '4' })
}).observe(root, { childList: true, subtree: true })
`

/**
 * The site's theme on the docs page (docs/decisions/015-dark-mode.md): the choice the app keeps in this
 * browser's local storage under `theme` ("light" or "dark"), else the system's preference, followed as
 * either changes. Swagger UI's own dark styles hang on `html.dark-mode`; `data-theme` is the app's.
 * A render-blocking file in the head, not an inline script (the CSP forbids those), so the first paint
 * already has the theme.
 */
const THEME_SCRIPT = `'use strict'
;(() => {
  const query = window.matchMedia('(prefers-color-scheme: dark)')
  const apply = () => {
    let choice = null
    try {
      choice = window.localStorage.getItem('theme')
    } catch {}
    const dark = choice === 'dark' || (choice !== 'light' && query.matches)
    document.documentElement.dataset.theme = dark ? 'dark' : 'light'
    document.documentElement.classList.toggle('dark-mode', dark)
  }
  apply()
  query.addEventListener('change', apply)
  window.addEventListener('storage', apply)
})()
`

/**
 * Swagger UI's colours where they fail WCAG AA contrast (white on its light method badges, light
 * links and version stamps): the same hues, darkened to at least 4.5:1.
 */
const ACCESSIBLE_CSS = `.swagger-ui .opblock.opblock-get .opblock-summary-method{background:#1d4ed8}
.swagger-ui .opblock.opblock-post .opblock-summary-method{background:#047857}
.swagger-ui .opblock.opblock-patch .opblock-summary-method{background:#0f766e}
.swagger-ui .opblock.opblock-put .opblock-summary-method{background:#b45309}
.swagger-ui .opblock.opblock-delete .opblock-summary-method{background:#b91c1c}
.swagger-ui .info .title small pre{background:#4b5563}
.swagger-ui .info .title small.version-stamp pre{background:#3f6212}
.swagger-ui .info .url,.swagger-ui .info a,.swagger-ui .info .link{color:#1d4ed8}
.swagger-ui .btn.authorize{color:#047857;border-color:#047857}
.swagger-ui .btn.authorize span{color:#047857}
.swagger-ui .btn.authorize svg{fill:#047857}
.swagger-ui .json-schema-2020-12-expand-deep-button{color:#374151}
.swagger-ui .try-out__btn.cancel,.swagger-ui .btn.cancel{color:#b91c1c;border-color:#b91c1c}
.swagger-ui .btn.execute{background-color:#1d4ed8;border-color:#1d4ed8}
.swagger-ui .download-contents{background:#4b5563}
.site-bar{display:flex;align-items:center;gap:1rem;max-width:1460px;margin:0 auto;padding:12px 20px;font:600 14px/1.5 system-ui,sans-serif}
.site-bar a{color:#1d4ed8;text-decoration:underline;text-underline-offset:4px;border-radius:4px}
.site-bar a:focus-visible{outline:2px solid #1d4ed8;outline-offset:2px}
html.dark-mode body{background:#1c2022}
html.dark-mode .site-bar a{color:#93c5fd}
html.dark-mode .site-bar a:focus-visible{outline-color:#93c5fd}
html.dark-mode .swagger-ui .info .url,html.dark-mode .swagger-ui .info a,html.dark-mode .swagger-ui .info .link{color:#93c5fd}
html.dark-mode .swagger-ui .btn.authorize{color:#6ee7b7;border-color:#6ee7b7}
html.dark-mode .swagger-ui .btn.authorize span{color:#6ee7b7}
html.dark-mode .swagger-ui .btn.authorize svg{fill:#6ee7b7}
html.dark-mode .swagger-ui .json-schema-2020-12-expand-deep-button{color:#d1d5db}
html.dark-mode .swagger-ui .try-out__btn.cancel,html.dark-mode .swagger-ui .btn.cancel{color:#fca5a5;border-color:#fca5a5}
`

type ViewerFiles = {
  theme: string
  css: string
  bundle: string
  start: string
  accessibleCss: string
  assets: Map<string, CachedBody>
}

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
    { name: 'accessible.css', type: 'text/css; charset=utf-8', text: ACCESSIBLE_CSS },
    { name: 'theme.js', type: 'text/javascript; charset=utf-8', text: THEME_SCRIPT },
  ]
  const names: string[] = []
  const assets = new Map<string, CachedBody>()
  for (const { name, type, text } of files) {
    const bytes = Buffer.from(text)
    const hashed = hashedName(name, bytes)
    names.push(hashed)
    assets.set(hashed, cacheBytes(bytes, type, 'none'))
  }
  const [cssName = '', bundleName = '', startName = '', accessibleName = '', themeName = ''] = names
  return {
    theme: themeName,
    css: cssName,
    bundle: bundleName,
    start: startName,
    accessibleCss: accessibleName,
    assets,
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/**
 * The docs page: the site's way back above Swagger UI (the brand links home), in the site's theme.
 */
function docsPage(title: string, brand: string, files: ViewerFiles): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<script src="/api/docs/${files.theme}"></script>
<link rel="stylesheet" href="/api/docs/${files.css}">
<link rel="stylesheet" href="/api/docs/${files.accessibleCss}">
<script src="/api/docs/${files.bundle}" defer></script>
<script src="/api/docs/${files.start}" defer></script>
</head>
<body>
<header class="site-bar"><a href="/">&larr; Back to ${escapeHtml(brand)}</a></header>
<noscript>This page needs JavaScript. The API's description is at <a href="/api/openapi.json">/api/openapi.json</a>.</noscript>
<div id="docs" data-spec="/api/openapi.json"></div>
</body>
</html>
`
}

/**
 * GET /api/openapi.json (the OpenAPI 3.1 document of `app`'s routes, generated on the first request, when
 * every route is in place) and GET /api/docs (Swagger UI on it, served from here). Mounted on /api before
 * the session is read: nothing here depends on who asks.
 */
export function openApiRoutes<E extends Env, S extends Schema, P extends string>(options: {
  app: Hono<E, S, P>
  brand: string
  publicOrigin: string
  sessionCookie: string
}) {
  const { app, ...head } = options
  let document: Promise<CachedBody> | undefined
  let viewer: Promise<ViewerFiles> | undefined
  const loadDocument = () => {
    if (!document) {
      const building = buildOpenApiDocument(app, head).then((built) => cacheJson(built, 'none'))
      document = building
      // A failed build is tried again on the next request, not remembered.
      building.catch(() => {
        if (document === building) document = undefined
      })
    }
    return document
  }
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
    .get(
      '/openapi.json',
      describeOperation({
        operationId: 'getOpenApiDocument',
        summary: 'This description of the API (OpenAPI 3.1)',
        tag: 'Site',
        responses: { 200: json('This document.', 'OpenApiDocument'), 304: NOT_MODIFIED },
      }),
      async (c) =>
        // Changes only with a new version of the server: revalidated by its ETag.
        sendCached(c, await loadDocument(), 'no-cache'),
    )
    .get(
      '/docs',
      describeOperation({
        operationId: 'getApiDocsPage',
        summary: 'A page to read and try this API in a browser',
        tag: 'Site',
        responses: { 200: file('The docs page (HTML).', 'text/html') },
      }),
      async (c) => {
        c.header('Cache-Control', 'no-cache')
        return c.html(docsPage(`${options.brand} API`, options.brand, await loadViewer()))
      },
    )
    .get(
      '/docs/:asset',
      describeOperation({
        operationId: 'getApiDocsAsset',
        summary: 'A script or stylesheet of the docs page',
        tag: 'Site',
        params: docsAssetParams,
        responses: {
          200: {
            description: 'The file; its name changes with its content, so it may be cached for good.',
            content: {
              'text/javascript': { schema: { type: 'string' } },
              'text/css': { schema: { type: 'string' } },
            },
          },
          304: NOT_MODIFIED,
          404: error('There is no such file.'),
        },
      }),
      async (c) => {
        const { asset } = parseInput(docsAssetParams, c.req.param())
        const body = (await loadViewer()).assets.get(asset)
        if (!body) throw notFound('There is no such file.')
        return sendCached(c, body, ASSET_CACHE)
      },
    )
}
