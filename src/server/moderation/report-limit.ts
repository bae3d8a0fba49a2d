import type { Context, MiddlewareHandler } from 'hono'
import { rateLimiter, type Store } from 'hono-rate-limiter'
import type { AuthVariables } from '#server/auth/guards.ts'
import { errorBody } from '#server/http/errors.ts'
import { FEEDBACK_LIMITS, rateLimitedMessage } from '#shared/feedback.ts'

/**
 * The per-member limit on reports (docs/product.md §12): FEEDBACK_LIMITS.report per member, counted in
 * `store` (the shared one, so every instance counts the same) or in this process's memory. A refusal is
 * a 429 `rate_limited` with `Retry-After` and a sentence that says when the member can report again.
 * Behind requireUser: the key is the member.
 */
export function limitReports(store?: Store): MiddlewareHandler {
  const { limit, windowMs } = FEEDBACK_LIMITS.report
  return rateLimiter({
    windowMs,
    limit,
    standardHeaders: 'draft-7',
    ...(store ? { store } : {}),
    keyGenerator: (c) => `report:${(c as Context<{ Variables: AuthVariables }>).get('user')?.id ?? ''}`,
    handler: (c) => {
      const info = (c as Context<{ Variables: { rateLimit?: { resetTime?: Date } } }>).get('rateLimit')
      const ms = info?.resetTime ? info.resetTime.getTime() - Date.now() : windowMs
      const seconds = Math.max(1, Math.ceil(ms / 1000))
      c.header('Retry-After', String(seconds))
      return c.json(errorBody('rate_limited', rateLimitedMessage('report', seconds)), 429)
    },
  })
}
