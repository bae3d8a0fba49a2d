import { readdirSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importCatalogue } from '#server/content/import.ts'
import { pointsLedger, submissionReviews, userChallenges, users } from '#server/db/schema.ts'
import { attachmentDisposition } from '#server/http/content-disposition.ts'
import { REVIEW_JOB_KIND } from '#server/review/workers.ts'
import type { Challenge } from '#shared/challenge.ts'
import {
  LIVE_URL_CODE_HOST,
  LIVE_URL_GITHUB_IO,
  LIVE_URL_INCOMPLETE_HOST,
  LIVE_URL_IP,
  LIVE_URL_LOCAL,
  LIVE_URL_PORT,
  LIVE_URL_REQUIRED,
  LIVE_URL_SCHEME,
  REPOSITORY_URL_INVALID,
  REPOSITORY_URL_PATH,
  URL_CREDENTIALS,
  URL_SPACES,
  URL_TOO_LONG,
} from '#shared/live-url-rule.ts'
import { memberReviewsResponse, REVIEW_REQUESTS_PER_DAY } from '#shared/review.ts'
import { submitResponse } from '#shared/user.ts'
import { verificationResponse } from '#shared/verification.ts'
import { createTestApp } from '#tests/support/app.ts'
import { browser, ORIGIN, signIn, type TestBrowser } from '#tests/support/auth.ts'
import { storeDesignImages } from '#tests/support/challenge-designs.ts'
import { insertChallengeRows } from '#tests/support/challenge-rows.ts'
import { temporaryDir, writeChallengeFolder } from '#tests/support/content-fixtures.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

/**
 * Runs every queued review at the same time, as several workers would: the points a passed review
 * awards must add up however their transactions interleave (docs/product.md §4).
 */
async function runReviewsTogether(t: TestApp) {
  const queue = t.reviews.workerQueue()
  const claimed = []
  for (let job = await queue.claim([REVIEW_JOB_KIND], 60_000); job; ) {
    claimed.push(job)
    job = await queue.claim([REVIEW_JOB_KIND], 60_000)
  }
  await Promise.all(
    claimed.map(async (job) => {
      await t.reviews.handleJob(job, { signal: new AbortController().signal })
      await queue.complete(job)
    }),
  )
  return claimed.length
}

