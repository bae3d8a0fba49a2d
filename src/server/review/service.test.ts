import { and, eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { importCatalogue } from '#server/content/import.ts'
import { jobs, submissionReviews, userChallenges, users } from '#server/db/schema.ts'
import type { Workers } from '#server/jobs/queue.ts'
import { type BrowserPool, createBrowserPool } from '#server/review/browser-pool.ts'
import type { captureSite, SiteCapture } from '#server/review/capture.ts'
import { CaptureError } from '#server/review/capture-errors.ts'
import { type FixtureServer, startFixtureServer } from '#server/review/capture-fixtures.ts'
import { type ReviewCaptureDeps, reviewImageKey } from '#server/review/pipeline.ts'
import { type RunLighthouse, runLighthouse } from '#server/review/quality/lighthouse.ts'
import { REVIEW_FAILED } from '#server/review/read-model.ts'
import { startReviewWorkers } from '#server/review/workers.ts'
import type { Challenge } from '#shared/challenge.ts'
import {
  type AxeAudit,
  LIGHTHOUSE_CATEGORIES,
  REVIEW_BREAKPOINTS,
  type Review,
  reviewResponse,
} from '#shared/review.ts'
import { submitResponse } from '#shared/user.ts'
import { createTestApp } from '#tests/support/app.ts'
import { browser, signIn } from '#tests/support/auth.ts'
import { hasChromium } from '#tests/support/chromium-requirement.ts'
import { png, temporaryDir, writeChallengeFolder } from '#tests/support/content-fixtures.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

/** The fixture challenge's designs (content-fixtures.ts): one solid colour each, at these heights. */
const DESIGN = {
  desktop: { colour: '#123456', height: 900 },
  tablet: { colour: '#345678', height: 1000 },
  mobile: { colour: '#56789a', height: 1200 },
} as const

/** Polls the public report until the review is finished, for at most `ms`. */
async function finishedReview(t: TestApp, id: number, ms: number): Promise<Review> {
  const deadline = Date.now() + ms
  for (;;) {
    const response = await t.app.request(`/api/reviews/${id}`)
    expect(response.status).toBe(200)
    const { review } = reviewResponse.parse(await response.json())
    if (review.status === 'done' || review.status === 'failed') return review
    if (Date.now() > deadline) throw new Error(`review ${id} is still ${review.status} after ${ms} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Signs a member in, completes the fixture challenge and returns the review the submit queued. */
async function submitted(t: TestApp, challenge: Challenge, login: string) {
  const b = browser(t.app)
  await signIn(b, { login })
  await b.send('POST', `/api/me/challenges/${challenge.id}/start`)
  const response = await b.send('POST', `/api/me/challenges/${challenge.id}/submit`, {
    liveUrl: `https://${login}.github.io/site`,
  })
  const body = submitResponse.parse(await response.json())
  expect(body.pointsAwarded).toBe(10)
  if (!body.review) throw new Error('the submit queued no review')
  return { b, reviewId: body.review.id }
}

/** Points a member's submission (and its waiting review) at `url`: submits only accept github.io. */
async function liveAt(database: TestDatabase, login: string, url: string) {
  const [row] = await database.db
    .select({ id: userChallenges.id })
    .from(userChallenges)
    .innerJoin(users, eq(users.id, userChallenges.userId))
    .where(eq(users.username, login))
  const id = row?.id ?? 0
  await database.db.update(userChallenges).set({ challengeLive: url }).where(eq(userChallenges.id, id))
  await database.db
    .update(submissionReviews)
    .set({ requestedUrl: url })
    .where(and(eq(submissionReviews.userChallengeId, id), eq(submissionReviews.status, 'queued')))
}

async function timingsOf(database: TestDatabase, reviewId: number) {
  const [row] = await database.db
    .select({ timings: submissionReviews.timings })
    .from(submissionReviews)
    .where(eq(submissionReviews.id, reviewId))
  return row?.timings ?? {}
}

async function submissionOf(database: TestDatabase, login: string) {
  const [row] = await database.db
    .select({ id: userChallenges.id })
    .from(userChallenges)
    .innerJoin(users, eq(users.id, userChallenges.userId))
    .where(eq(users.username, login))
  return row?.id ?? 0
}

async function jobOf(database: TestDatabase, reviewId: number) {
  const [job] = await database.db
    .select()
    .from(jobs)
    .where(sql`(${jobs.payload}->>'reviewId')::int = ${reviewId}`)
  return job
}

async function fixtureChallenge(t: TestApp, database: TestDatabase, title: string): Promise<Challenge> {
  const contentDir = await temporaryDir()
  await writeChallengeFolder(contentDir, { title })
  await importCatalogue({ db: database.db, storage: t.storage, contentDir })
  const list = (await (await t.app.request('/api/challenges')).json()).challenges as Challenge[]
  return list.find((c) => c.title === title) as Challenge
}

/** What the stand-in capture's axe "found" at each width. */
const STAND_IN_AXE: Record<'desktop' | 'mobile', AxeAudit> = {
  desktop: {
    status: 'done',
    findings: [
      {
        ruleId: 'image-alt',
        impact: 'critical',
        count: 2,
        selector: 'img.hero',
        help: 'Images must have alternative text',
        helpUrl: 'https://dequeuniversity.com/rules/axe/4.13/image-alt',
      },
    ],
  },
  mobile: { status: 'unavailable', reason: 'The accessibility check could not run on this page: test' },
}
/** The HTML the stand-in capture "kept": one id used twice. */
const STAND_IN_HTML =
  '<!doctype html><html lang="en"><head><title>Kept</title></head><body><p id="x">a</p><p id="x">b</p></body></html>'

/** Lighthouse without a browser: fixed scores, and the addresses it was asked for. */
const standInLighthouse = (): RunLighthouse & { urls: string[] } => {
  const urls: string[] = []
  const run = async ({ url }: { url: string }) => {
    urls.push(url)
    return {
      audit: {
        status: 'done',
        scores: { performance: 0.91, accessibility: 0.72, 'best-practices': 1, seo: 0.5 },
      },
      version: '12.8.2-stand-in',
    } as const
  }
  return Object.assign(run, { urls })
}

/** A capture that opens nothing: each breakpoint "shows" a solid page of the design's colour and height. */
const standInCapture = (): ReviewCaptureDeps & {
  calls: string[]
  lighthouse: ReturnType<typeof standInLighthouse>
} => {
  const calls: string[] = []
  const lighthouse = standInLighthouse()
  return {
    calls,
    lighthouse,
    audits: { lighthouse },
    pool: {} as BrowserPool,
    captureSite: (async (_pool, { url }) => {
      calls.push(url)
      const captures = await Promise.all(
        REVIEW_BREAKPOINTS.map(async ({ breakpoint, width }) => ({
          breakpoint,
          width,
          png: await png(width, DESIGN[breakpoint].height, DESIGN[breakpoint].colour),
          height: DESIGN[breakpoint].height,
          pageHeight: DESIGN[breakpoint].height,
          failedFonts: breakpoint === 'mobile' ? ['Missing Sans'] : [],
        })),
      )
      return {
        finalUrl: `${url}#final`,
        captures,
        egress: { requests: 1, bytes: 100, blocked: [] },
        versions: { chromium: 'stand-in', playwright: 'stand-in' },
        timings: { total: 1, 'desktop.axe': 5, 'mobile.axe': 4 },
        axe: STAND_IN_AXE,
        documents: { served: STAND_IN_HTML, servedBytes: STAND_IN_HTML.length, rendered: null },
      } satisfies SiteCapture
    }) as typeof captureSite,
    // The fixture designs are drawn at the breakpoints' widths already.
    renderDesign: async (_pool, { png: design }) => design,
  }
}

describe.each(TEST_DATABASES)('the review worker with a stand-in browser on %s', (kind) => {
  let database: TestDatabase
  let t: TestApp
  let challenge: Challenge
  let capture: ReturnType<typeof standInCapture> & {
    fail?: () => Error
    hang?: boolean
    /** The capture waits for this before it answers. */
    gate?: Promise<void>
  }
  let workers: Workers | undefined

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    const base = standInCapture()
    capture = {
      ...base,
      captureSite: (async (pool, options) => {
        const failure = capture.fail?.()
        if (failure) throw failure
        await capture.gate
        // A review still running when its process stops: it ends only when aborted.
        if (capture.hang)
          await new Promise((_resolve, reject) =>
            options.signal?.addEventListener('abort', () => reject(options.signal?.reason)),
          )
        return base.captureSite?.(pool, options)
      }) as typeof captureSite,
    }
    t = await createTestApp(database, {}, { reviewCapture: capture })
    challenge = await fixtureChallenge(t, database, 'Stand In Review')
  })
  afterEach(async () => {
    await workers?.stop()
    workers = undefined
    capture.fail = undefined
    capture.hang = undefined
    capture.gate = undefined
  })
  afterAll(async () => {
    await database?.drop()
  })

  const run = () => {
    workers = startReviewWorkers(t.reviews, { count: 1, log: t.log, pollMs: 20 })
    return workers
  }

  it('scores, stores the images under public/reviews and shows the report', async () => {
    const { reviewId } = await submitted(t, challenge, 'matching')
    run()
    const review = await finishedReview(t, reviewId, 30_000)
    expect(review).toMatchObject({
      status: 'done',
      requestedUrl: 'https://matching.github.io/site',
      finalUrl: 'https://matching.github.io/site#final',
      error: null,
      versions: { chromium: 'stand-in', playwright: 'stand-in', pixelmatch: '7.2.0' },
      startedAt: expect.any(String),
      finishedAt: expect.any(String),
    })
    expect(review.breakpoints.map((b) => [b.breakpoint, b.width])).toEqual([
      ['desktop', 1440],
      ['tablet', 768],
      ['mobile', 375],
    ])
    // The designs went through WebP in storage: a solid colour survives that within pixelmatch's threshold.
    for (const b of review.breakpoints) expect(b.score).toBeGreaterThanOrEqual(99)
    expect(review.score).toBeGreaterThanOrEqual(99)
    expect(review.breakpoints[2]).toMatchObject({
      failedFonts: ['Missing Sans'],
      designHeight: 1200,
      heightRatio: 1,
    })
    for (const b of review.breakpoints) {
      expect(b.captureUrl).toBe(`/files/reviews/${reviewId}/${b.breakpoint}-capture.png`)
      expect(b.diffUrl).toBe(`/files/reviews/${reviewId}/${b.breakpoint}-diff.png`)
      for (const url of [b.captureUrl, b.diffUrl]) {
        const file = await t.app.request(url)
        expect(file.status, url).toBe(200)
        expect(file.headers.get('Content-Type')).toBe('image/png')
        const { width } = await sharp(Buffer.from(await file.arrayBuffer())).metadata()
        expect(width).toBe(b.width)
      }
      expect(await t.storage.exists(reviewImageKey(reviewId, b.breakpoint, 'capture'))).toBe(true)
    }
    // The job is marked done after the review: stop() waits for that.
    await workers?.stop()
    expect((await jobOf(database, reviewId))?.status).toBe('done')
  })

  it("shows a review's progress on the member's profile at once, though profiles are kept a minute", async () => {
    const kept = await createTestApp(
      database,
      {},
      { reviewCapture: capture, cacheMs: { sessions: 0, leaderboard: 0, competitions: 0, members: 60_000 } },
    )
    const keptChallenge = await fixtureChallenge(kept, database, 'Kept Profile Review')
    const latest = async () =>
      (await (await kept.app.request('/api/users/kept-profile')).json()).submissions[0]?.review
    const { reviewId } = await submitted(kept, keptChallenge, 'kept-profile')
    expect(await latest()).toMatchObject({ id: reviewId, status: 'queued' })
    let open = () => {}
    capture.gate = new Promise((resolve) => {
      open = resolve
    })
    workers = startReviewWorkers(kept.reviews, { count: 1, log: kept.log, pollMs: 20 })
    // Read while it runs, so the profile kept in memory says "running".
    await expect.poll(latest, { timeout: 30_000 }).toMatchObject({ id: reviewId, status: 'running' })
    open()
    expect((await finishedReview(kept, reviewId, 30_000)).status).toBe('done')
    // The worker drops the profiles just after its commit: only that explains the change within 2 s.
    await expect
      .poll(latest, { timeout: 2000 })
      .toMatchObject({ id: reviewId, status: 'done', score: expect.any(Number) })
  })

  it('stores the quality report, the ownership when it ran and the current link status', async () => {
    const { reviewId } = await submitted(t, challenge, 'quality')
    const submission = await submissionOf(database, 'quality')
    // The verdict the submission has when the review runs is the one the report keeps.
    await database.db
      .update(userChallenges)
      .set({ ownership: 'mismatch', ownershipGithubId: 4242 })
      .where(eq(userChallenges.id, submission))
    const queued = reviewResponse.parse(await (await t.app.request(`/api/reviews/${reviewId}`)).json()).review
    expect(queued).toMatchObject({ status: 'queued', quality: null, ownership: null, linkStatus: 'live' })

    run()
    const review = await finishedReview(t, reviewId, 30_000)
    expect(review.status).toBe('done')
    expect(review.ownership).toBe('mismatch')
    expect(review.linkStatus).toBe('live')
    expect(review.quality).toEqual({
      axe: STAND_IN_AXE,
      html: {
        status: 'done',
        documents: [
          {
            source: 'served',
            errors: 1,
            warnings: 0,
            findings: [
              {
                ruleId: 'no-dup-id',
                severity: 'error',
                count: 1,
                message: 'Duplicate ID "x"',
                // The second id="x": its value's first character.
                line: 1,
                column: STAND_IN_HTML.lastIndexOf('id="x"') + 'id="'.length + 1,
                ruleUrl: 'https://html-validate.org/rules/no-dup-id.html',
              },
            ],
          },
        ],
      },
      lighthouse: {
        status: 'done',
        scores: { performance: 0.91, accessibility: 0.72, 'best-practices': 1, seo: 0.5 },
      },
      versions: { 'axe-core': '4.13.0', 'html-validate': '10.17.0', lighthouse: '12.8.2-stand-in' },
    })
    // Lighthouse was pointed at the desktop page's address after redirects.
    expect(capture.lighthouse.urls.at(-1)).toBe('https://quality.github.io/site#final')
    const [stored] = await database.db
      .select({ ownershipGithubId: submissionReviews.ownershipGithubId })
      .from(submissionReviews)
      .where(eq(submissionReviews.id, reviewId))
    expect(stored?.ownershipGithubId).toBe(4242)
    expect(await timingsOf(database, reviewId)).toMatchObject({
      'desktop.axe': 5,
      'mobile.axe': 4,
      'html-validate': expect.any(Number),
      lighthouse: expect.any(Number),
    })

    // The link status is the submission's, as it is now; the ownership stays the one the review saw.
    await database.db
      .update(userChallenges)
      .set({ linkStatus: 'offline', ownership: 'verified' })
      .where(eq(userChallenges.id, submission))
    const later = reviewResponse.parse(await (await t.app.request(`/api/reviews/${reviewId}`)).json()).review
    expect(later).toMatchObject({ linkStatus: 'offline', ownership: 'mismatch' })

    // A stored report in another shape (an older version's) is left out, not a failed request.
    await database.db
      .update(submissionReviews)
      .set({ quality: { lighthouse: { score: 2 } } })
      .where(eq(submissionReviews.id, reviewId))
    const response = await t.app.request(`/api/reviews/${reviewId}`)
    expect(response.status).toBe(200)
    expect(reviewResponse.parse(await response.json()).review.quality).toBeNull()
  })

  it('fails the review with the capture sentence, without retrying, when the site cannot be captured', async () => {
    const { reviewId } = await submitted(t, challenge, 'unreachable')
    capture.fail = () => new CaptureError('unreachable', 'We could not reach the site at that address.')
    run()
    const review = await finishedReview(t, reviewId, 30_000)
    expect(review).toMatchObject({
      status: 'failed',
      score: null,
      breakpoints: [],
      error: { code: 'unreachable', message: 'We could not reach the site at that address.' },
    })
    await workers?.stop()
    expect(await jobOf(database, reviewId)).toMatchObject({ status: 'failed', attempts: 1 })
  })

  it.each([
    ['unlucky', () => new Error('the browser crashed')],
    [
      'browserless',
      () =>
        new CaptureError(
          'browser_failed',
          'The reviewing browser could not start; the review will be retried.',
        ),
    ],
  ])(
    'retries after an error of ours (%s), showing the review queued meanwhile, and fails it plainly when dead',
    async (login, failure) => {
      const { reviewId } = await submitted(t, challenge, login)
      capture.fail = failure
      run()
      const deadline = Date.now() + 30_000
      while (
        (await jobOf(database, reviewId))?.attempts !== 1 ||
        (await jobOf(database, reviewId))?.status !== 'queued'
      ) {
        if (Date.now() > deadline) throw new Error('the job was not retried')
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      await workers?.stop()
      const waiting = reviewResponse.parse(
        await (await t.app.request(`/api/reviews/${reviewId}`)).json(),
      ).review
      expect(waiting.status).toBe('queued')

      // The last attempt, now: it fails too, and the job is dead.
      await database.db
        .update(jobs)
        .set({ maxAttempts: 2, runAt: sql`now()` })
        .where(sql`(${jobs.payload}->>'reviewId')::int = ${reviewId}`)
      run()
      const review = await finishedReview(t, reviewId, 30_000)
      expect(review).toMatchObject({ status: 'failed', error: REVIEW_FAILED, breakpoints: [] })
      await workers?.stop()
      expect(await jobOf(database, reviewId)).toMatchObject({ status: 'dead', attempts: 2 })
    },
  )

  it('gives a review that is running when its process stops back to the queue, for the next process to finish', async () => {
    const { reviewId } = await submitted(t, challenge, 'stopping')
    capture.hang = true
    workers = startReviewWorkers(t.reviews, { count: 1, log: t.log, pollMs: 20, stopTimeoutMs: 100 })
    const deadline = Date.now() + 30_000
    while ((await jobOf(database, reviewId))?.status !== 'running') {
      if (Date.now() > deadline) throw new Error('the review did not start')
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    await workers.stop()
    workers = undefined
    expect(await jobOf(database, reviewId)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null })
    const waiting = reviewResponse.parse(
      await (await t.app.request(`/api/reviews/${reviewId}`)).json(),
    ).review
    expect(waiting.status).toBe('queued')

    capture.hang = false
    const finishing = run()
    const review = await finishedReview(t, reviewId, 30_000)
    expect(review.status).toBe('done')
    // The job is marked done after the review: stop() waits for that.
    await finishing.stop()
    expect(await jobOf(database, reviewId)).toMatchObject({ status: 'done', attempts: 1 })
  })

  it('fails the review of a job whose worker vanished on its last attempt', async () => {
    const { reviewId } = await submitted(t, challenge, 'vanished')
    // As a worker that claimed the job and died would leave it: running, its lease over, no attempts left.
    await database.db
      .update(jobs)
      .set({ status: 'running', attempts: 3, maxAttempts: 3, lockedUntil: sql`now() - interval '1 minute'` })
      .where(sql`(${jobs.payload}->>'reviewId')::int = ${reviewId}`)
    await database.db
      .update(submissionReviews)
      .set({ status: 'running' })
      .where(eq(submissionReviews.id, reviewId))
    run()
    const review = await finishedReview(t, reviewId, 30_000)
    expect(review).toMatchObject({ status: 'failed', error: REVIEW_FAILED })
    await workers?.stop()
    expect((await jobOf(database, reviewId))?.status).toBe('dead')
  })
})

