import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fileUrl } from '#server/catalogue/challenge-rows.ts'
import { importCatalogue } from '#server/content/import.ts'
import { reviewBreakpoints, submissionReviews, userChallenges, users } from '#server/db/schema.ts'
import { settleListing } from '#server/solutions/listing.ts'
import type { Challenge } from '#shared/challenge.ts'
import { type GalleryResponse, galleryResponse } from '#shared/solution.ts'
import { createTestApp } from '#tests/support/app.ts'
import { browser, signIn, type TestBrowser } from '#tests/support/auth.ts'
import { temporaryDir, writeChallengeFolder } from '#tests/support/content-fixtures.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

/**
 * The latest passed review stored on a solution's row (docs/product.md §11), which the galleries read:
 * set by the review that passes, in its own transaction, moved by a later pass, and cleared or moved
 * back when a passed review is no longer one. Reviews run through the real pipeline on stand-in sites:
 * a member's own `<login>.github.io` passes, anyone else's fails.
 */
describe.each(TEST_DATABASES)('the stored latest passed review on %s', (kind) => {
  let database: TestDatabase
  let t: TestApp
  let challenge: Challenge

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    const contentDir = await temporaryDir()
    await writeChallengeFolder(contentDir, {
      title: 'Listing Navbar',
      category: 'navbar',
      date: '2026-10-01',
    })
    t = await createTestApp(database)
    await importCatalogue({ db: database.db, storage: t.storage, contentDir })
    const list = (await (await t.app.request('/api/challenges')).json()).challenges as Challenge[]
    challenge = list[0] as Challenge
  })
  afterAll(async () => {
    await database?.drop()
  })

  const submit = async (b: TestBrowser, liveUrl: string) => {
    await b.send('POST', `/api/me/challenges/${challenge.id}/start`)
    const response = await b.send('POST', `/api/me/challenges/${challenge.id}/submit`, { liveUrl })
    expect(response.status).toBe(200)
    await t.runReviews()
  }
  const rowOf = async (login: string) => {
    const [row] = await database.db
      .select({ solution: userChallenges })
      .from(userChallenges)
      .innerJoin(users, eq(users.id, userChallenges.userId))
      .where(and(eq(users.username, login), eq(userChallenges.challengeId, challenge.id)))
    if (!row) throw new Error(`${login} has no solution`)
    return row.solution
  }
  /** The solution's reviews, oldest first, with their breakpoints' scores and desktop capture. */
  const reviewsOf = async (solutionId: number) => {
    const reviews = await database.db
      .select()
      .from(submissionReviews)
      .where(eq(submissionReviews.userChallengeId, solutionId))
      .orderBy(asc(submissionReviews.createdAt), asc(submissionReviews.id))
    return Promise.all(
      reviews.map(async (review) => {
        const breakpoints = await database.db
          .select()
          .from(reviewBreakpoints)
          .where(eq(reviewBreakpoints.reviewId, review.id))
        const mean = breakpoints.reduce((sum, b) => sum + b.score, 0) / breakpoints.length
        const desktop = breakpoints.find((b) => b.breakpoint === 'desktop')
        return { ...review, score10: Math.round(mean * 10), captureKey: desktop?.captureKey ?? null }
      }),
    )
  }
  const cardOf = async (publicId: string) => {
    const cards = []
    for (const sort of ['newest', 'score']) {
      for (const path of ['/api/solutions', `/api/challenges/${challenge.id}/solutions`]) {
        const response = await t.app.request(`${path}?sort=${sort}&limit=48`)
        expect(response.status).toBe(200)
        const body: GalleryResponse = galleryResponse.parse(await response.json())
        cards.push(body.solutions.find((card) => card.id === publicId) ?? null)
      }
    }
    // Every gallery and order shows the same card, or none.
    for (const card of cards) expect(card).toEqual(cards[0])
    return cards[0] ?? null
  }
  const setStatus = (reviewId: number, status: string) =>
    database.db.update(submissionReviews).set({ status }).where(eq(submissionReviews.id, reviewId))

  it('is set by a pass, moved by a later pass, and kept by a failure', async () => {
    const b = browser(t.app)
    await signIn(b, { login: 'lena' })
    expect(await rowOf('lena').catch(() => null)).toBeNull()

    await submit(b, 'https://lena.github.io/one')
    const first = await rowOf('lena')
    const [passed] = await reviewsOf(first.id)
    expect(passed?.status).toBe('passed')
    expect(first).toMatchObject({
      passedReviewId: passed?.id,
      passedAt: passed?.createdAt,
      passedScore10: passed?.score10,
    })
    expect(await cardOf(first.publicId)).toMatchObject({
      member: { username: 'lena' },
      score: (passed?.score10 ?? 0) / 10,
      passedAt: passed?.createdAt.toISOString(),
      captureUrl: fileUrl(passed?.captureKey ?? ''),
    })

    await submit(b, 'https://lena.github.io/two')
    const second = await reviewsOf(first.id)
    expect(second.map((r) => r.status)).toEqual(['passed', 'passed'])
    const later = second[1]
    expect(await rowOf('lena')).toMatchObject({ passedReviewId: later?.id, passedAt: later?.createdAt })
    expect((await cardOf(first.publicId))?.captureUrl).toBe(fileUrl(later?.captureKey ?? ''))

    // Someone else's site fails: the latest passed review stays where it was.
    await submit(b, 'https://not-lena.github.io/')
    const third = await reviewsOf(first.id)
    expect(third.map((r) => r.status)).toEqual(['passed', 'passed', 'failed'])
    expect(await rowOf('lena')).toMatchObject({ passedReviewId: later?.id, passedAt: later?.createdAt })
  })

  it('moves back to the earlier pass, or clears, when a passed review is no longer one', async () => {
    const b = browser(t.app)
    await signIn(b, { login: 'milo' })
    await submit(b, 'https://milo.github.io/one')
    await submit(b, 'https://milo.github.io/two')
    const solution = await rowOf('milo')
    const [older, newer] = await reviewsOf(solution.id)
    if (!older || !newer) throw new Error('two reviews were expected')
    // The older pass scored otherwise: 71.24, 80 and 90 average 80.41..., shown as 80.4.
    for (const [breakpoint, score] of [
      ['desktop', 71.24],
      ['tablet', 80],
      ['mobile', 90],
    ] as const)
      await database.db
        .update(reviewBreakpoints)
        .set({ score })
        .where(and(eq(reviewBreakpoints.reviewId, older.id), eq(reviewBreakpoints.breakpoint, breakpoint)))

    await setStatus(newer.id, 'failed')
    await settleListing(database.db, solution.id)
    expect(await rowOf('milo')).toMatchObject({
      passedReviewId: older.id,
      passedAt: older.createdAt,
      passedScore10: 804,
    })
    expect(await cardOf(solution.publicId)).toMatchObject({
      score: 80.4,
      passedAt: older.createdAt.toISOString(),
      captureUrl: fileUrl(older.captureKey ?? ''),
    })

    await setStatus(older.id, 'failed')
    await settleListing(database.db, solution.id)
    expect(await rowOf('milo')).toMatchObject({ passedReviewId: null, passedAt: null, passedScore10: null })
    expect(await cardOf(solution.publicId)).toBeNull()

    // A passed review that is deleted leaves the solution unlisted, never pointing at nothing.
    await setStatus(older.id, 'passed')
    await settleListing(database.db, solution.id)
    expect((await cardOf(solution.publicId))?.score).toBe(80.4)
    await database.db.delete(submissionReviews).where(eq(submissionReviews.id, older.id))
    expect((await rowOf('milo')).passedReviewId).toBeNull()
    expect(await cardOf(solution.publicId)).toBeNull()
  })

  it('pages one card at a time over the microseconds a review is stamped with', async () => {
    const b = browser(t.app)
    await signIn(b, { login: 'nora' })
    await submit(b, 'https://nora.github.io/')
    for (const sort of ['newest', 'score']) {
      for (const path of ['/api/solutions', `/api/challenges/${challenge.id}/solutions`]) {
        const whole = galleryResponse.parse(
          await (await t.app.request(`${path}?sort=${sort}&limit=48`)).json(),
        )
        expect(whole.solutions.length).toBeGreaterThanOrEqual(2)
        const paged: string[] = []
        let cursor: string | null = null
        do {
          const query: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`
          const response = await t.app.request(`${path}?sort=${sort}&limit=1${query}`)
          expect(response.status).toBe(200)
          const page: GalleryResponse = galleryResponse.parse(await response.json())
          paged.push(...page.solutions.map((card) => card.id))
          cursor = page.nextCursor
        } while (cursor !== null && paged.length < 50)
        expect(paged).toEqual(whole.solutions.map((card) => card.id))
      }
    }
  })
})
