import { dehydrate, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { prerender } from 'react-dom/static'
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router'
import { createHeadTags, HeadCollector, type HeadTags } from '#web/lib/head.tsx'
import { createQueryClient, seedNotFound } from '#web/lib/query-client.ts'
import type { SsrData, SsrNotFound } from '#web/lib/ssr-data.ts'
import { createRoutes } from '#web/routes.tsx'

/**
 * The server's renderer (built by `vite build --ssr` into dist/render): the same routes and
 * components as the browser, rendered to HTML for a visitor with the page's data already in the
 * query cache. The browser hydrates it with the data the answer carries (main.tsx).
 */
export type PrefetchedQuery = { queryKey: readonly unknown[]; data: unknown }

export type RenderInput = {
  request: Request
  queries: PrefetchedQuery[]
  notFound: SsrNotFound[]
}

export type RenderResult = {
  html: string
  head: HeadTags
  /** The resource hints React asked for while rendering (image preloads), to go into <head>. */
  hints: string
  data: SsrData
}

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

/**
 * Whether the app's route table has no page at `pathname` (only its catch-all matches): the server
 * answers such paths 404 with the 404 page (docs/product.md §2) instead of the app with a 200.
 */
export function isUnknownPath(pathname: string): boolean {
  const matches = matchRoutes(routes, pathname)
  return !matches || matches[matches.length - 1]?.route.path === '*'
}

/** Null when the router answers with a redirect or an error: the caller serves the plain app then. */
export async function renderPage(input: RenderInput): Promise<RenderResult | null> {
  const context = await handler.query(input.request)
  if (context instanceof Response || context.errors) return null

  const queryClient = createQueryClient()
  for (const query of input.queries) queryClient.setQueryData(query.queryKey, query.data)
  for (const notFound of input.notFound) seedNotFound(queryClient, notFound)

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
    notFound: input.notFound,
    router: { loaderData: context.loaderData, actionData: context.actionData },
  }
  queryClient.clear()
  return { html, head, hints, data }
}
