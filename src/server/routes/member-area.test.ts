import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { upsertGitHubUser } from '#server/auth/users.ts'
import { userChallenges, users } from '#server/db/schema.ts'
import type { Challenge } from '#shared/challenge.ts'
import { leaderboardResponse, memberChallengesResponse, profilePageResponse } from '#shared/member.ts'
import { memberReviewsResponse, reviewResponse } from '#shared/review.ts'
import { verificationResponse } from '#shared/verification.ts'
import { createTestApp, createTestAppWithCatalogue } from '#tests/support/app.ts'
import { browser, signIn, type TestBrowser } from '#tests/support/auth.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

const VALID_PROFILE = { name: 'Ada Lovelace', bio: 'I build things', linkedinUrl: '', githubUrl: '' }

describe.each(TEST_DATABASES)('the member area API on %s', (kind) => {
  let database: TestDatabase
  let t: TestApp
  let catalogue: Challenge[]
  let logins = 0

  const member = async (login?: string) => {
    logins += 1
    const b = browser(t.app)
    await signIn(b, { login: login ?? `area-${logins}` })
    return b
  }
  const json = async (response: Response) => ({ status: response.status, body: await response.json() })
  /** Starts and submits `liveUrl` (by default the member's own GitHub Pages site), and runs its review. */
  const submitReviewed = async (b: TestBrowser, challenge: Challenge, liveUrl?: string) => {
    const { user } = (await json(await b.get('/api/me'))).body
    const url = liveUrl ?? `https://${user.username}.github.io/done`
    await b.send('POST', `/api/me/challenges/${challenge.id}/start`)
    const submitted = await b.send('POST', `/api/me/challenges/${challenge.id}/submit`, { liveUrl: url })
    expect(submitted.status).toBe(200)
    await t.runReviews()
    return url
  }
  /** Completes a challenge: only a passed review does (docs/product.md §4). */
  const complete = (b: TestBrowser, challenge: Challenge) => submitReviewed(b, challenge)
  /** The solution of a challenge, as the member's "Completed" list links it (docs/product.md §11). */
  const solutionIdOf = async (b: TestBrowser, challenge: Challenge) => {
    const { challenges } = memberChallengesResponse.parse(
      await (await b.get('/api/me/challenges?status=completed')).json(),
    )
    const entry = challenges.find((c) => c.challenge.id === challenge.id)
    if (!entry) throw new Error(`${challenge.slug} is not completed`)
    return entry.solutionId
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    const app = await createTestAppWithCatalogue(database, 'Area')
    t = app.t
    catalogue = app.catalogue
  })
  afterAll(async () => {
    await database?.drop()
  })

  it('answers 401 to visitors on every member endpoint', async () => {
    const visitor = browser(t.app)
    const responses = [
      await visitor.get('/api/me'),
      await visitor.get('/api/me/profile'),
      await visitor.send('PATCH', '/api/me/profile', VALID_PROFILE),
      await visitor.get('/api/me/dashboard'),
      await visitor.get('/api/me/challenges?status=ongoing'),
      await visitor.get('/api/leaderboard'),
    ]
    expect(responses.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 401])
    for (const response of responses) expect(response.headers.get('Cache-Control')).toBe('no-store')
  })

  it('shows each member only their own counts and lists', async () => {
    const [first, second] = [await member(), await member()]
    await first.send('POST', `/api/me/challenges/${catalogue[0]?.id}/start`)
    const liveUrl = await complete(first, catalogue[1] as Challenge)
    // Where feedback stands is told in review-states.test.ts.
    expect((await json(await first.get('/api/me/dashboard'))).body).toEqual({
      ongoing: 1,
      completed: 1,
      total: 3,
      feedback: expect.any(String),
    })
    expect((await json(await second.get('/api/me/dashboard'))).body).toEqual({
      ongoing: 0,
      completed: 0,
      total: 3,
      feedback: expect.any(String),
    })

    const ongoing = (await json(await first.get('/api/me/challenges?status=ongoing'))).body.challenges
    expect(ongoing.map((c: { challenge: Challenge }) => c.challenge.id)).toEqual([catalogue[0]?.id])
    const completed = (await json(await first.get('/api/me/challenges?status=completed'))).body.challenges
    expect(completed).toEqual([
      expect.objectContaining({
        status: 'completed',
        liveUrl,
        ownership: 'verified',
        challenge: catalogue[1],
      }),
    ])
    expect((await json(await second.get('/api/me/challenges?status=completed'))).body.challenges).toEqual([])
  })

  it("gives no member a way to read or change another member's data", async () => {
    const owner = await member('idor-owner')
    const intruder = await member('idor-intruder')
    const [done, ongoing] = catalogue as [Challenge, Challenge]
    await complete(owner, done)
    await owner.send('POST', `/api/me/challenges/${ongoing.id}/start`)
    await owner.send('PATCH', '/api/me/profile', { ...VALID_PROFILE, name: 'Owner Name' })
    const [ownerRow] = await database.db.select().from(users).where(eq(users.username, 'idor-owner'))
    const ownerId = ownerRow?.id ?? ''
    const snapshot = async () => ({
      user: (await database.db.select().from(users).where(eq(users.id, ownerId)))[0],
      progress: await database.db.select().from(userChallenges).where(eq(userChallenges.userId, ownerId)),
    })
    const before = await snapshot()

    // Every member route with every way of naming the owner: ids in the query, in the body, as keys.
    const asOwner = `userId=${ownerId}&user_id=${ownerId}&username=idor-owner`
    for (const challenge of [done, ongoing]) {
      const { body } = await json(await intruder.get(`/api/me/challenges/${challenge.id}?${asOwner}`))
      expect(body.progress).toMatchObject({ status: null, liveUrl: null, points: 0 })
      const submit = await intruder.send('POST', `/api/me/challenges/${challenge.id}/submit?${asOwner}`, {
        liveUrl: 'https://intruder.github.io/x',
        userId: ownerId,
      })
      // The intruder never started it: the body's userId is not read.
      expect(submit.status).toBe(409)
    }
    for (const status of ['ongoing', 'completed']) {
      const { body } = await json(await intruder.get(`/api/me/challenges?status=${status}&${asOwner}`))
      expect(body.challenges).toEqual([])
    }
    expect((await json(await intruder.get(`/api/me/dashboard?${asOwner}`))).body).toMatchObject({
      ongoing: 0,
      completed: 0,
    })
    expect((await json(await intruder.get(`/api/me?${asOwner}`))).body.user.username).toBe('idor-intruder')
    expect((await json(await intruder.get(`/api/me/profile?${asOwner}`))).body.profile.username).toBe(
      'idor-intruder',
    )
    const patch = await intruder.send('PATCH', `/api/me/profile?${asOwner}`, {
      ...VALID_PROFILE,
      id: ownerId,
    })
    expect(patch.status).toBe(400)
    await intruder.send('PATCH', `/api/me/profile?${asOwner}`, { ...VALID_PROFILE, name: 'Intruder' })
    const start = await intruder.send('POST', `/api/me/challenges/${done.id}/start?${asOwner}`, {
      userId: ownerId,
    })
    expect(start.status).toBe(200)
    // The intruder changed only their own rows; the owner's are exactly as they were.
    expect(await snapshot()).toEqual(before)
    const publicProfile = (await json(await intruder.get('/api/users/idor-owner'))).body
    expect(publicProfile.profile).not.toHaveProperty('email')
  })

  it('answers 400 to an unknown status', async () => {
    const b = await member()
    const { status, body } = await json(await b.get('/api/me/challenges?status=paused'))
    expect(status).toBe(400)
    expect(body.error.message).toBe('status: must be ongoing or completed')
  })

  it('reads and updates the own profile, and only its four fields', async () => {
    const b = await member('profile-owner')
    const other = await member('profile-bystander')
    const update = {
      name: 'José Zoë 李',
      bio: 'Frontend developer 2026',
      linkedinUrl: 'https://www.linkedin.com/in/jose',
      githubUrl: 'https://github.com/jose',
    }
    const { status, body } = await json(await b.send('PATCH', '/api/me/profile', update))
    expect(status).toBe(200)
    expect(body.profile).toEqual({ username: 'profile-owner', avatarUrl: expect.any(String), ...update })
    expect((await json(await b.get('/api/me/profile'))).body.profile).toEqual(body.profile)
    const [bystander] = await database.db.select().from(users).where(eq(users.username, 'profile-bystander'))
    expect(bystander).toMatchObject({ name: 'Profile Bystander', bio: null, linkedinUrl: null })
    expect((await json(await other.get('/api/me/profile'))).body.profile.name).toBe('Profile Bystander')
  })

  it('clears a field sent empty', async () => {
    const b = await member()
    await b.send('PATCH', '/api/me/profile', { ...VALID_PROFILE, githubUrl: 'https://github.com/x' })
    const { body } = await json(await b.send('PATCH', '/api/me/profile', VALID_PROFILE))
    expect(body.profile.githubUrl).toBeNull()
  })

  it.each([
    [{ points: 9999 }, 'points'],
    [{ username: 'someone-else' }, 'username'],
    [{ submission: 50 }, 'submission'],
    [{ id: 'x', email: 'a@b.c' }, 'id, email'],
  ])('rejects mass assignment of %j with 400 and changes nothing', async (extra, keys) => {
    const b = await member()
    const before = (await json(await b.get('/api/me'))).body.user
    const { status, body } = await json(
      await b.send('PATCH', '/api/me/profile', { ...VALID_PROFILE, ...extra }),
    )
    expect(status).toBe(400)
    expect(body.error.message).toBe(`Only name, bio, linkedinUrl and githubUrl can be changed (not ${keys}).`)
    expect((await json(await b.get('/api/me'))).body.user).toEqual(before)
  })

  it.each([
    [{ bio: '', linkedinUrl: '', githubUrl: '' }, 'name is required.'],
    [{ name: 'Ada', linkedinUrl: '', githubUrl: '' }, 'bio is required.'],
    [{ name: 'Ada', bio: '', githubUrl: '' }, 'linkedinUrl is required.'],
    [{ name: 'Ada', bio: '', linkedinUrl: '' }, 'githubUrl is required.'],
    [{ ...VALID_PROFILE, name: 42 }, 'name must be text.'],
    [{ ...VALID_PROFILE, bio: null }, 'bio must be text.'],
    [{ ...VALID_PROFILE, githubUrl: ['https://github.com/x'] }, 'githubUrl must be text.'],
    [{}, 'name is required.'],
    // An unknown field is named first, whatever else the body holds.
    [{ points: 1 }, 'Only name, bio, linkedinUrl and githubUrl can be changed (not points).'],
    [{ name: 'Ada', points: 1 }, 'Only name, bio, linkedinUrl and githubUrl can be changed (not points).'],
    [
      { ...VALID_PROFILE, name: 42, points: 1 },
      'Only name, bio, linkedinUrl and githubUrl can be changed (not points).',
    ],
    [
      { ...VALID_PROFILE, bio: 'b'.repeat(151), points: 1, admin: true },
      'Only name, bio, linkedinUrl and githubUrl can be changed (not points, admin).',
    ],
    [[], 'Send name, bio, linkedinUrl and githubUrl in a JSON object.'],
    ['Ada', 'Send name, bio, linkedinUrl and githubUrl in a JSON object.'],
    [null, 'Send name, bio, linkedinUrl and githubUrl in a JSON object.'],
  ])('answers %j with a message that names the field: "%s"', async (sent, message) => {
    const b = await member()
    await b.send('PATCH', '/api/me/profile', VALID_PROFILE)
    const { status, body } = await json(await b.send('PATCH', '/api/me/profile', sent))
    expect(status).toBe(400)
    expect(body.error).toEqual({ code: 'bad_request', message })
    expect((await json(await b.get('/api/me/profile'))).body.profile).toMatchObject({
      name: 'Ada Lovelace',
      bio: 'I build things',
    })
  })

  it.each([
    [{ name: 'x'.repeat(51) }, 'Name cannot exceed 50 characters.'],
    [
      { name: 'Ada!' },
      'Name cannot contain "!". Use letters, digits, spaces, apostrophes, hyphens and periods.',
    ],
    // Entities are decoded by sanitising, and validation sees the result.
    [
      { name: '&lt;script&gt;' },
      'Name cannot contain "<". Use letters, digits, spaces, apostrophes, hyphens and periods.',
    ],
    [
      { name: 'Ada&#x202e;' },
      'Name cannot contain U+202E. Use letters, digits, spaces, apostrophes, hyphens and periods.',
    ],
    [
      { bio: 'evil &#x202e; text' },
      'Bio cannot contain U+202E. A bio takes any text that can be seen, without control or invisible characters.',
    ],
    [
      { bio: 'zero\u200bwidth' },
      'Bio cannot contain U+200B. A bio takes any text that can be seen, without control or invisible characters.',
    ],
    [{ bio: 'b'.repeat(151) }, 'Bio cannot exceed 150 characters.'],
    [{ bio: `${'🇫🇷'.repeat(151)}` }, 'Bio cannot exceed 150 characters.'],
    [{ linkedinUrl: 'javascript:alert(1)' }, 'LinkedIn must be a link starting with http:// or https://.'],
    [{ githubUrl: 'gitlab.com/me' }, 'GitHub must be a link to github.com.'],
    [{ linkedinUrl: 'https://example.com/in/me' }, 'LinkedIn must be a link to linkedin.com.'],
    [{ githubUrl: 'data:text/html,hi' }, 'GitHub must be a link starting with http:// or https://.'],
  ])('rejects %j with "%s" and changes nothing', async (change, message) => {
    const b = await member()
    await b.send('PATCH', '/api/me/profile', VALID_PROFILE)
    const { status, body } = await json(
      await b.send('PATCH', '/api/me/profile', { ...VALID_PROFILE, ...change }),
    )
    expect(status).toBe(400)
    expect(body.error).toEqual({ code: 'bad_request', message })
    expect((await json(await b.get('/api/me/profile'))).body.profile).toMatchObject({
      name: 'Ada Lovelace',
      bio: 'I build things',
    })
  })

  it.each([
    ["O'Neil", "Hi! I'm O'Neil, a frontend developer. Questions?"],
    ['Jean-Luc', 'Jean-Luc’s bio. 3 years of CSS.'],
    ['José María', 'Hola, soy José!'],
    ['D’Angelo', 'Yes.'],
    ['J. R. R. Tolkien', ''],
    ['Bob Builder 2', 'HTML & CSS'],
    ['Ada', 'dev @ Acme (frontend): "pixels" / a11y — 👩‍💻 🇫🇷'],
    ['Ada', 'I <3 CSS'],
  ])('takes the name %j and the bio %j as typed', async (name, bio) => {
    const b = await member()
    const { status, body } = await json(
      await b.send('PATCH', '/api/me/profile', { ...VALID_PROFILE, name, bio }),
    )
    expect(status).toBe(200)
    expect(body.profile).toMatchObject({ name, bio: bio === '' ? null : bio })
    const [row] = await database.db.select().from(users).where(eq(users.username, body.profile.username))
    expect(row).toMatchObject({ name, bio: bio === '' ? null : bio })
  })

  it('removes markup before validating, and stores exactly the text that passed', async () => {
    const b = await member()
    const { status, body } = await json(
      await b.send('PATCH', '/api/me/profile', {
        ...VALID_PROFILE,
        name: '<b>Ada</b> <img src=x onerror=alert(1)>Lovelace',
        bio: 'I <script>alert(1)</script>build things',
      }),
    )
    expect(status).toBe(200)
    expect(body.profile).toMatchObject({ name: 'Ada Lovelace', bio: 'I build things' })
    const [row] = await database.db.select().from(users).where(eq(users.username, body.profile.username))
    expect(row).toMatchObject({ name: 'Ada Lovelace', bio: 'I build things' })
  })

  it('strips characters outside the allowed set from links, so markup is stored inert', async () => {
    const b = await member()
    const { body } = await json(
      await b.send('PATCH', '/api/me/profile', {
        ...VALID_PROFILE,
        linkedinUrl: 'https://www.linkedin.com/in/a"><script>alert(1)</script>',
        githubUrl: 'https://github.com/a b<c>',
      }),
    )
    // Sanitising drops the script with its text and the <c> tag; the link rule drops '"', '>' and ' '.
    expect(body.profile.linkedinUrl).toBe('https://www.linkedin.com/in/a')
    expect(body.profile.githubUrl).toBe('https://github.com/ab')
  })

  it('adds https:// to a link typed without it, and stores it so', async () => {
    const b = await member()
    const { status, body } = await json(
      await b.send('PATCH', '/api/me/profile', {
        ...VALID_PROFILE,
        linkedinUrl: 'linkedin.com/in/name',
        githubUrl: 'github.com/name',
      }),
    )
    expect(status).toBe(200)
    expect(body.profile).toMatchObject({
      linkedinUrl: 'https://linkedin.com/in/name',
      githubUrl: 'https://github.com/name',
    })
  })

  it('accepts exactly 50 and 150 characters', async () => {
    const b = await member()
    const { status } = await json(
      await b.send('PATCH', '/api/me/profile', {
        ...VALID_PROFILE,
        name: 'n'.repeat(50),
        bio: 'b'.repeat(150),
      }),
    )
    expect(status).toBe(200)
  })

  it('shows a public profile with its completed challenges in one answer', async () => {
    const b = await member('public-one')
    await complete(b, catalogue[2] as Challenge)
    // A review that failed (someone else's site) completes nothing, and a waiting one nothing yet.
    await submitReviewed(b, catalogue[1] as Challenge, 'https://me.github.io/done')
    await b.send('POST', `/api/me/challenges/${catalogue[0]?.id}/start`)
    await b.send('POST', `/api/me/challenges/${catalogue[0]?.id}/submit`, {
      liveUrl: 'https://public-one.github.io/waiting',
    })
    const { status, body } = await json(await browser(t.app).get('/api/users/public-one'))
    expect(status).toBe(200)
    expect(body.profile).toMatchObject({ username: 'public-one', points: 10, submission: 1 })
    expect(body.submissions).toEqual([
      {
        challenge: catalogue[2],
        liveUrl: 'https://public-one.github.io/done',
        completedAt: expect.any(String),
        // The review passed on public-one's own Pages site (docs/product.md §6); no re-check has failed yet.
        ownership: 'verified',
        linkStatus: 'live',
        // The review that completed it, the one the public may open (docs/product.md §10).
        review: expect.objectContaining({ status: 'passed', pointsAwarded: 10 }),
        // Its solution's page (docs/product.md §11), as the member's own lists name it.
        solutionId: await solutionIdOf(b, catalogue[2] as Challenge),
      },
    ])
    await t.runReviews()
    expect((await browser(t.app).get('/api/users/no-such-person')).status).toBe(404)
  })

  it('links each solution from the lists that name it, and leaves a hidden one unlinked in public', async () => {
    const b = await member('linker')
    const [first, second] = [catalogue[0] as Challenge, catalogue[1] as Challenge]
    await complete(b, first)
    await complete(b, second)
    const [firstId, secondId] = [await solutionIdOf(b, first), await solutionIdOf(b, second)]
    expect(firstId).not.toBe(secondId)
    // The challenge page's reviews name it too, for the achievement overlay to share.
    const reviews = memberReviewsResponse.parse(
      await (await b.get(`/api/me/challenges/${second.id}/reviews`)).json(),
    )
    expect(reviews.solutionId).toBe(secondId)
    const profileLinks = async () =>
      profilePageResponse
        .parse((await json(await browser(t.app).get('/api/users/linker'))).body)
        .submissions.map((s) => [s.challenge.id, s.solutionId])
    const leaderboardLink = async () =>
      leaderboardResponse
        .parse(await (await b.get('/api/leaderboard')).json())
        .entries.find((entry) => entry.username === 'linker')?.solutionId
    expect(await profileLinks()).toEqual([
      [second.id, secondId],
      [first.id, firstId],
    ])
    // The leaderboard links the member's latest listed solution (its reading is shared for 3 s).
    await expect.poll(leaderboardLink, { timeout: 5000 }).toBe(secondId)

    const hide = await b.send('PATCH', `/api/solutions/${secondId}`, { hidden: true })
    expect(hide.status).toBe(200)
    expect(await profileLinks()).toEqual([
      [second.id, null],
      [first.id, firstId],
    ])
    await expect.poll(leaderboardLink, { timeout: 5000 }).toBe(firstId)
    // Its member still reaches it from their own list.
    expect(await solutionIdOf(b, second)).toBe(secondId)
    expect((await b.get(`/api/solutions/${secondId}`)).status).toBe(200)
  })
})

