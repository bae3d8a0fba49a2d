import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { expect, test } from '@playwright/test'
import { PROJECT_ROOT } from '#server/project-root.ts'
import {
  answerProblem,
  BODILESS,
  BODY_ROUTES,
  type FuzzCase,
  fuzzCases,
  prng,
  routeTemplates,
  SEED,
  sample,
  shown,
} from '#tests/support/fuzz-cases.ts'
import {
  closes,
  type Exchange,
  exchange,
  headerOf,
  type RawAnswer,
  requestBytes,
} from '#tests/support/raw-http.ts'
import { HttpClient, type ServerProcess, startServer } from '#tests/support/server-process.ts'

/**
 * The fuzz cases of src/server/routes/fuzz.test.ts (tests/support/fuzz-cases.ts), sent over real HTTP
 * to the built server (dist/server/index.js), as a visitor and as a signed-in member, together with
 * what only a socket can send: malformed request lines, paths no client would leave as they are,
 * broken framing. Besides "never a 5xx" and the /api error shape, this holds the hand-written response
 * layer (http/server-response.ts, the catalogue's fast path, static files, HEAD) to HTTP/1.1: a valid
 * status line, a body framed by its Content-Length or chunking, no body after a HEAD answer, only a
 * content coding the client accepts, the security headers, and a connection still usable afterwards
 * (every exchange ends with a health check on the same connection). The server keeps answering and
 * logs no error. Members' fuzzing changes state, so this file starts a server of its own.
 */

const PER_REQUEST_MS = 10_000
/** Whole-file budget: a slow machine fails here with a message, not at Playwright's timeout. */
const RUN_BUDGET_MS = 240_000
const SYSTEMATIC_PER_IDENTITY = 170
const RANDOM_PER_IDENTITY = 80
const BUILT_SERVER = 'dist/server/index.js'

/** Accept-Encoding values, well formed and not: an answer may use only a coding the value accepts. */
const ACCEPT_ENCODINGS: (string | undefined)[] = [
  undefined,
  undefined,
  'gzip, deflate, br',
  'br',
  'gzip',
  'GZIP',
  'identity',
  '*',
  'br;q=0, gzip',
  'gzip;q=0, br;q=0',
  '*;q=0',
  'br;q=abc, x-unknown',
  'zstd',
  ',,,;;;',
  `${'x,'.repeat(2_000)}gzip`,
]

/** The codings an Accept-Encoding value allows; none without the header, as browsers always send it. */
function acceptedCodings(value: string | undefined): (coding: string) => boolean {
  if (value === undefined) return () => false
  const allowed = new Map<string, boolean>()
  for (const part of value.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase())
    if (!name) continue
    const q = params.find((param) => param.startsWith('q='))
    allowed.set(name, !(q && Number(q.slice(2)) === 0))
  }
  return (coding) => allowed.get(coding) ?? allowed.get('*') ?? false
}

/** Headers only HTTP carries to the response layer: ranges for static files, validators, Expect. */
const EXTRA_HEADERS: [string, string][][] = [
  [['Range', 'bytes=0-0']],
  [['Range', 'bytes=-1']],
  [['Range', 'bytes=99999999-']],
  [['Range', 'bytes=5-1']],
  [['Range', 'bytes=0-1,3-4,0-0']],
  [['Range', 'bytes=abc']],
  [['If-None-Match', '*']],
  [['If-None-Match', '"x", W/"y"']],
  [['If-Modified-Since', 'Thu, 01 Jan 1970 00:00:00 GMT']],
  [['If-Modified-Since', 'not a date']],
  [['Accept', 'application/json']],
  [['Accept', 'text/html;q=0']],
  [['X-Forwarded-For', '1.2.3.4, ::1, not-an-address']],
  [['X-Forwarded-Proto', 'https']],
  [['Cookie', 'dojo_session=%00; a=b; =; ;;']],
]

/** What must never come back: the repository's package.json or the system's password file. */
const LEAKS = ['"scarfSettings"', 'root:x:0:0']

type RawCase = {
  name: string
  bytes: Buffer
  /** One entry per answer expected (true for HEAD). */
  bodiless: boolean[]
  mayCloseUnanswered?: boolean
  /** 5xx statuses that are the right answer here (505 to an HTTP version the server does not speak). */
  allowed5xx?: number[]
  /** The Accept-Encoding the request sent. */
  acceptEncoding?: string
}

