import { AsyncLocalStorage } from 'node:async_hooks'
import { dehydrate, type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
// The edge build: Node's keeps each render's request in an AsyncLocalStorage (see firstApi below).
import { prerender } from 'react-dom/static.edge'
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router'
import type { PublicConfig } from '#shared/public-config.ts'
import { ApiError, isApiNotFound, setApiTransport } from '#web/lib/api-client.ts'
import { createHeadTags, HeadCollector, type HeadTags } from '#web/lib/head.tsx'
import { publicConfigQuery } from '#web/lib/public-config.ts'
import { createQueryClient, seedNotFound } from '#web/lib/query-client.ts'
import type { PageData, PageHead, RenderContext, RenderHandle } from '#web/lib/route-data.ts'
import type { SsrData, SsrNotFound } from '#web/lib/ssr-data.ts'
import { createRoutes } from '#web/routes.tsx'

/**
 * The server's renderer (built by `vite build --ssr` into dist/render): the same routes and
 * components as the browser, rendered to HTML for a visitor. React Router's static handler runs the
 * matched routes' loaders first, which fill the page's query cache through the features' query-options
 * factories (their requests go to the app in-process) and state the page's head and status. The browser
 * hydrates it with the data the answer carries (main.tsx).
 */
export type RenderInput = {
  request: Request
  /** The app's own API, in-process. */
  api: (path: string) => Promise<Response>
  /** The site's configuration, which every page's layout reads: the server has it, no request needed. */
  config: PublicConfig
}

export type RenderResult = {
  status: number
  html: string
  head: HeadTags
  /** The page's description and link-preview tags, as its route's loader stated them. */
  page: PageHead
  /** The resource hints React asked for while rendering (image preloads), to go into <head>. */
  hints: string
  data: SsrData
}

/** A route of the table the server renders (docs/decisions/003-server-rendered-public-pages.md). */
export type RenderedRoute = { handle: RenderHandle; params: Record<string, string | undefined> }

/**
 * React writes the hints of a page it renders (`preload()`, an `<img fetchPriority="high">`) before the
 * page's first element when it renders no <head> of its own, as here: they belong in the document's.
 * React escapes `>` in attribute values, so a tag ends at the first `>`.
 */
const LEADING_HINTS = /^(?:<link [^>]*\/>)+/

export function splitHints(rendered: string): { hints: string; html: string } {
  const hints = LEADING_HINTS.exec(rendered)?.[0] ?? ''
  return { hints, html: rendered.slice(hints.length) }
}

const routes = createRoutes()
const handler = createStaticHandler(routes)

type Api = RenderInput['api']

/**
 * The API of the render under way. The process's first app renders with no async context: on Node 20
 * an AsyncLocalStorage, once entered, turns on promise hooks for the whole process, and every later
 * request pays for them (docs/decisions/009-headers-and-compression-on-the-response.md, whose
 * addendum also explains React's edge build above). A server runs one app. Renders of any other app
 * in the same process (the tests' several instances, which overlap) carry their API in an
 * AsyncLocalStorage, so each page's requests still reach its own app.
 */
let firstApi: Api | null = null
const otherApi = new AsyncLocalStorage<Api>()
setApiTransport((path) => {
  const api = otherApi.getStore() ?? firstApi
  if (!api) return Promise.reject(new Error('An API request outside a server render.'))
  return api(path)
})

/**
 * The public page the route table has at `pathname` (its 404 page for a path it does not know), or null
 * for a member page, which the browser renders.
 */
export function renderedRoute(pathname: string): RenderedRoute | null {
  const leaf = matchRoutes(routes, pathname)?.at(-1)
  const handle = leaf?.route.handle as RenderHandle | undefined
  return leaf && handle ? { handle, params: leaf.params } : null
}

/** The queries the API answered 404 (an unknown challenge or profile): the page shows "not found". */
function notFoundQueries(queryClient: QueryClient): SsrNotFound[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .flatMap(({ queryKey, state: { error } }) =>
      error instanceof ApiError && isApiNotFound(error)
        ? [{ queryKey, code: error.code, message: error.message }]
        : [],
    )
}

/** The deepest matched route's head: a page's own description overrides the layout's. */
function pageHead(loaderData: Record<string, unknown>, matches: { route: { id: string } }[]): PageHead {
  for (const { route } of [...matches].reverse()) {
    const head = (loaderData[route.id] as PageData | null | undefined)?.head
    if (head) return head
  }
  return {}
}

/** Null when the router answers with a redirect or an error: the caller serves the plain app then. */
export function renderPage(input: RenderInput): Promise<RenderResult | null> {
  firstApi ??= input.api
  return input.api === firstApi ? render(input) : otherApi.run(input.api, () => render(input))
}

async function render(input: RenderInput): Promise<RenderResult | null> {
  const queryClient = createQueryClient()
  // A page that cannot be read is served as the plain app at once, not after a retry's wait.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } })
  queryClient.setQueryData(publicConfigQuery().queryKey, input.config)
  const requestContext: RenderContext = { queryClient }
  const context = await handler.query(input.request, { requestContext })
  if (context instanceof Response || context.errors) {
    queryClient.clear()
    return null
  }
  // They render their "not found" state here, as in the browser, instead of a skeleton waiting to ask again.
  const notFound = notFoundQueries(queryClient)
  for (const query of notFound) seedNotFound(queryClient, query)

  const router = createStaticRouter(handler.dataRoutes, context)
  const head = createHeadTags()
  // The whole page at once, every Suspense boundary (HydrateLater) resolved: pages are cached as
  // documents, so nothing is gained by streaming, and nothing on them waits for data here.
  const { prelude } = await prerender(
    <StrictMode>
      <HeadCollector value={head}>
        <QueryClientProvider client={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </QueryClientProvider>
      </HeadCollector>
    </StrictMode>,
    // Every boundary stays in place, however large: React would otherwise move big ones to the end of
    // the document and put them back with an inline script, which the CSP does not run.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  )
  const { hints, html } = splitHints(await new Response(prelude).text())
  const data: SsrData = {
    queries: dehydrate(queryClient),
    notFound,
    router: { loaderData: context.loaderData, actionData: context.actionData },
  }
  queryClient.clear()
  return {
    status: context.statusCode,
    html,
    head,
    page: pageHead(context.loaderData, context.matches),
    hints,
    data,
  }
}
