/** The longest path a sign-in takes to come back to (docs/product.md §12). */
export const RETURN_PATH_MAX_LENGTH = 512

const BASE = 'http://return.invalid'

/**
 * The path on this site a sign-in comes back to (docs/product.md §12), or null when `value` is anything
 * else: only a path of its own that starts with one `/` (not `//`, not `/\`, no backslash, no control
 * character or space anywhere), at most RETURN_PATH_MAX_LENGTH characters, not under /auth and not the
 * sign-in failure page (a sign-in that worked should not land on "Login failed"). Browsers
 * read `/\evil.example` and `//evil.example` as other sites; resolving against a placeholder origin and
 * insisting on that origin catches any other spelling of one.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > RETURN_PATH_MAX_LENGTH) return null
  if (!value.startsWith('/') || value.startsWith('//')) return null
  if (/[\\\s\p{Cc}]/u.test(value)) return null
  let url: URL
  try {
    url = new URL(value, BASE)
  } catch {
    return null
  }
  if (url.origin !== BASE) return null
  if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return null
  if (url.pathname === SIGN_IN_FAILED_PATH) return null
  return `${url.pathname}${url.search}${url.hash}`
}

/** Where a failed sign-in lands (docs/product.md §2). */
export const SIGN_IN_FAILED_PATH = '/sign-in-failed'

/** Where a sign-in starts (the server's /auth/github). */
export const SIGN_IN_START = '/auth/github'

/** The address of the sign-in link that comes back to `path` (the dashboard when it is not a safe one). */
export function signInHref(path: string): string {
  const safe = safeReturnPath(path)
  return safe === null ? SIGN_IN_START : `${SIGN_IN_START}?returnTo=${encodeURIComponent(safe)}`
}