function rawCases(host: string, assetPath: string): RawCase[] {
  const get = (target: string, extra = '') =>
    Buffer.from(`GET ${target} HTTP/1.1\r\nHost: ${host}\r\n${extra}Connection: close\r\n\r\n`, 'latin1')
  const lines = (...all: string[]) => Buffer.from(`${all.join('\r\n')}\r\n\r\n`, 'latin1')
  const one = (name: string, bytes: Buffer, more: Partial<RawCase> = {}): RawCase => ({
    name,
    bytes,
    bodiless: [false],
    ...more,
  })
  const traversals = [
    '/assets/../../package.json',
    '/assets/..%2f..%2fpackage.json',
    '/assets/%2e%2e/%2e%2e/package.json',
    '/assets/..%5c..%5cpackage.json',
    '/..\\..\\package.json',
    '/assets//..//..//package.json',
    '/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '//etc/passwd',
    '/files/../../package.json',
    '/files/..%2f..%2f..%2fpackage.json',
    '/api/docs/..%2f..%2f..%2fpackage.json',
    '/images/..%2f..%2f..%2fpackage.json',
    '/github-emulator/avatars/..%2f..%2f..%2fpackage.json',
  ]
  return [
    ...traversals.map((target) => one(`traversal ${target}`, get(target))),
    one('raw UTF-8 in the path', get('/challenge/caf\xc3\xa9')),
    one('a raw 0xff byte in the path', get('/api/users/\xff')),
    one('a space in the path', get('/api/users/a b'), { mayCloseUnanswered: true }),
    one('a control character in the path', get('/api/users/a\x01b'), { mayCloseUnanswered: true }),
    one('a tab in the path', get('/api/users/a\tb'), { mayCloseUnanswered: true }),
    one('an absolute-form target', get(`http://${host}/api/health`)),
    one('an absolute-form target for another host', get('http://evil.example/api/config')),
    one('an absolute-form target with an odd scheme', get('ftp://evil.example/'), {
      mayCloseUnanswered: true,
    }),
    one('the asterisk form with GET', get('*')),
    one('the asterisk form with OPTIONS', lines('OPTIONS * HTTP/1.1', `Host: ${host}`, 'Connection: close')),
    one('no Host header', lines('GET /api/health HTTP/1.1', 'Connection: close')),
    one('HTTP/1.0 without Host', lines('GET /api/health HTTP/1.0')),
    one('two Host headers', get('/api/health', 'Host: evil.example\r\n')),
    one('an empty Host', lines('GET /api/health HTTP/1.1', 'Host:', 'Connection: close')),
    one(
      'a Host with a broken IPv6 address',
      lines('GET /api/health HTTP/1.1', 'Host: [::1', 'Connection: close'),
    ),
    one('a Host with a space', lines('GET /api/me HTTP/1.1', 'Host: a b', 'Connection: close')),
    one('a lower-case method', lines('get /api/health HTTP/1.1', `Host: ${host}`, 'Connection: close'), {
      mayCloseUnanswered: true,
    }),
    one('an unknown method', lines('BREW /api/health HTTP/1.1', `Host: ${host}`, 'Connection: close'), {
      mayCloseUnanswered: true,
    }),
    one('CONNECT', lines(`CONNECT ${host} HTTP/1.1`, `Host: ${host}`), { mayCloseUnanswered: true }),
    one('an Upgrade to websocket', get('/api/health', 'Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\n')),
    one('HTTP/9.9', lines('GET /api/health HTTP/9.9', `Host: ${host}`, 'Connection: close'), {
      mayCloseUnanswered: true,
      allowed5xx: [505],
    }),
    one('an HTTP/2 preface', Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', 'latin1'), {
      mayCloseUnanswered: true,
    }),
    one(
      'a TLS ClientHello',
      Buffer.from([0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00, 0x00, 0xa1, 0x03, 0x03]),
      {
        mayCloseUnanswered: true,
      },
    ),
    one('only blank lines before the request', Buffer.concat([Buffer.from('\r\n\r\n'), get('/api/health')]), {
      mayCloseUnanswered: true,
    }),
    one('a 20 KB target', get(`/api/users/${'a'.repeat(20_000)}`), { mayCloseUnanswered: true }),
    one('a 20 KB header', get('/api/health', `X-Big: ${'b'.repeat(20_000)}\r\n`), {
      mayCloseUnanswered: true,
    }),
    one(
      '300 headers',
      get('/api/config', Array.from({ length: 300 }, (_, i) => `X-H${i}: ${i}\r\n`).join('')),
    ),
    one('a folded header', get('/api/health', 'X-Folded: a\r\n b\r\n'), { mayCloseUnanswered: true }),
    one('a header name with a space', get('/api/health', 'Bad Header: x\r\n'), { mayCloseUnanswered: true }),
    one('a NUL in a header value', get('/api/health', 'X-Nul: a\x00b\r\n'), { mayCloseUnanswered: true }),
    ...['-1', 'abc', '1e3', '0x10', ' 5', '99999999999999999999'].map((length) =>
      one(
        `Content-Length ${JSON.stringify(length)}`,
        Buffer.from(
          `POST /api/me/profile HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n{}`,
          'latin1',
        ),
        { mayCloseUnanswered: true },
      ),
    ),
    one(
      'two different Content-Lengths',
      lines(
        'POST /auth/sign-out HTTP/1.1',
        `Host: ${host}`,
        'Content-Length: 2',
        'Content-Length: 3',
        'Connection: close',
      ),
      { mayCloseUnanswered: true },
    ),
    one(
      'Content-Length and chunked together',
      Buffer.from(
        `POST /api/me/profile HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
        'latin1',
      ),
      { mayCloseUnanswered: true },
    ),
    ...['gzip', 'chunked, chunked', 'identity', 'x-unknown'].map((coding) =>
      one(
        `Transfer-Encoding ${coding}`,
        Buffer.from(
          `POST /api/me/profile HTTP/1.1\r\nHost: ${host}\r\nTransfer-Encoding: ${coding}\r\nConnection: close\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
          'latin1',
        ),
        { mayCloseUnanswered: true },
      ),
    ),
    ...['zz', 'ffffffffffffffffffff', '2;ext="unterminated', '-2'].map((size) =>
      one(
        `a chunk size ${JSON.stringify(size)}`,
        Buffer.from(
          `PATCH /api/me/profile HTTP/1.1\r\nHost: ${host}\r\nOrigin: http://${host}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${size}\r\n{}\r\n0\r\n\r\n`,
          'latin1',
        ),
        { mayCloseUnanswered: true },
      ),
    ),
    one(
      'Expect: 100-continue',
      Buffer.from(
        `PATCH /api/me/profile HTTP/1.1\r\nHost: ${host}\r\nOrigin: http://${host}\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
        'latin1',
      ),
    ),
    one('an Expect the server does not know', get('/api/health', 'Expect: 200-ok\r\n')),
    // Pipelined: three requests in one write, answered in order on one connection.
    {
      name: 'three pipelined requests, a HEAD in the middle',
      bytes: Buffer.concat([
        Buffer.from(`GET ${assetPath} HTTP/1.1\r\nHost: ${host}\r\nAccept-Encoding: br, gzip\r\n\r\n`),
        Buffer.from(`HEAD ${assetPath} HTTP/1.1\r\nHost: ${host}\r\nAccept-Encoding: br, gzip\r\n\r\n`),
        Buffer.from(`HEAD /api/challenges HTTP/1.1\r\nHost: ${host}\r\nAccept-Encoding: br, gzip\r\n\r\n`),
        Buffer.from(`GET /api/challenges HTTP/1.1\r\nHost: ${host}\r\nAccept-Encoding: br, gzip\r\n\r\n`),
      ]),
      bodiless: [false, true, true, false],
      acceptEncoding: 'br, gzip',
    },
  ]
}

/**
 * A line the server wrote that reports an error: the logger's ERROR (the app's "unhandled error"), or
 * what node and @hono/node-server print for an error nobody handled (its name and message, its stack).
 * Warnings are not errors: the logger's WARN, or a library's console.warn.
 */
function isErrorLine(line: string): boolean {
  const logged = /^\d{4}-\d\d-\d\dT[\d:.]+Z (DEBUG|INFO|WARN|ERROR) /.exec(line)
  if (logged) return logged[1] === 'ERROR'
  return /^\s+at |^\[?\w*(Error|Exception)\b|^Uncaught|unhandled/i.test(line)
}

let server: ServerProcess
let member: HttpClient
const login = 'http-fuzzer'
const logged: string[] = []
let watching = false

test.beforeAll(async () => {
  // A copy of the prepared data folder (server-process.ts); the run's first such start makes it with a
  // first start, which imports the catalogue, slowly on a busy machine.
  test.setTimeout(240_000)
  server = await startServer({
    entry: BUILT_SERVER,
    prepared: true,
    readyTimeoutMs: 180_000,
    // Submitted links are not reviewed or re-checked here: this file is about HTTP, not Chromium.
    env: { REVIEW_WORKERS: '0', LINK_CHECK_WORKERS: '0' },
    onLine: (line) => {
      if (watching) logged.push(line)
    },
  })
  member = new HttpClient(server.baseUrl)
  await member.signIn(login)
})

test.afterAll(async () => {
  await server?.destroy()
})

test('the built server answers hostile requests over HTTP with well-formed answers, never a 5xx', async () => {
  test.setTimeout(RUN_BUDGET_MS + 60_000)
  const started = Date.now()
  const origin = server.baseUrl
  const { host, port } = new URL(origin)
  const portNumber = Number(port)

  // Real values for placeholders, from the built server's own catalogue.
  const { challenges } = await member.json<{ challenges: { id: number; slug: string }[] }>('/api/challenges')
  const [challenge] = challenges
  if (!challenge) throw new Error('the built server has no challenges')
  const start = await member.send('POST', `/api/me/challenges/${challenge.id}/start`)
  expect(start.status).toBeLessThan(300)
  const docsPage = await (await member.request('/api/docs')).text()
  const docsAsset = /\/api\/docs\/([^"'/?#]+)/.exec(docsPage)?.[1] ?? 'x'
  const web = join(PROJECT_ROOT, 'dist', 'web')
  const assets = readdirSync(join(web, 'assets')).filter((file) => /\.(js|css|svg)$/.test(file))
  const script = assets.find((file) => file.endsWith('.js'))
  const style = assets.find((file) => file.endsWith('.css'))
  if (!script || !style) throw new Error('dist/web/assets has no script or style: run `npm run build`')

  const realValue = (placeholder: string) =>
    ({
      ':id': String(challenge.id),
      ':slug': encodeURIComponent(challenge.slug),
      ':username': login,
      ':file': `${login}.svg`,
      ':asset': docsAsset,
    })[placeholder] ?? 'x'
  // The app's routes and pages, and the built files the server sends as they are (precompressed).
  const templates = [
    ...routeTemplates(),
    '/favicon.svg',
    '/robots.txt',
    '/index.html',
    `/assets/${script}`,
    `/assets/${style}`,
    `/assets/${script}.map`,
    '/assets/*',
    '/images/*',
  ]

  const catalogue = await member.request('/api/challenges', { headers: { 'Accept-Encoding': 'br' } })
  await catalogue.arrayBuffer()
  const etag = catalogue.headers.get('etag') ?? '"none"'
  const largest = assets
    .map((file) => ({ file, size: statSync(join(web, 'assets', file)).size }))
    .sort((a, b) => b.size - a.size)[0]?.file
  const everything = 'gzip, deflate, br'
  const baseline: [string, string, Omit<Extras, 'chunked'>][] = [
    ['GET', '/', { acceptEncoding: everything, headers: [] }],
    ['HEAD', '/', { acceptEncoding: everything, headers: [] }],
    ['GET', '/api/challenges', { acceptEncoding: 'gzip', headers: [] }],
    ['GET', '/api/challenges', { acceptEncoding: 'br', headers: [['If-None-Match', etag]] }],
    ['HEAD', '/api/challenges', { acceptEncoding: everything, headers: [] }],
    ['GET', `/api/challenges/${challenge.id}/zip`, { acceptEncoding: everything, headers: [] }],
    ['GET', '/auth/github', { acceptEncoding: everything, headers: [] }],
    ['GET', `/assets/${largest}`, { acceptEncoding: everything, headers: [] }],
    ['GET', `/assets/${largest}`, { acceptEncoding: 'gzip', headers: [] }],
    ['GET', `/assets/${script}`, { acceptEncoding: undefined, headers: [['Range', 'bytes=0-9']] }],
    ['HEAD', `/assets/${style}`, { acceptEncoding: everything, headers: [] }],
  ]

  const failures: string[] = []
  /** What the answers were like, so a run that never reached a part of the response layer fails. */
  const seen = new Map<string, number>()
  const count = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1)
  const probe = Buffer.from(
    `GET /api/health HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
    'latin1',
  )
  let requests = 0

  /**
   * The checks every answer gets: no 5xx, the security headers, only a coding the client accepts, a
   * body that decodes, nothing leaked. Returns the decoded body, or undefined when node:http itself
   * refused the request (an empty answer that closes the connection) or the answer is a 5xx.
   */
  const checkAnswer = (
    label: string,
    answer: RawAnswer,
    acceptEncoding: string | undefined,
    allowed5xx: number[] = [],
  ): string | undefined => {
    if (answer.status >= 500 && !allowed5xx.includes(answer.status)) {
      failures.push(`${label} → ${answer.statusLine} ${answer.body.toString('utf8', 0, 160)}`)
      return undefined
    }
    const refusedByNode = closes(answer) && answer.body.length === 0 && !headerOf(answer, 'content-type')
    if (!refusedByNode && headerOf(answer, 'x-content-type-options') !== 'nosniff')
      failures.push(`${label} → ${answer.status} without the security headers`)
    const coding = headerOf(answer, 'content-encoding')?.toLowerCase()
    count(`framing ${answer.framing}`)
    if (coding) count(`coding ${coding}`)
    if (refusedByNode) count('refused by node:http')
    else count(`status ${Math.floor(answer.status / 100)}xx`)
    if (answer.status === 206 || answer.status === 304) count(`status ${answer.status}`)
    let body = answer.body
    if (coding && coding !== 'identity' && !acceptedCodings(acceptEncoding)(coding))
      failures.push(
        `${label} → Content-Encoding ${coding} to Accept-Encoding ${JSON.stringify(acceptEncoding)}`,
      )
    // A HEAD, 204 or 304 answer names the coding of a body it does not carry.
    if (coding && coding !== 'identity' && answer.framing !== 'none') {
      try {
        if (coding === 'br') body = brotliDecompressSync(body)
        else if (coding === 'gzip') body = gunzipSync(body)
        else failures.push(`${label} → unknown Content-Encoding ${coding}`)
      } catch (error) {
        failures.push(
          `${label} → a ${coding} body that does not decode (${(error as Error).message}): ${answer.statusLine}, ${answer.body.length} bytes, head ${JSON.stringify(answer.headers.filter(([name]) => !/^content-security-policy$/i.test(name)))}`,
        )
      }
    }
    const text = body.toString('utf8')
    for (const leak of LEAKS)
      if (text.includes(leak)) failures.push(`${label} → ${answer.status} leaks ${leak}`)
    return refusedByNode ? undefined : text
  }

  /** The exchange's answers, then the health check that followed on the same connection. */
  const checkExchange = (label: string, result: Exchange, expected: number) => {
    for (const problem of result.problems) failures.push(`${label} → ${problem}`)
    const last = result.answers[expected - 1]
    const health = result.answers[expected]
    if (last && !closes(last)) {
      if (!health) failures.push(`${label} → no answer to the health check on the same connection`)
      else if (health.status !== 200 || !health.body.toString().includes('"ok"'))
        failures.push(`${label} → the health check after it answered ${health.statusLine}`)
    }
  }

  type Extras = { acceptEncoding: string | undefined; headers: [string, string][]; chunked: boolean }
  /** The HTTP-only part of a case: the codings accepted, an extra header, a chunked body. */
  const randomExtras = (random: ReturnType<typeof prng>): Extras => ({
    acceptEncoding: random.pick(ACCEPT_ENCODINGS),
    headers: random.chance(0.3) ? random.pick(EXTRA_HEADERS) : [],
    chunked: random.chance(0.3),
  })

  const send = async (identity: 'visitor' | 'member', fuzzCase: FuzzCase, extras: Extras) => {
    const { method, path, body, origin: from } = fuzzCase
    const { acceptEncoding } = extras
    const headers: [string, string][] = [['Host', host]]
    if (from) headers.push(['Origin', from])
    if (body?.type) headers.push(['Content-Type', body.type])
    if (acceptEncoding !== undefined) headers.push(['Accept-Encoding', acceptEncoding])
    if (identity === 'member') headers.push(['Cookie', member.cookieHeader()])
    headers.push(...extras.headers)
    const bytes = BODILESS.has(method) ? undefined : Buffer.from(body?.body ?? '')
    const chunked = bytes !== undefined && extras.chunked
    const label = `${identity} ${method} ${shown(path)}${chunked ? ' (chunked)' : ''}`
    const result = await exchange({
      port: portNumber,
      bytes: requestBytes({ method, target: path, headers, ...(bytes ? { body: bytes, chunked } : {}) }),
      bodiless: [method === 'HEAD'],
      probe,
      timeoutMs: PER_REQUEST_MS,
    })
    requests += 1
    checkExchange(label, result, 1)
    const answer = result.answers[0]
    if (!answer) return
    const text = checkAnswer(label, answer, acceptEncoding)
    if (text !== undefined) {
      const problem = answerProblem(fuzzCase, { status: answer.status, text }, origin)
      if (problem) failures.push(`${label} → ${problem}`)
    }
    if (identity === 'member') {
      member.storeCookies(
        answer.headers.filter(([name]) => name.toLowerCase() === 'set-cookie').map(([, v]) => v),
      )
      // A fuzzed sign-out ends the session: sign in again, so the rest still runs as a member.
      if (!member.cookies.has('dojo_session')) await member.signIn(login)
    }
  }

  watching = true
  const random = prng(SEED)
  for (const identity of ['visitor', 'member'] as const) {
    // First what a browser asks, so every kind of answer is seen: compressed, precompressed, from
    // the catalogue's fast path, not modified, partial, redirected, HEAD.
    for (const [method, path, extras] of baseline) {
      await send(identity, { method, path, body: undefined, origin }, { chunked: false, ...extras })
    }
    const all = fuzzCases({
      templates,
      bodyRoutes: BODY_ROUTES,
      realValue,
      origin,
      random,
      randomCases: RANDOM_PER_IDENTITY,
    })
    const systematic = sample(all.slice(0, -RANDOM_PER_IDENTITY), SYSTEMATIC_PER_IDENTITY, random)
    for (const fuzzCase of [...systematic, ...all.slice(-RANDOM_PER_IDENTITY)]) {
      if (Date.now() - started > RUN_BUDGET_MS) break
      await send(identity, fuzzCase, randomExtras(random))
    }
  }
  for (const raw of rawCases(host, `/assets/${script}`)) {
    if (Date.now() - started > RUN_BUDGET_MS) break
    const result = await exchange({
      port: portNumber,
      bytes: raw.bytes,
      bodiless: raw.bodiless,
      probe,
      timeoutMs: PER_REQUEST_MS,
      ...(raw.mayCloseUnanswered ? { mayCloseUnanswered: true } : {}),
    })
    requests += 1
    const label = `raw: ${raw.name}`
    checkExchange(label, result, raw.bodiless.length)
    for (const [index, answer] of result.answers.slice(0, raw.bodiless.length).entries())
      checkAnswer(`${label} (answer ${index + 1})`, answer, raw.acceptEncoding, raw.allowed5xx)
  }
  watching = false

  // Every exchange was well formed and no error was logged; then the server still answers.
  expect
    .soft(failures, `${failures.length} of ${requests} exchanges failed:\n${failures.join('\n')}`)
    .toEqual([])
  expect.soft(logged.filter(isErrorLine), 'errors the server logged').toEqual([])
  // The run reached every part of the response layer it checks.
  const kinds = Object.fromEntries(seen)
  for (const kind of [
    'framing length',
    'framing chunked',
    'framing none',
    'coding br',
    'coding gzip',
    'refused by node:http',
    'status 2xx',
    'status 3xx',
    'status 206',
    'status 304',
    'status 4xx',
  ])
    expect
      .soft(kinds[kind] ?? 0, `answers of the kind "${kind}" in ${JSON.stringify(kinds)}`)
      .toBeGreaterThan(0)
  expect(requests).toBeGreaterThan(2 * (SYSTEMATIC_PER_IDENTITY + RANDOM_PER_IDENTITY))
  expect(Date.now() - started, `the run took longer than ${RUN_BUDGET_MS} ms`).toBeLessThan(RUN_BUDGET_MS)
  expect(server.alive(), server.output()).toBe(true)
  const health = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(PER_REQUEST_MS) })
  expect(health.status).toBe(200)
  await health.arrayBuffer()
})
