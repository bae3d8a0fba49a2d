import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importCatalogue } from '#server/content/import.ts'
import { userChallenges, users } from '#server/db/schema.ts'
import type { Challenge } from '#shared/challenge.ts'
import { type GalleryResponse, galleryResponse, type Solution, solutionResponse } from '#shared/solution.ts'
import { WRITE_UP_TOO_LONG } from '#shared/write-up-rule.ts'
import { createTestApp } from '#tests/support/app.ts'
import { browser, ORIGIN, signIn, type TestBrowser } from '#tests/support/auth.ts'
import { temporaryDir, writeChallengeFolder } from '#tests/support/content-fixtures.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'
import { createMember, createReviewedSubmission } from '#tests/support/factories.ts'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

/**
 * Solutions through the API (docs/product.md "Solutions"). Sites are stand-ins: a member's own
 * `<login>.github.io` passes its review when `t.runReviews()` runs it, anyone else's fails.
 */
describe.each(TEST_DATABASES)('solutions through the API on %s', (kind) => {
  let database: TestDatabase
  let t: TestApp
  let navbar: Challenge
  let hero: Challenge
  let logins = 0

  const member = async (login = `solver-${++logins}`) => {
    const b = browser(t.app)
    await signIn(b, { login })
    return b
  }
  const visitor = () => browser(t.app)
  const own = (login: string, path = 'site') => `https://${login}.github.io/${path}`
  const submit = async (b: TestBrowser, body: Record<string, unknown>, id = navbar.id) => {
    await b.send('POST', `/api/me/challenges/${id}/start`)
    return b.send('POST', `/api/me/challenges/${id}/submit`, body)
  }
  /** The member's solution row of a challenge. */
  const rowOf = async (login: string, id = navbar.id) => {
    const [row] = await database.db
      .select({ solution: userChallenges })
      .from(userChallenges)
      .innerJoin(users, eq(users.id, userChallenges.userId))
      .where(and(eq(users.username, login), eq(userChallenges.challengeId, id)))
    if (!row) throw new Error(`${login} has no solution of ${id}`)
    return row.solution
  }
  const read = async (b: TestBrowser, id: string) => {
    const response = await b.get(`/api/solutions/${id}`)
    return { response, solution: response.ok ? solutionResponse.parse(await response.json()).solution : null }
  }
  const patch = (b: TestBrowser, id: string, body: unknown) => b.send('PATCH', `/api/solutions/${id}`, body)
  const gallery = async (path: string): Promise<GalleryResponse> => {
    const response = await t.app.request(path)
    expect(response.status, path).toBe(200)
    return galleryResponse.parse(await response.json())
  }
  /** Every page of a gallery, following the cursors (at most 50 pages). */
  const allPages = async (path: string) => {
    const ids: string[] = []
    let cursor: string | null = null
    for (let page = 0; page < 50; page += 1) {
      const separator = path.includes('?') ? '&' : '?'
      const body: GalleryResponse = await gallery(
        cursor === null ? path : `${path}${separator}cursor=${encodeURIComponent(cursor)}`,
      )
      ids.push(...body.solutions.map((s) => s.id))
      cursor = body.nextCursor
      if (cursor === null) return ids
    }
    throw new Error('more than 50 pages')
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    const contentDir = await temporaryDir()
    await writeChallengeFolder(contentDir, { title: 'Solve Navbar', category: 'navbar', date: '2026-10-01' })
    await writeChallengeFolder(contentDir, {
      title: 'Solve Hero',
      category: 'hero',
      difficulty: 'hard',
      date: '2026-10-02',
    })
    t = await createTestApp(database)
    await importCatalogue({ db: database.db, storage: t.storage, contentDir })
    const list = (await (await t.app.request('/api/challenges')).json()).challenges as Challenge[]
    navbar = list.find((c) => c.slug === 'Solve-Navbar') as Challenge
    hero = list.find((c) => c.slug === 'Solve-Hero') as Challenge
  })
  afterAll(async () => {
    await database?.drop()
  })

  it('shows a passed solution to everyone, with its write-up sanitised, captures, quality and passed iterations', async () => {
    const b = await member('ada')
    const writeUp =
      '# What I built\n\nA **navbar**. <script>alert(1)</script> [bad](javascript:alert(1)) [repo](https://example.com/x)'
    const submitted = await submit(b, {
      liveUrl: own('ada'),
      repositoryUrl: 'https://github.com/ada/navbar',
      writeUp,
    })
    expect(submitted.status).toBe(200)
    const row = await rowOf('ada')
    expect(row.writeUp).toBe(writeUp)
    expect(row.publicId).toMatch(/^[0-9a-f-]{36}$/)

    // Before its review passes it is its member's only.
    expect((await read(visitor(), row.publicId)).response.status).toBe(404)
    const early = await read(b, row.publicId)
    expect(early.solution).toMatchObject({ listed: false, latestReview: null })
    expect(early.response.headers.get('Cache-Control')).toBe('private, no-store')

    await t.runReviews()
    // A second iteration fails (someone else's site): the owner sees it, visitors do not.
    expect((await submit(b, { liveUrl: own('someone-else') })).status).toBe(200)
    await t.runReviews()

    const { response, solution } = await read(visitor(), row.publicId.toUpperCase())
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('no-cache')
    expect(solution).toMatchObject({
      id: row.publicId,
      member: { username: 'ada' },
      challenge: {
        id: navbar.id,
        slug: navbar.slug,
        title: navbar.title,
        category: 'navbar',
        difficulty: 'easy',
      },
      // The write-up was kept by the second submit, which sent none; the repository went with it.
      writeUp,
      hidden: false,
      listed: true,
    })
    expect(solution?.writeUpHtml).toBe(
      '<h3>What I built</h3>\n<p>A <strong>navbar</strong>. &lt;script&gt;alert(1)&lt;/script&gt; ' +
        '[bad](javascript:alert(1)) <a href="https://example.com/x" rel="ugc nofollow noopener">repo</a></p>\n',
    )
    expect(solution?.latestReview?.captures.map((c) => c.breakpoint)).toEqual(['desktop', 'tablet', 'mobile'])
    expect(solution?.latestReview?.captures[0]?.captureUrl).toMatch(/^\/files\//)
    // What "Compare with the design" draws: the design, the heatmap and their heights.
    const desktop = solution?.latestReview?.captures[0]
    expect(desktop?.diffUrl).toMatch(/^\/files\//)
    expect(desktop?.designUrl).not.toBe('')
    expect(desktop?.designHeight).toBeGreaterThan(0)
    expect(desktop?.comparedHeight).toBeGreaterThanOrEqual(desktop?.designHeight ?? Number.POSITIVE_INFINITY)
    expect(solution?.iterations.map((i) => i.status)).toEqual(['passed'])
    expect(solution?.iterations[0]?.reviewId).toBe(solution?.latestReview?.id)

    const mine = (await read(b, row.publicId)).solution as Solution
    expect(mine.iterations.map((i) => i.status)).toEqual(['failed', 'passed'])
    expect(mine.latestReview?.id).toBe(solution?.latestReview?.id)
  })

  it('never lists a solution whose reviews all failed', async () => {
    const b = await member('bob')
    expect((await submit(b, { liveUrl: own('not-bob') })).status).toBe(200)
    await t.runReviews()
    const row = await rowOf('bob')
    expect((await read(visitor(), row.publicId)).response.status).toBe(404)
    expect((await read(await member(), row.publicId)).response.status).toBe(404)
    expect((await read(b, row.publicId)).solution).toMatchObject({ listed: false, latestReview: null })
    expect((await allPages(`/api/challenges/${navbar.id}/solutions`)).includes(row.publicId)).toBe(false)
  })

  it('lets its member edit the write-up and repository and hide it; a hidden one leaves the galleries', async () => {
    const b = await member('cleo')
    await submit(b, { liveUrl: own('cleo') })
    await t.runReviews()
    const { publicId } = await rowOf('cleo')
    expect(await allPages('/api/solutions')).toContain(publicId)

    const edited = await patch(b, publicId, {
      writeUp: 'Hard part: **grid**.',
      repositoryUrl: 'https://github.com/cleo/navbar',
    })
    expect(edited.status).toBe(200)
    expect(solutionResponse.parse(await edited.json()).solution).toMatchObject({
      writeUp: 'Hard part: **grid**.',
      writeUpHtml: '<p>Hard part: <strong>grid</strong>.</p>\n',
      repositoryUrl: 'https://github.com/cleo/navbar',
    })

    expect((await patch(b, publicId, { hidden: true })).status).toBe(200)
    expect((await read(visitor(), publicId)).response.status).toBe(404)
    expect((await read(b, publicId)).solution).toMatchObject({ hidden: true, listed: false })
    expect(await allPages('/api/solutions')).not.toContain(publicId)
    expect(await allPages(`/api/challenges/${navbar.id}/solutions`)).not.toContain(publicId)
    // Its points stay.
    expect(await rowOf('cleo')).toMatchObject({ status: 'completed', points: 10, hidden: true })

    const cleared = await patch(b, publicId, { hidden: false, writeUp: null, repositoryUrl: '' })
    expect(solutionResponse.parse(await cleared.json()).solution).toMatchObject({
      hidden: false,
      listed: true,
      writeUp: null,
      writeUpHtml: '',
      repositoryUrl: null,
    })
    expect(await allPages('/api/solutions')).toContain(publicId)
  })

  it('edits the write-up of a solution under review without a new review or spending one', async () => {
    const b = await member('dora')
    expect((await submit(b, { liveUrl: own('dora'), writeUp: 'First draft.' })).status).toBe(200)
    const { publicId } = await rowOf('dora')
    const reviews = async () =>
      (await (await b.get(`/api/me/challenges/${navbar.id}/reviews`)).json()) as {
        reviews: { id: string }[]
        requestsLeftToday: number
      }
    const before = await reviews()
    expect(before.reviews).toHaveLength(1)

    const edited = await patch(b, publicId, { writeUp: 'The **grid** was the hard part.' })
    expect(edited.status).toBe(200)
    expect(solutionResponse.parse(await edited.json()).solution).toMatchObject({
      writeUp: 'The **grid** was the hard part.',
      liveUrl: own('dora'),
    })
    // No review was queued and none of the day's reviews was used.
    expect(await reviews()).toEqual(before)
    expect(await rowOf('dora')).toMatchObject({ writeUp: 'The **grid** was the hard part.' })
    await t.runReviews()
  })

  it('refuses everyone else’s edits and changes nothing', async () => {
    const owner = await member('dora')
    await submit(owner, { liveUrl: own('dora'), writeUp: 'Mine.' })
    await t.runReviews()
    const before = await rowOf('dora')
    const other = await member()

    const refused = await patch(other, before.publicId, { writeUp: 'Defaced.' })
    expect(refused.status).toBe(403)
    expect((await refused.json()).error.code).toBe('forbidden')
    expect((await patch(visitor(), before.publicId, { hidden: true })).status).toBe(401)
    // Not from the site itself: the same-origin check refuses it.
    const crossSite = await owner.request(`/api/solutions/${before.publicId}`, {
      method: 'PATCH',
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json' },
      body: JSON.stringify({ hidden: true }),
    })
    expect(crossSite.status).toBe(403)
    expect((await crossSite.json()).error.code).toBe('forbidden_origin')
    const notJson = await owner.request(`/api/solutions/${before.publicId}`, {
      method: 'PATCH',
      headers: { Origin: ORIGIN, 'Content-Type': 'text/plain' },
      body: JSON.stringify({ hidden: true }),
    })
    expect(notJson.status).toBe(415)

    // Hidden, it is not there at all for anyone else.
    expect((await patch(owner, before.publicId, { hidden: true })).status).toBe(200)
    expect((await patch(other, before.publicId, { hidden: false })).status).toBe(404)
    expect(await rowOf('dora')).toMatchObject({ writeUp: 'Mine.', hidden: true })
    expect((await patch(other, '00000000-0000-4000-8000-000000000000', { hidden: true })).status).toBe(404)
    expect((await patch(other, 'not-a-uuid', { hidden: true })).status).toBe(400)
  })

  it('answers bad input with a 400 that says why, and changes nothing', async () => {
    const b = await member('eve')
    await submit(b, { liveUrl: own('eve'), writeUp: 'First.' })
    await t.runReviews()
    const before = await rowOf('eve')
    const cases: [unknown, string | RegExp][] = [
      [{ writeUp: 'x'.repeat(5001) }, WRITE_UP_TOO_LONG],
      [{ writeUp: 42 }, 'The write-up must be text.'],
      [{ repositoryUrl: 'not a url' }, /./],
      [{ repositoryUrl: 'javascript:alert(1)' }, /./],
      [{ hidden: 'yes' }, 'hidden must be true or false.'],
      [{ hidden: true, owner: 'mallory' }, 'Unknown field: owner.'],
      [{}, 'Send at least one of writeUp, repositoryUrl and hidden.'],
      [[], /./],
    ]
    for (const [body, message] of cases) {
      const response = await patch(b, before.publicId, body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      const error = (await response.json()).error
      expect(error.code).toBe('bad_request')
      expect(error.message).toMatch(message)
    }
    const notJson = await b.request(`/api/solutions/${before.publicId}`, {
      method: 'PATCH',
      headers: { Origin: ORIGIN, 'Content-Type': 'application/json' },
      body: '{not json',
    })
    expect(notJson.status).toBe(400)
    expect(await rowOf('eve')).toMatchObject({
      writeUp: 'First.',
      repositoryUrl: before.repositoryUrl,
      hidden: false,
    })
    // 5,000 characters exactly is fine, counted as characters (an emoji is one).
    const longest = `${'😀'.repeat(10)}${'x'.repeat(4990)}`
    expect((await patch(b, before.publicId, { writeUp: longest })).status).toBe(200)
    expect((await rowOf('eve')).writeUp).toBe(longest)
    // The longest write-up in bytes, 5,000 four-byte characters (about 20 KB as JSON), fits the body
    // limit, in an edit and in a submit.
    const widest = '😀'.repeat(5000)
    expect((await patch(b, before.publicId, { writeUp: widest })).status).toBe(200)
    expect((await rowOf('eve')).writeUp).toBe(widest)
    const submitted = await submit(b, {
      liveUrl: own('eve', 'wide'),
      repositoryUrl: 'https://github.com/eve/navbar',
      writeUp: longest,
    })
    expect(submitted.status).toBe(200)
    expect(await rowOf('eve')).toMatchObject({ writeUp: longest, challengeLive: own('eve', 'wide') })
    await t.runReviews()

    // A submit with a write-up over the limit is refused whole: no iteration, nothing stored.
    const tooLong = await submit(b, { liveUrl: own('eve', 'v2'), writeUp: 'y'.repeat(5001) })
    expect(tooLong.status).toBe(400)
    expect((await tooLong.json()).error.message).toBe(WRITE_UP_TOO_LONG)
    expect(await rowOf('eve')).toMatchObject({ writeUp: longest, challengeLive: own('eve', 'wide') })
  })

  it('lists galleries per challenge and site-wide, newest or highest score first, filtered by category and difficulty', async () => {
    const at = (minutes: number) => new Date(Date.UTC(2030, 0, 1, 0, minutes))
    const made: Record<string, string> = {}
    const make = async (login: string, challenge: Challenge, score: number, minutes: number, extra = {}) => {
      const user = await createMember(database.db, login)
      const row = await createReviewedSubmission(database.db, user.id, challenge.id, [
        { score, at: at(minutes), ...extra },
      ])
      const [stored] = await database.db
        .select({ publicId: userChallenges.publicId })
        .from(userChallenges)
        .where(eq(userChallenges.id, row.id))
      made[login] = stored?.publicId ?? ''
    }
    await make('g-hero-low', hero, 40, 1)
    await make('g-hero-high', hero, 95.5, 2)
    await make('g-hero-mid', hero, 70, 3)
    await make('g-hero-failed', hero, 99, 4, { status: 'failed' })

    const newest = await gallery(`/api/challenges/${hero.id}/solutions`)
    expect(newest.solutions.map((s) => s.id)).toEqual([
      made['g-hero-mid'],
      made['g-hero-high'],
      made['g-hero-low'],
    ])
    expect(newest.nextCursor).toBeNull()
    expect(newest.solutions[0]).toMatchObject({
      member: { username: 'g-hero-mid' },
      challenge: { id: hero.id, category: 'hero', difficulty: 'hard' },
      score: 70,
      passedAt: at(3).toISOString(),
      captureUrl: '/files/k',
    })
    const byScore = await gallery(`/api/challenges/${hero.id}/solutions?sort=score`)
    expect(byScore.solutions.map((s) => s.score)).toEqual([95.5, 70, 40])

    const hard = await gallery('/api/solutions?difficulty=hard&category=hero')
    expect(hard.solutions.map((s) => s.id)).toEqual(newest.solutions.map((s) => s.id))
    const easyHero = await gallery('/api/solutions?difficulty=easy&category=hero')
    expect(easyHero.solutions).toEqual([])
    const navbars = await gallery('/api/solutions?category=navbar&limit=48')
    expect(navbars.solutions.every((s) => s.challenge.category === 'navbar')).toBe(true)
    expect(navbars.solutions.length).toBeGreaterThan(0)

    for (const [path, message] of [
      ['/api/solutions?sort=likes', /^sort: /],
      ['/api/solutions?category=nope', /^category: /],
      ['/api/solutions?difficulty=insane', /^difficulty: /],
      ['/api/solutions?limit=0', /^limit: /],
      ['/api/solutions?limit=49', /^limit: /],
      ['/api/solutions?cursor=%21%21', /^cursor: /],
      ['/api/solutions?cursor=bm90LWpzb24', /^cursor: /],
      [`/api/solutions?sort=score&cursor=${Buffer.from('["5",1]').toString('base64url')}`, /^cursor: /],
      [`/api/solutions?sort=liked&cursor=${Buffer.from('["5",1]').toString('base64url')}`, /^cursor: /],
    ] as const) {
      const response = await t.app.request(path)
      expect(response.status, path).toBe(400)
      expect((await response.json()).error.message).toMatch(message)
    }
    expect((await t.app.request('/api/challenges/999999/solutions')).status).toBe(404)
  })

  it('pages by cursor without repeating or skipping a card when solutions are listed in between', async () => {
    const base = Date.UTC(2031, 0, 1)
    const ids: string[] = []
    const make = async (login: string, score: number, at: number, likes = 0) => {
      const user = await createMember(database.db, login)
      const row = await createReviewedSubmission(database.db, user.id, navbar.id, [
        { score, at: new Date(at) },
      ])
      const [stored] = await database.db
        .update(userChallenges)
        .set({ likeCount: likes })
        .where(eq(userChallenges.id, row.id))
        .returning({ publicId: userChallenges.publicId })
      return stored?.publicId ?? ''
    }
    // Same instants, scores and likes in pairs: the solution id breaks ties.
    for (let i = 0; i < 9; i += 1)
      ids.push(
        await make(
          `p-${i}`,
          50 + Math.floor(i / 2),
          base + Math.floor(i / 2) * 1000,
          500 + Math.floor(i / 2),
        ),
      )

    for (const sort of ['newest', 'score', 'liked'] as const) {
      const path = `/api/challenges/${navbar.id}/solutions?sort=${sort}&limit=2`
      const expected = await allPages(`/api/challenges/${navbar.id}/solutions?sort=${sort}&limit=48`)
      const seen: string[] = []
      let body = await gallery(path)
      seen.push(...body.solutions.map((s) => s.id))
      let inserted = 0
      for (let page = 0; body.nextCursor !== null && page < 50; page += 1) {
        // Someone's solution passes between two pages: newer and better than any listed so far, so it
        // belongs on a page already read and must not push a card of this one onto the next.
        inserted += 1
        await make(
          `p-${sort}-late-${inserted}`,
          100,
          base + { newest: 3_600_000, score: 7_200_000, liked: 10_800_000 }[sort] + inserted,
          1000,
        )
        body = await gallery(`${path}&cursor=${encodeURIComponent(body.nextCursor)}`)
        seen.push(...body.solutions.map((s) => s.id))
      }
      expect(seen).toEqual(expected)
      expect(new Set(seen).size).toBe(seen.length)
      for (const id of ids) expect(seen).toContain(id)
    }
  })
})
