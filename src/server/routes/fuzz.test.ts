import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '#server/app.ts'
import { users } from '#server/db/schema.ts'
import { EMULATOR_PATH } from '#server/env.ts'
import { paths } from '#shared/paths.ts'
import { createTestApp } from '#tests/support/app.ts'
import { browser, ORIGIN, signIn, type TestBrowser } from '#tests/support/auth.ts'
import { insertChallengeRows } from '#tests/support/challenge-rows.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'

/**
 * A bounded, deterministic fuzz pass over every route of the app: hostile path segments, query
 * strings, bodies, content types and methods, as a visitor and as a member. Whatever comes in, the
 * answer is never a 5xx, and every /api error is `{ error: { code, message } }`.
 */

/** mulberry32: a tiny seeded PRNG, so a failure reproduces exactly. */
function prng(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  }
}

const SEED = 0x5eed_d030
const RANDOM_CASES = 300
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND'] as const
const BODILESS = new Set(['GET', 'HEAD'])
const LONG = 'a'.repeat(10_000)

/** Path segments as they go on the wire (already percent-encoded where that is the point). */
const SEGMENTS = [
  '%00',
  'x%00',
  '%ff',
  '%',
  '%ZZ',
  '%2e%2e',
  '..',
  '.',
  '%2f',
  '%5c',
  '%0d%0a',
  '%09',
  '%20',
  '%201',
  '%C3%A9t%C3%A9',
  '%F0%9F%98%80',
  '%ED%A0%80',
  '%C0%AE',
  '%E0%A4%A',
  'caf%C3%A9-%E2%80%AE',
  LONG,
  `${LONG}%00`,
  '-1',
  '0',
  '-0',
  '1',
  '01',
  '+1',
  '1e1',
  '1.5',
  '0x10',
  'NaN',
  'Infinity',
  '2147483647',
  '2147483648',
  '9007199254740993',
  '99999999999999999999999999',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  "'%20OR%201=1--",
  '$%7B7*7%7D',
  'a-',
  '-a',
  'a--b',
  'a_b',
  `${'x'.repeat(39)}-12345678901234567890`,
]

const QUERIES = [
  '',
  '?',
  '?&&&=&',
  '?ids=',
  '?ids=1,2,3',
  '?ids=0x10',
  '?ids=01',
  '?ids=%2B1',
  '?ids=1e1',
  '?ids=-1',
  '?ids=1.5',
  '?ids=99999999999',
  '?ids=1&ids=2',
  `?ids=${Array.from({ length: 2_000 }, (_, i) => i + 1).join(',')}`,
  `?ids=${LONG}`,
  '?ids=%00',
  '?ids=%ff',
  '?ids=%',
  '?category=%00',
  '?category=navbar',
  '?category=%ff',
  `?category=${LONG}`,
  '?status=ongoing',
  '?status=%00',
  '?status=completed&status=ongoing',
  '?state=%00&code=%ff',
  `?state=${LONG}&code=x`,
  '?error=access_denied&state=x',
  '?client_id=%00&redirect_uri=%ff&state=1&code_challenge=x&code_challenge_method=S256',
  `?client_id=frontend-dojo-emulator&redirect_uri=${encodeURIComponent(`${ORIGIN}/auth/github/callback`)}&state=x&code_challenge=x&code_challenge_method=S256`,
  '?__proto__[x]=1&constructor[prototype][y]=2',
  '?a[b][c]=1',
  '?%=%&%ff=%00',
  '?%E0%A4%A=1',
]

function nested(depth: number, open: string, close: string, inner = '1') {
  return `${open.repeat(depth)}${inner}${close.repeat(depth)}`
}

