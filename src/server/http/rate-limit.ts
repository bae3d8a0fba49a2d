import type { Context } from 'hono'
import { rateLimiter } from 'hono-rate-limiter'
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

/** The client's address as the socket saw it; behind a proxy, configure the proxy to limit instead. */
export function clientAddress(c: Context): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming
  return incoming?.socket?.remoteAddress ?? 'local'
}

export function limitRequests(name: string, limit: RateLimit, key: (c: Context) => string = clientAddress) {
  return rateLimiter({
    windowMs: limit.windowMs,
    limit: limit.limit,
    standardHeaders: 'draft-7',
    keyGenerator: (c) => `${name}:${key(c)}`,
    handler: (c) =>
      c.json(errorBody('rate_limited', 'Too many requests. Please wait a moment and try again.'), 429),
  })
}
