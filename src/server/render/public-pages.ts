import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Catalogue, CatalogueSnapshot, Listing } from '#server/catalogue/catalogue.ts'
import { documentTemplate, escapeHtml, jsonForScript, templateDescription } from '#server/render/document.ts'
import { writeUpFirstSentence } from '#server/solutions/write-up.ts'
import { BADGES, isBadgeId } from '#shared/badges.ts'
import { catalogueFiltersSearch, parseCatalogueFilters } from '#shared/catalogue-filters.ts'
import { categoryByPath } from '#shared/categories.ts'
import type { Challenge } from '#shared/challenge.ts'
import type { ProfilePage } from '#shared/member.ts'
import { paths } from '#shared/paths.ts'
import type { PublicConfig } from '#shared/public-config.ts'
import type { GalleryResponse, SolutionResponse } from '#shared/solution.ts'
import type { PrefetchedQuery, RenderInput, RenderResult } from '#web/entry-server.tsx'
import {
  challengeGalleryApiPath,
  galleryApiPath,
  galleryKeys,
  parseGalleryFilters,
} from '#web/features/solutions/gallery-filters.ts'
import type { SsrNotFound } from '#web/lib/ssr-data.ts'
import { SSR_DATA_ID } from '#web/lib/ssr-data.ts'

/**
 * Server-rendered public pages (docs/decisions/003-server-rendered-public-pages.md): the HTML of /, the
 * catalogue, a challenge, the static pages, profiles, solutions and their galleries is in the first
 * answer, rendered by the app's own components (dist/render, built from src/web/entry-server.tsx) for a
 * visitor, with the page's data as a JSON block the browser hydrates from, and per-page title,
 * description and link-preview tags. Anything that cannot be rendered gets the plain app, as before.
 */
export type PublicPagesOptions = {
  catalogue: Catalogue
  config: PublicConfig
  /** PUBLIC_URL's origin: link previews need absolute addresses. */
  publicOrigin: string
  /** The app's own API in-process (profiles are read the way /api/users/:username reads them). */
  api: (path: string) => Promise<Response>
  /** The built renderer; defaults to dist/render beside the web app's folder. */
  renderDir?: string
  /** Told when a page could not be rendered (it is then served as the plain app). */
  onError?: (error: unknown) => void
}

export type RenderedPage = { status: 200 | 404; html: string }

type Renderer = {
  renderPage(input: RenderInput): Promise<RenderResult | null>
  isUnknownPath(pathname: string): boolean
}

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>

/** `title`: the link preview's own title, when it is not the document's (a solution's, docs/product.md §11). */
type Head = { description: string; image?: string; noindex?: boolean; title?: string }

type PageData = { queries: PrefetchedQuery[]; notFound: SsrNotFound[]; status: 200 | 404; head: Head }

/** The public pages rendered on the server, with the route module each needs. */
const PAGES: { pattern: RegExp; module: string }[] = [
  { pattern: /^\/$/, module: 'routes/home.tsx' },
  { pattern: /^\/challenges$/, module: 'routes/challenges.tsx' },
  { pattern: /^\/challenges\/[^/]+$/, module: 'routes/category.tsx' },
  { pattern: /^\/challenge\/[^/]+$/, module: 'routes/challenge.tsx' },
  { pattern: /^\/challenge\/[^/]+\/solutions$/, module: 'routes/challenge-solutions.tsx' },
  { pattern: /^\/solutions$/, module: 'routes/solutions.tsx' },
  { pattern: /^\/about$/, module: 'routes/about.tsx' },
  { pattern: /^\/terms$/, module: 'routes/terms.tsx' },
  { pattern: /^\/privacy$/, module: 'routes/privacy.tsx' },
  { pattern: /^\/contact$/, module: 'routes/contact.tsx' },
  { pattern: /^\/competitions$/, module: 'routes/competitions.tsx' },
  { pattern: /^\/badges$/, module: 'routes/badges.tsx' },
  { pattern: /^\/badges\/[^/]+$/, module: 'routes/badge.tsx' },
  { pattern: /^\/profile\/[^/]+$/, module: 'routes/profile.tsx' },
  { pattern: /^\/solutions\/[^/]+$/, module: 'routes/solution.tsx' },
]

const CACHE_LIMIT = 500

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment)
  } catch {
    return null
  }
}

