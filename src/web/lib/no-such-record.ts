import { ApiError } from '#web/lib/api-client.ts'

/**
 * Whether the API's answer about the record a page is for means there is none: a 404, or a 400 for an id
 * that cannot be one (`/solutions/abc`, `/reviews/999999999`). Either way the page shows its "not found",
 * never a server failure (docs/product.md §2).
 */
export function isNoSuchRecord(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 400 || error.status === 404)
}
