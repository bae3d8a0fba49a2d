import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { submissionReviews, userChallenges, users } from '#server/db/schema.ts'
import type { Challenge } from '#shared/challenge.ts'
import { memberChallengesResponse } from '#shared/member.ts'
import { galleryResponse, solutionResponse } from '#shared/solution.ts'
import { progressResponse } from '#shared/user.ts'
import { type createTestApp, createTestAppWithCatalogue } from '#tests/support/app.ts'
import { browser, signIn, type TestBrowser } from '#tests/support/auth.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'

const ADMIN = 'warden'

/**
 * Public = passed (docs/product.md §11): once a solution passed, everything anyone but its member reads
 * of it is that passed iteration, whatever was submitted since. The attack: pass with your own site,
 * then submit someone else's (or any unreviewed link) and let the "verified" solution point there.
 * Sites are stand-ins: a member's own `<login>.github.io` passes its review, anyone else's fails.
 */
describe.each(TEST_DATABASES)('public = passed on %s', (kind) => {
  let database: TestDatabase
  let t: Awaited<ReturnType<typeof createTestApp>>
  let navbar: Challenge

  const member = async (login: string) => {
    const b = browser(t.app)
    await signIn(b, { login })
    return b
  }
  const submit = async (b: TestBrowser, body: { liveUrl: string; repositoryUrl?: string }) => {
    await b.send('POST', `/api/me/challenges/${navbar.id}/start`)
    const response = await b.send('POST', `/api/me/challenges/${navbar.id}/submit`, body)
    expect(response.status).toBe(200)
  }
  const solutionIdOf = async (login: string) => {
    const [row] = await database.db
      .select({ publicId: userChallenges.publicId })
      .from(userChallenges)
      .innerJoin(users, eq(users.id, userChallenges.userId))
      .where(and(eq(users.username, login), eq(userChallenges.challengeId, navbar.id)))
    if (!row) throw new Error(`${login} has no solution`)
    return row.publicId
  }
  const solutionAs = async (b: TestBrowser, id: string) => {
    const response = await b.get(`/api/solutions/${id}`)
    expect(response.status).toBe(200)
    return solutionResponse.parse(await response.json()).solution
  }
  const progressOf = async (b: TestBrowser) =>
    progressResponse.parse(await (await b.get(`/api/me/challenges/${navbar.id}`)).json()).progress
  /** Everything a visitor can read that names the solution's addresses, as text. */
  const whatVisitorsRead = async (login: string, id: string) => {
    const visitor = browser(t.app)
    const answers = await Promise.all([
      visitor.get(`/api/solutions/${id}`),
      visitor.get(`/api/users/${login}`),
      visitor.get(`/solutions/${id}`),
      visitor.get(`/profile/${login}`),
      visitor.get(`/api/challenges/${navbar.id}/solutions`),
      visitor.get('/api/solutions'),
    ])
    for (const answer of answers) expect(answer.status, answer.url).toBe(200)
    return (await Promise.all(answers.map((answer) => answer.text()))).join('\n')
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    const built = await createTestAppWithCatalogue(database, 'Public', { ADMIN_GITHUB_LOGINS: ADMIN })
    t = built.t
    navbar = built.catalogue.find((c) => c.category === 'navbar') as Challenge
  })
  afterAll(async () => {
    await database?.drop()
  })

  it('a failed later submit changes nothing visitors see; its member sees both, marked', async () => {
    const passed = 'https://ada.github.io/navbar'
    const failed = 'https://mallory.github.io/phish'
    const ada = await member('ada')
    await submit(ada, { liveUrl: passed, repositoryUrl: 'https://github.com/ada/navbar' })
    await t.runReviews()
    const id = await solutionIdOf('ada')
    const before = await solutionAs(browser(t.app), id)
    const profileBefore = await (await browser(t.app).get('/api/users/ada')).json()

    await submit(ada, { liveUrl: failed, repositoryUrl: 'https://github.com/mallory/phish' })
    await t.runReviews()
    const [failedReview] = await database.db
      .select({ status: submissionReviews.status })
      .from(submissionReviews)
      .where(eq(submissionReviews.requestedUrl, failed))
    expect(failedReview?.status).toBe('failed')

    // Visitors: the passed iteration's addresses, score and captures, on every page and answer.
    const visitorView = await solutionAs(browser(t.app), id)
    expect(visitorView).toMatchObject({
      liveUrl: passed,
      repositoryUrl: 'https://github.com/ada/navbar',
      latestReview: before.latestReview,
    })
    expect(visitorView.iterations.map((i) => [i.status, i.public])).toEqual([['passed', true]])
    const profile = await (await browser(t.app).get('/api/users/ada')).json()
    expect(profile.submissions).toEqual(profileBefore.submissions)
    expect(profile.submissions[0]).toMatchObject({ liveUrl: passed, ownership: 'verified' })
    const read = await whatVisitorsRead('ada', id)
    expect(read).toContain(passed)
    expect(read).not.toContain('mallory')
    // Another member reads what visitors read.
    const other = await solutionAs(await member('bystander'), id)
    expect(other.iterations.map((i) => i.status)).toEqual(['passed'])
    expect(other.liveUrl).toBe(passed)

    // Its member: the same public addresses on the solution, every iteration with the public one
    // marked, and on the challenge page the last submit beside what is public.
    const own = await solutionAs(ada, id)
    expect(own).toMatchObject({ liveUrl: passed, repositoryUrl: 'https://github.com/ada/navbar' })
    expect(own.iterations.map((i) => [i.status, i.requestedUrl, i.public])).toEqual([
      ['failed', failed, false],
      ['passed', passed, true],
    ])
    expect(await progressOf(ada)).toMatchObject({
      status: 'completed',
      liveUrl: failed,
      repositoryUrl: 'https://github.com/mallory/phish',
      publicIteration: {
        reviewId: before.latestReview?.id,
        liveUrl: passed,
        repositoryUrl: 'https://github.com/ada/navbar',
      },
      hidden: false,
    })
    const completed = memberChallengesResponse.parse(
      await (await ada.get('/api/me/challenges?status=completed')).json(),
    ).challenges
    expect(completed.map((c) => c.liveUrl)).toEqual([passed])

    // An admin sees every iteration too (docs/product.md §11).
    const admin = await solutionAs(await member(ADMIN), id)
    expect(admin.iterations.map((i) => i.status)).toEqual(['failed', 'passed'])
    expect(admin.liveUrl).toBe(passed)
  })

  it('a later submit waiting for its review is not public; once it passes, it is', async () => {
    const first = 'https://bea.github.io/first'
    const second = 'https://bea.github.io/second'
    const bea = await member('bea')
    await submit(bea, { liveUrl: first })
    await t.runReviews()
    const id = await solutionIdOf('bea')

    await submit(bea, { liveUrl: second, repositoryUrl: 'https://github.com/bea/second' })
    const waiting = await whatVisitorsRead('bea', id)
    expect(waiting).toContain(first)
    expect(waiting).not.toContain(second)
    expect((await solutionAs(browser(t.app), id)).repositoryUrl).toBeNull()
    expect((await progressOf(bea)).publicIteration?.liveUrl).toBe(first)
    expect((await solutionAs(bea, id)).iterations.map((i) => [i.status, i.public])).toEqual([
      ['queued', false],
      ['passed', true],
    ])

    await t.runReviews()
    const visitorView = await solutionAs(browser(t.app), id)
    expect(visitorView).toMatchObject({ liveUrl: second, repositoryUrl: 'https://github.com/bea/second' })
    expect(visitorView.iterations.map((i) => [i.requestedUrl, i.public])).toEqual([
      [second, true],
      [first, false],
    ])
    expect((await progressOf(bea)).publicIteration).toMatchObject({ liveUrl: second })
    const profile = await (await browser(t.app).get('/api/users/bea')).json()
    expect(profile.submissions[0].liveUrl).toBe(second)
    // The gallery card is of the newest passed review.
    const cards = galleryResponse.parse(
      await (await t.app.request(`/api/challenges/${navbar.id}/solutions`)).json(),
    ).solutions
    expect(cards.find((card) => card.id === id)?.score).toBe(visitorView.latestReview?.score)
  })

  it('a repository edited on the solution reaches the public iteration, and not a failed one', async () => {
    const cleo = await member('cleo')
    await submit(cleo, { liveUrl: 'https://cleo.github.io/navbar' })
    await t.runReviews()
    await submit(cleo, {
      liveUrl: 'https://not-cleo.github.io/navbar',
      repositoryUrl: 'https://github.com/x/y',
    })
    await t.runReviews()
    const id = await solutionIdOf('cleo')
    const edited = await cleo.send('PATCH', `/api/solutions/${id}`, {
      repositoryUrl: 'https://github.com/cleo/navbar',
    })
    expect(edited.status).toBe(200)
    expect(solutionResponse.parse(await edited.json()).solution.repositoryUrl).toBe(
      'https://github.com/cleo/navbar',
    )
    expect((await solutionAs(browser(t.app), id)).repositoryUrl).toBe('https://github.com/cleo/navbar')
    const repositories = await database.db
      .select({ status: submissionReviews.status, repositoryUrl: submissionReviews.repositoryUrl })
      .from(submissionReviews)
      .innerJoin(userChallenges, eq(userChallenges.id, submissionReviews.userChallengeId))
      .where(eq(userChallenges.publicId, id))
      .orderBy(submissionReviews.id)
    expect(repositories).toEqual([
      { status: 'passed', repositoryUrl: 'https://github.com/cleo/navbar' },
      { status: 'failed', repositoryUrl: 'https://github.com/x/y' },
    ])
  })

  it('the README badge counts the passed work only: a failed later submit leaves it as it was', async () => {
    const dan = await member('dan')
    await submit(dan, { liveUrl: 'https://dan.github.io/navbar' })
    await t.runReviews()
    const badge = async () => (await t.app.request('/api/users/dan/badge.svg')).text()
    const before = await badge()
    expect(before).toContain('1 verified')
    await submit(dan, { liveUrl: 'https://eve.github.io/navbar' })
    await t.runReviews()
    expect(await badge()).toBe(before)
  })
})
