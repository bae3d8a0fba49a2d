import { Hono, type MiddlewareHandler } from 'hono'
import type { Store } from 'hono-rate-limiter'
import type { Admins } from '#server/auth/admins.ts'
import type { AuthVariables } from '#server/auth/guards.ts'
import type { Database } from '#server/db/client.ts'

export type FeedbackDeps = {
  db: Database
  admins: Admins
  /** What every change passes first: same-origin JSON, the general mutation limit. */
  guard: { csrf: MiddlewareHandler; limit: MiddlewareHandler }
  /** Where the per-member feedback limits count (as the other limits: memory, database or Redis). */
  rateLimitStore?: () => Store | undefined
  /** A member's public profile changed (a helpful count, a badge): drop what is cached of it. */
  onProfileChanged: (userId: string) => void
}

/**
 * Comments, replies, helpful marks, likes and notifications (docs/product.md §12), mounted at /api.
 */
export function feedbackRoutes(_deps: FeedbackDeps) {
  return new Hono<{ Variables: AuthVariables }>()
}
