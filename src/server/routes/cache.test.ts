import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSessionCache } from '#server/auth/session-cache.ts'
import { sessions, userChallenges, users } from '#server/db/schema.ts'
import { MEMBER_CACHE_TTL_MS } from '#server/member-caches.ts'
import { createTestApp } from '#tests/support/app.ts'
import { browser, signIn } from '#tests/support/auth.ts'
import { storeDesignImages } from '#tests/support/challenge-designs.ts'
import { insertChallengeRows } from '#tests/support/challenge-rows.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'

describe('the session cache', () => {
  it('keeps an entry for its lifetime only, and forgets by session or by member', () => {
    let now = 1000
    const cache = createSessionCache({ ttlMs: 2000, now: () => now })
    const user = { id: 'u1' } as Parameters<typeof cache.set>[1]
    cache.set('a', user)
    cache.set('b', user)
    cache.set('c', { ...user, id: 'u2' })
    expect(cache.get('a')).toBe(user)
    now += 2000
    expect(cache.get('a')).toBeUndefined()
    now -= 1000
    cache.forget('b')
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('c')?.id).toBe('u2')
    cache.forgetUser('u2')
    expect(cache.get('c')).toBeUndefined()
    const off = createSessionCache({ ttlMs: 0 })
    off.set('a', user)
    expect(off.get('a')).toBeUndefined()
  })
})

