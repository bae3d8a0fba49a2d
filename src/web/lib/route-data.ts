import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query'
import { data, type LoaderFunctionArgs } from 'react-router'
import { ApiError, isApiNotFound } from '#web/lib/api-client.ts'
import { publicConfigQuery } from '#web/lib/public-config.ts'
import { seedNotFound } from '#web/lib/query-client.ts'

/**
 * The public pages' loaders (docs/decisions/003-server-rendered-public-pages.md). On the server they fill
 * the page's query cache through the features' query-options factories before the page renders, and
 * state the page's head and status; in the browser they do nothing, and pages read their data with
 * useQuery as they render, as they always have (a skeleton at once, a card's copy of a challenge).
 */

/** What the server's renderer hands the loaders as React Router's request context. */
export type RenderContext = { queryClient: QueryClient }

/** The page's description and link-preview tags, as its loader states them; the server writes them. */
export type PageHead = {
  description?: string
  /** The link preview's image, an address on the site. */
  image?: string
  /** The link preview's own title, when it is not the document's (a solution's, docs/product.md §11). */
  title?: string
  noindex?: boolean
  /** Markdown whose first sentence, when it has one, is the description (a solution's write-up). */
  writeUp?: string | null
}

export type PageData = { head: PageHead }

/**
 * How the server renders a route's page. Routes without it are the member pages, rendered in the browser.
 * `kept` pages are cached until the catalogue changes, `live` ones rendered on every request.
 */
export type RenderHandle = {
  /** The route's module as Vite's manifest names it: its chunks are preloaded with the page. */
  module: string
  render: 'kept' | 'live'
  /** A catalogue page: the list it shows, whose solution counts also end the cached page. */
  listing?: 'all' | 'category'
}

/** A page's data with its status (a 404). */
type PageAnswer = ReturnType<typeof data<PageData>>

type Loaded = PageData | PageAnswer

function renderContext(context: unknown): RenderContext | null {
  const queryClient = (context as Partial<RenderContext> | null)?.queryClient
  return queryClient ? { queryClient } : null
}

/** A loader that runs in the server's renderer only (see above). */
export function serverLoader(
  load: (args: LoaderFunctionArgs, queryClient: QueryClient) => Promise<Loaded> | Loaded,
) {
  return (args: LoaderFunctionArgs): Promise<Loaded> | Loaded | null => {
    const context = renderContext(args.context)
    return context ? load(args, context.queryClient) : null
  }
}

export function page(head: PageHead = {}): PageData {
  return { head }
}

/** The page answers 404 and stays out of search results (docs/product.md §2). */
export function notFound(): PageAnswer {
  return data(page({ noindex: true }), { status: 404 })
}

/**
 * The record a page is about (a challenge, a profile, a solution), read with its query-options factory by
 * the address's segment at `index`; null when there is none. A segment that is not valid percent-encoding
 * names nothing and the API is not asked; the API's other answers in `statuses` (404 by default) also
 * mean none. Either way the page shows "not found" at once, here and after hydration: the API's own
 * 404, or `message` for the segment.
 */
export async function readRecord<T, K extends QueryKey>(
  queryClient: QueryClient,
  request: Request,
  index: number,
  query: (segment: string) => EnsureQueryDataOptions<T, Error, T, K>,
  message: (segment: string) => string,
  statuses: number[] = [404],
): Promise<T | null> {
  const raw = new URL(request.url).pathname.split('/')[index] ?? ''
  let segment: string | null = null
  try {
    segment = decodeURIComponent(raw)
  } catch {}
  const options = query(segment ?? raw)
  try {
    if (segment !== null) return await queryClient.ensureQueryData(options)
  } catch (error) {
    if (!(error instanceof ApiError && statuses.includes(error.status))) throw error
  }
  if (!isApiNotFound(queryClient.getQueryState(options.queryKey)?.error)) {
    seedNotFound(queryClient, {
      queryKey: options.queryKey,
      code: 'not_found',
      message: message(segment ?? raw),
    })
  }
  return null
}

export async function brandName(queryClient: QueryClient): Promise<string> {
  return (await queryClient.ensureQueryData(publicConfigQuery())).brandName
}
