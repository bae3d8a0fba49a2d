import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js'
import { getPath, mergePath } from 'hono/utils/url'
import type { App } from '#server/app.ts'
import { buildOpenApiDocument, type OpenApiDocument } from '#server/openapi/document.ts'

/**
 * Holds the app's answers to its OpenAPI document (docs/decisions/017-openapi-from-the-routes.md): every
 * answer the API tests receive from a documented operation must have a documented status, a documented media
 * type and, for JSON, a body that validates against the documented schema (objects allow no undocumented
 * properties). An answer from /api that no operation describes must be an error with the error body. A
 * mismatch throws, so the test that made the request fails and says why.
 */

/** Paths and schemas do not depend on the server's address, brand or cookie name. */
const DOCUMENT_OPTIONS = {
  brand: 'Frontend Dojo',
  publicOrigin: 'http://localhost',
  sessionCookie: 'dojo_session',
}

type ResponseSpec = { content?: Record<string, unknown> }
type OperationSpec = { responses: Record<string, ResponseSpec> }
type Route = { template: string; segments: string[]; literals: number; item: Record<string, OperationSpec> }

/** An app's document, and the checks of answers against it. */
export type DocumentCheck = {
  document: OpenApiDocument
  /** The documented path a request's path falls under; a literal segment beats a parameter, as in Hono. */
  matchPath(path: string): Route | undefined
  /** Throws when `response`, the app's answer to `method` on `path` (as Hono routes it), is not documented. */
  checkResponse(method: string, path: string, response: Response): Promise<void>
}

const isParameter = (segment: string) => /^\{[^}]+\}$/.test(segment)

/**
 * By the document's text: every test app describes the same API, so its schemas are compiled once, not
 * once per app.
 */
const checks = new Map<string, DocumentCheck>()

/** The document generated from `app`'s routes, and checks against it. */
export async function documentCheck(app: App): Promise<DocumentCheck> {
  const document = await buildOpenApiDocument(app, DOCUMENT_OPTIONS)
  const text = JSON.stringify(document)
  let check = checks.get(text)
  if (!check) {
    check = checksOf(document)
    checks.set(text, check)
  }
  return check
}

function checksOf(document: OpenApiDocument): DocumentCheck {
  const routes: Route[] = Object.entries(document.paths).map(([template, item]) => {
    const segments = template.split('/')
    return { template, segments, literals: segments.filter((s) => !isParameter(s)).length, item }
  })
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false })
  ajv.addSchema(document, 'openapi.json', undefined, false)
  const validators = new Map<string, ValidateFunction>()
  const validatorFor = (parts: string[]): ValidateFunction => {
    const ref = `openapi.json#/${pointer(parts)}`
    let validate = validators.get(ref)
    if (!validate) {
      validate = ajv.compile({ $ref: ref })
      validators.set(ref, validate)
    }
    return validate
  }
  const matchPath = (path: string) => matchRoute(routes, path)
  return {
    document,
    matchPath,
    checkResponse: (method, path, response) => checkResponse(matchPath, validatorFor, method, path, response),
  }
}

function matchRoute(routes: Route[], path: string): Route | undefined {
  const segments = path.split('/')
  let best: Route | undefined
  for (const route of routes) {
    if (route.segments.length !== segments.length) continue
    const fits = route.segments.every((segment, i) =>
      isParameter(segment) ? (segments[i] ?? '') !== '' : segment === segments[i],
    )
    if (fits && (!best || route.literals > best.literals)) best = route
  }
  return best
}

/** JSON Pointer escaping (RFC 6901). */
const pointer = (parts: string[]) =>
  parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')

function mediaTypeOf(response: Response): string | null {
  return response.headers.get('Content-Type')?.split(';')[0]?.trim().toLowerCase() ?? null
}

