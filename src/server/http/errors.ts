import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { z } from 'zod'
import { databaseUnavailableReason, reportDatabaseUnavailable } from '#server/db/unavailable.ts'
import type { Logger } from '#server/logger.ts'
import { StorageUnavailableError } from '#server/storage/storage.ts'

/** An expected failure with a sentence for people; becomes `{ error: { code, message } }`. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

const badRequest = (message: string) => new HttpError(400, 'bad_request', message)
export const notFound = (message: string) => new HttpError(404, 'not_found', message)

/** What people read while the database is away or a request takes too long; they may retry. */
export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.'
export const RETRY_AFTER_SECONDS = 5
export const serviceUnavailable = () => new HttpError(503, 'unavailable', UNAVAILABLE_MESSAGE)

export function errorBody(code: string, message: string) {
  return { error: { code, message } }
}

/**
 * Parses input with a zod schema; the first problem becomes a 400 naming the field, unless the
 * schema's messages are already sentences for people (`named: false`), which are sent as they are.
 */
export function parseInput<T extends z.ZodType>(
  schema: T,
  input: unknown,
  options = { named: true },
): z.infer<T> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const field = options.named ? issue?.path.join('.') : ''
  throw badRequest(field ? `${field}: ${issue?.message}` : (issue?.message ?? 'The request is invalid.'))
}

/** The request body as JSON, or a 400 that says so. */
export async function readJsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json()
  } catch {
    throw badRequest('The request body must be JSON.')
  }
}

/** A 503 is never stored by caches and says when to try again. */
function unavailableHeaders(c: Context) {
  c.header('Retry-After', String(RETRY_AFTER_SECONDS))
  c.header('Cache-Control', 'no-store')
}

export function handleError(log: Logger) {
  return (error: Error, c: Context) => {
    if (error instanceof HttpError) {
      if (error.status === 503) unavailableHeaders(c)
      return c.json(errorBody(error.code, error.message), error.status)
    }
    if (error instanceof HTTPException) {
      const status = error.status as ContentfulStatusCode
      return c.json(
        errorBody(status === 413 ? 'payload_too_large' : 'http_error', error.message || 'Request failed.'),
        status,
      )
    }
    if (error instanceof StorageUnavailableError) {
      // The store (S3) is away or refusing us: like the database, a moment's outage, not a bug here.
      log.warn('storage unavailable', { method: c.req.method, path: c.req.path, reason: error.message })
      unavailableHeaders(c)
      return c.json(errorBody('unavailable', UNAVAILABLE_MESSAGE), 503)
    }
    const unavailable = databaseUnavailableReason(error)
    if (unavailable) {
      reportDatabaseUnavailable(log, unavailable, { method: c.req.method, path: c.req.path })
      unavailableHeaders(c)
      return c.json(errorBody('unavailable', UNAVAILABLE_MESSAGE), 503)
    }
    log.error('unhandled error', { method: c.req.method, path: c.req.path, error })
    return c.json(errorBody('internal_error', 'Something went wrong on our side. Please try again.'), 500)
  }
}