type Body = { type?: string; body: string | Uint8Array }
const JSON_TYPE = 'application/json'
const BODIES: Body[] = [
  { body: '' },
  { type: JSON_TYPE, body: '' },
  { type: JSON_TYPE, body: '{' },
  { type: JSON_TYPE, body: '{"liveUrl":' },
  { type: JSON_TYPE, body: 'null' },
  { type: JSON_TYPE, body: '[]' },
  { type: JSON_TYPE, body: '[1,2,3]' },
  { type: JSON_TYPE, body: '"just a string"' },
  { type: JSON_TYPE, body: '1e999' },
  { type: JSON_TYPE, body: '123456789012345678901234567890' },
  { type: JSON_TYPE, body: '{"liveUrl":null}' },
  { type: JSON_TYPE, body: '{"liveUrl":["https://a.github.io/b"]}' },
  { type: JSON_TYPE, body: '{"liveUrl":{"toString":"x"}}' },
  { type: JSON_TYPE, body: `{"liveUrl":"https://${LONG}.io/"}` },
  { type: JSON_TYPE, body: '{"liveUrl":"https://a.github.io/\\u0000"}' },
  { type: JSON_TYPE, body: '{"name":"\\u0000","bio":"\\ud800","linkedinUrl":"","githubUrl":""}' },
  { type: JSON_TYPE, body: '{"name":1e400,"bio":-0,"linkedinUrl":true,"githubUrl":[]}' },
  { type: JSON_TYPE, body: '{"name":null,"bio":null,"linkedinUrl":null,"githubUrl":null}' },
  { type: JSON_TYPE, body: `{"name":"${'n'.repeat(30_000)}","bio":"","linkedinUrl":"","githubUrl":""}` },
  { type: JSON_TYPE, body: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}' },
  { type: JSON_TYPE, body: nested(1000, '[', ']') },
  { type: JSON_TYPE, body: nested(1000, '{"a":', '}') },
  {
    type: JSON_TYPE,
    body: `{"name":${nested(1000, '{"a":', '}', '"x"')},"bio":"","linkedinUrl":"","githubUrl":""}`,
  },
  { type: JSON_TYPE, body: new Uint8Array([0xff, 0xfe, 0x7b, 0x00, 0x7d]) },
  { type: JSON_TYPE, body: '\ufeff{"liveUrl":"https://a.github.io/b"}' },
  { type: 'application/json; charset=utf-16', body: '{}' },
  { type: 'text/plain', body: '{"liveUrl":"https://a.github.io/b"}' },
  { type: 'application/xml', body: '<?xml version="1.0"?><a>&lt;</a>' },
  { type: ';;;', body: 'x' },
  { type: 'multipart/form-data', body: 'no boundary at all' },
  { type: 'multipart/form-data; boundary=', body: '--\r\n\r\n' },
  { type: 'multipart/form-data; boundary=xyz', body: 'garbage that is not multipart' },
  {
    type: 'multipart/form-data; boundary=xyz',
    body: '--xyz\r\nContent-Disposition: form-data; name="login"\r\n\r\noctocat\r\n--xy',
  },
  {
    type: 'multipart/form-data; boundary=xyz',
    body: '--xyz\r\nContent-Disposition: form-data; name="f"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--xyz--\r\n',
  },
  { type: 'application/x-www-form-urlencoded', body: '%%%&=&a=%ff&b=%00&&==' },
  { type: 'application/x-www-form-urlencoded', body: 'client_id[]=1&client_id[]=2&code=%E0%A4%A' },
  {
    type: 'application/x-www-form-urlencoded',
    body: Array.from({ length: 3_000 }, (_, i) => `k${i}=%ff%00`).join('&'),
  },
  { type: 'application/x-www-form-urlencoded', body: `login=${'x'.repeat(60_000)}` },
]

const ORIGINS = [ORIGIN, ORIGIN, ORIGIN, undefined, 'null', 'https://evil.example']

/** Every path the app routes, with `:param` and `*` as placeholders; SPA pages from the client's paths. */
function routeTemplates(app: App): string[] {
  // One placeholder that works as a slug, a status, a username and a category ({ path }).
  const placeholder = Object.assign(new String('PLACEHOLDER'), { path: 'PLACEHOLDER' })
  const spaPages = Object.values(paths).map((path) =>
    typeof path === 'string' ? path : path(placeholder as never).replace('PLACEHOLDER', ':page'),
  )
  return [...new Set([...app.routes.map((route) => route.path), ...spaPages])].sort()
}