/**
 * A page that is the design: one colour block of the design's height at each breakpoint's width. Its
 * word, in the background's colour, leaves the picture as it is and gives Lighthouse content to paint.
 */
const SOLID_PAGE = `<!doctype html><html><head><title>Solid</title><style>
html,body{margin:0;padding:0}
div{height:${DESIGN.desktop.height}px}
html{background:${DESIGN.desktop.colour};color:${DESIGN.desktop.colour}}
@media (max-width:1000px){html{background:${DESIGN.tablet.colour};color:${DESIGN.tablet.colour}}div{height:${DESIGN.tablet.height}px}}
@media (max-width:500px){html{background:${DESIGN.mobile.colour};color:${DESIGN.mobile.colour}}div{height:${DESIGN.mobile.height}px}}
</style></head><body><div>Solid</div></body></html>`

describe.skipIf(!hasChromium()).each(TEST_DATABASES)('a real review in Chromium on %s', (kind) => {
  let database: TestDatabase
  let t: TestApp
  let pool: BrowserPool
  let site: FixtureServer
  let workers: Workers
  let challenge: Challenge

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    site = await startFixtureServer({
      '/solid': SOLID_PAGE,
      '/blank': '<!doctype html><title>Blank</title>',
    })
    pool = createBrowserPool()
    // Lighthouse takes tens of seconds on two cores: the real one for the page drawn like the design,
    // not for the blank page after it.
    const lighthouse: RunLighthouse = (options) =>
      options.url.endsWith('/solid')
        ? runLighthouse(options)
        : Promise.resolve({
            audit: { status: 'unavailable', reason: 'Not run in this test.' },
            version: '-',
          })
    t = await createTestApp(
      database,
      {},
      { reviewCapture: { pool, allowLoopback: { ports: [site.port] }, audits: { lighthouse } } },
    )
    challenge = await fixtureChallenge(t, database, 'Chromium Review')
  })
  afterAll(async () => {
    await workers?.stop()
    await pool?.close()
    await site?.close()
    await database?.drop()
  })

  it('scores a page drawn like the design near 100 and a blank page near 0, and serves the images', {
    timeout: 400_000,
  }, async () => {
    const { b, reviewId } = await submitted(t, challenge, 'chromium-member')
    await liveAt(database, 'chromium-member', `${site.origin}/solid`)
    // Only now: a worker running since the submit could claim the review while it still named the
    // submitted github.io address, which this machine cannot resolve.
    workers = startReviewWorkers(t.reviews, { count: 1, log: t.log, pollMs: 100 })
    const review = await finishedReview(t, reviewId, 180_000)
    expect(review.error).toBeNull()
    expect(review).toMatchObject({ status: 'done', finalUrl: `${site.origin}/solid` })
    expect(review.versions).toMatchObject({
      chromium: expect.any(String),
      playwright: expect.any(String),
      pixelmatch: '7.2.0',
    })
    expect(review.breakpoints.map((bp) => bp.breakpoint)).toEqual(['desktop', 'tablet', 'mobile'])
    // The quality report: axe at two widths, the HTML, Lighthouse's four scores in 0-1, the versions.
    const quality = review.quality
    expect(quality?.axe.desktop.status).toBe('done')
    expect(quality?.axe.mobile.status).toBe('done')
    expect(quality?.html.status).toBe('done')
    expect(quality?.lighthouse.status, JSON.stringify(quality?.lighthouse)).toBe('done')
    const scores = quality?.lighthouse.status === 'done' ? quality.lighthouse.scores : null
    expect(Object.keys(scores ?? {}).sort()).toEqual([...LIGHTHOUSE_CATEGORIES].sort())
    for (const category of LIGHTHOUSE_CATEGORIES) {
      const score = scores?.[category]
      expect(score, category).toBeGreaterThanOrEqual(0)
      expect(score, category).toBeLessThanOrEqual(1)
    }
    expect(quality?.versions).toEqual({
      'axe-core': '4.13.0',
      'html-validate': '10.17.0',
      lighthouse: '12.8.2',
    })
    expect(await timingsOf(database, reviewId)).toMatchObject({
      'desktop.axe': expect.any(Number),
      'mobile.axe': expect.any(Number),
      'html-validate': expect.any(Number),
      lighthouse: expect.any(Number),
    })
    // Tablet: the page is at least the 1024 px viewport, 24 px longer than its 1000 px design.
    for (const bp of review.breakpoints) expect(bp.score, bp.breakpoint).toBeGreaterThanOrEqual(95)
    expect(review.breakpoints.map((bp) => bp.captureHeight)).toEqual([900, 1024, 1200])
    for (const bp of review.breakpoints) {
      for (const url of [bp.captureUrl, bp.diffUrl]) {
        const file = await t.app.request(url)
        expect(file.status, url).toBe(200)
        expect(file.headers.get('Content-Type')).toBe('image/png')
      }
    }

    await liveAt(database, 'chromium-member', `${site.origin}/blank`)
    const requested = await b.send('POST', `/api/me/challenges/${challenge.id}/reviews`)
    expect(requested.status).toBe(202)
    const blank = await finishedReview(t, (await requested.json()).review.id, 180_000)
    expect(blank).toMatchObject({ status: 'done', finalUrl: `${site.origin}/blank` })
    for (const bp of blank.breakpoints) expect(bp.score, bp.breakpoint).toBeLessThanOrEqual(5)
  })
})
