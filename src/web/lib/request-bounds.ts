/**
 * How long the app waits for our server to begin its answer before it counts the connection as lost and
 * shows the Network Error dialog (docs/product.md §2 "Every page", docs/decisions/020-request-bounds.md):
 * reads (GET, and a route's code), writes, and uploads, which send a file first.
 */
export const REQUEST_BOUNDS = { read: 10_000, write: 20_000, upload: 120_000 } as const

/** The bound of a request as `fetch` would send it. */
export function boundOf(init?: RequestInit): number {
  const method = (init?.method ?? 'GET').toUpperCase()
  if (method === 'GET' || method === 'HEAD') return REQUEST_BOUNDS.read
  return init?.body instanceof Blob || init?.body instanceof FormData
    ? REQUEST_BOUNDS.upload
    : REQUEST_BOUNDS.write
}
