import { ApiError, isUnauthorized, NetworkError } from '#web/lib/api-client.ts'

/**
 * The second line of a failure toast: what the server or the connection said, when it helps the person
 * (rate limited, offline). Null for a 401, which needs no toast here: the app signs out and says so.
 */
export function failureDetail(error: unknown): string | null | undefined {
  if (isUnauthorized(error)) return null
  if (error instanceof NetworkError) return error.message
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message
  return undefined
}
