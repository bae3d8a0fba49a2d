import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importCatalogue } from '#server/content/import.ts'
import { pointsLedger, submissionReviews, userChallenges, users } from '#server/db/schema.ts'
import { CaptureError } from '#server/review/capture-errors.ts'
import type { Challenge } from '#shared/challenge.ts'
import {
  memberReviewsResponse,
  REVIEW_REQUESTS_PER_DAY,
  reviewResponse,
  VERDICT_FAILURES,
} from '#shared/review.ts'
import { submitResponse } from '#shared/user.ts'
import { verificationResponse } from '#shared/verification.ts'
import { createTestApp } from '#tests/support/app.ts'
import { browser, signIn, type TestBrowser } from '#tests/support/auth.ts'
import { temporaryDir, writeChallengeFolder } from '#tests/support/content-fixtures.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

/**
 * docs/product.md §4, §10: a submit records an iteration and queues its review; only a passed review
 * completes the challenge and earns its points. The sites are stand-ins (stand-in-sites.ts); the
 * pipeline, the verdict and the points are real.
 */
describe.each(TEST_DATABASES)('points follow a passed review on %s', (kind) => {
  let database: TestDatabase
  let t: TestApp
  let challenges: Challenge[]
  let logins = 0

  const member = async (prefix = 'learner') => {
    logins += 1
    const login = `${prefix}-${logins}`
    const b = browser(t.app)
    await signIn(b, { login })
    const [row] = await database.db.select().from(users).where(eq(users.username, login))
    if (!row) throw new Error('no member row')
    return { b, login, id: row.id, token: row.verificationToken }
  }
  const challenge = (index = 0) => challenges[index] as Challenge
  const submit = async (b: TestBrowser, liveUrl: string, index = 0, extra: object = {}) => {
    await b.send('POST', `/api/me/challenges/${challenge(index).id}/start`)
    return b.send('POST', `/api/me/challenges/${challenge(index).id}/submit`, { liveUrl, ...extra })
  }
  const me = async (b: TestBrowser) => (await (await b.get('/api/me')).json()).user
  const reviewsOf = async (b: TestBrowser, index = 0) =>
    memberReviewsResponse.parse(
      await (await b.get(`/api/me/challenges/${challenge(index).id}/reviews`)).json(),
    )
  const ledgerOf = (userId: string) =>
    database.db
      .select({ reason: pointsLedger.reason, points: pointsLedger.points })
      .from(pointsLedger)
      .where(eq(pointsLedger.userId, userId))
      .orderBy(pointsLedger.id)

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    const contentDir = await temporaryDir()
    for (let i = 0; i < 3; i += 1) {
      await writeChallengeFolder(contentDir, { title: `Review Decides ${i}`, date: `2026-10-0${i + 1}` })
    }
    t = await createTestApp(database)
    await importCatalogue({ db: database.db, storage: t.storage, contentDir })
    challenges = ((await (await t.app.request('/api/challenges')).json()).challenges as Challenge[]).sort(
      (a, b) => a.title.localeCompare(b.title),
    )
  })
  afterAll(async () => {
    await database?.drop()
  })

  it('awards nothing at submit; the passed review completes the challenge with 10 points, once', async () => {
    const { b, login, id } = await member()
    const response = await submit(b, `https://${login}.github.io/navbar`)
    expect(response.status).toBe(200)
    const body = submitResponse.parse(await response.json())
    expect(body.progress.status).toBe('ongoing')
    expect(body.user.points).toBe(0)
    expect(body.review.status).toBe('queued')
    expect(await me(b)).toMatchObject({ points: 0, submission: 0 })

    await t.runReviews()
    const { reviews } = await reviewsOf(b)
    expect(reviews[0]).toMatchObject({ status: 'passed', pointsAwarded: 10, error: null, score: 100 })
    expect(await me(b)).toMatchObject({ points: 10, submission: 1 })
    const progress = (await (await b.get(`/api/me/challenges/${challenge().id}`)).json()).progress
    expect(progress).toMatchObject({ status: 'completed', points: 10 })

    // Resubmitting is a new iteration with its own review; the earlier one stays, the points do not grow.
    expect((await submit(b, `https://${login}.github.io/navbar-v2`)).status).toBe(200)
    await t.runReviews()
    const after = await reviewsOf(b)
    expect(after.reviews.map((r) => [r.requestedUrl, r.status, r.pointsAwarded])).toEqual([
      [`https://${login}.github.io/navbar-v2`, 'passed', 0],
      [`https://${login}.github.io/navbar`, 'passed', 10],
    ])
    expect(await me(b)).toMatchObject({ points: 10, submission: 1 })
    expect(await ledgerOf(id)).toEqual([{ reason: 'challenge_completed', points: 10 }])
  })

  it('keeps a scheme-less address as https and the repository with the iteration', async () => {
    const { b, login } = await member()
    const response = await submit(b, `${login}.github.io/hero`, 0, {
      repositoryUrl: `https://github.com/${login}/hero`,
    })
    expect(response.status).toBe(200)
    const body = submitResponse.parse(await response.json())
    expect(body.review.requestedUrl).toBe(`https://${login}.github.io/hero`)
    expect(body.progress.repositoryUrl).toBe(`https://github.com/${login}/hero`)
  })

  const failures: Array<[string, (m: { login: string; token: string }) => [string, object], string]> = [
    ['a blank page', (m) => [`https://${m.login}.github.io/blank`, { blank: true }], 'blank_page'],
    ["someone else's github.io site", () => ['https://someone-else.github.io/navbar', {}], 'not_own_site'],
    [
      "a redirect to someone else's github.io site",
      (m) => [`https://${m.login}.github.io/moved`, { finalUrl: 'https://someone-else.github.io/x' }],
      'not_own_site',
    ],
    [
      'a site on another host without the tag',
      () => ['https://my-site.netlify.app/', {}],
      'verification_missing',
    ],
    [
      'a site with an old tag of nobody',
      () => ['https://old-tag.netlify.app/', { tokens: ['0123456789abcdef0123456789abcdef'] }],
      'verification_outdated',
    ],
  ]
  it.each(failures)('fails %s with its reason and no points', async (_name, site, code) => {
    const m = await member()
    const [url, page] = site(m)
    t.sites.set(url, page)
    expect((await submit(m.b, url)).status).toBe(200)
    await t.runReviews()
    const [review] = (await reviewsOf(m.b)).reviews
    expect(review).toMatchObject({
      status: 'failed',
      pointsAwarded: 0,
      error: { code, message: VERDICT_FAILURES[code as keyof typeof VERDICT_FAILURES] },
    })
    expect(await me(m.b)).toMatchObject({ points: 0, submission: 0 })
    expect(await ledgerOf(m.id)).toEqual([])
  })

  it("fails a page carrying another member's tag, and passes one with the member's own on any host", async () => {
    const owner = await member()
    const copier = await member()
    t.sites.set('https://copied.pages.dev/', { tokens: [owner.token] })
    expect((await submit(copier.b, 'https://copied.pages.dev/')).status).toBe(200)
    t.sites.set('https://mine.vercel.app/', { tokens: ['unrelated', owner.token] })
    expect((await submit(owner.b, 'https://mine.vercel.app/')).status).toBe(200)
    await t.runReviews()
    expect((await reviewsOf(copier.b)).reviews[0]?.error?.code).toBe('verification_other_member')
    expect(await me(copier.b)).toMatchObject({ points: 0 })
    expect((await reviewsOf(owner.b)).reviews[0]).toMatchObject({ status: 'passed', pointsAwarded: 10 })
    expect(await me(owner.b)).toMatchObject({ points: 10, submission: 1 })
  })

  it('fails an unreachable site with the capture reason, and "Review again" reviews it anew', async () => {
    const m = await member()
    const url = 'https://flaky.netlify.app/'
    t.sites.set(url, {
      tokens: [m.token],
      fail: () =>
        new CaptureError(
          'http_error',
          'The site answered with HTTP status 404 (Not Found) instead of a page.',
        ),
    })
    await submit(m.b, url)
    await t.runReviews()
    expect((await reviewsOf(m.b)).reviews[0]?.error).toEqual({
      code: 'http_error',
      message: 'The site answered with HTTP status 404 (Not Found) instead of a page.',
    })
    t.sites.set(url, { tokens: [m.token] })
    const again = await m.b.send('POST', `/api/me/challenges/${challenge().id}/reviews`)
    expect(again.status).toBe(202)
    await t.runReviews()
    const { reviews } = await reviewsOf(m.b)
    expect(reviews.map((r) => r.status)).toEqual(['passed', 'failed'])
    expect(await me(m.b)).toMatchObject({ points: 10 })
  })

  it('never refuses the first review; refuses the next past the day limit before changing anything', async () => {
    const m = await member()
    const url = (n: number) => `https://${m.login}.github.io/v${n}`
    for (let n = 0; n < REVIEW_REQUESTS_PER_DAY; n += 1)
      expect((await submit(m.b, url(n), 1)).status).toBe(200)
    const refused = await submit(m.b, url(99), 1)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(23 * 3600)
    const { error } = await refused.json()
    expect(error.code).toBe('review_limit')
    expect(error.message).toMatch(/Your next review is possible in 2[34] h/)
    const progress = (await (await m.b.get(`/api/me/challenges/${challenge(1).id}`)).json()).progress
    expect(progress.liveUrl).toBe(url(REVIEW_REQUESTS_PER_DAY - 1))
    const listed = await reviewsOf(m.b, 1)
    expect(listed.reviews).toHaveLength(REVIEW_REQUESTS_PER_DAY)
    expect(listed.requestsLeftToday).toBe(0)
    expect(listed.nextRequestAt).not.toBeNull()
    // Another challenge's first review is not touched by this one's limit.
    expect((await submit(m.b, url(7), 2)).status).toBe(200)
    await t.runReviews()
  })

  it('shows a review that has not passed to its member only, by an id nobody can guess', async () => {
    const m = await member()
    const stranger = await member()
    await submit(m.b, 'https://private.netlify.app/')
    await t.runReviews()
    const [failed] = (await reviewsOf(m.b)).reviews
    expect(failed?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect((await m.b.get(`/api/reviews/${failed?.id}`)).status).toBe(200)
    expect((await stranger.b.get(`/api/reviews/${failed?.id}`)).status).toBe(404)
    expect((await t.app.request(`/api/reviews/${failed?.id}`)).status).toBe(404)
    expect((await t.app.request('/api/reviews/1')).status).toBe(400)

    await submit(m.b, `https://${m.login}.github.io/public`)
    await t.runReviews()
    const [passed] = (await reviewsOf(m.b)).reviews
    const visitor = await t.app.request(`/api/reviews/${passed?.id}`)
    expect(visitor.status).toBe(200)
    const { review } = reviewResponse.parse(await visitor.json())
    expect(review).toMatchObject({ status: 'passed', requestedUrl: `https://${m.login}.github.io/public` })
  })

  it('rotates the verification token: the old tag stops counting', async () => {
    const m = await member()
    const first = verificationResponse.parse(await (await m.b.get('/api/me/verification')).json())
    expect(first.token).toBe(m.token)
    expect(first.tag).toBe(`<meta name="frontend-dojo-verification" content="${m.token}">`)
    const rotated = verificationResponse.parse(
      await (await m.b.send('POST', '/api/me/verification/rotate')).json(),
    )
    expect(rotated.token).not.toBe(m.token)
    t.sites.set('https://rotated.netlify.app/', { tokens: [m.token] })
    await submit(m.b, 'https://rotated.netlify.app/')
    await t.runReviews()
    expect((await reviewsOf(m.b)).reviews[0]?.error?.code).toBe('verification_outdated')
  })

  it('awards exactly the points of the passed reviews under a burst of 20 concurrent submits', async () => {
    const m = await member('burst')
    for (const c of challenges) await m.b.send('POST', `/api/me/challenges/${c.id}/start`)
    const sent = await Promise.all(
      Array.from({ length: 20 }, (_, n) => {
        const c = challenges[n % challenges.length] as Challenge
        const url =
          n % 2 === 0 ? `https://${m.login}.github.io/burst-${n}` : `https://burst-${n}.netlify.app/`
        return m.b.send('POST', `/api/me/challenges/${c.id}/submit`, { liveUrl: url })
      }),
    )
    const accepted = sent.filter((r) => r.status === 200).length
    expect(sent.every((r) => r.status === 200 || r.status === 429)).toBe(true)
    // Three challenges, five reviews a day each: fifteen at most.
    expect(accepted).toBe(Math.min(20, challenges.length * REVIEW_REQUESTS_PER_DAY))
    await t.runReviews()
    const passedChallenges = await database.db
      .selectDistinct({ challengeId: userChallenges.challengeId })
      .from(submissionReviews)
      .innerJoin(userChallenges, eq(userChallenges.id, submissionReviews.userChallengeId))
      .where(and(eq(userChallenges.userId, m.id), eq(submissionReviews.status, 'passed')))
    expect(passedChallenges).toHaveLength(challenges.length)
    expect(await me(m.b)).toMatchObject({ points: 10 * challenges.length, submission: challenges.length })
    const [sum] = await database.db
      .select({ total: sql<number>`sum(${submissionReviews.pointsAwarded})::int` })
      .from(submissionReviews)
      .innerJoin(userChallenges, eq(userChallenges.id, submissionReviews.userChallengeId))
      .where(eq(userChallenges.userId, m.id))
    expect(sum?.total).toBe(10 * challenges.length)
  })
})