describe.each(TEST_DATABASES)('the leaderboard on %s', (kind) => {
  let database: TestDatabase
  let t: TestApp
  let viewer: TestBrowser

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    t = await createTestApp(database)
    viewer = browser(t.app)
    await signIn(viewer, { login: 'viewer' })
  })
  beforeEach(async () => {
    await database.db.delete(userChallenges)
    await database.db.update(users).set({ points: 0, submission: 0 })
  })
  afterAll(async () => {
    await database?.drop()
  })

  const setScore = async (username: string, points: number, submission: number) => {
    await signIn(browser(t.app), { login: username })
    await database.db.update(users).set({ points, submission }).where(eq(users.username, username))
  }

  it('says nobody has points when nobody does', async () => {
    const response = await viewer.get('/api/leaderboard')
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(await response.json()).toEqual({ top: null, entries: [] })
  })

  it('orders by points, then completed count, then username; ties share a rank; only points above 0', async () => {
    await setScore('carol', 30, 3)
    await setScore('alice', 50, 5)
    await setScore('bob', 30, 3)
    await setScore('dave', 30, 2)
    await setScore('erin', 0, 0)
    const { top, entries } = await (await viewer.get('/api/leaderboard')).json()
    expect(entries.map((e: { username: string; rank: number }) => [e.rank, e.username])).toEqual([
      [1, 'alice'],
      [2, 'bob'],
      [2, 'carol'],
      [4, 'dave'],
    ])
    expect(top).toEqual({
      rank: 1,
      username: 'alice',
      name: 'Alice',
      avatarUrl: expect.any(String),
      points: 50,
      submission: 5,
      solutionId: null,
    })
  })

  it('shows at most 10 entries', async () => {
    for (let i = 0; i < 12; i++) await setScore(`player-${String(i).padStart(2, '0')}`, 10 + i, 1)
    const { entries } = await (await viewer.get('/api/leaderboard')).json()
    expect(entries).toHaveLength(10)
    expect(entries[0].username).toBe('player-11')
  })
})

