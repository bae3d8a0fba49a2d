import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Catalogue, Listing } from '#server/catalogue/catalogue.ts'
import { documentTemplate, escapeHtml, jsonForScript, templateDescription } from '#server/render/document.ts'
import { type Manifest, modulepreloads } from '#server/render/manifest.ts'
import { writeUpFirstSentence } from '#server/solutions/write-up.ts'
import { catalogueFiltersSearch, parseCatalogueFilters } from '#shared/catalogue-filters.ts'
import { categoryByPath } from '#shared/categories.ts'
import type { PublicConfig } from '#shared/public-config.ts'
import type { RenderedRoute, RenderInput, RenderResult } from '#web/entry-server.tsx'
import { ROUTE_SCRIPTS_ID, SSR_DATA_ID } from '#web/lib/ssr-data.ts'

/**
 * Server-rendered public pages (docs/decisions/003-server-rendered-public-pages.md): the HTML of /, the
 * catalogue, a challenge, the static pages, profiles, solutions and their galleries is in the first
 * answer, rendered by the app's own route table and components (dist/render, built from
 * src/web/entry-server.tsx) for a visitor: the routes' loaders read the page's data from the app's API
 * in-process and state its head and status. The page's data go along as a JSON block the browser
 * hydrates from, with per-page title, description and link-preview tags. Anything that cannot be
 * rendered gets the plain app, as before.
 */
export type PublicPagesOptions = {
  catalogue: Catalogue
  config: PublicConfig
  /** PUBLIC_URL's origin: link previews need absolute addresses. */
  publicOrigin: string
  /** The app's own API in-process: the routes' loaders read the pages' data through it. */
  api: (path: string, init?: RequestInit) => Promise<Response>
  /** The built renderer; defaults to dist/render beside the web app's folder. */
  renderDir?: string
  /** The renderer itself, instead of the built one (tests render with the source). */
  renderer?: () => Promise<Renderer>
  /** Told when a page could not be rendered (it is then served as the plain app). */
  onError?: (error: unknown) => void
}

export type RenderedPage = { status: 200 | 404; html: string }

export type Renderer = {
  renderPage(input: RenderInput): Promise<RenderResult | null>
  renderedRoute(pathname: string): RenderedRoute | null
}

const CACHE_LIMIT = 500

export function createPublicPages(webDir: string, indexHtml: string, options: PublicPagesOptions) {
  const renderDir = options.renderDir ?? join(webDir, '..', 'render')
  const rendererPath = join(renderDir, 'entry-server.js')
  const manifestPath = join(webDir, '.vite', 'manifest.json')
  if ((!options.renderer && !existsSync(rendererPath)) || !existsSync(manifestPath)) return null
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest
  let renderer: Promise<Renderer> | null = null
  const loadRenderer = () => {
    renderer ??= options.renderer?.() ?? (import(pathToFileURL(rendererPath).href) as Promise<Renderer>)
    return renderer
  }
  const { config, publicOrigin } = options
  const defaultDescription =
    templateDescription(indexHtml) ?? `${config.brandName}: practise frontend work on real designs.`
  const fillDocument = documentTemplate(indexHtml)

  let cacheSignature = ''
  const cache = new Map<string, { page: RenderedPage; listingKey: string | null }>()

  function documentFor(pathname: string, result: RenderResult, module: string): string {
    // What the page's components asked of the head while they rendered.
    const title = escapeHtml(result.head.title ?? config.brandName)
    const hoisted = [
      ...(result.head.noindex || result.page.noindex ? ['<meta name="robots" content="noindex" />'] : []),
      // React's own: already escaped.
      ...(result.hints ? [result.hints] : []),
    ]
    const head = result.page
    const url = new URL(pathname, publicOrigin).href
    const description = escapeHtml(
      (head.writeUp === undefined ? null : writeUpFirstSentence(head.writeUp)) ??
        head.description ??
        defaultDescription,
    )
    const image = head.image === undefined ? undefined : new URL(head.image, publicOrigin).href
    const previewTitle = head.title === undefined ? title : escapeHtml(head.title)
    const tags = [
      `<link rel="canonical" href="${escapeHtml(url)}" />`,
      `<meta property="og:type" content="website" />`,
      `<meta property="og:site_name" content="${escapeHtml(config.brandName)}" />`,
      `<meta property="og:title" content="${previewTitle}" />`,
      `<meta property="og:description" content="${description}" />`,
      `<meta property="og:url" content="${escapeHtml(url)}" />`,
      ...(image ? [`<meta property="og:image" content="${escapeHtml(image)}" />`] : []),
      `<meta name="twitter:card" content="summary_large_image" />`,
      `<meta name="twitter:title" content="${previewTitle}" />`,
      `<meta name="twitter:description" content="${description}" />`,
      ...(image ? [`<meta name="twitter:image" content="${escapeHtml(image)}" />`] : []),
      ...hoisted,
      // The route's own scripts, which public/start.js asks for after the first paint with index.html's.
      `<script type="application/json" id="${ROUTE_SCRIPTS_ID}">${jsonForScript(modulepreloads(manifest, module).map((file) => `/${file}`))}</script>`,
    ]
    return fillDocument({
      title,
      description,
      head: `    ${tags.join('\n    ')}`,
      root: result.html,
      afterRoot: `\n    <script type="application/json" id="${SSR_DATA_ID}">${jsonForScript(result.data)}</script>`,
    })
  }

  /** The list a catalogue page shows (home's and /challenges' whole list, a category's), else null. */
  function listingFor({ handle, params }: RenderedRoute): Promise<Listing> | null {
    if (handle.listing === 'all') return options.catalogue.listing()
    const category = handle.listing === 'category' ? categoryByPath(params.category ?? '') : undefined
    return category ? options.catalogue.listing(category.value) : null
  }

  /**
   * The rendered page; the 404 page, answered 404, for a path the app does not know (docs/product.md
   * §2); null when the path is one of the app's pages rendered in the browser (the member pages) or
   * cannot be rendered.
   */
  async function render(pathname: string, url: string): Promise<RenderedPage | null> {
    const { renderPage, renderedRoute } = await loadRenderer()
    const route = renderedRoute(pathname)
    if (!route) return null
    // Profiles, solutions, galleries (whose address's query chooses what they show), the competitions'
    // live ranking change without an import, and anyone can make up an unknown path: rendered every time.
    const kept = route.handle.render === 'kept'
    let cacheKey = pathname
    let listingKey: string | null = null
    if (kept) {
      const [snapshot, listing] = await Promise.all([options.catalogue.snapshot(), listingFor(route)])
      // A catalogue page is kept per search, filters and sort as the page reads them (unknown values
      // dropped), and for as long as its solution counts hold.
      if (listing)
        cacheKey = `${pathname}${catalogueFiltersSearch(parseCatalogueFilters(new URL(url).search))}`
      listingKey = listing?.key ?? null
      if (snapshot.signature !== cacheSignature) {
        cache.clear()
        cacheSignature = snapshot.signature
      }
      const cached = cache.get(cacheKey)
      if (cached && cached.listingKey === listingKey) return cached.page
    }
    const result = await renderPage({ request: new Request(url), api: options.api, config })
    if (!result) return null
    const page: RenderedPage = {
      status: result.status === 404 ? 404 : 200,
      html: documentFor(pathname, result, route.handle.module),
    }
    if (kept) {
      if (cache.size >= CACHE_LIMIT) cache.clear()
      cache.set(cacheKey, { page, listingKey })
    }
    return page
  }

  return { render }
}
