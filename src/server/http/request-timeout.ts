import type { MiddlewareHandler } from 'hono'
import { warnThrottled } from '#server/db/unavailable.ts'
import { serviceUnavailable } from '#server/http/errors.ts'
import type { Logger } from '#server/logger.ts'

/** Below the 5 s within which every API call answers, even while the database hangs. */
const REQUEST_TIMEOUT_MS = 4500

/**
 * A request whose handler has not produced a response after `ms` answers 503 `unavailable` (the
 * handler keeps running in the background, its late result is dropped). Only the handler is timed: a
 * response body that streams after it returned (a zip download) is not cut.
 */
export function requestTimeout(options: { ms?: number; log?: Logger } = {}): MiddlewareHandler {
  const ms = options.ms ?? REQUEST_TIMEOUT_MS
  // One promise and one timer per request, settled by whichever comes first: every API call passes
  // here, and an async function around Promise.race cost it three promises more.
  return (c, next) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        if (options.log)
          warnThrottled(options.log, `a request had no response after ${ms} ms: answered 503`, {
            method: c.req.method,
            path: c.req.path,
          })
        reject(serviceUnavailable())
      }, ms)
      next().then(
        () => {
          clearTimeout(timer)
          resolve()
        },
        (error: unknown) => {
          clearTimeout(timer)
          reject(error)
        },
      )
    })
}