describe.each(TEST_DATABASES)('ownership of submitted sites on %s', (kind) => {
  let database: TestDatabase
  let t: TestApp
  let catalogue: Challenge[]

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    const app = await createTestAppWithCatalogue(database, 'Owned')
    t = app.t
    catalogue = app.catalogue
  })
  afterAll(async () => {
    await database?.drop()
  })

  const submit = async (b: TestBrowser, challenge: Challenge, liveUrl: string) => {
    await b.send('POST', `/api/me/challenges/${challenge.id}/start`)
    const response = await b.send('POST', `/api/me/challenges/${challenge.id}/submit`, { liveUrl })
    expect(response.status).toBe(200)
  }
  const verdicts = async (b: TestBrowser) => {
    const { challenges } = await (await b.get('/api/me/challenges?status=completed')).json()
    return Object.fromEntries(
      challenges.map((c: { challenge: Challenge; ownership: string; linkStatus: string }) => [
        c.challenge.slug,
        [c.ownership, c.linkStatus],
      ]),
    )
  }

  /** The newest review of a challenge, as its member reads the report. */
  const latestReport = async (b: TestBrowser, challenge: Challenge) => {
    const { reviews } = await (await b.get(`/api/me/challenges/${challenge.id}/reviews`)).json()
    return reviewResponse.parse(await (await b.get(`/api/reviews/${reviews[0]?.id}`)).json()).review
  }
  const tokenOf = async (b: TestBrowser) =>
    verificationResponse.parse(await (await b.get('/api/me/verification')).json()).token

  it("verifies the member's own site, by GitHub Pages or by the tag, and tells another's apart", async () => {
    const [navbar, footer, hero] = catalogue as [Challenge, Challenge, Challenge]
    const b = browser(t.app)
    await signIn(b, { login: 'alice' })
    t.sites.set('https://alice-hero.netlify.app', { tokens: [await tokenOf(b)] })
    await submit(b, navbar, 'https://Alice.github.io/proj')
    await submit(b, footer, 'https://bob.github.io/footer')
    await submit(b, hero, 'https://alice-hero.netlify.app')
    await t.runReviews()
    // Only the passed reviews completed their challenge (docs/product.md §4).
    expect(await verdicts(b)).toEqual({
      [navbar.slug]: ['verified', 'live'],
      [hero.slug]: ['verified', 'live'],
    })
    expect(await latestReport(b, footer)).toMatchObject({
      status: 'failed',
      ownership: 'mismatch',
      error: { code: 'not_own_site' },
    })
    expect(await latestReport(b, navbar)).toMatchObject({ status: 'passed', ownership: 'verified' })
    const profile = await (await t.app.request('/api/users/alice')).json()
    expect(
      Object.fromEntries(
        profile.submissions.map((s: { challenge: Challenge; ownership: string }) => [
          s.challenge.slug,
          s.ownership,
        ]),
      ),
    ).toEqual({ [navbar.slug]: 'verified', [hero.slug]: 'verified' })

    // A new address is judged again.
    await submit(b, footer, 'https://alice.github.io/footer')
    await t.runReviews()
    expect((await verdicts(b))[footer.slug]).toEqual(['verified', 'live'])
  })

  it('keeps the badge of a renamed account: the verdict belongs to the GitHub id', async () => {
    const [navbar] = catalogue as [Challenge]
    const b = browser(t.app)
    await signIn(b, { login: 'renamer' })
    await submit(b, navbar, 'https://renamer.github.io/navbar')
    await t.runReviews()
    const [before] = await database.db.select().from(users).where(eq(users.username, 'renamer'))
    await upsertGitHubUser(database.db, {
      id: before?.githubId ?? 0,
      login: 'renamed',
      name: null,
      email: null,
      avatarUrl: null,
      htmlUrl: 'https://github.com/renamed',
    })
    const profile = await (await t.app.request('/api/users/renamed')).json()
    expect(profile.submissions.map((s: { ownership: string }) => s.ownership)).toEqual(['verified'])
    const [row] = await database.db
      .select({ githubId: userChallenges.ownershipGithubId })
      .from(userChallenges)
      .where(eq(userChallenges.userId, before?.id ?? ''))
    expect(row?.githubId).toBe(before?.githubId)
  })

  it('starts a clean link record when a review passes at a new address, and keeps it for the same one', async () => {
    const [navbar] = catalogue as [Challenge]
    const b = browser(t.app)
    await signIn(b, { login: 'linker' })
    await submit(b, navbar, 'https://linker.github.io/a')
    await t.runReviews()
    const [member] = await database.db.select().from(users).where(eq(users.username, 'linker'))
    const offline = {
      linkStatus: 'offline',
      linkFailures: 2,
      linkFirstFailureAt: new Date('2026-11-01T00:00:00Z'),
      linkCheckedAt: new Date('2026-11-02T00:00:00Z'),
    }
    await database.db
      .update(userChallenges)
      .set(offline)
      .where(eq(userChallenges.userId, member?.id ?? ''))
    const linkRecord = async () => {
      const [row] = await database.db
        .select()
        .from(userChallenges)
        .where(eq(userChallenges.userId, member?.id ?? ''))
      return row
    }
    // The same address passing again keeps its record.
    await submit(b, navbar, 'https://linker.github.io/a')
    await t.runReviews()
    expect((await verdicts(b))[navbar.slug]).toEqual(['verified', 'offline'])
    // The record is the public address's (docs/product.md §11): a new one failing its review, or
    // waiting for it, changes nothing.
    await submit(b, navbar, 'https://someone-else.github.io/b')
    await t.runReviews()
    expect(await linkRecord()).toMatchObject({ linkStatus: 'offline', linkFailures: 2 })
    await submit(b, navbar, 'https://linker.github.io/b')
    expect((await verdicts(b))[navbar.slug]).toEqual(['verified', 'offline'])
    // Once it passed at the new address, that one is public and starts clean.
    await t.runReviews()
    expect((await verdicts(b))[navbar.slug]).toEqual(['verified', 'live'])
    expect(await linkRecord()).toMatchObject({
      linkFailures: 0,
      linkFirstFailureAt: null,
      linkCheckedAt: null,
    })
  })

  it('ranks passed work only, with the same tie rule, and has no other board: `work` changes nothing', async () => {
    const [navbar, footer, hero] = catalogue as [Challenge, Challenge, Challenge]
    await database.db.delete(userChallenges)
    await database.db.update(users).set({ points: 0, submission: 0 })
    const viewer = browser(t.app)
    await signIn(viewer, { login: 'vera' })
    await submit(viewer, navbar, 'https://vera.github.io/navbar')
    const many = browser(t.app)
    await signIn(many, { login: 'manny' })
    t.sites.set('https://manny-footer.pages.dev', { tokens: [await tokenOf(many)] })
    await submit(many, navbar, 'https://someone.github.io/navbar')
    await submit(many, footer, 'https://manny-footer.pages.dev')
    await submit(many, hero, 'https://manny.github.io/hero')
    const zed = browser(t.app)
    await signIn(zed, { login: 'zed' })
    await submit(zed, navbar, 'https://zed.github.io/navbar')
    const other = browser(t.app)
    await signIn(other, { login: 'otto' })
    await submit(other, navbar, 'https://someone-else.github.io/navbar')
    await t.runReviews()

    const rows = (body: {
      entries: Array<{ rank: number; username: string; points: number; submission: number }>
    }) => body.entries.map((e) => [e.rank, e.username, e.points, e.submission])
    const all = await viewer.get('/api/leaderboard')
    const board = await all.json()
    // otto's only review failed: no points, not on the board.
    expect(rows(board)).toEqual([
      [1, 'manny', 20, 2],
      [2, 'vera', 10, 1],
      [2, 'zed', 10, 1],
    ])
    // The verified board is gone (every point is verified work now): the parameter is ignored.
    for (const query of ['work=verified', 'work=all', 'work=everything']) {
      const response = await viewer.get(`/api/leaderboard?${query}`)
      expect(response.status, query).toBe(200)
      expect(response.headers.get('Cache-Control')).toBe('no-store')
      expect(await response.json(), query).toEqual(board)
    }
    expect((await browser(t.app).get('/api/leaderboard?work=verified')).status).toBe(401)
  })
})