/** The body as text, unpacked when the server sent it compressed (the catalogue's precompressed answers). */
async function bodyText(response: Response): Promise<string> {
  const bytes = Buffer.from(await response.clone().arrayBuffer())
  const encoding = response.headers.get('Content-Encoding')
  if (encoding === 'gzip') return gunzipSync(bytes).toString('utf8')
  if (encoding === 'br') return brotliDecompressSync(bytes).toString('utf8')
  return bytes.toString('utf8')
}

type ValidatorFor = (parts: string[]) => ValidateFunction

async function validateJson(validatorFor: ValidatorFor, label: string, response: Response, parts: string[]) {
  const text = await bodyText(response)
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new Error(`${label}: the body is not JSON: ${text.slice(0, 200)}`)
  }
  const validate = validatorFor(parts)
  if (!validate(body)) {
    throw new Error(
      `${label}: the body does not match the documented schema (${parts.join(' ')}): ` +
        `${problems(validate.errors ?? [])}\n${text.slice(0, 500)}`,
    )
  }
}

/** ajv's errors as one line each names the place and, for an undocumented property, the property. */
function problems(errors: ErrorObject[]): string {
  return errors
    .map((error) => {
      const extra = (error.params as { additionalProperty?: string }).additionalProperty
      return `body${error.instancePath} ${error.message}${extra ? ` (${extra})` : ''}`
    })
    .join('; ')
}

const ERROR_SCHEMA = ['components', 'schemas', 'Error']

async function checkResponse(
  matchPath: DocumentCheck['matchPath'],
  validatorFor: ValidatorFor,
  method: string,
  path: string,
  response: Response,
): Promise<void> {
  const status = response.status
  const label = `${method} ${path} answered ${status}`
  const route = matchPath(path)
  const operationMethod = method === 'HEAD' ? 'get' : method.toLowerCase()
  const operation = route?.item[operationMethod]
  const hasBody = method !== 'HEAD' && status !== 204 && status !== 304
  if (!route || !operation) {
    // The web app, stored files and the GitHub emulator are not part of the API.
    if (!path.startsWith('/api/')) return
    if (status < 400) {
      throw new Error(`${label}, but the API document describes no ${method} ${route?.template ?? path}`)
    }
    if (!hasBody) return
    if (mediaTypeOf(response) !== 'application/json') {
      throw new Error(`${label} with ${mediaTypeOf(response)}, not the JSON error body`)
    }
    await validateJson(validatorFor, label, response, ERROR_SCHEMA)
    return
  }
  const spec = operation.responses[String(status)]
  if (!spec) {
    const listed = Object.keys(operation.responses).join(', ')
    throw new Error(
      `${label}, a status the document does not list for ${operationMethod.toUpperCase()} ${route.template} (it lists ${listed})`,
    )
  }
  if (!hasBody || !spec.content) return
  const mediaType = mediaTypeOf(response)
  if (!mediaType || !(mediaType in spec.content)) {
    throw new Error(
      `${label} with ${mediaType}, but the document gives ${Object.keys(spec.content).join(', ')} for it`,
    )
  }
  if (mediaType === 'application/json') {
    await validateJson(validatorFor, label, response, [
      'paths',
      route.template,
      operationMethod,
      'responses',
      String(status),
      'content',
      'application/json',
      'schema',
    ])
  }
}

/** The URL Hono's `app.request` makes of its arguments, and the path it routes on. */
function requestOf(input: RequestInfo | URL, init?: RequestInit): { method: string; path: string } {
  const url =
    input instanceof Request
      ? input.url
      : /^https?:\/\//.test(String(input))
        ? String(input)
        : `http://localhost${mergePath('/', String(input))}`
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase()
  return { method, path: getPath(new Request(url)) }
}

/** Makes every `app.request` of the test check its answer against the app's document (see checkResponse). */
export async function checkAnswersAgainstDocument(app: App): Promise<void> {
  const { checkResponse } = await documentCheck(app)
  const request = app.request
  app.request = async (input, init, ...rest) => {
    const response = await request(input, init, ...rest)
    const { method, path } = requestOf(input, init)
    await checkResponse(method, path, response)
    return response
  }
}
