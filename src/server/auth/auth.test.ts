import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessionCookieName } from '#server/auth/session.ts'
import { upsertGitHubUser } from '#server/auth/users.ts'
import { oauthStates, sessions, users } from '#server/db/schema.ts'
import { emulatedId } from '#server/github-emulator/routes.ts'
import { createTestApp } from '#tests/support/app.ts'
import { authorize, browser, locationOf, ORIGIN, signIn, startSignIn } from '#tests/support/auth.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

describe.each(TEST_DATABASES)('GitHub sign-in and sessions on %s', (kind) => {
  let database: TestDatabase
  let t: TestApp
  const me = async (b: ReturnType<typeof browser>) => b.get('/api/me')

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    t = await createTestApp(database)
  })
  afterAll(async () => {
    await database?.drop()
  })

  it('runs the whole OAuth flow against the emulator and lands on /my', async () => {
    const b = browser(t.app)
    const authorizeUrl = await startSignIn(b)
    expect(authorizeUrl.pathname).toBe('/github-emulator/login/oauth/authorize')
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256')
    expect(authorizeUrl.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(authorizeUrl.searchParams.get('scope')).toBe('read:user user:email')
    expect(b.jar.cookies.has('dojo_oauth')).toBe(true)

    const page = await b.get(authorizeUrl.toString())
    const html = await page.text()
    expect(html).toContain('<label for="login">GitHub username</label>')
    expect(html).toContain('value="allow">Authorize</button>')

    const callback = await authorize(b, authorizeUrl, { login: 'mona-lisa' })
    expect(callback.pathname).toBe('/auth/github/callback')
    const done = await b.get(`${callback.pathname}${callback.search}`)
    expect(locationOf(done).pathname).toBe('/my')
    expect(b.jar.cookies.has('dojo_oauth')).toBe(false)

    const response = await me(b)
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const body = await response.json()
    expect(body).toEqual({
      user: {
        id: expect.any(String),
        email: 'mona-lisa@users.noreply.github.com',
        username: 'mona-lisa',
        name: 'Mona Lisa',
        avatarUrl: 'http://localhost/github-emulator/avatars/mona-lisa.svg',
        points: 0,
        submission: 0,
        isAdmin: false,
      },
    })
    expect(JSON.stringify(body)).not.toContain('gho_')
  })

  it('says in the session whether the member is one of the admins ADMIN_GITHUB_LOGINS names', async () => {
    const withAdmins = await createTestApp(database, { ADMIN_GITHUB_LOGINS: 'Head-Mod, other' })
    const isAdmin = async (login: string) => {
      const b = browser(withAdmins.app)
      await signIn(b, { login })
      const session = (await (await b.get('/api/session')).json()) as { user: { isAdmin: boolean } }
      const me = (await (await b.get('/api/me')).json()) as { user: { isAdmin: boolean } }
      expect(me.user.isAdmin).toBe(session.user.isAdmin)
      return session.user.isAdmin
    }
    expect(await isAdmin('head-mod')).toBe(true)
    expect(await isAdmin('head-mod-2')).toBe(false)
    // The same member on an app without admins.
    const b = browser(t.app)
    await signIn(b, { login: 'head-mod' })
    expect(
      ((await (await b.get('/api/session')).json()) as { user: { isAdmin: boolean } }).user.isAdmin,
    ).toBe(false)
  })

  it('comes back to the path the sign-in was started for, and only to one of this site', async () => {
    const path = '/solutions/3f1c0a4e-7d1e-4a59-8d0b-0c3c1e0b1a2f?x=1#comments'
    expect((await signIn(browser(t.app), { login: 'returner', returnTo: path })).toString()).toBe(
      `${ORIGIN}${path}`,
    )
    for (const returnTo of [
      '//evil.example/',
      '/\\evil.example',
      'https://evil.example/',
      '/auth/sign-out',
      '/sign-in-failed',
    ]) {
      const landed = await signIn(browser(t.app), { login: 'returner', returnTo })
      expect(landed.toString(), returnTo).toBe(`${ORIGIN}/my`)
    }
  })

  it('greets a new account with "first" and a later sign-in with "again", once, in the session check', async () => {
    const session = async (b: ReturnType<typeof browser>) =>
      (await (await b.get('/api/session')).json()) as { user: { username: string } | null; greeting?: string }
    const first = browser(t.app)
    await signIn(first, { login: 'greeted-member', returnTo: '/leaderboard' })
    // Only the session check receives it, and scripts cannot read it.
    const cookie = first.jar.lastSetCookie.find((header) => header.startsWith('dojo_greeting='))
    expect(cookie).toMatch(/^dojo_greeting=first;/)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/Path=\/api\/session(;|$)/)
    expect(cookie).toMatch(/Max-Age=120\b/)
    expect(await session(first)).toMatchObject({ user: { username: 'greeted-member' }, greeting: 'first' })
    expect(first.jar.cookies.has('dojo_greeting')).toBe(false)
    // Said once: the next check is a plain one.
    expect(await session(first)).not.toHaveProperty('greeting')

    const again = browser(t.app)
    await signIn(again, { login: 'greeted-member' })
    expect(await session(again)).toMatchObject({ user: { username: 'greeted-member' }, greeting: 'again' })

    // A session gone before the check greets no one, and the cookie goes all the same.
    const gone = browser(t.app)
    await signIn(gone, { login: 'greeted-member' })
    gone.jar.cookies.delete('dojo_session')
    expect(await session(gone)).toEqual({ user: null })
    expect(gone.jar.cookies.has('dojo_greeting')).toBe(false)

    // Anything but the two words is ignored.
    const forged = browser(t.app)
    await signIn(forged, { login: 'greeted-member' })
    forged.jar.cookies.set('dojo_greeting', '<script>')
    expect(await session(forged)).not.toHaveProperty('greeting')

    // A failed sign-in greets no one.
    const cancelled = browser(t.app)
    const callback = await authorize(cancelled, await startSignIn(cancelled), { decision: 'deny' })
    const failed = await cancelled.get(`${callback.pathname}${callback.search}`)
    expect(locationOf(failed).pathname).toBe('/sign-in-failed')
    expect(cancelled.jar.cookies.has('dojo_greeting')).toBe(false)
  })

  it('answers the session check with the user, or null for a visitor', async () => {
    const visitor = await browser(t.app).get('/api/session')
    expect(visitor.status).toBe(200)
    expect(visitor.headers.get('Cache-Control')).toBe('no-store')
    expect(await visitor.json()).toEqual({ user: null })
    const b = browser(t.app)
    await signIn(b, { login: 'session-check' })
    expect((await (await b.get('/api/session')).json()).user.username).toBe('session-check')
  })

  it('sets a session cookie holding only a random id: HttpOnly, SameSite=Lax, whole site', async () => {
    const b = browser(t.app)
    const authorizeUrl = await startSignIn(b)
    const callback = await authorize(b, authorizeUrl, { login: 'cookie-check' })
    await b.get(`${callback.pathname}${callback.search}`)
    const header = b.jar.lastSetCookie.find((c) => c.startsWith('dojo_session='))
    expect(header).toBeDefined()
    expect(header).toMatch(/; HttpOnly/)
    expect(header).toMatch(/; SameSite=Lax/)
    expect(header).toMatch(/; Path=\//)
    const token = b.jar.cookies.get('dojo_session') ?? ''
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // The database keeps a hash, never the id itself.
    const rows = await database.db.select().from(sessions)
    expect(rows.some((row) => row.idHash === token)).toBe(false)
  })

  it('gives a new session id at each sign-in and ends the previous one', async () => {
    const b = browser(t.app)
    await signIn(b, { login: 'twice' })
    const first = b.jar.cookies.get('dojo_session')
    const old = browser(t.app)
    old.jar.cookies.set('dojo_session', first ?? '')
    await signIn(b, { login: 'twice' })
    expect(b.jar.cookies.get('dojo_session')).not.toBe(first)
    expect((await me(old)).status).toBe(401)
    expect((await me(b)).status).toBe(200)
  })

  const failsToSignIn = async (b: ReturnType<typeof browser>, path: string) => {
    const response = await b.get(path)
    expect(locationOf(response).pathname).toBe('/sign-in-failed')
    expect(b.jar.cookies.has('dojo_session')).toBe(false)
    expect((await me(b)).status).toBe(401)
  }

  it('fails signed out when the callback has no state', async () => {
    const b = browser(t.app)
    const callback = await authorize(b, await startSignIn(b))
    callback.searchParams.delete('state')
    await failsToSignIn(b, `${callback.pathname}${callback.search}`)
  })

  it('fails signed out when the state is wrong', async () => {
    const b = browser(t.app)
    const callback = await authorize(b, await startSignIn(b))
    callback.searchParams.set('state', 'forged-state')
    await failsToSignIn(b, `${callback.pathname}${callback.search}`)
  })

  it('fails on a replayed state, and leaves the session alone', async () => {
    const b = browser(t.app)
    const callback = await authorize(b, await startSignIn(b), { login: 'replayer' })
    const path = `${callback.pathname}${callback.search}`
    await b.get(path)
    const session = b.jar.cookies.get('dojo_session')
    expect((await me(b)).status).toBe(200)
    const replay = await b.get(path)
    expect(locationOf(replay).pathname).toBe('/sign-in-failed')
    expect(b.jar.cookies.get('dojo_session')).toBe(session)
    expect((await me(b)).status).toBe(200)
  })

  it('keeps a member signed in, and a sign-in in progress alive, when a failed callback is opened', async () => {
    const b = browser(t.app)
    await signIn(b, { login: 'cross-site-target' })
    const session = b.jar.cookies.get('dojo_session')
    // The member starts another sign-in, and meanwhile another site links the browser to the callback.
    const callback = await authorize(b, await startSignIn(b), { login: 'cross-site-target' })
    const pending = b.jar.cookies.get('dojo_oauth')
    for (const forged of [
      '/auth/github/callback',
      '/auth/github/callback?state=forged&code=x',
      '/auth/github/callback?error=access_denied&state=forged',
    ]) {
      const response = await b.get(forged)
      expect(locationOf(response).pathname).toBe('/sign-in-failed')
      expect(response.headers.getSetCookie()).toEqual([])
      expect(b.jar.cookies.get('dojo_session')).toBe(session)
      expect(b.jar.cookies.get('dojo_oauth')).toBe(pending)
      expect((await me(b)).status).toBe(200)
    }
    const done = await b.get(`${callback.pathname}${callback.search}`)
    expect(locationOf(done).pathname).toBe('/my')
  })

  it('keeps a member signed in when their own sign-in fails at GitHub', async () => {
    const b = browser(t.app)
    await signIn(b, { login: 'denier' })
    const session = b.jar.cookies.get('dojo_session')
    const callback = await authorize(b, await startSignIn(b), { decision: 'deny' })
    expect(locationOf(await b.get(`${callback.pathname}${callback.search}`)).pathname).toBe('/sign-in-failed')
    expect(b.jar.cookies.get('dojo_session')).toBe(session)
    expect((await me(b)).status).toBe(200)
  })

  it('fails when the state was issued to another browser, which can still use it', async () => {
    const b = browser(t.app)
    const callback = await authorize(b, await startSignIn(b), { login: 'state-owner' })
    const path = `${callback.pathname}${callback.search}`
    await failsToSignIn(browser(t.app), path)
    const stranger = browser(t.app)
    stranger.jar.cookies.set('dojo_oauth', 'a-key-of-its-own')
    await failsToSignIn(stranger, path)
    expect(locationOf(await b.get(path)).pathname).toBe('/my')
  })

  it('fails when the state is older than 10 minutes', async () => {
    const b = browser(t.app)
    const callback = await authorize(b, await startSignIn(b))
    await database.db.update(oauthStates).set({ expiresAt: new Date(Date.now() - 1000) })
    await failsToSignIn(b, `${callback.pathname}${callback.search}`)
  })

  it('fails signed out when the person denies consent', async () => {
    const b = browser(t.app)
    const callback = await authorize(b, await startSignIn(b), { decision: 'deny' })
    expect(callback.searchParams.get('error')).toBe('access_denied')
    await failsToSignIn(b, `${callback.pathname}${callback.search}`)
  })

  it('fails when the code is not valid', async () => {
    const b = browser(t.app)
    const callback = await authorize(b, await startSignIn(b))
    callback.searchParams.set('code', 'not-a-code')
    await failsToSignIn(b, `${callback.pathname}${callback.search}`)
  })

  const githubProfile = (id: number, login: string) => ({
    id,
    login,
    name: null,
    email: `${login}@example.org`,
    avatarUrl: null,
    htmlUrl: `https://github.com/${login}`,
  })

  it('keeps the person across a renamed login, with name and points', async () => {
    const before = await upsertGitHubUser(database.db, githubProfile(4242, 'old-login'))
    await database.db
      .update(users)
      .set({ name: 'Chosen Name', points: 30, submission: 3 })
      .where(eq(users.githubId, 4242))
    await upsertGitHubUser(database.db, githubProfile(4242, 'new-login'))
    const rows = await database.db.select().from(users).where(eq(users.githubId, 4242))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      id: before.id,
      username: 'new-login',
      name: 'Chosen Name',
      points: 30,
      submission: 3,
    })
  })

  it.each([
    ['markup and a dollar sign', "<img src=x onerror=alert(1)>$'", null],
    ['500 characters', 'A'.repeat(500), null],
    ['a right-to-left override', 'Ada\u202eecalevoL', null],
    ['a zero-width space', 'Ada\u200bLovelace', null],
    ['a control character', 'Ada\u0007', null],
    ['an emoji', 'Ada 🇫🇷', null],
    ['nothing visible', '\u3164', null],
    ['nothing', '', null],
    ['markup around a name, which the settings strip too', 'Ada <b>Lovelace</b>', 'Ada Lovelace'],
    ['runs of white space', '  José \t María ', 'José María'],
    ['a name the settings take', "D’Angelo O'Neil", "D’Angelo O'Neil"],
    ['a name with digits', 'Bob Builder 2', 'Bob Builder 2'],
  ])(
    'keeps GitHub’s display name only when a name typed in the settings would pass: %s',
    async (_, name, stored) => {
      const login = `named-${emulatedId(name).toString(36)}`
      const b = browser(t.app)
      await signIn(b, { login, name })
      const { user } = (await (await me(b)).json()) as { user: { username: string; name: string | null } }
      expect(user).toMatchObject({ username: login, name: stored })
      const [row] = await database.db
        .select({ name: users.name })
        .from(users)
        .where(eq(users.username, login))
      expect(row?.name).toBe(stored)
      // A later sign-in does not bring a refused name back.
      await signIn(browser(t.app), { login, name })
      const [again] = await database.db
        .select({ name: users.name })
        .from(users)
        .where(eq(users.username, login))
      expect(again?.name).toBe(stored)
    },
  )

  it('treats a login reused by a different GitHub id as a different person', async () => {
    await upsertGitHubUser(database.db, githubProfile(5001, 'reused'))
    const b = browser(t.app)
    await signIn(b, { login: 'reused' })
    const rows = await database.db.select().from(users).where(eq(users.githubId, 5001))
    expect(rows[0]?.username).toBe('reused-5001')
    expect((await (await me(b)).json()).user.username).toBe('reused')
  })

  it('has no way to ask the emulator for an account id', async () => {
    const b = browser(t.app)
    const authorizeUrl = await startSignIn(b)
    const html = await (await b.get(authorizeUrl.toString())).text()
    expect(html).not.toContain('account_id')
    // A forged field is ignored: the id follows from the login.
    const form = new URLSearchParams({
      client_id: authorizeUrl.searchParams.get('client_id') ?? '',
      redirect_uri: authorizeUrl.searchParams.get('redirect_uri') ?? '',
      state: authorizeUrl.searchParams.get('state') ?? '',
      code_challenge: authorizeUrl.searchParams.get('code_challenge') ?? '',
      login: 'intruder',
      account_id: '4242',
      decision: 'allow',
    })
    const answer = await b.request(authorizeUrl.pathname, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    })
    const callback = locationOf(answer)
    await b.get(`${callback.pathname}${callback.search}`)
    const [intruder] = await database.db.select().from(users).where(eq(users.username, 'intruder'))
    expect(intruder?.githubId).toBe(emulatedId('intruder'))
    expect(intruder?.githubId).not.toBe(4242)
  })

  it('never signs an emulated login in to a member whose account has another login', async () => {
    // A member GitHub knows as "victim", whose id is the one the emulator derives for "attacker".
    await upsertGitHubUser(database.db, githubProfile(emulatedId('attacker'), 'victim'))
    const b = browser(t.app)
    const callback = await authorize(b, await startSignIn(b), { login: 'attacker' })
    expect(locationOf(await b.get(`${callback.pathname}${callback.search}`)).pathname).toBe('/sign-in-failed')
    expect((await me(b)).status).toBe(401)
    const [victim] = await database.db
      .select()
      .from(users)
      .where(eq(users.githubId, emulatedId('attacker')))
    expect(victim?.username).toBe('victim')
  })

  it('ends the session after its idle time or its absolute lifetime', async () => {
    for (const column of ['expiresAt', 'absoluteExpiresAt'] as const) {
      const b = browser(t.app)
      await signIn(b, { login: `expiring-${column.length}` })
      expect((await me(b)).status).toBe(200)
      const [user] = await database.db
        .select()
        .from(users)
        .where(eq(users.username, `expiring-${column.length}`))
      await database.db
        .update(sessions)
        .set({ [column]: new Date(Date.now() - 1000) })
        .where(eq(sessions.userId, user?.id ?? ''))
      expect((await me(b)).status).toBe(401)
    }
  })

  it('signs out: the row is gone and a replayed cookie gets 401', async () => {
    const b = browser(t.app)
    await signIn(b, { login: 'leaver' })
    const cookie = b.jar.cookies.get('dojo_session') ?? ''
    const response = await b.send('POST', '/auth/sign-out')
    expect(response.status).toBe(204)
    expect(b.jar.cookies.has('dojo_session')).toBe(false)
    const replay = browser(t.app)
    replay.jar.cookies.set('dojo_session', cookie)
    const denied = await me(replay)
    expect(denied.status).toBe(401)
    expect(await denied.json()).toEqual({
      error: { code: 'unauthorized', message: 'Please log in with GitHub to do that.' },
    })
  })

  it('refuses a sign-out from a foreign origin', async () => {
    const b = browser(t.app)
    await signIn(b, { login: 'csrf-target' })
    const response = await b.request('/auth/sign-out', {
      method: 'POST',
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({
      error: {
        code: 'forbidden_origin',
        message: 'This request must come from the Frontend Dojo site itself.',
      },
    })
    expect((await me(b)).status).toBe(200)
  })

  it('never sends the GitHub access token to the browser', async () => {
    const b = browser(t.app)
    const callback = await authorize(b, await startSignIn(b), { login: 'tokenless' })
    const done = await b.get(`${callback.pathname}${callback.search}`)
    expect(done.headers.getSetCookie().join(' ')).not.toContain('gho_')
    expect(done.headers.get('Location')).not.toContain('gho_')
  })
})

