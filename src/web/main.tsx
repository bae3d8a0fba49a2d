import { hydrate, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, matchRoutes, type RouteObject, RouterProvider } from 'react-router'
import { boundedLoad } from '#web/lib/connection.ts'
import { markHydrated } from '#web/lib/hydration.ts'
import { createQueryClient, seedNotFound } from '#web/lib/query-client.ts'
import { RECOVERABLE_ERROR_PREFIX, SSR_DATA_ID, type SsrData } from '#web/lib/ssr-data.ts'
import { createRoutes } from '#web/routes.tsx'
import '@fontsource-variable/inter/wght.css'
import './styles.css'

/** The page's data when the server rendered it (a JSON block, not a script: the CSP runs none inline). */
function readSsrData(): SsrData | null {
  const text = document.getElementById(SSR_DATA_ID)?.textContent
  if (!text) return null
  try {
    return JSON.parse(text) as SsrData
  } catch {
    return null
  }
}

/** Loads the code of the routes on screen before hydrating, so the first render matches the HTML. */
async function loadMatchedRoutes(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      const module = await route.lazy()
      Object.assign(route, { ...module, lazy: undefined })
    }),
  )
}

/** A route's code that does not come within the read bound shows the Network Error dialog (connection.ts). */
function boundRouteLoads(routes: RouteObject[]): void {
  for (const route of routes) {
    const load = route.lazy
    if (typeof load === 'function') route.lazy = (() => boundedLoad(load())) as typeof load
    if (route.children) boundRouteLoads(route.children)
  }
}

/**
 * A hydration mismatch (the browser rendered something other than the server's HTML) or an error React
 * recovered from by rendering again in the browser. Either means the server's HTML was thrown away or
 * was wrong: the browser tests fail on this line (tests/e2e/fixtures.ts).
 */
function reportRecoverableError(error: unknown, info: { componentStack?: string }) {
  console.error(RECOVERABLE_ERROR_PREFIX, error, info.componentStack ?? '')
}

async function start() {
  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root element')
  const queryClient = createQueryClient()
  const routes = createRoutes()
  boundRouteLoads(routes)
  const ssr = readSsrData()

  if (!ssr) {
    // Nothing to match: images and the like can start in their loading state at once.
    markHydrated()
    createRoot(root).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={createBrowserRouter(routes)} />
        </QueryClientProvider>
      </StrictMode>,
    )
    return
  }

  // The page is already on screen. Hydration is a transition: React yields to the browser every few
  // milliseconds instead of hydrating the shell in one task, so the page paints and answers input
  // meanwhile; it hydrates the page's slices (HydrateLater) after the shell, and at once whatever the
  // visitor touches.
  hydrate(queryClient, ssr.queries)
  for (const notFound of ssr.notFound) seedNotFound(queryClient, notFound)
  await loadMatchedRoutes(routes)
  const router = createBrowserRouter(routes, {
    hydrationData: { loaderData: ssr.router.loaderData, actionData: ssr.router.actionData, errors: null },
  })
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
      { onRecoverableError: reportRecoverableError },
    )
  })
}

void start()
