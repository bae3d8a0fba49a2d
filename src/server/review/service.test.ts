import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { importCatalogue } from '#server/content/import.ts'
import { jobs, submissionReviews, userChallenges, users } from '#server/db/schema.ts'
import type { Workers } from '#server/jobs/queue.ts'
import type { CapturedBreakpoint } from '#server/review/capture.ts'
import { CaptureError } from '#server/review/capture-errors.ts'
import { formatPageElements } from '#server/review/elements-schema.ts'
import { createReviewEngine, type ReviewEngine } from '#server/review/engine-process.ts'
import { type ReviewCaptureDeps, reviewImageKey } from '#server/review/pipeline.ts'
import { PREVIEW_MAX_WIDTH } from '#server/review/preview.ts'
import type { RunLighthouse } from '#server/review/quality/lighthouse.ts'
import { REVIEW_FAILED } from '#server/review/read-model.ts'
import { startReviewWorkers } from '#server/review/workers.ts'
import type { Challenge } from '#shared/challenge.ts'
import type { PageElements } from '#shared/page-elements.ts'
import {
  type AxeAudit,
  LIGHTHOUSE_CATEGORIES,
  memberReviewsResponse,
  REVIEW_BREAKPOINTS,
  REVIEW_STAGES,
  type Review,
  type ReviewBreakpointName,
  type ReviewStage,
  reviewResponse,
  VERDICT_FAILURES,
} from '#shared/review.ts'
import { submitResponse } from '#shared/user.ts'
import { VERIFICATION_META_NAME } from '#shared/verification.ts'
import { createTestApp } from '#tests/support/app.ts'
import { browser, signIn, type TestBrowser } from '#tests/support/auth.ts'
import { type FixtureServer, startFixtureServer } from '#tests/support/capture-fixtures.ts'
import { hasChromium } from '#tests/support/chromium-requirement.ts'
import { png, temporaryDir, writeChallengeFolder } from '#tests/support/content-fixtures.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'
import { standInEngine } from '#tests/support/test-engine.ts'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

/** The fixture challenge's designs (content-fixtures.ts): one solid colour each, at these heights. */
const DESIGN = {
  desktop: { colour: '#123456', height: 900 },
  tablet: { colour: '#345678', height: 1000 },
  mobile: { colour: '#56789a', height: 1200 },
} as const

/**
 * The design's elements at desktop (the challenge has none at the other widths): a heading and a
 * paragraph. The stand-in page's are the same, its heading 48 px lower and smaller.
 */
const heading = (y: number, fontSize: number) => ({
  kind: 'text' as const,
  box: { x: 120, y, width: fontSize * 11, height: fontSize * 1.3 },
  tag: 'h1',
  text: 'Sound, shaped for you',
  fontFamily: 'Inter',
  fontSize,
  fontWeight: 700,
  lineHeight: fontSize * 1.2,
  colour: '#0b1b3f',
})
const paragraph = {
  kind: 'text' as const,
  box: { x: 120, y: 600, width: 600, height: 48 },
  tag: 'p',
  text: 'Headphones that learn how you listen.',
  fontFamily: 'Inter',
  fontSize: 18,
  fontWeight: 400,
  lineHeight: 24,
  colour: '#333333',
}
const pageOf = (elements: PageElements['elements']): PageElements => ({
  version: 1,
  width: 1440,
  height: 900,
  elements,
})
const DESIGN_ELEMENTS = pageOf([heading(340, 48), paragraph])
const PAGE_ELEMENTS = pageOf([heading(388, 34), paragraph])

/** The report as its member reads it: a review that has not passed is theirs only. */
async function reportOf(member: TestBrowser, id: string): Promise<Review> {
  const response = await member.get(`/api/reviews/${id}`)
  expect(response.status).toBe(200)
  return reviewResponse.parse(await response.json()).review
}