describe.each(TEST_DATABASES)('member reads with the production caches on %s', (kind) => {
  let database: TestDatabase
  let t: Awaited<ReturnType<typeof createTestApp>>
  let ids: number[]

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    // The defaults: sessions, dashboards and profiles for 2 s, the leaderboard for 3 s.
    t = await createTestApp(database, {}, { cacheMs: {} })
    ids = (await insertChallengeRows(database.db, 2)).map((row) => row.id)
    await storeDesignImages(database.db, t.storage, ids)
  })
  afterAll(async () => {
    await database?.drop()
  })

  it('ends a session at once on sign-out, though it was cached', async () => {
    const b = browser(t.app)
    await signIn(b, { login: 'cached-leaver' })
    const cookie = b.jar.cookies.get('dojo_session') ?? ''
    expect((await b.get('/api/me')).status).toBe(200)
    expect((await b.send('POST', '/auth/sign-out')).status).toBe(204)
    const replay = browser(t.app)
    replay.jar.cookies.set('dojo_session', cookie)
    expect((await replay.get('/api/me')).status).toBe(401)
  })

  it("shows a member's new points and profile at once, and the leaderboard too", async () => {
    const b = browser(t.app)
    await signIn(b, { login: 'cached-scorer' })
    expect((await (await b.get('/api/me')).json()).user.points).toBe(0)
    expect((await (await b.get('/api/leaderboard')).json()).entries).toEqual([])
    const id = ids[0] ?? 0
    await b.send('POST', `/api/me/challenges/${id}/start`)
    await b.send('POST', `/api/me/challenges/${id}/submit`, { liveUrl: 'https://cached-scorer.github.io/x' })
    // The submit awards nothing (docs/product.md §4); read now, the answers are kept again.
    expect((await (await b.get('/api/me')).json()).user.points).toBe(0)
    expect((await (await b.get('/api/leaderboard')).json()).entries).toEqual([])
    // The review passes outside any request of the member's: the caches drop what it changed.
    await t.runReviews()
    expect((await (await b.get('/api/me')).json()).user.points).toBe(10)
    const { entries } = await (await b.get('/api/leaderboard')).json()
    expect(entries.map((e: { username: string }) => e.username)).toEqual(['cached-scorer'])
    await b.send('PATCH', '/api/me/profile', { name: 'New Name', bio: '', linkedinUrl: '', githubUrl: '' })
    expect((await (await b.get('/api/me')).json()).user.name).toBe('New Name')
  })

  it("shows a member's dashboard and public profile changes at once, though both are kept", async () => {
    const b = browser(t.app)
    await signIn(b, { login: 'cached-profile' })
    const dashboard = async () => (await b.get('/api/me/dashboard')).json()
    const profile = async () => (await t.app.request('/api/users/cached-profile')).json()
    expect(await dashboard()).toMatchObject({ ongoing: 0, completed: 0 })
    expect((await profile()).submissions).toEqual([])
    const id = ids[1] ?? 0
    await b.send('POST', `/api/me/challenges/${id}/start`)
    expect(await dashboard()).toMatchObject({ ongoing: 1, completed: 0 })
    const liveUrl = 'https://cached-profile.github.io/kept'
    await b.send('POST', `/api/me/challenges/${id}/submit`, { liveUrl })
    // Submitted, not yet completed: only a passed review completes (docs/product.md §4).
    expect(await dashboard()).toMatchObject({ ongoing: 1, completed: 0 })
    expect((await profile()).submissions).toEqual([])
    await t.runReviews()
    expect(await dashboard()).toMatchObject({ ongoing: 0, completed: 1 })
    const { submissions, profile: shown } = await profile()
    expect(shown.points).toBe(10)
    expect(submissions).toHaveLength(1)
    expect(submissions[0]).toMatchObject({ liveUrl, review: { status: 'passed', pointsAwarded: 10 } })
    await b.send('PATCH', '/api/me/profile', { name: 'Kept Name', bio: '', linkedinUrl: '', githubUrl: '' })
    expect((await profile()).profile.name).toBe('Kept Name')
  })

  it('shows what a new sign-in wrote on the public profile at once', async () => {
    const b = browser(t.app)
    await signIn(b, { login: 'signed-again' })
    const avatar = async () =>
      (await (await t.app.request('/api/users/signed-again')).json()).profile.avatarUrl
    const fromGitHub = await avatar()
    await database.db
      .update(users)
      .set({ avatarUrl: 'https://avatars.example/old.png' })
      .where(eq(users.username, 'signed-again'))
    // Once the first answer has expired, the old avatar is what is kept.
    await new Promise((resolve) => setTimeout(resolve, MEMBER_CACHE_TTL_MS + 50))
    expect(await avatar()).toBe('https://avatars.example/old.png')
    // GitHub's avatar comes back with the sign-in.
    await signIn(browser(t.app), { login: 'signed-again' })
    expect(await avatar()).toBe(fromGitHub)
  })

  it('answers a profile asked again unchanged with 304, and a changed one in full', async () => {
    const b = browser(t.app)
    await signIn(b, { login: 'etag-profile' })
    const first = await t.app.request('/api/users/etag-profile')
    const etag = first.headers.get('ETag') ?? ''
    expect(etag).toMatch(/^"[\w-]+"$/)
    expect(first.headers.get('Cache-Control')).toBe('no-cache')
    const again = await t.app.request('/api/users/etag-profile', { headers: { 'If-None-Match': etag } })
    expect(again.status).toBe(304)
    await b.send('PATCH', '/api/me/profile', { name: 'Changed', bio: '', linkedinUrl: '', githubUrl: '' })
    const changed = await t.app.request('/api/users/etag-profile', { headers: { 'If-None-Match': etag } })
    expect(changed.status).toBe(200)
    expect((await changed.json()).profile.name).toBe('Changed')
  })

  it("sees another instance's changes after the cache's lifetime", async () => {
    const b = browser(t.app)
    await signIn(b, { login: 'cached-remote' })
    await b.get('/api/me')
    await b.get('/api/leaderboard')
    await b.get('/api/me/dashboard')
    await t.app.request('/api/users/cached-remote')
    // Another instance ends the session and changes points: this one is not told.
    await database.db.update(users).set({ points: 990 }).where(eq(users.username, 'cached-remote'))
    const deadline = Date.now() + 15_000
    let top = ''
    while (top !== 'cached-remote' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      top = (await (await b.get('/api/leaderboard')).json()).top?.username ?? ''
    }
    expect(top).toBe('cached-remote')
    // The public profile and the dashboard, read before the change, catch up too.
    const [member] = await database.db.select().from(users).where(eq(users.username, 'cached-remote'))
    await database.db.insert(userChallenges).values({
      userId: member?.id ?? '',
      challengeId: ids[0] ?? 0,
      status: 'ongoing',
      challengeLive: ' ',
    })
    await database.db
      .update(users)
      .set({ bio: 'Changed elsewhere' })
      .where(eq(users.username, 'cached-remote'))
    let bio = ''
    let ongoing = 0
    while ((bio !== 'Changed elsewhere' || ongoing !== 1) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      bio = (await (await t.app.request('/api/users/cached-remote')).json()).profile.bio
      ongoing = (await (await b.get('/api/me/dashboard')).json()).ongoing
    }
    expect({ bio, ongoing }).toEqual({ bio: 'Changed elsewhere', ongoing: 1 })
    await database.db.delete(sessions)
    let status = 200
    while (status === 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      status = (await b.get('/api/me')).status
    }
    expect(status).toBe(401)
  })
})