/** The files a manifest entry loads: its own and, transitively, those of its imports. */
function filesOf(manifest: Manifest, key: string): Set<string> {
  const files = new Set<string>()
  const visit = (name: string) => {
    const entry = manifest[name]
    if (!entry || files.has(entry.file)) return
    files.add(entry.file)
    for (const imported of entry.imports ?? []) visit(imported)
  }
  visit(key)
  return files
}

/** The route's scripts to preload, less the entry's own (index.html already loads those). */
function modulepreloads(manifest: Manifest, key: string): string[] {
  const entry = filesOf(manifest, 'index.html')
  return [...filesOf(manifest, key)].filter((file) => file.endsWith('.js') && !entry.has(file))
}

export function createPublicPages(webDir: string, indexHtml: string, options: PublicPagesOptions) {
  const renderDir = options.renderDir ?? join(webDir, '..', 'render')
  const rendererPath = join(renderDir, 'entry-server.js')
  const manifestPath = join(webDir, '.vite', 'manifest.json')
  if (!existsSync(rendererPath) || !existsSync(manifestPath)) return null
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest
  let renderer: Promise<Renderer> | null = null
  const loadRenderer = () => {
    renderer ??= import(pathToFileURL(rendererPath).href) as Promise<Renderer>
    return renderer
  }
  const { config, publicOrigin } = options
  const defaultDescription =
    templateDescription(indexHtml) ?? `${config.brandName}: practise frontend work on real designs.`
  const fillDocument = documentTemplate(indexHtml)
  const configQuery: PrefetchedQuery = { queryKey: ['config'], data: config }

  let cacheSignature = ''
  const cache = new Map<string, { page: RenderedPage; listingKey: string | null }>()

  function challengeImage(challenge: Challenge): string {
    return new URL(challenge.templateImg, publicOrigin).href
  }

  /** A gallery's first page as the infinite query the page reads holds it, or null when it failed. */
  async function galleryPage(path: string, queryKey: readonly unknown[]): Promise<PrefetchedQuery | null> {
    const response = await options.api(path)
    if (!response.ok) return null
    const first = (await response.json()) as GalleryResponse
    return { queryKey, data: { pages: [first], pageParams: [null] } }
  }

  async function pageData(
    pathname: string,
    search: string,
    snapshot: CatalogueSnapshot,
    listing: Listing | null,
  ): Promise<PageData | null> {
    const page = (head: Partial<Head> = {}, queries: PrefetchedQuery[] = []): PageData => ({
      queries: [configQuery, ...queries],
      notFound: [],
      status: 200,
      head: { description: defaultDescription, ...head },
    })
    // The catalogue pages read the list with its solution counts (docs/product.md §2); the page's own
    // components search, filter and sort it as the address says.
    const list = { queryKey: ['challenges', 'list'], data: listing?.challenges ?? [] }
    if (pathname === paths.home) return page({}, [list])
    if (pathname === paths.challenges) {
      return page({ description: `Every challenge in the ${config.brandName} library, newest first.` }, [
        list,
      ])
    }
    const [, first, second, third] = pathname.split('/')
    if (pathname === paths.solutions) {
      // The gallery the address asks for (docs/product.md §11): the same reading of the query as the page's.
      const filters = parseGalleryFilters(search)
      const gallery = await galleryPage(galleryApiPath(filters, null), galleryKeys.site(filters))
      if (!gallery) return null
      return page(
        {
          description: `Live sites ${config.brandName} members built from its challenges, each passed by its review.`,
        },
        [gallery],
      )
    }
    if (first === 'challenges' && second) {
      const category = categoryByPath(second)
      if (!category) return { ...page({ noindex: true }), status: 404 }
      return page(
        { description: `Every ${category.heading.toLowerCase()} challenge in the library, newest first.` },
        [{ queryKey: ['challenges', 'category', category.value], data: listing?.challenges ?? [] }],
      )
    }
    if (first === 'challenge' && second) {
      const slug = decodeSegment(second)
      const challenge = slug === null ? undefined : snapshot.challenges.find((c) => c.slug === slug)
      if (!challenge || slug === null) {
        return {
          ...page({ noindex: true }),
          status: 404,
          notFound: [
            {
              queryKey: ['challenges', 'slug', slug ?? second],
              code: 'not_found',
              message: `There is no challenge at "${slug ?? second}".`,
            },
          ],
        }
      }
      const challengeQuery = { queryKey: ['challenges', 'slug', challenge.slug], data: challenge }
      if (third === 'solutions') {
        const { sort } = parseGalleryFilters(search)
        const gallery = await galleryPage(
          challengeGalleryApiPath(challenge.id, sort, null),
          galleryKeys.challenge(challenge.id, sort),
        )
        if (!gallery) return null
        return page(
          {
            description: `Solutions to ${challenge.title} by ${config.brandName} members, each passed by its review.`,
            image: challengeImage(challenge),
          },
          [challengeQuery, gallery],
        )
      }
      const zipBody = snapshot.zipById.get(challenge.id)
      const zip = zipBody
        ? (JSON.parse(zipBody.identity.toString('utf8')) as { zip: unknown }).zip
        : undefined
      return page({ description: challenge.description, image: challengeImage(challenge) }, [
        challengeQuery,
        ...(zip ? [{ queryKey: ['challenges', 'zip', challenge.id], data: zip }] : []),
      ])
    }
    if (first === 'badges' && second) {
      const badge = decodeSegment(second)
      if (badge === null || !isBadgeId(badge)) return { ...page({ noindex: true }), status: 404 }
      return page({ description: `${BADGES[badge].name}: ${BADGES[badge].howToEarn}` })
    }
    if (pathname === paths.badges) {
      return page({ description: `The ${config.brandName} badges and how to earn each one.` })
    }
    if (pathname === paths.competitions) {
      const response = await options.api('/api/competitions')
      if (!response.ok) return null
      return page(
        {
          description: `Weekly ${config.brandName} competitions: the running one, its live ranking and past results.`,
        },
        [{ queryKey: ['competitions'], data: await response.json() }],
      )
    }
    if (first === 'profile' && second) {
      // A segment that is not valid percent-encoding names no one; the page reads it as it stands.
      const username = decodeSegment(second)
      const response =
        username === null ? null : await options.api(`/api/users/${encodeURIComponent(username)}`)
      if (username === null || response?.status === 404) {
        const body = (await response?.json().catch(() => null)) as {
          error?: { code?: string; message?: string }
        } | null
        return {
          ...page({ noindex: true }),
          status: 404,
          notFound: [
            {
              queryKey: ['profiles', username ?? second],
              code: body?.error?.code ?? 'not_found',
              message: body?.error?.message ?? 'User not found. Please check the username.',
            },
          ],
        }
      }
      if (!response?.ok) return null
      const profile = (await response.json()) as ProfilePage
      const name = profile.profile.name?.trim() || profile.profile.username
      const description =
        profile.profile.bio?.trim() ||
        `${name} on ${config.brandName}: ${profile.profile.points} points, ${profile.submissions.length} completed challenges.`
      return page({ description }, [{ queryKey: ['profiles', username], data: profile }])
    }
    if (first === 'solutions' && second) {
      // As a visitor sees it (docs/product.md §11): its member's own view comes after hydration.
      const id = decodeSegment(second)
      const response = id === null ? null : await options.api(`/api/solutions/${encodeURIComponent(id)}`)
      if (id === null || response?.status === 404 || response?.status === 400) {
        return {
          ...page({ noindex: true }),
          status: 404,
          notFound: [
            {
              queryKey: ['solutions', id ?? second],
              code: 'not_found',
              message: 'There is no such solution.',
            },
          ],
        }
      }
      if (!response?.ok) return null
      const { solution } = (await response.json()) as SolutionResponse
      const name = solution.member.name?.trim() || solution.member.username
      const title = `${name}'s ${solution.challenge.title} solution`
      const desktop = solution.latestReview?.captures.find((capture) => capture.breakpoint === 'desktop')
      const description =
        writeUpFirstSentence(solution.writeUp) ??
        `${title} on ${config.brandName}${solution.latestReview?.score == null ? '' : `, scored ${solution.latestReview.score} / 100`}.`
      return page(
        {
          description,
          title,
          ...(desktop ? { image: new URL(desktop.captureUrl, publicOrigin).href } : {}),
        },
        [{ queryKey: ['solutions', id], data: solution }],
      )
    }
    return page()
  }

  function documentFor(pathname: string, result: RenderResult, data: PageData): string {
    // What the page's components asked of the head while they rendered.
    const title = escapeHtml(result.head.title ?? config.brandName)
    const hoisted = [
      ...(result.head.noindex || data.head.noindex ? ['<meta name="robots" content="noindex" />'] : []),
      // React's own: already escaped.
      ...(result.hints ? [result.hints] : []),
    ]
    const { head } = data
    const url = new URL(pathname, publicOrigin).href
    const description = escapeHtml(head.description)
    const previewTitle = head.title === undefined ? title : escapeHtml(head.title)
    const tags = [
      `<link rel="canonical" href="${escapeHtml(url)}" />`,
      `<meta property="og:type" content="website" />`,
      `<meta property="og:site_name" content="${escapeHtml(config.brandName)}" />`,
      `<meta property="og:title" content="${previewTitle}" />`,
      `<meta property="og:description" content="${description}" />`,
      `<meta property="og:url" content="${escapeHtml(url)}" />`,
      ...(head.image ? [`<meta property="og:image" content="${escapeHtml(head.image)}" />`] : []),
      `<meta name="twitter:card" content="summary_large_image" />`,
      `<meta name="twitter:title" content="${previewTitle}" />`,
      `<meta name="twitter:description" content="${description}" />`,
      ...(head.image ? [`<meta name="twitter:image" content="${escapeHtml(head.image)}" />`] : []),
      ...hoisted,
      ...modulepreloads(manifest, PAGES.find((p) => p.pattern.test(pathname))?.module ?? '').map(
        (file) => `<link rel="modulepreload" crossorigin href="/${file}" />`,
      ),
    ]
    return fillDocument({
      title,
      description,
      head: `    ${tags.join('\n    ')}`,
      root: result.html,
      afterRoot: `\n    <script type="application/json" id="${SSR_DATA_ID}">${jsonForScript(result.data)}</script>`,
    })
  }

  /**
   * A path the app's route table does not know (docs/product.md §2): the 404 page, answered 404. Not
   * cached: anyone can make up such paths.
   */
  async function renderUnknown(pathname: string, url: string): Promise<RenderedPage | null> {
    const renderer = await loadRenderer()
    if (!renderer.isUnknownPath(pathname)) return null
    const data: PageData = {
      queries: [configQuery],
      notFound: [],
      status: 404,
      head: { description: defaultDescription, noindex: true },
    }
    const result = await renderer.renderPage({
      request: new Request(url),
      queries: data.queries,
      notFound: [],
    })
    if (!result) return null
    return { status: 404, html: documentFor(pathname, result, data) }
  }

  /** The list a catalogue page shows (home's and /challenges' whole list, a category's), else null. */
  function listingFor(pathname: string): Promise<Listing> | null {
    if (pathname === paths.home || pathname === paths.challenges) return options.catalogue.listing()
    const segment = /^\/challenges\/([^/]+)$/.exec(pathname)?.[1]
    const category = segment === undefined ? undefined : categoryByPath(segment)
    return category ? options.catalogue.listing(category.value) : null
  }

  /**
   * The rendered page; the 404 page for a path the app does not know; null when the path is one of the
   * app's pages rendered in the browser (the member pages) or cannot be rendered.
   */
  async function render(pathname: string, url: string): Promise<RenderedPage | null> {
    if (!PAGES.some((page) => page.pattern.test(pathname))) return renderUnknown(pathname, url)
    const [snapshot, listing] = await Promise.all([options.catalogue.snapshot(), listingFor(pathname)])
    const search = new URL(url).search
    // A catalogue page is kept per search, filters and sort as the page reads them (unknown values
    // dropped), and for as long as its solution counts hold.
    const cacheKey = listing
      ? `${pathname}${catalogueFiltersSearch(parseCatalogueFilters(search))}`
      : pathname
    // Profiles, solutions, galleries (whose address's query chooses what they show) and the
    // competitions' live ranking change without an import: rendered every time.
    const isLive =
      pathname.startsWith('/profile/') ||
      pathname.startsWith('/solutions/') ||
      pathname === paths.solutions ||
      pathname.endsWith('/solutions') ||
      pathname === paths.competitions
    if (!isLive) {
      if (snapshot.signature !== cacheSignature) {
        cache.clear()
        cacheSignature = snapshot.signature
      }
      const cached = cache.get(cacheKey)
      if (cached && cached.listingKey === (listing?.key ?? null)) return cached.page
    }
    const data = await pageData(pathname, search, snapshot, listing)
    if (!data) return null
    const { renderPage } = await loadRenderer()
    const result = await renderPage({
      request: new Request(url),
      queries: data.queries,
      notFound: data.notFound,
    })
    if (!result) return null
    // An unknown category renders the 404 page from the route itself.
    const status = data.status
    const page: RenderedPage = { status, html: documentFor(pathname, result, data) }
    if (!isLive) {
      if (cache.size >= CACHE_LIMIT) cache.clear()
      cache.set(cacheKey, { page, listingKey: listing?.key ?? null })
    }
    return page
  }

  return { render }
}