/** Polls the member's report until the review is finished (passed or failed), for at most `ms`. */
async function finishedReview(member: TestBrowser, id: string, ms: number): Promise<Review> {
  const deadline = Date.now() + ms
  for (;;) {
    const review = await reportOf(member, id)
    if (review.status === 'passed' || review.status === 'failed') return review
    if (Date.now() > deadline) throw new Error(`review ${id} is still ${review.status} after ${ms} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/**
 * Signs a member in, submits their own github.io site for the fixture challenge and returns the review
 * the submit queued: the submit itself completes nothing and awards nothing (docs/product.md §4).
 */
async function submitted(t: TestApp, challenge: Challenge, login: string) {
  const b = browser(t.app)
  await signIn(b, { login })
  await b.send('POST', `/api/me/challenges/${challenge.id}/start`)
  const response = await b.send('POST', `/api/me/challenges/${challenge.id}/submit`, {
    liveUrl: `https://${login}.github.io/site`,
  })
  expect(response.status).toBe(200)
  const json = await response.json()
  expect(json).not.toHaveProperty('pointsAwarded')
  const body = submitResponse.parse(json)
  expect(body.progress.status).toBe('ongoing')
  expect(body.user.points).toBe(0)
  expect(body.review).toMatchObject({ status: 'queued', stage: null, pointsAwarded: 0 })
  return { b, reviewId: body.review.id }
}

/** The member's reviews of the challenge, as the challenge page lists them. */
async function reviewsOf(member: TestBrowser, challenge: Challenge) {
  return memberReviewsResponse.parse(
    await (await member.get(`/api/me/challenges/${challenge.id}/reviews`)).json(),
  ).reviews
}

/** Points a member's submission (and its waiting review) at `url`: submits refuse loopback addresses. */
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

/** The review's row by its public id (the API's); its integer `id` stays internal. */
async function rowOf(database: TestDatabase, publicId: string) {
  const [row] = await database.db
    .select()
    .from(submissionReviews)
    .where(eq(submissionReviews.publicId, publicId))
  if (!row) throw new Error(`no review ${publicId}`)
  return row
}

async function timingsOf(database: TestDatabase, publicId: string) {
  return (await rowOf(database, publicId)).timings ?? {}
}

async function submissionOf(database: TestDatabase, login: string) {
  const [row] = await database.db
    .select({ id: userChallenges.id })
    .from(userChallenges)
    .innerJoin(users, eq(users.id, userChallenges.userId))
    .where(eq(users.username, login))
  return row?.id ?? 0
}

/** The review's job: its payload names the review's internal id. */
async function jobOf(database: TestDatabase, publicId: string) {
  const { id } = await rowOf(database, publicId)
  const [job] = await database.db.select().from(jobs).where(sql`(${jobs.payload}->>'reviewId')::int = ${id}`)
  return job
}

/** Makes the review's job due again with `maxAttempts` attempts in all. */
async function lastAttempt(database: TestDatabase, publicId: string, maxAttempts: number) {
  const { id } = await rowOf(database, publicId)
  await database.db
    .update(jobs)
    .set({ maxAttempts, runAt: sql`now()` })
    .where(sql`(${jobs.payload}->>'reviewId')::int = ${id}`)
}

