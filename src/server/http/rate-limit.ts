import type { Context } from 'hono'
import { MemoryStore, rateLimiter, type Store } from 'hono-rate-limiter'
import { errorBody } from '#server/http/errors.ts'

export type RateLimit = { limit: number; windowMs: number }

/** Limits for requests that are cheap to send and cost us work or rows. Tests pass smaller ones. */
export const DEFAULT_RATE_LIMITS = {
  /** Starting a sign-in writes a state row. */
  signIn: { limit: 20, windowMs: 10 * 60 * 1000 },
  /** Start, submit, sign-out, profile updates: per signed-in user, or per address. */
  mutation: { limit: 60, windowMs: 60 * 1000 },
} satisfies Record<string, RateLimit>
export type RateLimits = typeof DEFAULT_RATE_LIMITS

/** RATE_LIMIT_SIGN_IN (per 10 minutes and address) and RATE_LIMIT_MUTATIONS (per minute). */
export function rateLimitsFromEnv(env: {
  RATE_LIMIT_SIGN_IN: number
  RATE_LIMIT_MUTATIONS: number
}): RateLimits {
  return {
    signIn: { ...DEFAULT_RATE_LIMITS.signIn, limit: env.RATE_LIMIT_SIGN_IN },
    mutation: { ...DEFAULT_RATE_LIMITS.mutation, limit: env.RATE_LIMIT_MUTATIONS },
  }
}

/**
 * The client's address, for rate limits. Without proxies (`trustProxy` 0, the default) it is the
 * socket's peer. Behind `trustProxy` reverse proxies, each of which appends the address it saw to
 * X-Forwarded-For, it is the entry the outermost of them wrote: entries further left are whatever the
 * client chose to send. Trusting the header without a proxy would let anyone pick their own key.
 */
export function clientAddress(c: Context, trustProxy = 0): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming
  const socket = incoming?.socket?.remoteAddress ?? 'local'
  if (trustProxy <= 0) return socket
  const forwarded = (c.req.header('X-Forwarded-For') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  return forwarded[Math.max(0, forwarded.length - trustProxy)] ?? socket
}

/** Seconds until the refused client's window ends (as `Retry-After` says), at least 1. */
function retryAfterSeconds(c: Context, windowMs: number): number {
  const info = c.get('rateLimit') as { resetTime?: Date } | undefined
  const ms = info?.resetTime ? info.resetTime.getTime() - Date.now() : windowMs
  return Math.max(1, Math.ceil(ms / 1000))
}

/**
 * What a limit counts (docs/product.md §9). `accepted`: the member quotas (comments and replies, likes,
 * reports, exports) count the work they accept, so a request answered with an error (bad input, an
 * unknown target, a server failure, or this limit's own 429) is given back and costs nothing. `every`:
 * the flood guards (sign-in starts, state-changing calls) count every request, refused or not: sending
 * them costs work whatever the answer.
 */
export type LimitCounts = 'accepted' | 'every'

/**
 * `store` holds the counts (http/rate-limit-store.ts: the shared database or Redis, so a limit counts
 * across instances); without one they are kept in this process's memory. A refusal is a 429
 * `rate_limited` with `Retry-After`; `options.message` words it from the seconds to wait (else a
 * general sentence). A request is counted when it arrives, so requests at once never pass the limit
 * together; with `counts: 'accepted'` one that ends refused is taken off again.
 */
export function limitRequests(
  name: string,
  limit: RateLimit,
  key: (c: Context) => string,
  store: Store | undefined,
  options: { counts: LimitCounts; message?: (retryAfterSeconds: number) => string },
) {
  const counts = store ?? new MemoryStore()
  const onlyAccepted = options.counts === 'accepted'
  const keyOf = (c: Context) => `${name}:${key(c)}`
  return rateLimiter({
    windowMs: limit.windowMs,
    limit: limit.limit,
    standardHeaders: 'draft-7',
    store: counts,
    keyGenerator: keyOf,
    // The answer's status decides: below 400 the work was accepted, else the count is given back.
    skipFailedRequests: onlyAccepted,
    requestWasSuccessful: (c) => c.res.status < 400,
    handler: async (c) => {
      // The limiter counted this request before refusing it; a refusal is not accepted work either.
      if (onlyAccepted) await counts.decrement(keyOf(c))
      return c.json(
        errorBody(
          'rate_limited',
          options.message
            ? options.message(retryAfterSeconds(c, limit.windowMs))
            : 'Too many requests. Please wait a moment and try again.',
        ),
        429,
      )
    },
  })
}