describe.each(TEST_DATABASES)('the challenge journey on %s', (kind) => {
  let database: TestDatabase
  let t: TestApp
  let challenge: Challenge
  let other: Challenge
  let logins = 0

  /** A signed-in member and their login, whose `<login>.github.io` site passes a review. */
  const signedIn = async () => {
    logins += 1
    const login = `member-${logins}`
    const b = browser(t.app)
    await signIn(b, { login })
    return { b, login }
  }
  const member = async () => (await signedIn()).b
  const start = (b: TestBrowser, id = challenge.id) => b.send('POST', `/api/me/challenges/${id}/start`)
  const submit = (b: TestBrowser, liveUrl: unknown, id = challenge.id, extra: object = {}) =>
    b.send('POST', `/api/me/challenges/${id}/submit`, { liveUrl, ...extra })
  const progressOf = async (b: TestBrowser, id = challenge.id) =>
    (await (await b.get(`/api/me/challenges/${id}`)).json()).progress
  const reviewsOf = async (b: TestBrowser, id = challenge.id) =>
    memberReviewsResponse.parse(await (await b.get(`/api/me/challenges/${id}/reviews`)).json())
  const me = async (b: TestBrowser) => (await (await b.get('/api/me')).json()).user

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
      visitor.get(`/api/me/challenges/${challenge.id}/reviews`),
      visitor.send('POST', `/api/me/challenges/${challenge.id}/reviews`),
      visitor.get('/api/me/verification'),
      visitor.send('POST', '/api/me/verification/rotate'),
      visitor.get('/api/me/statuses'),
    ]
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(401)
      expect(response.headers.get('Cache-Control')).toBe('no-store')
      expect((await response.json()).error.code).toBe('unauthorized')
    }
  })

  it("lists the member's status on each challenge they started, and no one else's (docs/product.md §2)", async () => {
    const b = await member()
    expect(await (await b.get('/api/me/statuses')).json()).toEqual({ statuses: [] })
    await start(b, other.id)
    const someoneElse = await member()
    await start(someoneElse, challenge.id)
    expect(await (await b.get('/api/me/statuses')).json()).toEqual({
      statuses: [{ challengeId: other.id, status: 'ongoing' }],
    })
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
        repositoryUrl: null,
        points: 0,
        publicIteration: null,
        hidden: false,
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

  it('awards nothing at submit; the passed review completes with 10 points once, and recomputes the totals', async () => {
    const { b, login } = await signedIn()
    await start(b)
    await start(b, other.id)
    const response = await submit(b, `  https://${login}.github.io/project/  `)
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body).not.toHaveProperty('pointsAwarded')
    const submitted = submitResponse.parse(body)
    // docs/product.md §4: the submit records the iteration and queues its review; nothing else changes.
    expect(submitted.progress).toMatchObject({
      status: 'ongoing',
      liveUrl: `https://${login}.github.io/project`,
      repositoryUrl: null,
      points: 0,
      completedAt: null,
    })
    expect(submitted.user).toMatchObject({ points: 0, submission: 0 })
    expect(submitted.review).toMatchObject({
      status: 'queued',
      requestedUrl: `https://${login}.github.io/project`,
      pointsAwarded: 0,
    })

    await t.runReviews()
    expect(await progressOf(b)).toMatchObject({
      status: 'completed',
      liveUrl: `https://${login}.github.io/project`,
      points: 10,
      completedAt: expect.any(String),
    })
    expect(await me(b)).toMatchObject({ points: 10, submission: 1 })

    // A new iteration of a completed challenge: the new address is kept, the points do not grow.
    const again = submitResponse.parse(
      await (await submit(b, `https://${login}.github.io/project-v2`)).json(),
    )
    expect(again.progress).toMatchObject({
      status: 'completed',
      liveUrl: `https://${login}.github.io/project-v2`,
    })
    expect(again.user).toMatchObject({ points: 10, submission: 1 })
    await t.runReviews()
    expect(await me(b)).toMatchObject({ points: 10, submission: 1 })

    expect((await submit(b, `https://${login}.github.io/second`, other.id)).status).toBe(200)
    await t.runReviews()
    expect(await me(b)).toMatchObject({ points: 20, submission: 2 })
    expect(await progressOf(b, other.id)).toMatchObject({ status: 'completed', points: 10 })
  })

  it('keeps a completed challenge completed when started again', async () => {
    const { b, login } = await signedIn()
    await start(b)
    await submit(b, `https://${login}.github.io/done`)
    await t.runReviews()
    const restarted = await (await start(b)).json()
    expect(restarted.progress).toMatchObject({ status: 'completed', points: 10 })
  })

  it('leaves a challenge ongoing and without points when its review fails', async () => {
    const b = await member()
    await start(b)
    expect((await submit(b, 'https://someone-else.github.io/project')).status).toBe(200)
    await t.runReviews()
    expect(await progressOf(b)).toMatchObject({
      status: 'ongoing',
      liveUrl: 'https://someone-else.github.io/project',
      points: 0,
      completedAt: null,
    })
    expect((await reviewsOf(b)).reviews[0]).toMatchObject({
      status: 'failed',
      error: { code: 'not_own_site' },
    })
    expect(await me(b)).toMatchObject({ points: 0, submission: 0 })
  })

  // docs/product.md §5: the rule's own sentence for each refusal, the same the form shows.
  it.each([
    [undefined, LIVE_URL_REQUIRED],
    ['', LIVE_URL_REQUIRED],
    ['   ', LIVE_URL_REQUIRED],
    ['///', LIVE_URL_REQUIRED],
    [42, LIVE_URL_REQUIRED],
    ['https://github.io/path/to/page.html', LIVE_URL_GITHUB_IO],
    ['javascript:alert(1)//github.io', LIVE_URL_SCHEME],
    ['ftp://someone.github.io', LIVE_URL_SCHEME],
    ['https://some one.github.io', URL_SPACES],
    ['http://localhost:3000', LIVE_URL_LOCAL],
    ['https://my-site.test/', LIVE_URL_LOCAL],
    ['https://127.0.0.1/', LIVE_URL_IP],
    ['https://user:secret@my-site.netlify.app', URL_CREDENTIALS],
    ['https://github.com/someone/project', LIVE_URL_CODE_HOST],
    ['https://my-site.netlify.app:8080', LIVE_URL_PORT],
    ['https://my-site', LIVE_URL_INCOMPLETE_HOST],
    [`https://my-site.netlify.app/${'a'.repeat(2048)}`, URL_TOO_LONG],
  ])('rejects the live URL %j with 400 "%s" and changes nothing', async (liveUrl, message) => {
    const b = await member()
    await start(b)
    const response = await submit(b, liveUrl)
    expect(response.status).toBe(400)
    expect((await response.json()).error).toEqual({ code: 'bad_request', message })
    expect(await progressOf(b)).toMatchObject({ status: 'ongoing', liveUrl: null, points: 0 })
    expect((await reviewsOf(b)).reviews).toEqual([])
  })

  it.each([
    ['https://someone.github.io', 'https://someone.github.io'],
    ['http://someone.github.io/project', 'http://someone.github.io/project'],
    ['someone.github.io/project', 'https://someone.github.io/project'],
    [' https://Some-One.github.io/project/// ', 'https://some-one.github.io/project'],
    ['https://my-site.netlify.app/?page=2#top', 'https://my-site.netlify.app/?page=2'],
    ['https://someone.github.io/<script>', 'https://someone.github.io/%3Cscript%3E'],
    ['https://bücher.example.de/', 'https://xn--bcher-kva.example.de'],
  ])('accepts the live URL %j and stores %j', async (liveUrl, stored) => {
    const b = await member()
    await start(b)
    const body = submitResponse.parse(await (await submit(b, liveUrl)).json())
    expect(body.progress.liveUrl).toBe(stored)
    expect(body.review.requestedUrl).toBe(stored)
  })

  it.each([
    ['https://example.com/someone/project', REPOSITORY_URL_INVALID],
    ['ftp://github.com/someone/project', REPOSITORY_URL_INVALID],
    ['https://github.com/someone', REPOSITORY_URL_PATH],
    [42, REPOSITORY_URL_INVALID],
  ])('rejects the repository URL %j with 400 "%s" and changes nothing', async (repositoryUrl, message) => {
    const { b, login } = await signedIn()
    await start(b)
    const response = await submit(b, `https://${login}.github.io/project`, challenge.id, { repositoryUrl })
    expect(response.status).toBe(400)
    expect((await response.json()).error).toEqual({ code: 'bad_request', message })
    expect(await progressOf(b)).toMatchObject({
      status: 'ongoing',
      liveUrl: null,
      repositoryUrl: null,
      points: 0,
    })
    expect((await reviewsOf(b)).reviews).toEqual([])
    await t.runReviews()
    expect(await me(b)).toMatchObject({ points: 0, submission: 0 })
  })

  it.each([
    ['git@github.com:someone/project.git', 'https://github.com/someone/project'],
    ['http://www.gitlab.com/someone/project/', 'https://gitlab.com/someone/project'],
    ['', null],
    [null, null],
  ])('accepts the repository URL %j and keeps %j with the iteration', async (repositoryUrl, stored) => {
    const { b, login } = await signedIn()
    await start(b)
    const response = await submit(b, `https://${login}.github.io/project`, challenge.id, { repositoryUrl })
    expect(response.status).toBe(200)
    expect(submitResponse.parse(await response.json()).progress.repositoryUrl).toBe(stored)
    expect((await progressOf(b)).repositoryUrl).toBe(stored)
    const [row] = await database.db
      .select({ repositoryUrl: submissionReviews.repositoryUrl })
      .from(submissionReviews)
      .where(eq(submissionReviews.requestedUrl, `https://${login}.github.io/project`))
    expect(row?.repositoryUrl).toBe(stored)
  })

  it('answers "Review again" while a review waits with that same review, and queues no other', async () => {
    // Earlier tests' reviews end first, so the queue holds only this one.
    await t.runReviews()
    const { b, login } = await signedIn()
    await start(b)
    const submitted = submitResponse.parse(await (await submit(b, `https://${login}.github.io/wait`)).json())
    const again = await b.send('POST', `/api/me/challenges/${challenge.id}/reviews`)
    expect(again.status).toBe(202)
    expect((await again.json()).review).toMatchObject({ id: submitted.review.id, status: 'queued' })
    const listed = await reviewsOf(b)
    expect(listed.reviews.map((r) => r.id)).toEqual([submitted.review.id])
    expect(listed.requestsLeftToday).toBe(REVIEW_REQUESTS_PER_DAY - 1)
    expect(await runReviewsTogether(t)).toBe(1)
    expect((await reviewsOf(b)).reviews).toEqual([
      expect.objectContaining({ id: submitted.review.id, status: 'passed', pointsAwarded: 10 }),
    ])
  })

  it('answers "Review again" of a challenge never submitted with 409 not_submitted', async () => {
    const b = await member()
    await start(b)
    const response = await b.send('POST', `/api/me/challenges/${challenge.id}/reviews`)
    expect(response.status).toBe(409)
    expect((await response.json()).error.code).toBe('not_submitted')
    expect((await reviewsOf(b)).reviews).toEqual([])
  })

  it("reads the member's verification tag, and rotates it only on a same-origin request", async () => {
    const b = await member()
    const current = verificationResponse.parse(await (await b.get('/api/me/verification')).json())
    expect(current.token).toMatch(/^[0-9a-f]{32}$/)
    expect(current.tag).toBe(`<meta name="frontend-dojo-verification" content="${current.token}">`)
    const rotate = (headers: Record<string, string>) =>
      b.request('/api/me/verification/rotate', { method: 'POST', headers, body: '{}' })
    const json = { 'Content-Type': 'application/json' }
    expect((await rotate({ ...json, Origin: 'https://evil.example' })).status).toBe(403)
    expect((await rotate(json)).status).toBe(403)
    expect((await rotate({ Origin: ORIGIN, 'Content-Type': 'text/plain' })).status).toBe(415)
    expect(verificationResponse.parse(await (await b.get('/api/me/verification')).json())).toEqual(current)

    const rotated = verificationResponse.parse(await (await rotate({ ...json, Origin: ORIGIN })).json())
    expect(rotated.token).toMatch(/^[0-9a-f]{32}$/)
    expect(rotated.token).not.toBe(current.token)
    expect(verificationResponse.parse(await (await b.get('/api/me/verification')).json())).toEqual(rotated)
    // Another member's tag is their own.
    const other = await member()
    const theirs = verificationResponse.parse(await (await other.get('/api/me/verification')).json())
    expect(theirs.token).not.toBe(rotated.token)
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
    expect(Object.keys(files)).toContain('Journey-Café-Navbar/README.md')
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
  it("queue at most the day's reviews, and their passing awards 10 points once", async () => {
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
      const statuses = responses.map((r) => r.status)
      // The day's limit holds under the race: exactly that many are queued, the rest refused.
      expect(statuses.filter((s) => s === 200)).toHaveLength(REVIEW_REQUESTS_PER_DAY)
      expect(statuses.filter((s) => s === 429)).toHaveLength(50 - REVIEW_REQUESTS_PER_DAY)
      const [user] = await database.db.select().from(users).where(eq(users.username, 'racer'))
      expect(user).toMatchObject({ points: 0, submission: 0 })

      // Run side by side, every review passes; only one of them earns the points.
      expect(await runReviewsTogether(t)).toBe(REVIEW_REQUESTS_PER_DAY)
      const [after] = await database.db.select().from(users).where(eq(users.username, 'racer'))
      expect(after).toMatchObject({ points: 10, submission: 1 })
      const rows = await database.db
        .select()
        .from(userChallenges)
        .where(eq(userChallenges.userId, user?.id ?? ''))
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({ status: 'completed', points: 10 })
      const reviews = await database.db
        .select({ status: submissionReviews.status, pointsAwarded: submissionReviews.pointsAwarded })
        .from(submissionReviews)
        .where(eq(submissionReviews.userChallengeId, rows[0]?.id ?? 0))
      expect(reviews.map((r) => r.status)).toEqual(Array(REVIEW_REQUESTS_PER_DAY).fill('passed'))
      expect(reviews.map((r) => r.pointsAwarded).sort((x, y) => y - x)).toEqual([10, 0, 0, 0, 0])
      const ledger = await database.db
        .select({ reason: pointsLedger.reason, points: pointsLedger.points })
        .from(pointsLedger)
        .where(eq(pointsLedger.userId, user?.id ?? ''))
      expect(ledger).toEqual([{ reason: 'challenge_completed', points: 10 }])
    } finally {
      await database.drop()
    }
  })
})

describe.each(TEST_DATABASES)('concurrent reviews of different challenges on %s', (kind) => {
  it('keep points equal to 10 × completed', async () => {
    const database = await createTestDatabase(kind)
    try {
      const t = await createTestApp(database)
      const ids = (await insertChallengeRows(database.db, 20)).map((row) => row.id)
      await storeDesignImages(database.db, t.storage, ids)
      // Several trials on PostgreSQL, where a lost update shows up in most of them, not in every one;
      // PGlite runs one statement at a time, so one trial there shows all it can.
      for (const trial of kind === 'postgres' ? [1, 2, 3] : [1]) {
        const b = browser(t.app)
        const login = `parallel-${trial}`
        await signIn(b, { login })
        for (const id of ids)
          expect((await b.send('POST', `/api/me/challenges/${id}/start`)).status).toBe(200)
        const responses = await Promise.all(
          ids.map((id) =>
            b.send('POST', `/api/me/challenges/${id}/submit`, {
              liveUrl: `https://${login}.github.io/c-${id}`,
            }),
          ),
        )
        expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200))
        expect(await runReviewsTogether(t)).toBe(20)
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
