import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { z } from 'zod'
import type { Logger } from '#server/logger.ts'

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

export const badRequest = (message: string) => new HttpError(400, 'bad_request', message)
export const notFound = (message: string) => new HttpError(404, 'not_found', message)

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

export function handleError(log: Logger) {
  return (error: Error, c: Context) => {
    if (error instanceof HttpError) return c.json(errorBody(error.code, error.message), error.status)
    if (error instanceof HTTPException) {
      const status = error.status as ContentfulStatusCode
      return c.json(
        errorBody(status === 413 ? 'payload_too_large' : 'http_error', error.message || 'Request failed.'),
        status,
      )
    }
    log.error('unhandled error', { method: c.req.method, path: c.req.path, error })
    return c.json(errorBody('internal_error', 'Something went wrong on our side. Please try again.'), 500)
  }
}