describe('sign-in with real GitHub settings', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase('pglite')
  })
  afterAll(async () => {
    await database?.drop()
  })

  it('uses the configured GitHub addresses and has no emulator', async () => {
    const t = await createTestApp(database, {
      GITHUB_CLIENT_ID: 'real-id',
      GITHUB_CLIENT_SECRET: 'real-secret',
      GITHUB_URL: 'https://github.example.com',
    })
    const b = browser(t.app)
    const authorizeUrl = await startSignIn(b)
    expect(authorizeUrl.origin).toBe('https://github.example.com')
    expect(authorizeUrl.searchParams.get('client_id')).toBe('real-id')
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe('http://localhost/auth/github/callback')
    const emulator = await b.get('/github-emulator/login/oauth/authorize')
    expect(await emulator.text()).not.toContain('GitHub username')
  })

  it('fails signed out when GitHub is unreachable', async () => {
    const t = await createTestApp(database, {
      GITHUB_CLIENT_ID: 'real-id',
      GITHUB_CLIENT_SECRET: 'real-secret',
      GITHUB_URL: 'http://127.0.0.1:9',
      GITHUB_API_URL: 'http://127.0.0.1:9',
    })
    const b = browser(t.app)
    const authorizeUrl = await startSignIn(b)
    const state = authorizeUrl.searchParams.get('state') ?? ''
    const response = await b.get(`/auth/github/callback?code=some-code&state=${state}`)
    expect(locationOf(response).pathname).toBe('/sign-in-failed')
    expect(b.jar.cookies.has('dojo_session')).toBe(false)
  })

  it('starts a sign-in opened at another name of the server over on PUBLIC_URL', async () => {
    const t = await createTestApp(database)
    const b = browser(t.app)
    const other = await b.request('http://127.0.0.1:3000/auth/github?from=here')
    expect(other.status).toBe(302)
    expect(other.headers.get('Location')).toBe('http://localhost/auth/github?from=here')
    expect(other.headers.getSetCookie()).toEqual([])
    expect((await startSignIn(b)).pathname).toBe('/github-emulator/login/oauth/authorize')
    // A forwarded host counts only from a proxy the operator trusts.
    const forwarded = { headers: { 'X-Forwarded-Host': 'localhost' } }
    expect(locationOf(await b.request('http://10.0.0.5:3000/auth/github', forwarded)).host).toBe('localhost')
    const proxied = await createTestApp(database, { TRUST_PROXY: '1' })
    const behindProxy = await browser(proxied.app).request('http://10.0.0.5:3000/auth/github', forwarded)
    expect(locationOf(behindProxy).pathname).toBe('/github-emulator/login/oauth/authorize')
  })

  it('keys sign-in limits on X-Forwarded-For only behind a trusted proxy', async () => {
    const limits = { signIn: { limit: 2, windowMs: 60_000 }, mutation: { limit: 100, windowMs: 60_000 } }
    const from = (address: string, spoofed = '203.0.113.99') => ({
      headers: { 'X-Forwarded-For': `${spoofed}, ${address}` },
    })
    const statuses = async (app: TestApp['app'], init: RequestInit, times = 3) => {
      const answers: number[] = []
      for (let i = 0; i < times; i++) answers.push((await browser(app).request('/auth/github', init)).status)
      return answers
    }
    const proxied = await createTestApp(database, { TRUST_PROXY: '1' }, { rateLimits: limits })
    expect(await statuses(proxied.app, from('198.51.100.1'))).toEqual([302, 302, 429])
    // Another client behind the same proxy has its own count, whatever it writes into the header.
    expect(await statuses(proxied.app, from('198.51.100.2', '198.51.100.1'))).toEqual([302, 302, 429])
    expect(await statuses(proxied.app, from('198.51.100.2', 'someone-else'), 1)).toEqual([429])
    // Without TRUST_PROXY the header is the client's to choose, so it is ignored.
    const direct = await createTestApp(database, {}, { rateLimits: limits })
    expect(await statuses(direct.app, from('198.51.100.3'), 2)).toEqual([302, 302])
    expect(await statuses(direct.app, from('198.51.100.4'), 1)).toEqual([429])
  })

  it('answers 429 with Retry-After when sign-ins come too fast', async () => {
    const t = await createTestApp(
      database,
      {},
      { rateLimits: { signIn: { limit: 2, windowMs: 60_000 }, mutation: { limit: 100, windowMs: 60_000 } } },
    )
    const b = browser(t.app)
    expect((await b.get('/auth/github')).status).toBe(302)
    expect((await b.get('/auth/github')).status).toBe(302)
    const limited = await b.get('/auth/github')
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(await limited.json()).toEqual({
      error: { code: 'rate_limited', message: 'Too many requests. Please wait a moment and try again.' },
    })
  })

  it('uses the __Host- prefix and Secure cookies in production', async () => {
    const t = await createTestApp(database, {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://dojo.example.org',
      GITHUB_CLIENT_ID: 'id',
      GITHUB_CLIENT_SECRET: 'secret',
    })
    const b = browser(t.app)
    const start = await b.request('https://dojo.example.org/auth/github')
    expect(start.headers.getSetCookie().find((c) => c.startsWith('dojo_oauth='))).toMatch(/; Secure/)
    expect(sessionCookieName(t.env)).toBe('__Host-dojo_session')
    expect(t.env.secureCookies).toBe(true)
  })
})
