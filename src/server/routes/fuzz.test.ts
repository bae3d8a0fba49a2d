import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '#server/app.ts'
import { users } from '#server/db/schema.ts'
import { EMULATOR_PATH } from '#server/env.ts'
import { createTestApp } from '#tests/support/app.ts'
import { browser, ORIGIN, signIn, type TestBrowser } from '#tests/support/auth.ts'
import { insertChallengeRows } from '#tests/support/challenge-rows.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'
import {
  APP_ROUTES,
  answerProblem,
  BODILESS,
  BODY_ROUTES,
  type FuzzCase,
  fuzzCases,
  prng,
  routeTemplates,
  SEED,
  shown,
} from '#tests/support/fuzz-cases.ts'

/**
 * A bounded, deterministic fuzz pass over every route of the app: hostile path segments, query
 * strings, bodies, content types and methods, as a visitor and as a member. Whatever comes in, the
 * answer is never a 5xx, and every /api error is `{ error: { code, message } }`. The cases are shared
 * with the pass over real HTTP against the built server (tests/e2e/http-fuzz.spec.ts).
 */

const RANDOM_CASES = 300

type Failure = string
type Identity = { name: string; request: (path: string, init?: RequestInit) => Promise<Response> }

async function check(identity: Identity, fuzzCase: FuzzCase, failures: Failure[]) {
  const { method, path, body, origin } = fuzzCase
  const headers: Record<string, string> = {}
  if (origin) headers.Origin = origin
  if (body?.type) headers['Content-Type'] = body.type
  const init: RequestInit =
    BODILESS.has(method) || !body ? { method, headers } : { method, headers, body: body.body as BodyInit }
  const label = `${identity.name} ${method} ${shown(path)}`
  let response: Response
  try {
    response = await identity.request(path, init)
  } catch (error) {
    failures.push(`${label} → threw ${(error as Error).message}`)
    return
  }
  const problem = answerProblem(fuzzCase, { status: response.status, text: await response.text() }, ORIGIN)
  if (problem) failures.push(`${label} → ${problem}`)
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
    templates = routeTemplates(app.routes.map((route) => route.path))
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
        '/api/me/verification',
        '/api/me/verification/rotate',
        '/api/reviews/:id',
        '/api/classrooms',
        '/api/classrooms/:id',
        '/api/classrooms/:id/roster',
        '/api/me/assignments',
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
        '/api/users/:username/activity',
        '/api/me/activity-settings',
        '/api/me/goal',
        '/api/paths/:slug',
        '/api/me/paths/:slug/start',
        '/paths/:page',
      ]),
    )
  })

  it('lists every route in the cases shared with the fuzz over HTTP, which cannot read the app', () => {
    const sorted = (list: readonly string[]) => [...new Set(list)].sort()
    const message = 'add the route to APP_ROUTES or BODY_ROUTES in tests/support/fuzz-cases.ts'
    expect(sorted(app.routes.map((route) => route.path)), message).toEqual(sorted(APP_ROUTES))
    expect(sorted(bodyRoutes.map((route) => `${route.method} ${route.path}`)), message).toEqual(
      sorted(BODY_ROUTES.map((route) => `${route.method} ${route.path}`)),
    )
    expect(routeTemplates()).toEqual(templates)
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

  // Thousands of requests, one after another: on a busy two-core machine, well over a minute.
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
    let requests = 0
    for (const identity of [visitor, signedIn]) {
      const plan = { templates, bodyRoutes, realValue, origin: ORIGIN, random, randomCases: RANDOM_CASES }
      for (const fuzzCase of fuzzCases(plan)) {
        await check(identity, fuzzCase, failures)
        requests += 1
      }
    }
    expect(requests).toBeGreaterThan(500)
    expect(failures, `${failures.length} of ${requests} requests failed:\n${failures.join('\n')}`).toEqual([])
  }, 300_000)
})
