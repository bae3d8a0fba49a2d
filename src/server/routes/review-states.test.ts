import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { submissionReviews } from '#server/db/schema.ts'
import type { Challenge } from '#shared/challenge.ts'
import { needsFeedbackResponse, notificationsResponse } from '#shared/feedback.ts'
import { dashboardResponse, memberChallengesResponse, profilePageResponse } from '#shared/member.ts'
import { VERDICT_FAILURES } from '#shared/review.ts'
import { type createTestApp, createTestAppWithCatalogue } from '#tests/support/app.ts'
import { browser, signedInBrowser, type TestBrowser } from '#tests/support/auth.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

/**
 * Review states and counts where the member reads them (docs/product.md §2 Dashboard, Profile, §12): the
 * newest review of each of their challenges, whatever its state; what the profile's numbers count; the
 * notifications' score or reason; and whether anything was published at all. One story on one database,
 * in order: nothing published, a failed review, a pending one, a passed one.
 */
describe.each(TEST_DATABASES)('review states and counts on %s', (kind) => {
  let database: TestDatabase
  let t: TestApp
  let navbar: Challenge
  let footer: Challenge
  let ada: TestBrowser
  let bob: TestBrowser

  const dashboard = async (b: TestBrowser) =>
    dashboardResponse.parse(await (await b.get('/api/me/dashboard')).json())
  const ongoing = async (b: TestBrowser) =>
    memberChallengesResponse.parse(await (await b.get('/api/me/challenges?status=ongoing')).json()).challenges
  const completed = async (b: TestBrowser) =>
    memberChallengesResponse.parse(await (await b.get('/api/me/challenges?status=completed')).json())
      .challenges
  const needsFeedback = async (b: TestBrowser) =>
    needsFeedbackResponse.parse(await (await b.get('/api/needs-feedback')).json())
  const profile = async (login: string) =>
    profilePageResponse.parse(await (await t.app.request(`/api/users/${login}`)).json())

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    const app = await createTestAppWithCatalogue(database, 'States')
    t = app.t
    navbar = app.catalogue.find((c) => c.category === 'navbar') as Challenge
    footer = app.catalogue.find((c) => c.category === 'footer') as Challenge
    ada = await signedInBrowser(t.app, 'states-ada')
    bob = await signedInBrowser(t.app, 'states-bob')
  })
  afterAll(async () => {
    await database?.drop()
  })

  it('says nothing was published while no solution is, on the dashboard and in the list', async () => {
    expect((await dashboard(ada)).feedback).toBe('none-published')
    expect(await needsFeedback(ada)).toEqual({ solutions: [], nextCursor: null, anyPublished: false })
    expect(await needsFeedback(browser(t.app))).toEqual({
      solutions: [],
      nextCursor: null,
      anyPublished: false,
    })
  })

  it('shows a failed review with its reason on the ongoing list, and counts the submit', async () => {
    await ada.send('POST', `/api/me/challenges/${navbar.id}/start`)
    expect((await ongoing(ada))[0]?.review).toBeNull()
    const url = 'https://states-ada.github.io/blank'
    t.sites.set(url, { blank: true })
    expect((await ada.send('POST', `/api/me/challenges/${navbar.id}/submit`, { liveUrl: url })).status).toBe(
      200,
    )
    await t.runReviews()

    const [entry] = await ongoing(ada)
    expect(entry?.challenge.id).toBe(navbar.id)
    expect(entry?.review).toMatchObject({
      status: 'failed',
      requestedUrl: url,
      error: { code: 'blank_page', message: VERDICT_FAILURES.blank_page },
    })
    expect(entry?.review?.score).toEqual(expect.any(Number))
    // Completed 0, Submitted 1: the profile says what each number counts.
    expect((await profile('states-ada')).profile).toMatchObject({ submission: 0, submitted: 1 })
  })

  it('shows a queued, then a running review with its stage', async () => {
    await ada.send('POST', `/api/me/challenges/${footer.id}/start`)
    const submitted = await ada.send('POST', `/api/me/challenges/${footer.id}/submit`, {
      liveUrl: 'https://states-ada.github.io/footer',
    })
    expect(submitted.status).toBe(200)
    const footerEntry = async () => (await ongoing(ada)).find((c) => c.challenge.id === footer.id)
    expect((await footerEntry())?.review).toMatchObject({
      status: 'queued',
      stage: null,
      score: null,
      error: null,
    })

    const reviewId = (await footerEntry())?.review?.id ?? ''
    await database.db
      .update(submissionReviews)
      .set({ status: 'running', stage: 'scoring' })
      .where(eq(submissionReviews.publicId, reviewId))
    expect((await footerEntry())?.review).toMatchObject({ id: reviewId, status: 'running', stage: 'scoring' })
    expect((await profile('states-ada')).profile).toMatchObject({ submission: 0, submitted: 2 })
    await database.db
      .update(submissionReviews)
      .set({ status: 'queued', stage: null })
      .where(eq(submissionReviews.publicId, reviewId))
  })

  it('shows a passed review with its score once it completes the challenge', async () => {
    await t.runReviews()
    const [entry] = await completed(ada)
    expect(entry?.challenge.id).toBe(footer.id)
    expect(entry?.review).toMatchObject({ status: 'passed', score: 100, error: null, pointsAwarded: 10 })
    expect((await profile('states-ada')).profile).toMatchObject({ submission: 1, submitted: 2 })
  })

  it('gives each finished review its score or its reason in the notifications', async () => {
    const { notifications } = notificationsResponse.parse(
      await (await ada.get('/api/me/notifications')).json(),
    )
    expect(notifications.map((n) => n.review)).toEqual([
      { id: expect.any(String), passed: true, score: 100, reason: null },
      {
        id: expect.any(String),
        passed: false,
        score: expect.any(Number),
        reason: VERDICT_FAILURES.blank_page,
      },
    ])
  })

  it('tells whether published solutions wait for feedback, never counting the reader’s own', async () => {
    // Ada's solution is the only one published: she has nothing to comment on, Bob has.
    expect((await dashboard(ada)).feedback).toBe('all-commented')
    expect(await needsFeedback(ada)).toEqual({ solutions: [], nextCursor: null, anyPublished: true })
    expect((await dashboard(bob)).feedback).toBe('waiting')
    const forBob = await needsFeedback(bob)
    expect(forBob.solutions).toHaveLength(1)
    expect(forBob.anyPublished).toBe(true)
  })
})
