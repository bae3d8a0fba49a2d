import { connectionLost } from '#web/lib/connection.ts'
import { boundOf } from '#web/lib/request-bounds.ts'

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

/** How a request reaches the API: the browser's fetch, or the server's renderer's app in-process. */
export type ApiTransport = (path: string, init?: RequestInit) => Promise<Response>

let transport: ApiTransport = (path, init) => fetch(path, init)

/**
 * The server's renderer sends the loaders' requests to the app itself, in-process, instead of over the
 * network (docs/decisions/003-server-rendered-public-pages.md).
 */
export function setApiTransport(next: ApiTransport): void {
  transport = next
}

/**
 * Sends a request to our API and returns the answer when it is 2xx. Error bodies become ApiError and
 * failed connections NetworkError (which also show the Network Error dialog, connection.ts), so screens
 * handle errors in one way whatever the answer holds (JSON, a file, nothing). An answer that has not begun
 * within the request's bound (request-bounds.ts) is a failed connection too: a server that stopped
 * answering is not waited for. The bound ends once the answer begins, so a large file is not cut off.
 */
export async function apiRequest(path: string, init?: RequestInit): Promise<Response> {
  const bound = new AbortController()
  const timer = setTimeout(() => bound.abort(), boundOf(init))
  let response: Response
  try {
    response = await transport(path, {
      ...init,
      signal: init?.signal ? AbortSignal.any([init.signal, bound.signal]) : bound.signal,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...init?.headers },
    })
  } catch (error) {
    // A request the app called off (a query no one waits for any more) is not a lost connection.
    if (init?.signal?.aborted) throw error
    connectionLost()
    throw new NetworkError(error)
  } finally {
    clearTimeout(timer)
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null)
    const error = errorOf(body)
    if (error) throw new ApiError(response.status, error.code, error.message)
    throw new ApiError(response.status, 'http_error', `The server answered ${response.status}.`)
  }
  return response
}

/** Our error body, `{ "error": { "code", "message" } }`, when that is what came. */
function errorOf(body: unknown): { code: string; message: string } | null {
  const error = (body as { error?: unknown } | null)?.error as
    | { code?: unknown; message?: unknown }
    | undefined
  if (!error || typeof error.code !== 'string' || typeof error.message !== 'string') return null
  return { code: error.code, message: error.message }
}

/** The answer was not the JSON the endpoint promises (a proxy's page, a cut-off body). */
class InvalidResponseError extends Error {
  constructor(path: string) {
    super(`The server's answer to ${path} could not be read.`)
    this.name = 'InvalidResponseError'
  }
}

/**
 * The one way the app reads JSON from the API. `T` is the endpoint's answer type from src/shared (the
 * server builds it from the same types), so the browser ships no schema library: only an answer that
 * is not a JSON object is refused.
 */
export async function apiFetch<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await apiRequest(path, init)
  const body: unknown = await response.json().catch(() => null)
  if (typeof body !== 'object' || body === null) throw new InvalidResponseError(path)
  return body as T
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
