import { Hono, type MiddlewareHandler } from 'hono'
import type { Store } from 'hono-rate-limiter'
import type { Admins } from '#server/auth/admins.ts'
import type { AuthVariables } from '#server/auth/guards.ts'
import type { Database } from '#server/db/client.ts'

export type ModerationDeps = {
  db: Database
  admins: Admins
  guard: { csrf: MiddlewareHandler; limit: MiddlewareHandler }
  rateLimitStore?: () => Store | undefined
  /** A solution's or member's public pages changed (hidden, restored): drop what is cached of them. */
  onProfileChanged: (userId: string) => void
}

/**
 * Reports, the admins' moderation and its audit log, and the "needs feedback" list (docs/product.md §12),
 * mounted at /api.
 */
export function moderationRoutes(_deps: ModerationDeps) {
  return new Hono<{ Variables: AuthVariables }>()
}
