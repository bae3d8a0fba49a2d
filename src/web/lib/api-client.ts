import type { z } from 'zod'
import { apiErrorSchema } from '#shared/challenge.ts'

/** An answer from our API that is not 2xx. `message` is the server's own sentence for people. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** The request never got an answer (offline, server down, connection reset). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Check your internet connection and try again.', { cause })
    this.name = 'NetworkError'
  }
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401
}

export function isApiNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404
}

/**
 * Sends a request to our API and returns the answer when it is 2xx. Error bodies become ApiError and
 * failed connections NetworkError, so screens handle errors in one way whatever the answer holds
 * (JSON, a file, nothing).
 */
export async function apiRequest(path: string, init?: RequestInit): Promise<Response> {
  let response: Response
  try {
    response = await fetch(path, {
      ...init,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...init?.headers },
    })
  } catch (error) {
    throw new NetworkError(error)
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null)
    const parsed = apiErrorSchema.safeParse(body)
    if (parsed.success) throw new ApiError(response.status, parsed.data.error.code, parsed.data.error.message)
    throw new ApiError(response.status, 'http_error', `The server answered ${response.status}.`)
  }
  return response
}

/** The one way the app reads JSON from the API: the answer is parsed with the endpoint's zod schema. */
export async function apiFetch<T extends z.ZodType>(
  path: string,
  schema: T,
  init?: RequestInit,
): Promise<z.infer<T>> {
  const response = await apiRequest(path, init)
  const body: unknown = await response.json().catch(() => null)
  return schema.parse(body)
}

/**
 * A state-changing request. The server accepts mutations only as JSON from our own origin (its CSRF
 * defence), so even a request with nothing to say sends `{}`.
 */
export function postJson(body: unknown = {}): RequestInit {
  return { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }
}

/** A partial update, sent the same way as postJson (JSON, same origin). */
export function patchJson(body: unknown): RequestInit {
  return { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }
}
