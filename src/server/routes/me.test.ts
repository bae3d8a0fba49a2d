import { readdirSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importCatalogue } from '#server/content/import.ts'
import { userChallenges, users } from '#server/db/schema.ts'
import { attachmentDisposition } from '#server/http/content-disposition.ts'
import type { Challenge } from '#shared/challenge.ts'
import { createTestApp } from '#tests/support/app.ts'
import { browser, ORIGIN, signIn, type TestBrowser } from '#tests/support/auth.ts'
import { insertChallengeRows } from '#tests/support/challenge-rows.ts'
import { temporaryDir, writeChallengeFolder } from '#tests/support/content-fixtures.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

describe.each(TEST_DATABASES)('the challenge journey on %s', (kind) => {
  let database: TestDatabase
  let t: TestApp
  let challenge: Challenge
  let other: Challenge
  let logins = 0

  const member = async () => {
    logins += 1
    const b = browser(t.app)
    await signIn(b, { login: `member-${logins}` })
    return b
  }
  const start = (b: TestBrowser, id = challenge.id) => b.send('POST', `/api/me/challenges/${id}/start`)
  const submit = (b: TestBrowser, liveUrl: unknown, id = challenge.id) =>
    b.send('POST', `/api/me/challenges/${id}/submit`, { liveUrl })

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    const contentDir = await temporaryDir()
    await writeChallengeFolder(contentDir, { title: 'Journey Café Navbar', date: '2026-10-01' })
    await writeChallengeFolder(contentDir, { title: 'Second Journey', date: '2026-10-02' })
    t = await createTestApp(database)
    await importCatalogue({ db: database.db, storage: t.storage, contentDir })
    const list = (await (await t.app.request('/api/challenges')).json()).challenges as Challenge[]
    challenge = list.find((c) => c.slug === 'Journey-Café-Navbar') as Challenge
    other = list.find((c) => c.slug === 'Second-Journey') as Challenge
  })
  afterAll(async () => {
    await database?.drop()
  })

  it('answers 401 on every member endpoint without a session', async () => {
    const visitor = browser(t.app)
    const calls = [
      visitor.get('/api/me'),
      visitor.get(`/api/me/challenges/${challenge.id}`),
      visitor.send('POST', `/api/me/challenges/${challenge.id}/start`),
      visitor.send('POST', `/api/me/challenges/${challenge.id}/submit`, { liveUrl: 'https://a.github.io/b' }),
      visitor.get(`/api/me/challenges/${challenge.id}/download`),
    ]
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(401)
      expect(response.headers.get('Cache-Control')).toBe('no-store')
      expect((await response.json()).error.code).toBe('unauthorized')
    }
  })

  it('reports no status before the start', async () => {
    const b = await member()
    const response = await b.get(`/api/me/challenges/${challenge.id}`)
    expect(await response.json()).toEqual({
      progress: {
        challengeId: challenge.id,
        status: null,
        startedAt: null,
        completedAt: null,
        liveUrl: null,
        points: 0,
      },
    })
  })

  it('starts a challenge as ongoing and keeps the first start time', async () => {
    const b = await member()
    const first = await (await start(b)).json()
    expect(first.progress).toMatchObject({ status: 'ongoing', liveUrl: null, points: 0, completedAt: null })
    await new Promise((resolve) => setTimeout(resolve, 20))
    const again = await (await start(b)).json()
    expect(again.progress.startedAt).toBe(first.progress.startedAt)
    const rows = await database.db
      .select()
      .from(userChallenges)
      .where(eq(userChallenges.challengeId, challenge.id))
    expect(rows.filter((r) => r.startedAt.toISOString() === first.progress.startedAt)).toHaveLength(1)
    expect(rows.find((r) => r.startedAt.toISOString() === first.progress.startedAt)?.challengeLive).toBe(' ')
  })

  it('answers 409 to a submit without a start, and changes nothing', async () => {
    const b = await member()
    const response = await submit(b, 'https://someone.github.io/project', other.id)
    expect(response.status).toBe(409)
    expect(await response.json()).toEqual({
      error: { code: 'not_started', message: 'Start this challenge before submitting a solution.' },
    })
    expect((await (await b.get('/api/me')).json()).user.points).toBe(0)
  })

  it('completes on submit, awards 10 points once, and recomputes the totals', async () => {
    const b = await member()
    await start(b)
    await start(b, other.id)
    const response = await submit(b, '  https://someone.github.io/project/  ')
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body.pointsAwarded).toBe(10)
    expect(body.progress).toMatchObject({
      status: 'completed',
      liveUrl: 'https://someone.github.io/project',
      points: 10,
    })
    expect(body.progress.completedAt).toEqual(expect.any(String))
    expect(body.user).toMatchObject({ points: 10, submission: 1 })

    const again = await (await submit(b, 'https://someone.github.io/project-v2')).json()
    expect(again.pointsAwarded).toBe(0)
    expect(again.progress.liveUrl).toBe('https://someone.github.io/project-v2')
    expect(again.user).toMatchObject({ points: 10, submission: 1 })

    const second = await (await submit(b, 'https://someone.github.io/second', other.id)).json()
    expect(second.user).toMatchObject({ points: 20, submission: 2 })
    expect((await (await b.get('/api/me')).json()).user).toMatchObject({ points: 20, submission: 2 })
  })

  it('keeps a completed challenge completed when started again', async () => {
    const b = await member()
    await start(b)
    await submit(b, 'https://someone.github.io/done')
    const restarted = await (await start(b)).json()
    expect(restarted.progress).toMatchObject({ status: 'completed', points: 10 })
  })

  it.each([
    [undefined, 'Live site URL is required.'],
    ['', 'Live site URL is required.'],
    ['   ', 'Live site URL is required.'],
    ['///', 'Live site URL is required.'],
    ['someone.github.io/project', 'Please enter a valid live site URL.'],
    ['https://example.com/project', 'Please enter a valid live site URL.'],
    ['https://github.io.evil.com/x', 'Please enter a valid live site URL.'],
    ['javascript:alert(1)//github.io', 'Please enter a valid live site URL.'],
    ['ftp://someone.github.io', 'Please enter a valid live site URL.'],
    ['https://some one.github.io', 'Please enter a valid live site URL.'],
    ['https://someone.github.io/<script>', 'Please enter a valid live site URL.'],
    [42, 'Live site URL is required.'],
  ])('rejects the live URL %j with 400 "%s" and changes nothing', async (liveUrl, message) => {
    const b = await member()
    await start(b)
    const response = await submit(b, liveUrl)
    expect(response.status).toBe(400)
    expect((await response.json()).error).toEqual({ code: 'bad_request', message })
    const progress = (await (await b.get(`/api/me/challenges/${challenge.id}`)).json()).progress
    expect(progress).toMatchObject({ status: 'ongoing', liveUrl: null, points: 0 })
  })

  it.each([
    ['https://someone.github.io', 'https://someone.github.io'],
    ['http://someone.github.io/project', 'http://someone.github.io/project'],
    ['https://github.io/path/to/page.html', 'https://github.io/path/to/page.html'],
    [' https://Some-One.github.io/project/// ', 'https://Some-One.github.io/project'],
  ])('accepts the live URL %j and stores %j', async (liveUrl, stored) => {
    const b = await member()
    await start(b)
    const body = await (await submit(b, liveUrl)).json()
    expect(body.progress.liveUrl).toBe(stored)
  })

  it('refuses mutations from a foreign origin (403) and non-JSON bodies (415)', async () => {
    const b = await member()
    const foreign = await b.request(`/api/me/challenges/${challenge.id}/start`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect(foreign.status).toBe(403)
    const noOrigin = await b.request(`/api/me/challenges/${challenge.id}/start`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect(noOrigin.status).toBe(403)
    const form = await b.request(`/api/me/challenges/${challenge.id}/start`, {
      method: 'POST',
      headers: { Origin: ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    })
    expect(form.status).toBe(415)
    expect((await (await b.get(`/api/me/challenges/${challenge.id}`)).json()).progress.status).toBeNull()
  })

  it('answers 400 to malformed JSON and 404 to an unknown challenge', async () => {
    const b = await member()
    const broken = await b.request(`/api/me/challenges/${challenge.id}/submit`, {
      method: 'POST',
      headers: { Origin: ORIGIN, 'Content-Type': 'application/json' },
      body: '{nope',
    })
    expect(broken.status).toBe(400)
    expect((await start(b, 987654)).status).toBe(404)
    expect((await b.send('POST', '/api/me/challenges/abc/start')).status).toBe(400)
  })

  it('downloads the zip as "{title}.zip" with a safely encoded name', async () => {
    const b = await member()
    const response = await b.get(`/api/me/challenges/${challenge.id}/download`)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/zip')
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(response.headers.get('Content-Disposition')).toBe(
      `attachment; filename="Journey Caf_ Navbar.zip"; filename*=UTF-8''Journey%20Caf%C3%A9%20Navbar.zip`,
    )
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()))
    expect(Object.keys(files)).toContain('README.md')
  })

  it('answers HEAD on the download without opening the zip, so no file stays open', async () => {
    const b = await member()
    await start(b)
    const path = `/api/me/challenges/${challenge.id}/download`
    const head = await b.request(path, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('Content-Type')).toBe('application/zip')
    expect(Number(head.headers.get('Content-Length'))).toBeGreaterThan(0)
    const openFiles = () => readdirSync('/proc/self/fd').length
    const before = openFiles()
    for (let i = 0; i < 200; i++) await b.request(path, { method: 'HEAD' })
    // A few descriptors come and go with the database and the test runner; a leak adds 200.
    expect(openFiles() - before).toBeLessThan(20)
  })

  it('limits mutations per member with 429 and Retry-After', async () => {
    const limited = await createTestApp(
      database,
      {},
      { rateLimits: { signIn: { limit: 100, windowMs: 60_000 }, mutation: { limit: 3, windowMs: 60_000 } } },
    )
    const b = browser(limited.app)
    await signIn(b, { login: 'hasty' })
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push((await start(b)).status)
    expect(statuses).toEqual([200, 200, 200, 429])
    const response = await start(b)
    expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0)
  })
})

