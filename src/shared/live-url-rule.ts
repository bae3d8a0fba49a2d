/**
 * The live site URL rule (docs/product.md §5) without a schema library, so the browser can check it cheaply.
 */
export const LIVE_URL_REQUIRED = 'Live site URL is required.'
export const LIVE_URL_INVALID = 'Please enter a valid live site URL.'
const LIVE_URL_MAX_LENGTH = 2048

/**
 * docs/product.md §5: http or https, an optional subdomain, the github.io domain and an optional path. The
 * path allows URL characters only (no spaces, no query or fragment), so what we store is a plain page URL.
 */
const LIVE_URL_PATTERN =
  /^https?:\/\/([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)?github\.io(\/[A-Za-z0-9\-._~%!$&'()*+,;=:@/]*)?$/i

/** What pasting does (docs/product.md §5): trims whitespace and removes trailing slashes. */
export function normalizeLiveUrl(value: string): string {
  return value.trim().replace(/\/+$/, '')
}

/** The message for a live URL, or null when it is valid. Used by the form and by the server. */
export function liveUrlError(value: string): string | null {
  const url = normalizeLiveUrl(value)
  if (url === '') return LIVE_URL_REQUIRED
  if (url.length > LIVE_URL_MAX_LENGTH || !LIVE_URL_PATTERN.test(url)) return LIVE_URL_INVALID
  return null
}