/** A challenge of the fixture designs, with DESIGN_ELEMENTS at desktop unless `elements` is false. */
async function fixtureChallenge(
  t: TestApp,
  database: TestDatabase,
  title: string,
  { elements = true } = {},
): Promise<Challenge> {
  const contentDir = await temporaryDir()
  await writeChallengeFolder(
    contentDir,
    { title },
    elements ? { 'design/desktop.elements.json': formatPageElements(DESIGN_ELEMENTS) } : {},
  )
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
const standInLighthouse = (observe: () => Promise<void>): RunLighthouse & { urls: string[] } => {
  const urls: string[] = []
  const run = async ({ url }: { url: string }) => {
    urls.push(url)
    await observe()
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

/**
 * A review engine that opens nothing (test-engine.ts): each breakpoint "shows" a solid page of the
 * design's colour and height, and ends on the address opened (plus `#final`, to tell it apart) unless
 * `endsOn` says otherwise. `observe(url, stage)` is called at each step the pipeline takes with the
 * review of `url`, with the stage that step shows: as each breakpoint's capture starts, as each design
 * is rendered (scoring) and as Lighthouse runs (auditing). A test may make the capture fail (`fail`),
 * run until it is aborted (`hang`), or wait for `gate` once the desktop capture has started.
 */
const standInCapture = (
  observe: (url: string, stage: ReviewStage) => Promise<void>,
): ReviewCaptureDeps & {
  calls: string[]
  lighthouse: ReturnType<typeof standInLighthouse>
  endsOn?: (url: string, breakpoint: ReviewBreakpointName) => string
  fail?: () => Error
  hang?: boolean
  gate?: Promise<void>
} => {
  const calls: string[] = []
  let current = ''
  const lighthouse = standInLighthouse(() => observe(current, 'auditing'))
  const deps: ReturnType<typeof standInCapture> = {
    calls,
    lighthouse,
    engine: standInEngine({
      capture: async ({ url }, { signal, onBreakpoint }) => {
        const failure = deps.fail?.()
        if (failure) throw failure
        // A review still running when its process stops: it ends only when aborted.
        if (deps.hang)
          await new Promise((_resolve, reject) => {
            if (signal?.aborted) reject(signal.reason)
            signal?.addEventListener('abort', () => reject(signal?.reason))
          })
        calls.push(url)
        current = url
        const captures: CapturedBreakpoint[] = []
        for (const { breakpoint, width } of REVIEW_BREAKPOINTS) {
          onBreakpoint(breakpoint)
          if (breakpoint === 'desktop') await deps.gate
          await observe(url, `capturing-${breakpoint}`)
          captures.push({
            breakpoint,
            width,
            png: await png(width, DESIGN[breakpoint].height, DESIGN[breakpoint].colour),
            height: DESIGN[breakpoint].height,
            pageHeight: DESIGN[breakpoint].height,
            failedFonts: breakpoint === 'mobile' ? ['Missing Sans'] : [],
            finalUrl: deps.endsOn?.(url, breakpoint) ?? `${url}#final`,
            verificationTokens: [],
            ...(breakpoint === 'desktop' ? { elements: PAGE_ELEMENTS } : {}),
          })
        }
        return {
          finalUrl: captures[0]?.finalUrl ?? url,
          captures,
          egress: { requests: 1, bytes: 100, blocked: [] },
          versions: { chromium: 'stand-in', playwright: 'stand-in' },
          timings: { total: 1, 'desktop.axe': 5, 'mobile.axe': 4 },
          axe: STAND_IN_AXE,
          documents: { served: STAND_IN_HTML, servedBytes: STAND_IN_HTML.length, rendered: null },
        }
      },
      // The fixture designs are drawn at the breakpoints' widths already.
      renderDesign: async (design) => {
        await observe(current, 'scoring')
        return design
      },
      lighthouse,
    }),
  }
  return deps
}

describe.each(TEST_DATABASES)('the review worker with a stand-in browser on %s', (kind) => {
  let database: TestDatabase
  let t: TestApp
  let challenge: Challenge
  let capture: ReturnType<typeof standInCapture>
  let workers: Workers | undefined
  /** The stages a running review showed, by requested address, in order (repeats left out). */
  const stagesSeen = new Map<string, (string | null)[]>()

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    capture = standInCapture(async (url, expected) => {
      // The engine tells the pipeline each stage without waiting for it to be shown (as the real one
      // does, from its child process): the stage of a running review is looked for until it shows, for
      // at most 5 s.
      const deadline = Date.now() + 5000
      let stage: string | null
      for (;;) {
        const [row] = await database.db
          .select({ status: submissionReviews.status, stage: submissionReviews.stage })
          .from(submissionReviews)
          .where(and(eq(submissionReviews.requestedUrl, url), eq(submissionReviews.status, 'running')))
        stage = row ? row.stage : `not running`
        if (!row || stage === expected || Date.now() > deadline) break
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      const seen = stagesSeen.get(url) ?? []
      if (seen.at(-1) !== stage) seen.push(stage)
      stagesSeen.set(url, seen)
    })
    t = await createTestApp(database, {}, { reviewCapture: capture })
    challenge = await fixtureChallenge(t, database, 'Stand In Review')
  })
  afterEach(async () => {
    await workers?.stop()
    workers = undefined
    capture.fail = undefined
    capture.hang = undefined
    capture.gate = undefined
    capture.endsOn = undefined
  })
  afterAll(async () => {
    await database?.drop()
  })

  const run = () => {
    workers = startReviewWorkers(t.reviews, { count: 1, log: t.log, pollMs: 20 })
    return workers
  }

  it('shows each stage in order, scores, stores the images under public/reviews, passes and awards the points', async () => {
    const { b, reviewId } = await submitted(t, challenge, 'matching')
    run()
    const review = await finishedReview(b, reviewId, 30_000)
    expect(review).toMatchObject({
      id: reviewId,
      status: 'passed',
      stage: null,
      requestedUrl: 'https://matching.github.io/site',
      finalUrl: 'https://matching.github.io/site#final',
      error: null,
      ownership: 'verified',
      versions: { chromium: 'stand-in', playwright: 'stand-in', pixelmatch: '7.2.0' },
      startedAt: expect.any(String),
      finishedAt: expect.any(String),
    })
    // capturing-desktop → capturing-tablet → capturing-mobile → scoring → auditing, each seen from inside.
    expect(stagesSeen.get('https://matching.github.io/site')).toEqual([...REVIEW_STAGES])
    expect(review.breakpoints.map((b) => [b.breakpoint, b.width])).toEqual([
      ['desktop', 1440],
      ['tablet', 768],
      ['mobile', 375],
    ])
    // The designs went through WebP in storage: a solid colour survives that within pixelmatch's
    // threshold. Without elements (tablet, mobile) the score is the pixels' alone.
    const [, tabletScore, mobileScore] = review.breakpoints.map((b) => b.score ?? 0)
    expect(tabletScore).toBeGreaterThanOrEqual(99)
    expect(mobileScore).toBeGreaterThanOrEqual(99)
    expect(review.breakpoints[2]).toMatchObject({
      failedFonts: ['Missing Sans'],
      designHeight: 1200,
      heightRatio: 1,
    })
    // The element review, stored and returned (docs/product.md §10): at desktop, where both the design
    // and the page have elements, the heading's move with its two boxes; none at the other widths.
    const [desktop, tablet, mobile] = review.breakpoints
    expect(tablet?.elements).toBeNull()
    expect(mobile?.elements).toBeNull()
    expect(desktop?.elements?.agreement).toMatchObject({ paired: 2, missing: 0, extra: 0 })
    expect(desktop?.elements?.agreement.position).toBeLessThan(1)
    expect(desktop?.elements?.findings[0]).toMatchObject({
      kind: 'layout',
      severity: 'high',
      designBox: heading(340, 48).box,
      pageBox: heading(388, 34).box,
      numbers: { dy: 48 },
    })
    expect(desktop?.elements?.findings[0]?.sentence).toContain('"Sound, shaped for you" is 48 px lower')
    // The score counts the agreement (docs/decisions/023-element-score.md): the same pixels, but the
    // heading moved and shrunk costs points at desktop (about 95 with the second addendum's weights); the review's
    // score is the three's mean.
    expect(desktop?.score).toBeLessThan(99)
    expect(desktop?.score).toBeGreaterThan(90)
    const mean = review.breakpoints.reduce((total, b) => total + (b.score ?? 0), 0) / 3
    expect(review.score).toBeCloseTo(mean, 1)
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
      // The first screen, small, for the galleries and the solution page.
      expect(b.previewUrl).toBe(`/files/reviews/${reviewId}/${b.breakpoint}-preview.webp`)
      const preview = await t.app.request(b.previewUrl as string)
      expect(preview.headers.get('Content-Type')).toBe('image/webp')
      const shape = await sharp(Buffer.from(await preview.arrayBuffer())).metadata()
      expect(shape.format).toBe('webp')
      expect(shape.width).toBe(Math.min(b.width, PREVIEW_MAX_WIDTH))
    }
    // Passed: anyone may read it now, and the first pass completed the challenge with its points.
    expect((await t.app.request(`/api/reviews/${reviewId}`)).status).toBe(200)
    expect((await reviewsOf(b, challenge))[0]).toMatchObject({
      id: reviewId,
      status: 'passed',
      pointsAwarded: 10,
    })
    expect((await (await b.get('/api/me')).json()).user).toMatchObject({ points: 10, submission: 1 })
    // The job is marked done after the review: stop() waits for that.
    await workers?.stop()
    expect((await jobOf(database, reviewId))?.status).toBe('done')
  })

  it('fails a review whose mobile page ends on a site that is not the member’s, keeping its scores', async () => {
    const { b, reviewId } = await submitted(t, challenge, 'elsewhere')
    capture.endsOn = (url, breakpoint) => (breakpoint === 'mobile' ? 'https://m.elsewhere.example/' : url)
    run()
    const review = await finishedReview(b, reviewId, 30_000)
    expect(review).toMatchObject({
      status: 'failed',
      stage: null,
      // The desktop page's address is the review's.
      finalUrl: 'https://elsewhere.github.io/site',
      ownership: 'unverified',
      error: { code: 'verification_missing', message: VERDICT_FAILURES.verification_missing },
    })
    expect(review.breakpoints).toHaveLength(3)
    // Its scores are kept: the page is the design's (the stand-in page's heading is out of place at desktop).
    const mean = review.breakpoints.reduce((total, b) => total + (b.score ?? 0), 0) / 3
    expect(review.score).toBeCloseTo(mean, 1)
    expect(review.score).toBeGreaterThan(95)
    // Not passed: its member's only, and no points.
    expect((await t.app.request(`/api/reviews/${reviewId}`)).status).toBe(404)
    expect((await reviewsOf(b, challenge))[0]).toMatchObject({ status: 'failed', pointsAwarded: 0 })
    expect((await (await b.get('/api/me')).json()).user).toMatchObject({ points: 0, submission: 0 })
  })

  it("shows a passed review on the member's profile at once, though profiles are kept a minute", async () => {
    const kept = await createTestApp(
      database,
      {},
      { reviewCapture: capture, cacheMs: { sessions: 0, leaderboard: 0, competitions: 0, members: 60_000 } },
    )
    const keptChallenge = await fixtureChallenge(kept, database, 'Kept Profile Review')
    const profile = async () =>
      (await (await kept.app.request('/api/users/kept-profile')).json()) as {
        profile: { points: number }
        submissions: { review: { id: string; status: string } | null }[]
      }
    const { b, reviewId } = await submitted(kept, keptChallenge, 'kept-profile')
    let open = () => {}
    capture.gate = new Promise((resolve) => {
      open = resolve
    })
    workers = startReviewWorkers(kept.reviews, { count: 1, log: kept.log, pollMs: 20 })
    // While it runs, its member sees its stage; the profile, read now and kept in memory, has no work yet.
    await expect
      .poll(async () => (await reviewsOf(b, keptChallenge))[0], { timeout: 30_000 })
      .toMatchObject({ id: reviewId, status: 'running', stage: 'capturing-desktop' })
    expect(await profile()).toMatchObject({ profile: { points: 0 }, submissions: [] })
    open()
    expect((await finishedReview(b, reviewId, 30_000)).status).toBe('passed')
    // The worker drops the profiles just after its commit: only that explains the change within 2 s.
    await expect.poll(profile, { timeout: 2000 }).toMatchObject({
      profile: { points: 10 },
      submissions: [{ review: { id: reviewId, status: 'passed', score: expect.any(Number) } }],
    })
  })

  it('stores the quality report, the ownership the review judged and the current link status', async () => {
    const { b, reviewId } = await submitted(t, challenge, 'quality')
    const submission = await submissionOf(database, 'quality')
    const queued = await reportOf(b, reviewId)
    expect(queued).toMatchObject({
      status: 'queued',
      stage: null,
      quality: null,
      ownership: null,
      linkStatus: 'live',
    })
    // Not passed yet: a visitor cannot see it.
    expect((await t.app.request(`/api/reviews/${reviewId}`)).status).toBe(404)

    run()
    const review = await finishedReview(b, reviewId, 30_000)
    expect(review.status).toBe('passed')
    expect(review.ownership).toBe('verified')
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
    // The GitHub account the verdict was about is kept with it, on the review and the completed submission.
    const [member] = await database.db
      .select({ githubId: users.githubId })
      .from(users)
      .where(eq(users.username, 'quality'))
    expect((await rowOf(database, reviewId)).ownershipGithubId).toBe(member?.githubId)
    const [completed] = await database.db
      .select()
      .from(userChallenges)
      .where(eq(userChallenges.id, submission))
    expect(completed).toMatchObject({
      status: 'completed',
      ownership: 'verified',
      ownershipGithubId: member?.githubId,
    })
    expect(await timingsOf(database, reviewId)).toMatchObject({
      'desktop.axe': 5,
      'mobile.axe': 4,
      'html-validate': expect.any(Number),
      lighthouse: expect.any(Number),
    })

    // The link status is the submission's, as it is now; the ownership stays the one the review judged.
    await database.db
      .update(userChallenges)
      .set({ linkStatus: 'offline', ownership: 'mismatch' })
      .where(eq(userChallenges.id, submission))
    const later = reviewResponse.parse(await (await t.app.request(`/api/reviews/${reviewId}`)).json()).review
    expect(later).toMatchObject({ linkStatus: 'offline', ownership: 'verified' })

    // A stored report in another shape (an older version's) is left out, not a failed request.
    await database.db
      .update(submissionReviews)
      .set({ quality: { lighthouse: { score: 2 } } })
      .where(eq(submissionReviews.publicId, reviewId))
    const response = await t.app.request(`/api/reviews/${reviewId}`)
    expect(response.status).toBe(200)
    expect(reviewResponse.parse(await response.json()).review.quality).toBeNull()
  })

  it('fails the review with the capture sentence, without retrying, when the site cannot be captured', async () => {
    const { b, reviewId } = await submitted(t, challenge, 'unreachable')
    capture.fail = () => new CaptureError('unreachable', 'We could not reach the site at that address.')
    run()
    const review = await finishedReview(b, reviewId, 30_000)
    expect(review).toMatchObject({
      status: 'failed',
      stage: null,
      score: null,
      breakpoints: [],
      error: { code: 'unreachable', message: 'We could not reach the site at that address.' },
    })
    await workers?.stop()
    expect(await jobOf(database, reviewId)).toMatchObject({ status: 'failed', attempts: 1 })
    expect((await reviewsOf(b, challenge))[0]).toMatchObject({ status: 'failed', pointsAwarded: 0 })
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
      const { b, reviewId } = await submitted(t, challenge, login)
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
      expect(await reportOf(b, reviewId)).toMatchObject({ status: 'queued', stage: null })

      // The last attempt, now: it fails too, and the job is dead.
      await lastAttempt(database, reviewId, 2)
      run()
      const review = await finishedReview(b, reviewId, 30_000)
      expect(review).toMatchObject({ status: 'failed', error: REVIEW_FAILED, breakpoints: [] })
      await workers?.stop()
      expect(await jobOf(database, reviewId)).toMatchObject({ status: 'dead', attempts: 2 })
    },
  )

  it('cancels the job of a review whose member deletes their account while it runs, and keeps none of its images', async () => {
    const { b, reviewId } = await submitted(t, challenge, 'gone-midway')
    const [row] = await database.db
      .select({ id: submissionReviews.id })
      .from(submissionReviews)
      .where(eq(submissionReviews.publicId, reviewId))
    const jobOf = async () =>
      (
        await database.db
          .select({ status: jobs.status })
          .from(jobs)
          .where(sql`${jobs.payload}->>'reviewId' = ${String(row?.id)}`)
      )[0]?.status
    let open = () => {}
    capture.gate = new Promise((resolve) => {
      open = resolve
    })
    run()
    await expect
      .poll(async () => (await reviewsOf(b, challenge))[0], { timeout: 30_000 })
      .toMatchObject({ id: reviewId, status: 'running', stage: 'capturing-desktop' })
    expect((await b.send('DELETE', '/api/me', { confirm: 'gone-midway' })).status).toBe(204)
    open()
    await expect.poll(jobOf, { timeout: 30_000 }).toBe('cancelled')
    for (const { breakpoint } of REVIEW_BREAKPOINTS) {
      for (const kind of ['capture', 'diff'] as const)
        expect(await t.storage.exists(reviewImageKey(reviewId, breakpoint, kind))).toBe(false)
    }
    // Not even its folder is left.
    await expect(stat(join(t.dataDir, 'storage', 'public', 'reviews', reviewId))).rejects.toThrow()
  })

  it('gives a review that is running when its process stops back to the queue, for the next process to finish', async () => {
    const { b, reviewId } = await submitted(t, challenge, 'stopping')
    capture.hang = true
    workers = startReviewWorkers(t.reviews, { count: 1, log: t.log, pollMs: 20, stopTimeoutMs: 100 })
    // The review shows running once its worker runs it (a job merely claimed may not be under way yet).
    const deadline = Date.now() + 30_000
    while ((await reportOf(b, reviewId)).status !== 'running') {
      if (Date.now() > deadline) throw new Error('the review did not start')
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect((await jobOf(database, reviewId))?.status).toBe('running')
    await workers.stop()
    workers = undefined
    expect(await jobOf(database, reviewId)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null })
    expect(await reportOf(b, reviewId)).toMatchObject({ status: 'queued', stage: null })

    capture.hang = false
    const finishing = run()
    const review = await finishedReview(b, reviewId, 30_000)
    expect(review.status).toBe('passed')
    // The job is marked done after the review: stop() waits for that.
    await finishing.stop()
    expect(await jobOf(database, reviewId)).toMatchObject({ status: 'done', attempts: 1 })
  })

  it('fails the review of a job whose worker vanished on its last attempt', async () => {
    const { b, reviewId } = await submitted(t, challenge, 'vanished')
    const { id } = await rowOf(database, reviewId)
    // As a worker that claimed the job and died would leave it: running, its lease over, no attempts left.
    await database.db
      .update(jobs)
      .set({ status: 'running', attempts: 3, maxAttempts: 3, lockedUntil: sql`now() - interval '1 minute'` })
      .where(sql`(${jobs.payload}->>'reviewId')::int = ${id}`)
    await database.db
      .update(submissionReviews)
      .set({ status: 'running', stage: 'capturing-tablet' })
      .where(eq(submissionReviews.id, id))
    run()
    const review = await finishedReview(b, reviewId, 30_000)
    expect(review).toMatchObject({ status: 'failed', stage: null, error: REVIEW_FAILED })
    await workers?.stop()
    expect((await jobOf(database, reviewId))?.status).toBe('dead')
  })
})

/** The verification token the member of the Chromium test is given, and that the solid page carries. */
const SOLID_TOKEN = '5011d5011d5011d5011d5011d5011d50'

/**
 * A page that is the design: one colour block of the design's height at each breakpoint's width. Its
 * word, in the background's colour, leaves the picture as it is and gives Lighthouse content to paint.
 * It is served from loopback, not from the member's github.io: their verification tag makes it theirs.
 */
const SOLID_PAGE = `<!doctype html><html><head><title>Solid</title><meta name="${VERIFICATION_META_NAME}" content="${SOLID_TOKEN}"><style>
html,body{margin:0;padding:0}
div{height:${DESIGN.desktop.height}px}
html{background:${DESIGN.desktop.colour};color:${DESIGN.desktop.colour}}
@media (max-width:1000px){html{background:${DESIGN.tablet.colour};color:${DESIGN.tablet.colour}}div{height:${DESIGN.tablet.height}px}}
@media (max-width:500px){html{background:${DESIGN.mobile.colour};color:${DESIGN.mobile.colour}}div{height:${DESIGN.mobile.height}px}}
</style></head><body><div>Solid</div></body></html>`

describe.skipIf(!hasChromium()).each(TEST_DATABASES)('a real review in Chromium on %s', (kind) => {
  const realLighthouse = kind === TEST_DATABASES[0]
  let database: TestDatabase
  let t: TestApp
  let engine: ReviewEngine
  let site: FixtureServer
  let workers: Workers
  let challenge: Challenge

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    site = await startFixtureServer({
      '/solid': SOLID_PAGE,
      '/blank': '<!doctype html><title>Blank</title>',
    })
    // The product's engine, its child process and its Chromium. Lighthouse takes tens of seconds on two
    // cores: it runs for the page drawn like the design on the first database, not for the blank page
    // after it, nor again on the other database, where what is stored is the same report.
    const real = createReviewEngine()
    engine = {
      memoryLimitMb: real.memoryLimitMb,
      run: (request, options) =>
        real.run(
          {
            ...request,
            audits: { ...request.audits, lighthouse: realLighthouse && request.url.endsWith('/solid') },
          },
          options,
        ),
      close: () => real.close(),
    }
    t = await createTestApp(
      database,
      {},
      { reviewCapture: { allowLoopback: { ports: [site.port] }, engine } },
    )
    // Flat colours with no elements of their own: the challenge records none, as one imported before
    // elements were, so the score is the pixels' alone (docs/decisions/023-element-score.md).
    challenge = await fixtureChallenge(t, database, 'Chromium Review', { elements: false })
  })
  afterAll(async () => {
    await workers?.stop()
    await engine?.close()
    await site?.close()
    await database?.drop()
  })

  it('passes a page drawn like the design near 100 carrying the member’s tag, fails a blank page near 0, and serves the images', {
    timeout: 400_000,
  }, async () => {
    const { b, reviewId } = await submitted(t, challenge, 'chromium-member')
    await database.db
      .update(users)
      .set({ verificationToken: SOLID_TOKEN })
      .where(eq(users.username, 'chromium-member'))
    await liveAt(database, 'chromium-member', `${site.origin}/solid`)
    // Only now: a worker running since the submit could claim the review while it still named the
    // submitted github.io address, which this machine cannot resolve.
    workers = startReviewWorkers(t.reviews, { count: 1, log: t.log, pollMs: 100 })
    const review = await finishedReview(b, reviewId, 180_000)
    expect(review.error).toBeNull()
    expect(review).toMatchObject({
      status: 'passed',
      finalUrl: `${site.origin}/solid`,
      ownership: 'verified',
    })
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
    expect(quality?.lighthouse.status, JSON.stringify(quality?.lighthouse)).toBe(
      realLighthouse ? 'done' : 'unavailable',
    )
    if (realLighthouse) {
      const scores = quality?.lighthouse.status === 'done' ? quality.lighthouse.scores : null
      expect(Object.keys(scores ?? {}).sort()).toEqual([...LIGHTHOUSE_CATEGORIES].sort())
      for (const category of LIGHTHOUSE_CATEGORIES) {
        const score = scores?.[category]
        expect(score, category).toBeGreaterThanOrEqual(0)
        expect(score, category).toBeLessThanOrEqual(1)
      }
    }
    if (!realLighthouse)
      expect(quality?.lighthouse).toEqual({
        status: 'unavailable',
        reason: 'This check is turned off on this server.',
      })
    // Lighthouse's version is named whether it ran or was turned off for this review.
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
    const blank = await finishedReview(b, (await requested.json()).review.id, 180_000)
    expect(blank).toMatchObject({
      status: 'failed',
      finalUrl: `${site.origin}/blank`,
      error: { code: 'blank_page', message: VERDICT_FAILURES.blank_page },
    })
    for (const bp of blank.breakpoints) expect(bp.score, bp.breakpoint).toBeLessThanOrEqual(5)
    // The first pass's points stay.
    expect((await (await b.get('/api/me')).json()).user).toMatchObject({ points: 10, submission: 1 })
  })
})
