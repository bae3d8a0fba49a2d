import type { Context, MiddlewareHandler } from 'hono'
import type { Store } from 'hono-rate-limiter'
import type { AuthVariables } from '#server/auth/guards.ts'
import type { MemberLimitKey } from '#server/http/member-limit-key.ts'
import { limitRequests } from '#server/http/rate-limit.ts'
import { FEEDBACK_LIMITS, rateLimitedMessage } from '#shared/feedback.ts'

/**
 * The per-member limit on reports (docs/product.md §12): FEEDBACK_LIMITS.report accepted reports per
 * member, counted in `store` (the shared one, so every instance counts the same) or in this process's
 * memory; a refused report counts for nothing. A refusal is a 429 `rate_limited` with `Retry-After` and
 * a sentence that says when the member can report again. Behind requireUser: the key is the member's
 * (`keyOf`: of their GitHub account, so it outlives a deleted account).
 */
export function limitReports(store: Store | undefined, keyOf: MemberLimitKey): MiddlewareHandler {
  return limitRequests(
    'report',
    FEEDBACK_LIMITS.report,
    (c) => {
      const user = (c as Context<{ Variables: AuthVariables }>).get('user')
      return user ? keyOf(user) : 'visitor'
    },
    store,
    { message: (seconds) => rateLimitedMessage('report', seconds), counts: 'accepted' },
  )
}
