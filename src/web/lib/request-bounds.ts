/**
 * How long the app waits for our server to begin its answer before it counts the connection as lost and
 * shows the Network Error dialog (docs/product.md §2 "Every page", docs/decisions/020-request-bounds.md):
 * reads (GET, and a route's code) and writes. The app uploads no files; an upload would get a longer one.
 */
export const REQUEST_BOUNDS = { read: 10_000, write: 20_000 } as const

/** The bound of a request as `fetch` would send it. */
export function boundOf(init?: RequestInit): number {
  const method = init?.method ?? 'GET'
  return method === 'GET' || method === 'HEAD' ? REQUEST_BOUNDS.read : REQUEST_BOUNDS.write
}
