import type { IncomingMessage, ServerResponse } from 'node:http'
import { type CachedBody, cachedAnswer } from '#server/catalogue/cached-body.ts'
import type { Catalogue, CatalogueSnapshot } from '#server/catalogue/catalogue.ts'

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
const CATEGORY_QUERY = /^category=([a-z][a-z-]{0,40})$/

function bodyFor(snapshot: CatalogueSnapshot, url: string): CachedBody | undefined {
  const queryAt = url.indexOf('?')
  const path = queryAt === -1 ? url : url.slice(0, queryAt)
  const query = queryAt === -1 ? '' : url.slice(queryAt + 1)
  if (path === '/api/challenges') {
    if (query === '') return snapshot.list
    const category = CATEGORY_QUERY.exec(query)?.[1]
    return category ? snapshot.byCategory.get(category) : undefined
  }
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
 * The catalogue's commonest reads answered straight from node:http, before the request becomes a
 * Fetch Request and walks the app's middleware: for answers that are fixed bytes, that walk cost more
 * than half the time (issue 9). Only exact, canonical GET and HEAD requests for bodies the catalogue
 * already holds are taken; anything else (another query, an odd encoding of a path, a 404, a
 * catalogue being rebuilt) returns false and goes to the app as before.
 *
 * `appHeaders` are the headers the app puts on every catalogue answer (security headers and the
 * like), read from one real answer of the app at start, so the two paths cannot drift apart;
 * fast-path.test.ts compares them answer by answer.
 */
export function createCatalogueFastPath(
  catalogue: Catalogue,
  appHeaders: Headers,
  cacheControl: string,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const common: Record<string, string> = {}
  appHeaders.forEach((value, name) => {
    if (!OWN_HEADERS.has(name)) common[name] = value
  })
  return (req, res) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url) return false
    const snapshot = catalogue.peek()
    const body = snapshot && bodyFor(snapshot, req.url)
    if (!body) return false
    const answer = cachedAnswer(body, cacheControl, {
      method: req.method,
      ifNoneMatch: req.headers['if-none-match'],
      acceptEncoding: req.headers['accept-encoding'],
    })
    // One head, written at once: node:http checks and stores each setHeader() on its own.
    res.writeHead(answer.status, { ...common, ...answer.headers })
    res.end(answer.bytes ?? undefined)
    return true
  }
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
