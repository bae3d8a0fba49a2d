import { EMULATOR_PATH } from '#server/env.ts'
import { paths } from '#shared/paths.ts'

/**
 * The fuzz cases for every route of the app, shared by the in-process pass
 * (src/server/routes/fuzz.test.ts) and the pass over real HTTP against the built server
 * (tests/e2e/http-fuzz.spec.ts): hostile path segments, query strings, bodies, content types, methods
 * and origins, chosen by a seeded PRNG so a failure reproduces exactly.
 */

/** mulberry32: a tiny seeded PRNG, so a failure reproduces exactly. */
export function prng(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  }
}
export type Prng = ReturnType<typeof prng>

export const SEED = 0x5eed_d030
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND'] as const
export const BODILESS = new Set(['GET', 'HEAD'])
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

/** Query strings; `origin` is where the app is served (the emulator's redirect_uri points there). */
function queries(origin: string): string[] {
  return [
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
    `?client_id=frontend-dojo-emulator&redirect_uri=${encodeURIComponent(`${origin}/auth/github/callback`)}&state=x&code_challenge=x&code_challenge_method=S256`,
    '?__proto__[x]=1&constructor[prototype][y]=2',
    '?a[b][c]=1',
    '?%=%&%ff=%00',
    '?%E0%A4%A=1',
  ]
}

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
  { type: JSON_TYPE, body: '{"liveUrl":"a.github.io","repositoryUrl":{"toString":"x"}}' },
  {
    type: JSON_TYPE,
    body: '{"liveUrl":"https://[::1]:0/","repositoryUrl":"git@github.com:%00/\\u0000.git"}',
  },
  {
    type: JSON_TYPE,
    body: `{"liveUrl":"https://xn--.pages.dev","repositoryUrl":"https://github.com/${LONG}/x"}`,
  },
  {
    type: JSON_TYPE,
    body: '{"liveUrl":"http://a.b.c.d.e.f.netlify.app/?q=%ff#x","repositoryUrl":["https://github.com/a/b"]}',
  },
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

/** Origin headers: mostly our own (so mutations get past the CSRF check), sometimes none or another. */
function origins(origin: string): (string | undefined)[] {
  return [origin, origin, origin, undefined, 'null', 'https://evil.example']
}

/**
 * Every path the app routes (`app.routes`), with `:param` and `*` as placeholders. fuzz.test.ts checks
 * that this is exactly the app's list, so a new route is fuzzed over HTTP too, where the app's own list
 * cannot be read.
 */
export const APP_ROUTES = [
  '/*',
  '/api/*',
  '/api/admin/audit',
  '/api/admin/comments/:id/hide',
  '/api/admin/comments/:id/restore',
  '/api/admin/members/:username/restore',
  '/api/admin/members/:username/suspend',
  '/api/admin/reports',
  '/api/admin/reports/:id/dismiss',
  '/api/admin/solutions/:id/hide',
  '/api/admin/solutions/:id/restore',
  '/api/challenges',
  '/api/challenges/:id',
  '/api/challenges/:id/solutions',
  '/api/challenges/:id/zip',
  '/api/challenges/by-slug/:slug',
  '/api/challenges/count',
  '/api/classroom-invites/:code',
  '/api/classrooms',
  '/api/classrooms/:id',
  '/api/classrooms/:id/assignments',
  '/api/classrooms/:id/assignments/:assignmentId',
  '/api/classrooms/:id/assignments/:assignmentId/extensions/:username',
  '/api/classrooms/:id/export',
  '/api/classrooms/:id/grid',
  '/api/classrooms/:id/invite',
  '/api/classrooms/:id/leaderboard',
  '/api/classrooms/:id/leave',
  '/api/classrooms/:id/needs-feedback',
  '/api/classrooms/:id/roster',
  '/api/classrooms/:id/students/:username',
  '/api/classrooms/:id/teachers/:username',
  '/api/classrooms/join',
  '/api/comments/:id',
  '/api/comments/:id/helpful',
  '/api/competitions',
  '/api/config',
  '/api/docs',
  '/api/docs/:asset',
  '/api/health',
  '/api/leaderboard',
  '/api/me',
  '/api/me/*',
  '/api/me/challenges',
  '/api/me/challenges/:id',
  '/api/me/challenges/:id/download',
  '/api/me/challenges/:id/reviews',
  '/api/me/challenges/:id/start',
  '/api/me/challenges/:id/submit',
  '/api/me/assignments',
  '/api/me/classroom-notifications',
  '/api/me/dashboard',
  '/api/me/export',
  '/api/me/notifications',
  '/api/me/notifications/:id/read',
  '/api/me/notifications/read-all',
  '/api/me/notifications/unread-count',
  '/api/me/profile',
  '/api/me/statuses',
  '/api/me/verification',
  '/api/me/verification/rotate',
  '/api/needs-feedback',
  '/api/openapi.json',
  '/api/reports',
  '/api/reviews/:id',
  '/api/session',
  '/api/solutions',
  '/api/solutions/:id',
  '/api/solutions/:id/comments',
  '/api/solutions/:id/like',
  '/api/users/:username',
  '/api/users/:username/badge.svg',
  '/auth/*',
  '/auth/github',
  '/auth/github/callback',
  '/auth/sign-out',
  '/files/*',
  `${EMULATOR_PATH}/api/user`,
  `${EMULATOR_PATH}/api/user/emails`,
  `${EMULATOR_PATH}/avatars/:file`,
  `${EMULATOR_PATH}/emulator.css`,
  `${EMULATOR_PATH}/login/oauth/access_token`,
  `${EMULATOR_PATH}/login/oauth/authorize`,
  // Activity and streaks (docs/product.md §14).
  '/api/users/:username/activity',
  '/api/me/activity-settings',
  '/api/me/goal',
  '/api/paths',
  '/api/paths/:slug',
  '/api/me/paths',
  '/api/me/paths/:slug',
  '/api/me/paths/:slug/start',
  '/api/me/next',
]

