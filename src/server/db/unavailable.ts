import type { Logger } from '#server/logger.ts'

/** Socket errors: the database host refused, dropped or never answered the connection. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/**
 * SQLSTATEs that say the server cannot serve us right now: shutting down (57P01, 57P02), starting
 * or recovering (57P03), a statement cancelled by `statement_timeout` (57014), too many connections
 * (53300). Class 08 (connection exception) is matched as a whole.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57014', '53300'])

/** node-postgres and pg-pool messages for a lost, refused or silent connection. */
const DRIVER_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /connection terminated/i,
  /query read timeout/i,
  /not queryable/i,
  /cannot use a pool after calling end on the pool/i,
  /connection discarded/i,
]

function ownReason(error: object): string | null {
  const { code, message } = error as { code?: unknown; message?: unknown }
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return code
    if (/^08[0-9A-Z]{3}$/.test(code)) return code
  }
  if (typeof message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(message))) return message
  return null
}

/**
 * Why `error` means "the database is unreachable or not answering", or null when it means something
 * else (a bug, a constraint violation). Follows `cause` (Drizzle wraps driver errors in
 * DrizzleQueryError) and the `errors` of an AggregateError (a refused connection to every address).
 */
export function databaseUnavailableReason(error: unknown): string | null {
  const seen = new Set<unknown>()
  const pending: unknown[] = [error]
  while (pending.length > 0 && seen.size < 20) {
    const current = pending.shift()
    if (typeof current !== 'object' || current === null || seen.has(current)) continue
    seen.add(current)
    const reason = ownReason(current)
    if (reason) return reason
    const { cause, errors } = current as { cause?: unknown; errors?: unknown }
    if (cause !== undefined) pending.push(cause)
    if (Array.isArray(errors)) pending.push(...errors)
  }
  return null
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return databaseUnavailableReason(error) !== null
}

/** One warning per minute at most for each kind of trouble, not a line per request. */
export const UNAVAILABLE_WARNING_INTERVAL_MS = 60_000
const lastWarnings = new WeakMap<Logger, Map<string, { at: number; suppressed: number }>>()

/** Logs `message` as a warning, then stays quiet about it for a minute (and says how often it was quiet). */
export function warnThrottled(
  log: Logger,
  message: string,
  data: Record<string, unknown> = {},
  now = Date.now(),
) {
  let warnings = lastWarnings.get(log)
  if (!warnings) {
    warnings = new Map()
    lastWarnings.set(log, warnings)
  }
  const last = warnings.get(message)
  if (last && now - last.at < UNAVAILABLE_WARNING_INTERVAL_MS) {
    last.suppressed += 1
    return
  }
  warnings.set(message, { at: now, suppressed: 0 })
  log.warn(message, { ...data, ...(last?.suppressed ? { sinceLastWarning: last.suppressed } : {}) })
}

export function reportDatabaseUnavailable(log: Logger, reason: string, data: Record<string, unknown> = {}) {
  warnThrottled(log, 'the database is unreachable or not answering: answering 503 until it is back', {
    reason,
    ...data,
  })
}

/** The database did not answer in time; classified as unavailable (ETIMEDOUT). */
export class DeadlineError extends Error {
  override name = 'DeadlineError'
  readonly code = 'ETIMEDOUT'
}

/** `promise`, or a DeadlineError once `ms` have passed (the work itself is not stopped). */
export function withDeadline<T>(promise: Promise<T>, ms: number, what = 'the database'): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineError(`${what} did not answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer))
}