describe('download file names', () => {
  it.each([
    ['Plain Title.zip', 'attachment; filename="Plain Title.zip"; filename*=UTF-8\'\'Plain%20Title.zip'],
    ['Quote "x".zip', 'attachment; filename="Quote _x_.zip"; filename*=UTF-8\'\'Quote%20%22x%22.zip'],
    ['Zoë 李.zip', 'attachment; filename="Zo_ _.zip"; filename*=UTF-8\'\'Zo%C3%AB%20%E6%9D%8E.zip'],
  ])('encodes %j', (name, header) => {
    expect(attachmentDisposition(name)).toBe(header)
  })
})

describe.runIf(TEST_DATABASES.includes('postgres'))('fifty concurrent submits on PostgreSQL', () => {
  it('award 10 points once', async () => {
    const database = await createTestDatabase('postgres')
    try {
      const contentDir = await temporaryDir()
      await writeChallengeFolder(contentDir, { title: 'Race Condition' })
      const t = await createTestApp(database)
      await importCatalogue({ db: database.db, storage: t.storage, contentDir })
      const [challenge] = (await (await t.app.request('/api/challenges')).json()).challenges as Challenge[]
      const b = browser(t.app)
      await signIn(b, { login: 'racer' })
      await b.send('POST', `/api/me/challenges/${challenge?.id}/start`)
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          b.send('POST', `/api/me/challenges/${challenge?.id}/submit`, {
            liveUrl: `https://racer.github.io/try-${i}`,
          }),
        ),
      )
      expect(responses.map((r) => r.status)).toEqual(Array(50).fill(200))
      const awarded = await Promise.all(responses.map(async (r) => (await r.json()).pointsAwarded))
      expect(awarded.filter((p) => p === 10)).toHaveLength(1)
      const [user] = await database.db.select().from(users).where(eq(users.username, 'racer'))
      expect(user).toMatchObject({ points: 10, submission: 1 })
      const rows = await database.db
        .select()
        .from(userChallenges)
        .where(eq(userChallenges.userId, user?.id ?? ''))
      expect(rows).toHaveLength(1)
      expect(rows[0]?.points).toBe(10)
    } finally {
      await database.drop()
    }
  })
})