/** Fills a template's placeholders; `fill` chooses each segment. */
function expand(template: string, fill: (placeholder: string) => string): string {
  return template
    .split('/')
    .map((part) => (part.startsWith(':') || part === '*' ? fill(part) : part))
    .join('/')
}

type Failure = string
type Identity = { name: string; request: (path: string, init?: RequestInit) => Promise<Response> }

async function check(
  identity: Identity,
  method: string,
  path: string,
  init: RequestInit,
  failures: Failure[],
) {
  const shown =
    path.length > 160 ? `${path.slice(0, 80)}…(${path.length} characters)…${path.slice(-60)}` : path
  const label = `${identity.name} ${method} ${shown}`
  let response: Response
  try {
    response = await identity.request(path, { ...init, method })
  } catch (error) {
    failures.push(`${label} → threw ${(error as Error).message}`)
    return
  }
  const text = await response.text()
  if (response.status >= 500) {
    failures.push(`${label} → ${response.status} ${text.slice(0, 160)}`)
    return
  }
  // The URL as the app sees it: `/api/..` is `/`, which is not an API call.
  const api = new URL(path, ORIGIN).pathname.startsWith('/api/')
  if (api && response.status >= 400 && method !== 'HEAD') {
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      body = undefined
    }
    const error = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error
    if (typeof error?.code !== 'string' || typeof error.message !== 'string') {
      failures.push(`${label} → ${response.status} without {error:{code,message}}: ${text.slice(0, 160)}`)
    }
  }
}