/** The routes that read a body (the app's routes of a method other than GET), checked as APP_ROUTES is. */
export const BODY_ROUTES = [
  { method: 'DELETE', path: '/api/me' },
  { method: 'PATCH', path: '/api/me/profile' },
  { method: 'POST', path: '/api/me/challenges/:id/start' },
  { method: 'POST', path: '/api/me/challenges/:id/submit' },
  { method: 'POST', path: '/api/me/challenges/:id/reviews' },
  { method: 'POST', path: '/api/me/verification/rotate' },
  { method: 'PATCH', path: '/api/solutions/:id' },
  { method: 'POST', path: '/api/solutions/:id/comments' },
  { method: 'PATCH', path: '/api/comments/:id' },
  { method: 'DELETE', path: '/api/comments/:id' },
  { method: 'PUT', path: '/api/comments/:id/helpful' },
  { method: 'DELETE', path: '/api/comments/:id/helpful' },
  { method: 'PUT', path: '/api/solutions/:id/like' },
  { method: 'DELETE', path: '/api/solutions/:id/like' },
  { method: 'POST', path: '/api/me/notifications/read-all' },
  { method: 'POST', path: '/api/me/notifications/:id/read' },
  { method: 'POST', path: '/api/reports' },
  { method: 'POST', path: '/api/admin/comments/:id/hide' },
  { method: 'POST', path: '/api/admin/comments/:id/restore' },
  { method: 'POST', path: '/api/admin/solutions/:id/hide' },
  { method: 'POST', path: '/api/admin/solutions/:id/restore' },
  { method: 'POST', path: '/api/admin/members/:username/suspend' },
  { method: 'POST', path: '/api/admin/members/:username/restore' },
  { method: 'POST', path: '/api/admin/reports/:id/dismiss' },
  { method: 'POST', path: '/api/classrooms' },
  { method: 'POST', path: '/api/classrooms/join' },
  { method: 'PATCH', path: '/api/classrooms/:id' },
  { method: 'DELETE', path: '/api/classrooms/:id' },
  { method: 'POST', path: '/api/classrooms/:id/invite' },
  { method: 'DELETE', path: '/api/classrooms/:id/invite' },
  { method: 'POST', path: '/api/classrooms/:id/leave' },
  { method: 'PUT', path: '/api/classrooms/:id/teachers/:username' },
  { method: 'DELETE', path: '/api/classrooms/:id/teachers/:username' },
  { method: 'POST', path: '/api/classrooms/:id/roster' },
  { method: 'DELETE', path: '/api/classrooms/:id/students/:username' },
  { method: 'POST', path: '/api/classrooms/:id/assignments' },
  { method: 'PATCH', path: '/api/classrooms/:id/assignments/:assignmentId' },
  { method: 'DELETE', path: '/api/classrooms/:id/assignments/:assignmentId' },
  { method: 'PUT', path: '/api/classrooms/:id/assignments/:assignmentId/extensions/:username' },
  { method: 'DELETE', path: '/api/classrooms/:id/assignments/:assignmentId/extensions/:username' },
  { method: 'POST', path: '/auth/sign-out' },
  { method: 'POST', path: `${EMULATOR_PATH}/login/oauth/authorize` },
  { method: 'POST', path: `${EMULATOR_PATH}/login/oauth/access_token` },
  { method: 'PATCH', path: '/api/me/activity-settings' },
  { method: 'POST', path: '/api/me/paths/:slug/start' },
]

/** The app's routes and the client's pages (from its paths, with `:page` for their parameter). */
export function routeTemplates(appRoutes: readonly string[] = APP_ROUTES): string[] {
  // One placeholder that works as a slug, a status, a username and a category ({ path }).
  const placeholder = Object.assign(new String('PLACEHOLDER'), { path: 'PLACEHOLDER' })
  const spaPages = Object.values(paths).map((path) =>
    typeof path === 'string' ? path : path(placeholder as never).replace('PLACEHOLDER', ':page'),
  )
  return [...new Set([...appRoutes, ...spaPages])].sort()
}

