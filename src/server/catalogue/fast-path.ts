import {
  type AnswerKind,
  answerBytes,
  answerHeaders,
  answerKind,
  type CachedBody,
} from '#server/catalogue/cached-body.ts'
import type { Catalogue, CatalogueSnapshot } from '#server/catalogue/catalogue.ts'
import type { FastPath } from '#server/http/node-handler.ts'
import { requestHeader } from '#server/http/request-header.ts'
import { writeCompleteHead } from '#server/http/server-response.ts'
import { CATEGORY_VALUES, type Category } from '#shared/categories.ts'

/** Headers the fast path sets itself, per answer; every other header is copied from the app's. */
const OWN_HEADERS = new Set([
  'etag',
  'cache-control',
  'vary',
  'content-type',
  'content-length',
  'content-encoding',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
])

const ID = /^[1-9][0-9]{0,9}$/
/** Slugs as the importer writes them (titleToSlug); anything else is left to the app's route. */
const SLUG = /^[A-Za-z0-9][A-Za-z0-9-]{0,199}$/

/** The fast path's Cache-Control: the lists' (live counts, revalidated) and every other answer's. */
export type FastPathCaching = { list: string; item: string }

/**
 * The answer for `url` if the catalogue holds it now. The lists (all, or `?category=` alone, as the
 * route's plain answer) carry solution counts that the catalogue keeps in memory (catalogue.ts):
 * taken while those are read and current.
 */
function answerFor(
  catalogue: Catalogue,
  url: string,
  caching: FastPathCaching,
): { body: CachedBody; cacheControl: string } | undefined {
  const queryAt = url.indexOf('?')
  const path = queryAt === -1 ? url : url.slice(0, queryAt)
  const query = queryAt === -1 ? '' : url.slice(queryAt + 1)
  if (path === '/api/challenges') {
    let category: Category | undefined
    if (query !== '') {
      const named = CATEGORY.exec(query)?.[1]
      if (!isCategory(named)) return undefined
      category = named
    }
    const body = catalogue.peekListing(category)
    return body ? { body, cacheControl: caching.list } : undefined
  }
  const snapshot = catalogue.peek()
  const body = snapshot && bodyFor(snapshot, path, query)
  return body ? { body, cacheControl: caching.item } : undefined
}

/** `?category=` alone, as the web app writes it; any other query (another spelling too) is the app's. */
const CATEGORY = /^category=([a-z-]{1,40})$/
const isCategory = (value: string | undefined): value is Category =>
  value !== undefined && (CATEGORY_VALUES as readonly string[]).includes(value)

function bodyFor(snapshot: CatalogueSnapshot, path: string, query: string): CachedBody | undefined {
  if (query !== '' || !path.startsWith('/api/challenges/')) return undefined
  const rest = path.slice('/api/challenges/'.length).split('/')
  const [first, second, ...more] = rest
  if (more.length > 0 || !first) return undefined
  if (first === 'count') return second === undefined ? snapshot.count : undefined
  if (first === 'by-slug') return second && SLUG.test(second) ? snapshot.bySlug.get(second) : undefined
  if (!ID.test(first)) return undefined
  if (second === undefined) return snapshot.byId.get(Number(first))
  return second === 'zip' ? snapshot.zipById.get(Number(first)) : undefined
}

/**
 * The catalogue's commonest reads answered straight from node:http, before the request becomes a Fetch
 * Request and walks the app's middleware: for answers that are fixed bytes, that walk cost more than half the
 * time. Only exact, canonical GET and HEAD requests for bodies the catalogue already holds are taken;
 * anything else (another query, an odd encoding of a path, a 404, a catalogue being rebuilt) returns false
 * and goes to the app as before.
 *
 * `appHeaders` are the headers the app puts on every catalogue answer, read from one real answer of
 * the app at start, so the two paths cannot drift apart; `securityHeaders` are the ones the server's
 * response adds to every answer (http/server-response.ts). fast-path.test.ts compares the two paths
 * answer by answer.
 *
 * A body's heads are built once per kind of answer (304, or one of its encodings) and written as
 * they are (writeCompleteHead): building some twenty headers per request, and the response's checks
 * of them, cost more than the rest of the fast path.
 */
export function createCatalogueFastPath(
  catalogue: Catalogue,
  appHeaders: Headers,
  caching: FastPathCaching,
  securityHeaders: Readonly<Record<string, string>> = {},
): FastPath {
  const common: Record<string, string> = { ...securityHeaders }
  appHeaders.forEach((value, name) => {
    if (!OWN_HEADERS.has(name)) common[name] = value
  })
  // Bodies belong to a snapshot: a rebuilt catalogue's bodies get heads of their own, the old ones go.
  const heads = new WeakMap<CachedBody, Partial<Record<AnswerKind, Readonly<Record<string, string>>>>>()
  const headOf = (body: CachedBody, kind: AnswerKind, cacheControl: string) => {
    let kinds = heads.get(body)
    if (!kinds) {
      kinds = {}
      heads.set(body, kinds)
    }
    let head = kinds[kind]
    if (!head) {
      head = { ...common, ...answerHeaders(body, kind, cacheControl) }
      kinds[kind] = head
    }
    return head
  }
  return (req, res) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url) return false
    const answer = answerFor(catalogue, req.url, caching)
    if (!answer) return false
    const { body, cacheControl } = answer
    const kind = answerKind(body, {
      ifNoneMatch: requestHeader(req, 'if-none-match'),
      acceptEncoding: requestHeader(req, 'accept-encoding'),
    })
    writeCompleteHead(res, kind === 'not-modified' ? 304 : 200, headOf(body, kind, cacheControl))
    res.end(req.method === 'HEAD' ? undefined : (answerBytes(body, kind) ?? undefined))
    return true
  }
}

/**
 * The fast path as the server puts it before the app (index.ts, and the tests' HTTP server): the app's
 * catalogue headers read once, and the lists' solution counts read once, so that the first list is
 * served from memory too. Null when the app cannot answer the catalogue: every request then goes
 * through the app.
 */
export async function serverFastPath(
  app: { request(path: string): Response | Promise<Response> },
  catalogue: Catalogue,
  caching: FastPathCaching,
  securityHeaders: Readonly<Record<string, string>>,
): Promise<FastPath | null> {
  const appHeaders = await appCatalogueHeaders((path) => app.request(path))
  if (!appHeaders) return null
  await catalogue.listing().catch(() => undefined)
  return createCatalogueFastPath(catalogue, appHeaders, caching, securityHeaders)
}

/**
 * Reads the headers the app sets on a catalogue answer, by asking it once in-process. Null when the
 * app cannot answer (the catalogue could not be built): the server then runs without the fast path.
 */
export async function appCatalogueHeaders(
  request: (path: string) => Response | Promise<Response>,
): Promise<Headers | null> {
  try {
    const response = await request('/api/challenges/count')
    await response.arrayBuffer()
    return response.ok ? response.headers : null
  } catch {
    return null
  }
}