describe.each(TEST_DATABASES)('fuzzing every route on %s', (kind) => {
  let database: TestDatabase
  let app: App
  let member: TestBrowser
  let known: { id: string; slug: string; username: string }
  let templates: string[]
  let bodyRoutes: { method: string; path: string }[]

  const visitor: Identity = {
    name: 'visitor',
    request: async (path, init) => app.request(new URL(path, ORIGIN).toString(), init),
  }
  const signedIn: Identity = {
    name: 'member',
    async request(path, init) {
      const response = await member.request(path, init)
      // A fuzzed sign-out ends the session: sign in again, so the rest still runs as a member.
      if (!member.jar.cookies.has('dojo_session')) await signIn(member, { login: known.username })
      return response
    },
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    app = (await createTestApp(database)).app
    const [row] = await insertChallengeRows(database.db, 2, 'Fuzz Challenge')
    const challenge = (await (await app.request(`/api/challenges/${row?.id}`)).json()).challenge
    known = { id: String(challenge.id), slug: encodeURIComponent(challenge.slug), username: 'fuzz-member' }
    member = browser(app)
    await signIn(member, { login: known.username })
    await member.send('POST', `/api/me/challenges/${known.id}/start`)
    templates = routeTemplates(app)
    bodyRoutes = app.routes.filter((route) => !['ALL', 'GET'].includes(route.method))
  })
  afterAll(async () => {
    await database?.drop()
  })

  it('enumerates every route, so a new one is fuzzed too', () => {
    expect(templates).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/config',
        '/api/session',
        '/api/challenges',
        '/api/challenges/count',
        '/api/challenges/by-slug/:slug',
        '/api/challenges/:id',
        '/api/challenges/:id/zip',
        '/api/users/:username',
        '/api/leaderboard',
        '/api/me',
        '/api/me/profile',
        '/api/me/dashboard',
        '/api/me/challenges',
        '/api/me/challenges/:id',
        '/api/me/challenges/:id/start',
        '/api/me/challenges/:id/submit',
        '/api/me/challenges/:id/download',
        '/api/me/challenges/:id/reviews',
        '/api/reviews/:id',
        '/user-challenges/:page',
        '/challenges/:page',
        '/auth/github',
        '/auth/github/callback',
        '/auth/sign-out',
        `${EMULATOR_PATH}/login/oauth/authorize`,
        `${EMULATOR_PATH}/login/oauth/access_token`,
        `${EMULATOR_PATH}/api/user`,
        `${EMULATOR_PATH}/api/user/emails`,
        `${EMULATOR_PATH}/avatars/:file`,
        `${EMULATOR_PATH}/emulator.css`,
        '/files/*',
        '/*',
        '/challenge/:page',
        '/profile/:page',
      ]),
    )
  })

  const errorOf = async (response: Response) => ((await response.json()) as { error: unknown }).error

  it.each([
    '/api/users/%00',
    '/api/users/x%00',
    '/api/challenges/by-slug/x%00',
    '/api/challenges/by-slug/%01',
  ])('answers 400 or 404, never 500, to NUL and control characters: %s', async (path) => {
    const response = await visitor.request(path)
    expect([400, 404]).toContain(response.status)
    expect(await errorOf(response)).toEqual({ code: expect.any(String), message: expect.any(String) })
  })

  it.each(['0x10', '+1', '01', '1e1', '%201', '1%20', '-0', '2147483648'])(
    'accepts only canonical decimal ids: %s is a 400 everywhere',
    async (id) => {
      for (const path of [
        `/api/challenges/${id}`,
        `/api/challenges/${id}/zip`,
        `/api/me/challenges/${id}`,
        `/api/me/challenges/${id}/reviews`,
        `/api/reviews/${id}`,
      ]) {
        const response = await member.request(path)
        expect(response.status, path).toBe(400)
        expect(await errorOf(response)).toEqual({
          code: 'bad_request',
          message: expect.stringMatching(/^id: /),
        })
      }
      const list = await visitor.request(`/api/challenges?ids=${known.id},${id}`)
      expect(list.status).toBe(400)
      expect(await errorOf(list)).toEqual({ code: 'bad_request', message: expect.stringMatching(/^ids: /) })
    },
  )

  it('finds canonical ids, up to the largest', async () => {
    expect((await visitor.request(`/api/challenges/${known.id}`)).status).toBe(200)
    expect((await visitor.request(`/api/challenges?ids=${known.id}`)).status).toBe(200)
    expect((await visitor.request('/api/challenges/2147483647')).status).toBe(404)
  })

  it('finds a member by a login or by a login moved aside, and nobody by a name no login can be', async () => {
    const aside = browser(app)
    await signIn(aside, { login: 'moved-aside' })
    await database.db
      .update(users)
      .set({ username: 'moved-aside-4242' })
      .where(eq(users.username, 'moved-aside'))
    expect((await visitor.request('/api/users/moved-aside-4242')).status).toBe(200)
    expect((await visitor.request(`/api/users/${known.username}`)).status).toBe(200)
    for (const username of ['a_b', '-a', 'a--b', 'x'.repeat(40), `${'x'.repeat(39)}-${'9'.repeat(21)}`]) {
      const response = await visitor.request(`/api/users/${username}`)
      expect(response.status, username).toBe(404)
      expect(await errorOf(response)).toEqual({
        code: 'not_found',
        message: 'User not found. Please check the username.',
      })
    }
  })

  it('bounds slugs, and keeps the 404 for an unknown one', async () => {
    const long = await visitor.request(`/api/challenges/by-slug/${'a'.repeat(201)}`)
    expect(long.status).toBe(400)
    expect(await errorOf(long)).toMatchObject({
      code: 'bad_request',
      message: expect.stringMatching(/^slug: /),
    })
    expect(await errorOf(await visitor.request('/api/challenges/by-slug/No-Such-Challenge'))).toEqual({
      code: 'not_found',
      message: 'There is no challenge at "No-Such-Challenge".',
    })
    expect((await visitor.request(`/api/challenges/by-slug/${known.slug}`)).status).toBe(200)
  })

  it.each([
    ['multipart/form-data', 'no boundary'],
    ['multipart/form-data; boundary=xyz', 'not multipart at all'],
    [
      'multipart/form-data; boundary=xyz',
      '--xyz\r\nContent-Disposition: form-data; name="login"\r\n\r\noctocat\r\n--xy',
    ],
  ])('answers 400 to an emulator form that cannot be read (%s)', async (type, body) => {
    const init = { method: 'POST', headers: { 'Content-Type': type }, body }
    const authorize = await visitor.request(`${EMULATOR_PATH}/login/oauth/authorize`, init)
    expect(authorize.status).toBe(400)
    expect(await authorize.text()).toBe('The form could not be read. Please go back and try again.')
    const token = await visitor.request(`${EMULATOR_PATH}/login/oauth/access_token`, init)
    expect(token.status).toBe(400)
    expect(await token.json()).toEqual({
      error: 'invalid_request',
      error_description: 'The request body could not be parsed as a form.',
    })
  })

  it("serves the emulator's avatars only for logins", async () => {
    expect((await visitor.request(`${EMULATOR_PATH}/avatars/octocat.svg`)).status).toBe(200)
    for (const file of ['%00.svg', 'a_b.svg', 'x.svg.svg', `${'x'.repeat(40)}.svg`]) {
      expect((await visitor.request(`${EMULATOR_PATH}/avatars/${file}`)).status, file).toBe(404)
    }
  })

  it('never answers 5xx, and every /api error has the error shape', async () => {
    const failures: Failure[] = []
    const random = prng(SEED)
    const realValue = (placeholder: string) =>
      ({
        ':id': known.id,
        ':slug': known.slug,
        ':username': known.username,
        ':file': `${known.username}.svg`,
      })[placeholder] ?? 'x'
    const initFor = (method: string, body: Body | undefined, origin: string | undefined): RequestInit => {
      const headers: Record<string, string> = {}
      if (origin) headers.Origin = origin
      if (body?.type) headers['Content-Type'] = body.type
      return BODILESS.has(method) || !body ? { headers } : { headers, body: body.body as BodyInit }
    }
    let requests = 0
    for (const identity of [visitor, signedIn]) {
      // Systematic: every route with every method, its placeholders filled with each hostile segment in turn.
      let turn = 0
      for (const template of templates) {
        for (const method of METHODS) {
          const segment = SEGMENTS[turn % SEGMENTS.length] as string
          const body = BODIES[turn % BODIES.length]
          turn += 1
          await check(
            identity,
            method,
            expand(template, () => segment),
            initFor(method, body, ORIGIN),
            failures,
          )
          requests += 1
        }
      }
      // Systematic: every placeholder of every route with every hostile segment, as GET and as
      // one other method in turn.
      for (const template of templates.filter((t) => /\/(:|\*)/.test(t))) {
        for (const segment of SEGMENTS) {
          const path = expand(template, () => segment)
          const other = METHODS[1 + (turn % (METHODS.length - 1))] as string
          const body = BODIES[turn % BODIES.length]
          turn += 1
          for (const method of ['GET', other]) {
            await check(identity, method, path, initFor(method, body, ORIGIN), failures)
            requests += 1
          }
        }
      }
      // Systematic: every route that reads a body, with its real parameters and every body.
      for (const route of bodyRoutes) {
        for (const body of BODIES) {
          await check(
            identity,
            route.method,
            expand(route.path, realValue),
            initFor(route.method, body, ORIGIN),
            failures,
          )
          requests += 1
        }
      }
      // Random: mixes of real and hostile segments, queries, bodies, content types and origins.
      for (let i = 0; i < RANDOM_CASES; i++) {
        const template = random.pick(templates)
        const method = random.chance(0.5) ? random.pick(['GET', 'POST', 'PATCH']) : random.pick(METHODS)
        const path =
          expand(template, (placeholder) =>
            random.chance(0.3) ? realValue(placeholder) : random.pick(SEGMENTS),
          ) + random.pick(QUERIES)
        const init = initFor(method, random.pick(BODIES), random.pick(ORIGINS))
        await check(identity, method, path, init, failures)
        requests += 1
      }
    }
    expect(requests).toBeGreaterThan(500)
    expect(failures, `${failures.length} of ${requests} requests failed:\n${failures.join('\n')}`).toEqual([])
  })
})