/** Fills a template's placeholders; `fill` chooses each segment. */
function expand(template: string, fill: (placeholder: string) => string): string {
  return template
    .split('/')
    .map((part) => (part.startsWith(':') || part === '*' ? fill(part) : part))
    .join('/')
}

/** A request to make. A GET or HEAD sends its body's Content-Type, not the body. */
export type FuzzCase = { method: string; path: string; body: Body | undefined; origin: string | undefined }

export type FuzzPlan = {
  templates: readonly string[]
  bodyRoutes: readonly { method: string; path: string }[]
  /** A value that exists for a placeholder (a challenge's id, a member's username…). */
  realValue: (placeholder: string) => string
  /** Where the app is served. */
  origin: string
  random: Prng
  randomCases: number
}

/**
 * The cases for one identity, in four parts: every route with every method; every placeholder with
 * every hostile segment; every route that reads a body with every body; then random mixes of real and
 * hostile segments, queries, bodies, content types and origins.
 */
export function fuzzCases(plan: FuzzPlan): FuzzCase[] {
  const { templates, random, origin } = plan
  const cases: FuzzCase[] = []
  const add = (method: string, path: string, body: Body | undefined, from: string | undefined) =>
    cases.push({ method, path, body, origin: from })
  let turn = 0
  // Systematic: every route with every method, its placeholders filled with each hostile segment in turn.
  for (const template of templates) {
    for (const method of METHODS) {
      const segment = SEGMENTS[turn % SEGMENTS.length] as string
      const body = BODIES[turn % BODIES.length]
      turn += 1
      add(
        method,
        expand(template, () => segment),
        body,
        origin,
      )
    }
  }
  // Systematic: every placeholder of every route with every hostile segment, as GET and as one other
  // method in turn.
  for (const template of templates.filter((t) => /\/(:|\*)/.test(t))) {
    for (const segment of SEGMENTS) {
      const path = expand(template, () => segment)
      const other = METHODS[1 + (turn % (METHODS.length - 1))] as string
      const body = BODIES[turn % BODIES.length]
      turn += 1
      for (const method of ['GET', other]) add(method, path, body, origin)
    }
  }
  // Systematic: every route that reads a body, with its real parameters and every body.
  for (const route of plan.bodyRoutes) {
    for (const body of BODIES) add(route.method, expand(route.path, plan.realValue), body, origin)
  }
  // Random: mixes of real and hostile segments, queries, bodies, content types and origins.
  const allQueries = queries(origin)
  const allOrigins = origins(origin)
  for (let i = 0; i < plan.randomCases; i++) {
    const template = random.pick(templates)
    const method = random.chance(0.5) ? random.pick(['GET', 'POST', 'PATCH']) : random.pick(METHODS)
    const path =
      expand(template, (placeholder) =>
        random.chance(0.3) ? plan.realValue(placeholder) : random.pick(SEGMENTS),
      ) + random.pick(allQueries)
    add(method, path, random.pick(BODIES), random.pick(allOrigins))
  }
  return cases
}

/** `count` of `items`, chosen by `random`, in their order. */
export function sample<T>(items: readonly T[], count: number, random: Prng): T[] {
  const indices = items.map((_, i) => i)
  for (let i = indices.length - 1; i > 0; i--) {
    const j = Math.floor(random.next() * (i + 1))
    ;[indices[i], indices[j]] = [indices[j] as number, indices[i] as number]
  }
  return indices
    .slice(0, count)
    .sort((a, b) => a - b)
    .map((i) => items[i] as T)
}

/** A path shortened for a failure message. */
export function shown(path: string): string {
  return path.length > 160 ? `${path.slice(0, 80)}…(${path.length} characters)…${path.slice(-60)}` : path
}

/**
 * What is wrong with the app's answer to a case, if anything: a 5xx, or an /api error that is not
 * `{ error: { code, message } }`. `origin` resolves the path as the app sees it: `/api/..` is `/`,
 * which is not an API call.
 */
export function answerProblem(
  fuzzCase: Pick<FuzzCase, 'method' | 'path'>,
  answer: { status: number; text: string },
  origin: string,
): string | undefined {
  if (answer.status >= 500) return `${answer.status} ${answer.text.slice(0, 160)}`
  const api = new URL(fuzzCase.path, origin).pathname.startsWith('/api/')
  if (!api || answer.status < 400 || fuzzCase.method === 'HEAD') return undefined
  let body: unknown
  try {
    body = JSON.parse(answer.text)
  } catch {
    body = undefined
  }
  const error = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error
  if (typeof error?.code === 'string' && typeof error.message === 'string') return undefined
  return `${answer.status} without {error:{code,message}}: ${answer.text.slice(0, 160)}`
}