describe.each(TEST_DATABASES)('concurrent submits of different challenges on %s', (kind) => {
  it('keep points equal to 10 × completed', async () => {
    const database = await createTestDatabase(kind)
    try {
      const t = await createTestApp(database)
      const ids = (await insertChallengeRows(database.db, 20)).map((row) => row.id)
      // Several trials: on PostgreSQL a lost update shows up in most of them, not in every one.
      for (const trial of [1, 2, 3]) {
        const b = browser(t.app)
        await signIn(b, { login: `parallel-${trial}` })
        for (const id of ids)
          expect((await b.send('POST', `/api/me/challenges/${id}/start`)).status).toBe(200)
        const responses = await Promise.all(
          ids.map((id) =>
            b.send('POST', `/api/me/challenges/${id}/submit`, { liveUrl: `https://p.github.io/c-${id}` }),
          ),
        )
        expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200))
        const { user } = await (await b.get('/api/me')).json()
        expect({ points: user.points, submission: user.submission }).toEqual({ points: 200, submission: 20 })
      }
    } finally {
      await database.drop()
    }
  })
})

describe('public profiles', () => {
  it('shows a member by username without the e-mail, and 404 for an unknown one', async () => {
    const database = await createTestDatabase('pglite')
    try {
      const t = await createTestApp(database)
      await signIn(browser(t.app), { login: 'public-person' })
      const response = await t.app.request('/api/users/public-person')
      expect(response.status).toBe(200)
      const { profile } = await response.json()
      expect(profile).toMatchObject({
        username: 'public-person',
        name: 'Public Person',
        points: 0,
        submission: 0,
        bio: null,
      })
      expect(profile).not.toHaveProperty('email')
      const missing = await t.app.request('/api/users/nobody-here')
      expect(missing.status).toBe(404)
      expect((await missing.json()).error.message).toBe('User not found. Please check the username.')
    } finally {
      await database.drop()
    }
  })
})
