import type { DehydratedState } from '@tanstack/react-query'

/** The id of the `<script type="application/json">` block a server-rendered page carries. */
export const SSR_DATA_ID = 'ssr-data'

/**
 * The id of the JSON block naming the route's own scripts, which public/start.js adds after the first
 * paint with index.html's (docs/decisions/019-first-visit-budgets.md); start.js spells it too.
 */
export const ROUTE_SCRIPTS_ID = 'route-scripts'

/** What the browser's console line about a hydration mismatch or recovered error starts with. */
export const RECOVERABLE_ERROR_PREFIX = 'React recovered from an error while hydrating:'

/** A query the server answered 404 (an unknown challenge or profile): the page shows "not found". */
export type SsrNotFound = { queryKey: readonly unknown[]; code: string; message: string }

/**
 * What the server hands the browser with a rendered page: the page's TanStack Query data and the
 * router's state, so the first render in the browser matches the HTML (no second request, no flash).
 */
export type SsrData = {
  queries: DehydratedState
  notFound: SsrNotFound[]
  router: { loaderData: Record<string, unknown>; actionData: Record<string, unknown> | null }
}
