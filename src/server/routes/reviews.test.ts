import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importCatalogue } from '#server/content/import.ts'
import { jobs, reviewBreakpoints, submissionReviews, userChallenges, users } from '#server/db/schema.ts'
import { CaptureError } from '#server/review/capture-errors.ts'
import { REVIEW_JOB_KIND } from '#server/review/workers.ts'
import type { Challenge } from '#shared/challenge.ts'
import { profilePageResponse } from '#shared/member.ts'
import {
  memberReviewsResponse,
  REVIEW_REQUESTS_PER_DAY,
  type ReviewQuality,
  reviewResponse,
  reviewSummarySchema,
  VERDICT_FAILURES,
} from '#shared/review.ts'
import { submitResponse } from '#shared/user.ts'
import { createTestApp } from '#tests/support/app.ts'
import { browser, ORIGIN, signIn, type TestBrowser } from '#tests/support/auth.ts'
import { temporaryDir, writeChallengeFolder } from '#tests/support/content-fixtures.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Reviews through the API (docs/product.md §10). The sites are stand-ins (tests/support/stand-in-sites.ts):
 * `t.runReviews()` runs the queued reviews for real, and a member's own `<login>.github.io` passes.
 */
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
  /** An address on the member's own GitHub Pages site: its review passes. */
  const own = (login: string, path = 'site') => `https://${login}.github.io/${path}`
  const start = (b: TestBrowser, id = challenge.id) => b.send('POST', `/api/me/challenges/${id}/start`)
  const submit = (b: TestBrowser, liveUrl: string, id = challenge.id) =>
    b.send('POST', `/api/me/challenges/${id}/submit`, { liveUrl })
  const requestReview = (b: TestBrowser, id = challenge.id) =>
    b.send('POST', `/api/me/challenges/${id}/reviews`)
  const listReviews = async (b: TestBrowser, id = challenge.id) =>
    memberReviewsResponse.parse(await (await b.get(`/api/me/challenges/${id}/reviews`)).json())
  const submitted = async (b: TestBrowser, liveUrl: string, id = challenge.id) => {
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
    database.db
      .select()
      .from(submissionReviews)
      .where(eq(submissionReviews.userChallengeId, userChallengeId))
      .orderBy(submissionReviews.id)
  /** The review jobs of a submission's reviews (their payload names the review's internal id). */
  const jobsOf = (userChallengeId: number) =>
    database.db
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, REVIEW_JOB_KIND),
          sql`(${jobs.payload}->>'reviewId')::int in (select ${submissionReviews.id} from ${submissionReviews} where ${submissionReviews.userChallengeId} = ${userChallengeId})`,
        ),
      )
      .orderBy(jobs.id)

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

  it('queues one review and one job per submit, and awards nothing until a review passes', async () => {
    const b = await member('submitter')
    const first = await submitted(b, own('submitter'))
    expect(first).not.toHaveProperty('pointsAwarded')
    expect(first.progress.status).toBe('ongoing')
    expect(first.user).toMatchObject({ points: 0, submission: 0 })
    expect(first.review).toEqual(reviewSummarySchema.parse(first.review))
    expect(first.review).toMatchObject({
      status: 'queued',
      stage: null,
      score: null,
      error: null,
      pointsAwarded: 0,
      requestedUrl: own('submitter'),
    })

    const submission = await submissionOf('submitter')
    const [review] = await reviewsOf(submission)
    expect(review).toMatchObject({
      publicId: first.review.id,
      status: 'queued',
      purpose: 'submit',
      requestedUrl: own('submitter'),
    })
    const queued = await jobsOf(submission)
    expect(queued).toHaveLength(1)
    expect(queued[0]).toMatchObject({ kind: 'review', status: 'queued', payload: { reviewId: review?.id } })

    // "Review again" while that review waits: the same review, and no other job.
    const requested = await requestReview(b)
    expect(requested.status).toBe(202)
    expect((await requested.json()).review).toMatchObject({ id: first.review.id, status: 'queued' })
    expect(await jobsOf(submission)).toHaveLength(1)

    // A resubmit is a new iteration, with a review and a job of its own.
    const again = submitResponse.parse(await (await submit(b, own('submitter', 'site-v2'))).json())
    expect(again.review.id).not.toBe(first.review.id)
    expect(again.review.requestedUrl).toBe(own('submitter', 'site-v2'))
    expect(again.user).toMatchObject({ points: 0, submission: 0 })
    expect((await reviewsOf(submission)).map((r) => r.requestedUrl)).toEqual([
      own('submitter'),
      own('submitter', 'site-v2'),
    ])
    expect(await jobsOf(submission)).toHaveLength(2)

    await t.runReviews()
    const { reviews } = await listReviews(b)
    expect(reviews.map((r) => [r.id, r.status, r.pointsAwarded])).toEqual([
      [again.review.id, 'passed', 0],
      [first.review.id, 'passed', 10],
    ])
    expect((await (await b.get('/api/me')).json()).user).toMatchObject({ points: 10, submission: 1 })
  })

  it('queues a new review on request once the last one ended, newest first in the list', async () => {
    const b = await member('requester')
    // Another host without the member's tag: the review fails.
    const { review: first } = await submitted(b, 'https://requester-site.netlify.app')
    await t.runReviews()
    const submission = await submissionOf('requester')
    const response = await requestReview(b)
    expect(response.status).toBe(202)
    const second = reviewSummarySchema.parse((await response.json()).review)
    expect(second).toMatchObject({
      status: 'queued',
      score: null,
      requestedUrl: 'https://requester-site.netlify.app',
    })
    expect(second.id).not.toBe(first.id)
    const queued = await jobsOf(submission)
    expect(queued).toHaveLength(2)
    expect(queued.filter((job) => job.status === 'queued')).toHaveLength(1)

    expect(await listReviews(b)).toEqual({
      reviews: [
        second,
        expect.objectContaining({
          id: first.id,
          status: 'failed',
          pointsAwarded: 0,
          error: { code: 'verification_missing', message: VERDICT_FAILURES.verification_missing },
        }),
      ],
      requestsLeftToday: REVIEW_REQUESTS_PER_DAY - 2,
      nextRequestAt: null,
      // The submission's solution page (docs/product.md §11).
      solutionId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
    })
    await t.runReviews()
  })

  it('refuses "Review again" of a name that does not resolve, with the reason, spending nothing', async () => {
    const b = await member('typo')
    const url = 'https://typo-site.netlify.app'
    t.sites.set(url, {
      fail: () => new CaptureError('unreachable', "The site's name could not be found: check the address."),
    })
    const { review: first } = await submitted(b, url)
    await t.runReviews()
    const before = await listReviews(b)
    expect(before.reviews[0]).toMatchObject({ id: first.id, status: 'failed' })
    const submission = await submissionOf('typo')

    t.missingNames.add('typo-site.netlify.app')
    const refused = await requestReview(b)
    expect(refused.status).toBe(422)
    expect(await refused.json()).toEqual({
      error: {
        code: 'name_not_found',
        message:
          "The name typo-site.netlify.app does not exist. Nothing was reviewed and none of today's reviews was used: check the address, or change it.",
      },
    })
    // Nothing queued, nothing spent.
    expect(await reviewsOf(submission)).toHaveLength(1)
    expect(await jobsOf(submission)).toHaveLength(1)
    expect(await listReviews(b)).toEqual(before)

    // Once the name resolves, "Review again" spends one of the day's reviews as usual.
    t.missingNames.delete('typo-site.netlify.app')
    expect((await requestReview(b)).status).toBe(202)
    expect((await listReviews(b)).requestsLeftToday).toBe(before.requestsLeftToday - 1)
    await t.runReviews()
  })

  it(`refuses a review beyond ${REVIEW_REQUESTS_PER_DAY} a day with 429 and when the next is possible, creating nothing`, async () => {
    const b = await member('eager')
    await submitted(b, own('eager'))
    const submission = await submissionOf('eager')
    for (let i = 1; i < REVIEW_REQUESTS_PER_DAY; i++) {
      await t.runReviews()
      expect((await requestReview(b)).status).toBe(202)
    }
    await t.runReviews()
    const refused = await requestReview(b)
    expect(refused.status).toBe(429)
    const retryAfter = Number(refused.headers.get('Retry-After'))
    expect(retryAfter).toBeGreaterThan(23 * 3600)
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600)
    const { error } = await refused.json()
    expect(error.code).toBe('review_limit')
    expect(error.message).toMatch(
      new RegExp(
        `^You can ask for ${REVIEW_REQUESTS_PER_DAY} reviews of a challenge a day, and you have used them\\. Your next review is possible in 2[34] h( \\d+ min)?\\.$`,
      ),
    )
    const rows = await reviewsOf(submission)
    expect(rows).toHaveLength(REVIEW_REQUESTS_PER_DAY)
    expect(await jobsOf(submission)).toHaveLength(REVIEW_REQUESTS_PER_DAY)
    const oldest = rows[0]?.createdAt ?? new Date()
    expect(await listReviews(b)).toMatchObject({
      requestsLeftToday: 0,
      nextRequestAt: new Date(oldest.getTime() + DAY_MS).toISOString(),
    })

    // A resubmit is a review too: refused the same way, and it stores nothing (not even the address).
    const resubmit = await submit(b, own('eager', 'v3'))
    expect(resubmit.status).toBe(429)
    expect(Number(resubmit.headers.get('Retry-After'))).toBeGreaterThan(23 * 3600)
    expect((await resubmit.json()).error.code).toBe('review_limit')
    expect(await reviewsOf(submission)).toHaveLength(REVIEW_REQUESTS_PER_DAY)
    expect((await (await b.get(`/api/me/challenges/${challenge.id}`)).json()).progress.liveUrl).toBe(
      own('eager'),
    )

    // The limit is per challenge: another one of the same member is reviewed.
    expect((await submitted(b, own('eager', 'other'), other.id)).review).toMatchObject({ status: 'queued' })

    // A day later the oldest no longer counts.
    await database.db
      .update(submissionReviews)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(submissionReviews.id, rows[0]?.id ?? 0))
    expect(await listReviews(b)).toMatchObject({ requestsLeftToday: 1, nextRequestAt: null })
    expect((await requestReview(b)).status).toBe(202)
    expect(await reviewsOf(submission)).toHaveLength(REVIEW_REQUESTS_PER_DAY + 1)
    await t.runReviews()
  })

  it('queues one review for requests that arrive together', async () => {
    const b = await member('impatient')
    await submitted(b, own('impatient'))
    const submission = await submissionOf('impatient')
    await t.runReviews()
    const responses = await Promise.all(Array.from({ length: 4 }, () => requestReview(b)))
    expect(responses.map((r) => r.status)).toEqual([202, 202, 202, 202])
    const ids = new Set(await Promise.all(responses.map(async (r) => (await r.json()).review.id)))
    expect(ids.size).toBe(1)
    expect((await reviewsOf(submission)).filter((r) => r.status === 'queued').map((r) => r.publicId)).toEqual(
      [...ids],
    )
    expect((await jobsOf(submission)).filter((job) => job.status === 'queued')).toHaveLength(1)
    await t.runReviews()
  })

  it("reviews only the member's own submitted challenge", async () => {
    const owner = await member('owner')
    await submitted(owner, own('owner'))
    const stranger = await member('stranger')
    const notMine = await requestReview(stranger)
    expect(notMine.status).toBe(404)
    expect((await notMine.json()).error.code).toBe('not_found')
    expect(await listReviews(stranger)).toEqual({
      reviews: [],
      requestsLeftToday: REVIEW_REQUESTS_PER_DAY,
      nextRequestAt: null,
      solutionId: null,
    })

    await start(stranger)
    const ongoing = await requestReview(stranger)
    expect(ongoing.status).toBe(409)
    expect(await ongoing.json()).toEqual({
      error: {
        code: 'not_submitted',
        message: 'Submit a solution to this challenge before asking for a review.',
      },
    })
    expect(await reviewsOf(await submissionOf('stranger'))).toEqual([])

    expect((await requestReview(stranger, 2147483647)).status).toBe(404)
    expect((await stranger.send('POST', '/api/me/challenges/01/reviews')).status).toBe(400)
    expect((await stranger.get('/api/me/challenges/2147483647/reviews')).status).toBe(404)
    await t.runReviews()
  })

  it('keeps the review request behind sign-in and the same-origin check', async () => {
    const b = await member('careful')
    await submitted(b, own('careful'))
    await t.runReviews()
    const visitor = browser(t.app)
    expect((await requestReview(visitor)).status).toBe(401)
    expect((await visitor.get(`/api/me/challenges/${challenge.id}/reviews`)).status).toBe(401)
    const foreign = await b.request(`/api/me/challenges/${challenge.id}/reviews`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect(foreign.status).toBe(403)
    expect((await reviewsOf(await submissionOf('careful'))).map((r) => r.status)).toEqual(['passed'])
  })

  it('shows a waiting review to its member only, uncached, and a passed one to anyone with its breakpoints and mean score', async () => {
    const b = await member('public-reviewee')
    const url = own('public-reviewee', 'page')
    const { review: summary } = await submitted(b, url)
    const id = summary.id
    // docs/product.md §10: a review that has not passed is its member's only; others are told it is not there.
    expect((await browser(t.app).get(`/api/reviews/${id}`)).status).toBe(404)
    expect((await (await member()).get(`/api/reviews/${id}`)).status).toBe(404)
    const queued = await b.get(`/api/reviews/${id}`)
    expect(queued.status).toBe(200)
    expect(queued.headers.get('Cache-Control')).toBe('private, no-store')
    const queuedReview = reviewResponse.parse(await queued.json()).review
    expect(queuedReview).toEqual({
      id,
      status: 'queued',
      stage: null,
      requestedUrl: url,
      repositoryUrl: null,
      finalUrl: null,
      error: null,
      score: null,
      createdAt: summary.createdAt,
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

    // What a worker writes (the other tests run the real pipeline), images under the review's public id.
    const [row] = await database.db
      .select({ id: submissionReviews.id })
      .from(submissionReviews)
      .where(eq(submissionReviews.publicId, id))
    const internalId = row?.id ?? 0
    const scores = { desktop: 99.9, tablet: 80.2, mobile: 60 }
    // Desktop has its element review as today's pipeline stores it; tablet one of a shape version this
    // code does not know; mobile none, as a review stored before findings: both read as none.
    const agreement = {
      content: 0.9,
      position: 0.8,
      size: 0.85,
      colour: 1,
      overall: 0.77,
      paired: 12,
      missing: 1,
      extra: 0,
    }
    const finding = {
      kind: 'layout' as const,
      severity: 'high' as const,
      weight: 0.7,
      sentence:
        'The heading "Sound, shaped for you" is 48 px lower and 30 % smaller (font-size 34 px, design 48 px).',
      designBox: { x: 120, y: 340, width: 560, height: 64 },
      pageBox: { x: 120, y: 388, width: 392, height: 45 },
      numbers: { dx: 0, dy: 48, sizePercent: -30, fontSize: 34, designFontSize: 48 },
    }
    const missing = {
      kind: 'missing' as const,
      severity: 'medium' as const,
      weight: 0.2,
      sentence: 'The image (320 × 200 px) is missing at desktop.',
      designBox: { x: 10, y: 20, width: 320, height: 200 },
      pageBox: null,
      numbers: {},
    }
    const storedElements = {
      desktop: { version: 1, agreement, findings: [finding, missing] },
      tablet: { version: 2, agreement, findings: [finding], more: true },
      mobile: null,
    }
    await database.db.insert(reviewBreakpoints).values(
      (['mobile', 'desktop', 'tablet'] as const).map((breakpoint) => ({
        reviewId: internalId,
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
        elements: storedElements[breakpoint],
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
        status: 'passed',
        pointsAwarded: 10,
        finalUrl: `${url}/`,
        quality,
        ownership: 'verified',
        versions: { chromium: '1.2.3', playwright: '1.65.1', pixelmatch: '7.2.0' },
        startedAt: sql`now()`,
        finishedAt: sql`now()`,
      })
      .where(eq(submissionReviews.id, internalId))
    const done = await browser(t.app).get(`/api/reviews/${id}`)
    expect(done.status).toBe(200)
    expect(done.headers.get('Cache-Control')).toBe('no-cache')
    const review = reviewResponse.parse(await done.json()).review
    expect(review).toMatchObject({
      status: 'passed',
      stage: null,
      finalUrl: `${url}/`,
      error: null,
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
      // Stored without a preview, as a review before previews was: the pages show the capture.
      previewUrl: null,
      designUrl: challenge.templateImg,
      designHeight: 900,
      captureHeight: 1350,
      comparedHeight: 1350,
      heightRatio: 1.5,
      failedFonts: [],
      elements: { agreement, findings: [finding, missing] },
    })
    expect(review.breakpoints.map((bp) => bp.elements)).toEqual([
      { agreement, findings: [finding, missing] },
      null,
      null,
    ])
    expect(review.breakpoints.map((bp) => bp.designUrl)).toEqual([
      challenge.templateImg,
      challenge.tabletImg,
      challenge.mobileImg,
    ])
    expect(review.breakpoints[2]?.failedFonts).toEqual(['Inter'])
    // Lists show the same score as the report.
    expect((await listReviews(b)).reviews[0]).toEqual({
      id,
      status: 'passed',
      stage: null,
      score: 80,
      requestedUrl: url,
      error: null,
      pointsAwarded: 10,
      createdAt: summary.createdAt,
    })
    // Its job finds it ended and leaves it as it is.
    await t.runReviews()
    expect(reviewResponse.parse(await (await b.get(`/api/reviews/${id}`)).json()).review.score).toBe(80)
  })

  it("stores a run review's images under its public id and serves them", async () => {
    const b = await member('pictured')
    const { review: summary } = await submitted(b, own('pictured'))
    await t.runReviews()
    const review = reviewResponse.parse(
      await (await t.app.request(`/api/reviews/${summary.id}`)).json(),
    ).review
    expect(review).toMatchObject({ status: 'passed', score: 100, finalUrl: own('pictured') })
    expect(review.breakpoints).toHaveLength(3)
    for (const breakpoint of review.breakpoints) {
      expect(breakpoint.captureUrl).toBe(`/files/reviews/${summary.id}/${breakpoint.breakpoint}-capture.png`)
      const image = await t.app.request(breakpoint.captureUrl)
      expect(image.status, breakpoint.captureUrl).toBe(200)
      expect(image.headers.get('Content-Type')).toBe('image/png')
    }
  })

  it('shows why a review failed, to its member only', async () => {
    const b = await member('failing')
    const url = 'https://failing.netlify.app'
    t.sites.set(url, { fail: () => new CaptureError('unreachable', 'We could not reach the site.') })
    const { review: summary } = await submitted(b, url)
    await t.runReviews()
    expect((await t.app.request(`/api/reviews/${summary.id}`)).status).toBe(404)
    const review = reviewResponse.parse(await (await b.get(`/api/reviews/${summary.id}`)).json()).review
    expect(review).toMatchObject({
      status: 'failed',
      score: null,
      breakpoints: [],
      error: { code: 'unreachable', message: 'We could not reach the site.' },
    })
  })

  it('finds a review by its id in any case', async () => {
    const b = await member('shouting')
    const { review: summary } = await submitted(b, own('shouting'))
    await t.runReviews()
    const upper = await t.app.request(`/api/reviews/${summary.id.toUpperCase()}`)
    expect(upper.status).toBe(200)
    expect(reviewResponse.parse(await upper.json()).review).toMatchObject({
      id: summary.id,
      status: 'passed',
    })
    // The member's own, not yet passed, in capitals too.
    const waiting = (await (await requestReview(b)).json()).review
    expect((await b.get(`/api/reviews/${waiting.id.toUpperCase()}`)).status).toBe(200)
    expect((await t.app.request(`/api/reviews/${waiting.id.toUpperCase()}`)).status).toBe(404)
    await t.runReviews()
  })

  it.each([
    ['00000000-0000-4000-8000-000000000000', 404],
    ['FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF', 404],
    ['2147483647', 400],
    ['1', 400],
    ['01', 400],
    ['-1', 400],
    ['abc', 400],
    ['%00', 400],
    ['00000000000040008000000000000000', 400],
    ['{00000000-0000-4000-8000-000000000000}', 400],
    ['00000000-0000-4000-8000-000000000000x', 400],
    ['0000000g-0000-4000-8000-000000000000', 400],
    ['%2000000000-0000-4000-8000-000000000000', 400],
  ])('answers GET /api/reviews/%s with %i and the error shape', async (id, status) => {
    const response = await t.app.request(`${ORIGIN}/api/reviews/${id}`)
    expect(response.status).toBe(status)
    const { error } = await response.json()
    expect(error).toEqual({ code: status === 404 ? 'not_found' : 'bad_request', message: expect.any(String) })
    if (status === 400) expect(error.message).toBe('id: must be a review id')
  })

  it('shows the newest passed review of each completed challenge on the public profile', async () => {
    const b = await member('profiled')
    const url = own('profiled')
    await submitted(b, url)
    await submitted(b, own('profiled', 'other'), other.id)
    await t.runReviews()
    const newest = (await (await requestReview(b)).json()).review
    await t.runReviews()
    // A newer review that fails: the public sees the passed one before it.
    t.sites.set(url, { blank: true })
    expect((await requestReview(b)).status).toBe(202)
    await t.runReviews()
    const listed = await listReviews(b)
    expect(listed.reviews.map((r) => r.status)).toEqual(['failed', 'passed', 'passed'])
    expect(listed.reviews[1]?.id).toBe(newest.id)
    // The other challenge has no review at all (completed before reviews decided the points).
    await database.db
      .delete(submissionReviews)
      .where(eq(submissionReviews.userChallengeId, await submissionOf('profiled', other.id)))

    const response = await t.app.request('/api/users/profiled')
    expect(response.status).toBe(200)
    const page = profilePageResponse.parse(await response.json())
    const byChallenge = new Map(page.submissions.map((s) => [s.challenge.id, s.review]))
    expect(page.submissions).toHaveLength(2)
    expect(byChallenge.get(challenge.id)).toEqual(listed.reviews[1])
    expect(byChallenge.get(other.id)).toBeNull()
  })
})
