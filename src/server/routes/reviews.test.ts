import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importCatalogue } from '#server/content/import.ts'
import { jobs, reviewBreakpoints, submissionReviews, userChallenges, users } from '#server/db/schema.ts'
import { REVIEW_LIMIT_MESSAGE } from '#server/routes/me.ts'
import type { Challenge } from '#shared/challenge.ts'
import { profilePageResponse } from '#shared/member.ts'
import {
  memberReviewsResponse,
  REVIEW_REQUESTS_PER_DAY,
  type ReviewQuality,
  reviewResponse,
  reviewSummarySchema,
} from '#shared/review.ts'
import { submitResponse } from '#shared/user.ts'
import { createTestApp } from '#tests/support/app.ts'
import { browser, ORIGIN, signIn, type TestBrowser } from '#tests/support/auth.ts'
import { temporaryDir, writeChallengeFolder } from '#tests/support/content-fixtures.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

describe.each(TEST_DATABASES)('submission reviews through the API on %s', (kind) => {
  let database: TestDatabase
  let t: TestApp
  let challenge: Challenge
  let other: Challenge
  let logins = 0

  const member = async (login = `reviewer-${++logins}`) => {
    const b = browser(t.app)
    await signIn(b, { login })
    return b
  }
  const start = (b: TestBrowser, id = challenge.id) => b.send('POST', `/api/me/challenges/${id}/start`)
  const submit = (b: TestBrowser, liveUrl: string, id = challenge.id) =>
    b.send('POST', `/api/me/challenges/${id}/submit`, { liveUrl })
  const requestReview = (b: TestBrowser, id = challenge.id) =>
    b.send('POST', `/api/me/challenges/${id}/reviews`)
  const complete = async (b: TestBrowser, liveUrl = 'https://someone.github.io/site', id = challenge.id) => {
    await start(b, id)
    const response = await submit(b, liveUrl, id)
    expect(response.status).toBe(200)
    return submitResponse.parse(await response.json())
  }

  /** The member's submission row of a challenge. */
  const submissionOf = async (login: string, id = challenge.id) => {
    const [row] = await database.db
      .select({ id: userChallenges.id })
      .from(userChallenges)
      .innerJoin(users, eq(users.id, userChallenges.userId))
      .where(and(eq(users.username, login), eq(userChallenges.challengeId, id)))
    if (!row) throw new Error(`${login} has no submission of ${id}`)
    return row.id
  }
  const reviewsOf = (userChallengeId: number) =>
    database.db.select().from(submissionReviews).where(eq(submissionReviews.userChallengeId, userChallengeId))
  const jobsOf = (userChallengeId: number) =>
    database.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `review:${userChallengeId}`))

  /** What a worker would do with the waiting review of a submission, without a browser. */
  const finishWaiting = async (userChallengeId: number, status: 'done' | 'failed' = 'failed') => {
    await database.db
      .update(jobs)
      .set({ status: status === 'done' ? 'done' : 'failed' })
      .where(
        and(eq(jobs.dedupeKey, `review:${userChallengeId}`), inArray(jobs.status, ['queued', 'running'])),
      )
    await database.db
      .update(submissionReviews)
      .set(
        status === 'done'
          ? { status, finishedAt: sql`now()`, startedAt: sql`now()` }
          : { status, errorCode: 'unreachable', errorMessage: 'We could not reach the site.' },
      )
      .where(
        and(
          eq(submissionReviews.userChallengeId, userChallengeId),
          inArray(submissionReviews.status, ['queued', 'running']),
        ),
      )
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    const contentDir = await temporaryDir()
    await writeChallengeFolder(contentDir, { title: 'Review Me', date: '2026-10-01' })
    await writeChallengeFolder(contentDir, { title: 'Review Me Too', date: '2026-10-02' })
    t = await createTestApp(database)
    await importCatalogue({ db: database.db, storage: t.storage, contentDir })
    const list = (await (await t.app.request('/api/challenges')).json()).challenges as Challenge[]
    challenge = list.find((c) => c.slug === 'Review-Me') as Challenge
    other = list.find((c) => c.slug === 'Review-Me-Too') as Challenge
  })
  afterAll(async () => {
    await database?.drop()
  })

  it('queues one review and one job on submit, on top of the 10 points', async () => {
    const b = await member('submitter')
    const first = await complete(b)
    expect(first.pointsAwarded).toBe(10)
    expect(first.user).toMatchObject({ points: 10, submission: 1 })
    expect(first.review).toEqual(reviewSummarySchema.parse(first.review))
    expect(first.review).toMatchObject({ status: 'queued', score: null })

    const submission = await submissionOf('submitter')
    const [review] = await reviewsOf(submission)
    expect(review).toMatchObject({
      id: first.review?.id,
      status: 'queued',
      requestedUrl: 'https://someone.github.io/site',
    })
    const jobs = await jobsOf(submission)
    expect(jobs).toHaveLength(1)
    expect(jobs[0]).toMatchObject({
      kind: 'review',
      status: 'queued',
      payload: { reviewId: first.review?.id },
    })

    // A resubmit and a request while that review still waits: the same review, which now opens the new URL.
    const again = submitResponse.parse(await (await submit(b, 'https://someone.github.io/site-v2')).json())
    expect(again.pointsAwarded).toBe(0)
    expect(again.user).toMatchObject({ points: 10, submission: 1 })
    expect(again.review?.id).toBe(first.review?.id)
    const requested = await requestReview(b)
    expect(requested.status).toBe(202)
    expect((await requested.json()).review.id).toBe(first.review?.id)
    expect(await reviewsOf(submission)).toEqual([
      expect.objectContaining({ id: first.review?.id, requestedUrl: 'https://someone.github.io/site-v2' }),
    ])
    expect(await jobsOf(submission)).toHaveLength(1)
  })

  it('queues a new review on request once the last one finished, newest first in the list', async () => {
    const b = await member('requester')
    const { review: first } = await complete(b)
    const submission = await submissionOf('requester')
    await finishWaiting(submission)
    const response = await requestReview(b)
    expect(response.status).toBe(202)
    const second = reviewSummarySchema.parse((await response.json()).review)
    expect(second).toMatchObject({ status: 'queued', score: null })
    expect(second.id).not.toBe(first?.id)
    expect((await jobsOf(submission)).map((job) => job.status).sort()).toEqual(['failed', 'queued'])

    const list = await b.get(`/api/me/challenges/${challenge.id}/reviews`)
    expect(list.status).toBe(200)
    expect(memberReviewsResponse.parse(await list.json())).toEqual({
      reviews: [second, expect.objectContaining({ id: first?.id, status: 'failed' })],
      requestsLeftToday: REVIEW_REQUESTS_PER_DAY - 2,
    })
  })

  it(`refuses a review beyond ${REVIEW_REQUESTS_PER_DAY} a day with 429, creating nothing`, async () => {
    const b = await member('eager')
    await complete(b)
    const submission = await submissionOf('eager')
    for (let i = 1; i < REVIEW_REQUESTS_PER_DAY; i++) {
      await finishWaiting(submission)
      expect((await requestReview(b)).status).toBe(202)
    }
    await finishWaiting(submission)
    const refused = await requestReview(b)
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({
      error: {
        code: 'review_limit',
        message: 'You can request at most 5 reviews of a challenge a day. Please try again tomorrow.',
      },
    })
    expect(REVIEW_LIMIT_MESSAGE).toBe(
      'You can request at most 5 reviews of a challenge a day. Please try again tomorrow.',
    )
    expect(await reviewsOf(submission)).toHaveLength(REVIEW_REQUESTS_PER_DAY)
    expect(await jobsOf(submission)).toHaveLength(REVIEW_REQUESTS_PER_DAY)
    const list = memberReviewsResponse.parse(
      await (await b.get(`/api/me/challenges/${challenge.id}/reviews`)).json(),
    )
    expect(list.requestsLeftToday).toBe(0)

    // A resubmit still counts its points rules and answers 200; it queues no sixth review.
    const resubmit = submitResponse.parse(await (await submit(b, 'https://someone.github.io/v3')).json())
    expect(resubmit.review).toBeNull()
    expect(await reviewsOf(submission)).toHaveLength(REVIEW_REQUESTS_PER_DAY)

    // The limit is per challenge: another one of the same member is reviewed.
    expect((await complete(b, 'https://someone.github.io/other', other.id)).review).toMatchObject({
      status: 'queued',
    })

    // A day later the oldest no longer counts.
    const [oldest] = (await reviewsOf(submission)).sort((x, y) => x.id - y.id)
    await database.db
      .update(submissionReviews)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(submissionReviews.id, oldest?.id ?? 0))
    expect((await requestReview(b)).status).toBe(202)
    expect(await reviewsOf(submission)).toHaveLength(REVIEW_REQUESTS_PER_DAY + 1)
  })

  it('queues one review for requests that arrive together', async () => {
    const b = await member('impatient')
    await complete(b)
    const submission = await submissionOf('impatient')
    await finishWaiting(submission)
    const responses = await Promise.all(Array.from({ length: 4 }, () => requestReview(b)))
    expect(responses.map((r) => r.status)).toEqual([202, 202, 202, 202])
    const ids = new Set(await Promise.all(responses.map(async (r) => (await r.json()).review.id)))
    expect(ids.size).toBe(1)
    expect((await reviewsOf(submission)).filter((r) => r.status === 'queued').map((r) => r.id)).toEqual([
      ...ids,
    ])
    expect((await jobsOf(submission)).filter((job) => job.status === 'queued')).toHaveLength(1)
  })

  it('reviews only the member own completed challenge', async () => {
    const owner = await member('owner')
    await complete(owner)
    const stranger = await member('stranger')
    const notMine = await requestReview(stranger)
    expect(notMine.status).toBe(404)
    expect((await notMine.json()).error.code).toBe('not_found')
    expect(
      memberReviewsResponse.parse(
        await (await stranger.get(`/api/me/challenges/${challenge.id}/reviews`)).json(),
      ),
    ).toEqual({ reviews: [], requestsLeftToday: REVIEW_REQUESTS_PER_DAY })

    await start(stranger)
    const ongoing = await requestReview(stranger)
    expect(ongoing.status).toBe(409)
    expect(await ongoing.json()).toEqual({
      error: {
        code: 'not_completed',
        message: 'Submit a solution to this challenge before requesting a review.',
      },
    })
    expect(await reviewsOf(await submissionOf('stranger'))).toEqual([])

    expect((await requestReview(stranger, 2147483647)).status).toBe(404)
    expect((await stranger.send('POST', '/api/me/challenges/01/reviews')).status).toBe(400)
    expect((await stranger.get('/api/me/challenges/2147483647/reviews')).status).toBe(404)
  })

  it('keeps the review request behind sign-in and the same-origin check', async () => {
    const b = await member('careful')
    await complete(b)
    await finishWaiting(await submissionOf('careful'))
    const visitor = browser(t.app)
    expect((await requestReview(visitor)).status).toBe(401)
    expect((await visitor.get(`/api/me/challenges/${challenge.id}/reviews`)).status).toBe(401)
    const foreign = await b.request(`/api/me/challenges/${challenge.id}/reviews`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect(foreign.status).toBe(403)
    expect((await reviewsOf(await submissionOf('careful'))).map((r) => r.status)).toEqual(['failed'])
  })

  it('shows a queued review publicly, uncached, and a done one with its breakpoints and mean score', async () => {
    const b = await member('public-reviewee')
    const { review: summary } = await complete(b, 'https://public.github.io/page')
    const id = summary?.id ?? 0
    const queued = await browser(t.app).get(`/api/reviews/${id}`)
    expect(queued.status).toBe(200)
    expect(queued.headers.get('Cache-Control')).toBe('no-store')
    const queuedReview = reviewResponse.parse(await queued.json()).review
    expect(queuedReview).toEqual({
      id,
      status: 'queued',
      requestedUrl: 'https://public.github.io/page',
      finalUrl: null,
      error: null,
      score: null,
      createdAt: summary?.createdAt,
      startedAt: null,
      finishedAt: null,
      versions: null,
      breakpoints: [],
      // No quality report and no ownership verdict until the review has run.
      quality: null,
      ownership: null,
      linkStatus: 'live',
      member: { username: 'public-reviewee', name: 'Public Reviewee', avatarUrl: expect.any(String) },
      challenge: { id: challenge.id, slug: challenge.slug, title: challenge.title },
    })

    // What a worker writes (service.test.ts runs a real one).
    const scores = { desktop: 99.9, tablet: 80.2, mobile: 60 }
    await database.db.insert(reviewBreakpoints).values(
      (['mobile', 'desktop', 'tablet'] as const).map((breakpoint) => ({
        reviewId: id,
        breakpoint,
        width: { desktop: 1440, tablet: 768, mobile: 375 }[breakpoint],
        captureKey: `public/reviews/${id}/${breakpoint}-capture.png`,
        diffKey: `public/reviews/${id}/${breakpoint}-diff.png`,
        designHeight: 900,
        captureHeight: 1350,
        comparedHeight: 1350,
        heightRatio: 1.5,
        rawMismatch: 10,
        baselineMismatch: 1000,
        score: scores[breakpoint],
        failedFonts: breakpoint === 'mobile' ? ['Inter'] : [],
      })),
    )
    const quality: ReviewQuality = {
      axe: {
        desktop: { status: 'done', findings: [] },
        mobile: { status: 'unavailable', reason: 'The accessibility check could not run on this page.' },
      },
      html: { status: 'done', documents: [{ source: 'served', errors: 0, warnings: 0, findings: [] }] },
      lighthouse: {
        status: 'done',
        scores: { performance: 0.5, accessibility: 1, 'best-practices': 0.25, seo: null },
      },
      versions: { 'axe-core': '4.13.0', 'html-validate': '10.17.0', lighthouse: '12.8.2' },
    }
    await database.db
      .update(submissionReviews)
      .set({
        status: 'done',
        finalUrl: 'https://public.github.io/page/',
        quality,
        ownership: 'verified',
        versions: { chromium: '1.2.3', playwright: '1.65.1', pixelmatch: '7.2.0' },
        startedAt: sql`now()`,
        finishedAt: sql`now()`,
      })
      .where(eq(submissionReviews.id, id))
    const done = await browser(t.app).get(`/api/reviews/${id}`)
    expect(done.headers.get('Cache-Control')).toBe('no-cache')
    const review = reviewResponse.parse(await done.json()).review
    expect(review).toMatchObject({
      status: 'done',
      finalUrl: 'https://public.github.io/page/',
      score: 80,
      versions: { chromium: '1.2.3', playwright: '1.65.1', pixelmatch: '7.2.0' },
      startedAt: expect.any(String),
      finishedAt: expect.any(String),
      quality,
      ownership: 'verified',
      linkStatus: 'live',
    })
    expect(review.breakpoints.map((bp) => bp.breakpoint)).toEqual(['desktop', 'tablet', 'mobile'])
    expect(review.breakpoints[0]).toEqual({
      breakpoint: 'desktop',
      width: 1440,
      score: 99.9,
      captureUrl: `/files/reviews/${id}/desktop-capture.png`,
      diffUrl: `/files/reviews/${id}/desktop-diff.png`,
      designUrl: challenge.templateImg,
      designHeight: 900,
      captureHeight: 1350,
      comparedHeight: 1350,
      heightRatio: 1.5,
      failedFonts: [],
    })
    expect(review.breakpoints.map((bp) => bp.designUrl)).toEqual([
      challenge.templateImg,
      challenge.tabletImg,
      challenge.mobileImg,
    ])
    expect(review.breakpoints[2]?.failedFonts).toEqual(['Inter'])
    // Lists show the same score as the report.
    const list = memberReviewsResponse.parse(
      await (await b.get(`/api/me/challenges/${challenge.id}/reviews`)).json(),
    )
    expect(list.reviews[0]).toEqual({ id, status: 'done', score: 80, createdAt: summary?.createdAt })
  })

  it('shows why a review failed', async () => {
    const b = await member('failing')
    const { review: summary } = await complete(b)
    await finishWaiting(await submissionOf('failing'))
    const review = reviewResponse.parse(
      await (await t.app.request(`/api/reviews/${summary?.id}`)).json(),
    ).review
    expect(review).toMatchObject({
      status: 'failed',
      score: null,
      breakpoints: [],
      error: { code: 'unreachable', message: 'We could not reach the site.' },
    })
  })

  it.each([
    ['2147483647', 404],
    ['999999', 404],
    ['01', 400],
    ['0', 400],
    ['-1', 400],
    ['1e1', 400],
    ['abc', 400],
    ['2147483648', 400],
    ['%00', 400],
  ])('answers GET /api/reviews/%s with %i and the error shape', async (id, status) => {
    const response = await t.app.request(`${ORIGIN}/api/reviews/${id}`)
    expect(response.status).toBe(status)
    const { error } = await response.json()
    expect(error).toEqual({ code: status === 404 ? 'not_found' : 'bad_request', message: expect.any(String) })
    if (status === 400) expect(error.message).toMatch(/^id: /)
  })

  it('shows the latest review of each submission on the public profile', async () => {
    const b = await member('profiled')
    await complete(b)
    await complete(b, 'https://someone.github.io/other', other.id)
    const submission = await submissionOf('profiled')
    await finishWaiting(submission)
    const newest = (await (await requestReview(b)).json()).review
    // The other submission has no review at all.
    await database.db
      .delete(submissionReviews)
      .where(eq(submissionReviews.userChallengeId, await submissionOf('profiled', other.id)))

    const response = await t.app.request('/api/users/profiled')
    expect(response.status).toBe(200)
    const page = profilePageResponse.parse(await response.json())
    const byChallenge = new Map(page.submissions.map((s) => [s.challenge.id, s.review]))
    expect(page.submissions).toHaveLength(2)
    expect(byChallenge.get(challenge.id)).toEqual(newest)
    expect(byChallenge.get(other.id)).toBeNull()
  })
})
