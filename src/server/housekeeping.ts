import { lt } from 'drizzle-orm'
import { deleteExpiredSessions } from '#server/auth/session.ts'
import { notifyDueSoon } from '#server/classrooms/notifications.ts'
import type { Database } from '#server/db/client.ts'
import { oauthStates } from '#server/db/schema.ts'
import { deleteExpiredRateLimits } from '#server/http/rate-limit-store.ts'
import type { Logger } from '#server/logger.ts'

/** How often expired rows are removed. Reads already ignore them; this only keeps the tables small. */
const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000

/** Removes expired sessions, sign-ins that were started and never finished, and rate limits past their window. */
export async function removeExpiredRows(db: Database, now = new Date()): Promise<void> {
  await deleteExpiredSessions(db, now)
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, now))
  await deleteExpiredRateLimits(db, now)
  // Classroom assignments due within 24 hours: their students hear of it once (docs/product.md §13).
  await notifyDueSoon(db, now)
}

/**
 * Runs `removeExpiredRows` soon after start and then every `intervalMs`. A failed run (the database
 * away for a moment) is logged and tried again at the next tick; the timer never keeps the process
 * alive. Returns a function that stops it.
 */
export function startHousekeeping(
  db: Database,
  log: Logger,
  options: { intervalMs?: number; firstRunMs?: number } = {},
): () => void {
  const intervalMs = options.intervalMs ?? HOUSEKEEPING_INTERVAL_MS
  let running = false
  const run = async () => {
    if (running) return
    running = true
    try {
      await removeExpiredRows(db)
    } catch (error) {
      log.warn('housekeeping: could not remove expired sessions', { error: (error as Error).message })
    } finally {
      running = false
    }
  }
  const first = setTimeout(run, options.firstRunMs ?? 60_000)
  const every = setInterval(run, intervalMs)
  first.unref()
  every.unref()
  return () => {
    clearTimeout(first)
    clearInterval(every)
  }
}
