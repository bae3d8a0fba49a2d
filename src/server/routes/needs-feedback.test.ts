import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importCatalogue } from '#server/content/import.ts'
import { comments, userChallenges, users } from '#server/db/schema.ts'
import { recountComments } from '#server/feedback/counts.ts'
import type { Challenge } from '#shared/challenge.ts'
import { type NeedsFeedbackResponse, needsFeedbackResponse } from '#shared/feedback.ts'
import { createTestApp } from '#tests/support/app.ts'
import { browser, signedInBrowser, type TestBrowser } from '#tests/support/auth.ts'
import { temporaryDir, writeChallengeFolder } from '#tests/support/content-fixtures.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

/**
 * GET /api/needs-feedback (docs/product.md §12, "Needs feedback"): listed solutions without a visible
 * comment, the longest waiting first, never the reader's own; a member's completed challenges first.
 */
describe.each(TEST_DATABASES)('the needs-feedback list on %s', (kind) => {
  let database: TestDatabase
  let t: TestApp
  let navbar: Challenge
  let hero: Challenge
  /** Solution public ids by their member's login. */
  const solutions = new Map<string, string>()
  let reader: TestBrowser

  const member = (login: string) => signedInBrowser(t.app, login)
  /** `login` passes `challenge` on their own site; solutions pass in the order this is called. */
  const pass = async (login: string, challenge: Challenge) => {
    const b = await member(login)
    await b.send('POST', `/api/me/challenges/${challenge.id}/start`)
    const submitted = await b.send('POST', `/api/me/challenges/${challenge.id}/submit`, {
      liveUrl: `https://${login}.github.io/site`,
    })
    expect(submitted.status).toBe(200)
    await t.runReviews()
    const [row] = await database.db
      .select({ publicId: userChallenges.publicId })
      .from(userChallenges)
      .innerJoin(users, eq(users.id, userChallenges.userId))
      .where(and(eq(users.username, login), eq(userChallenges.challengeId, challenge.id)))
    if (!row) throw new Error(`${login} has no solution`)
    solutions.set(login, row.publicId)
    return b
  }
  const list = async (b: TestBrowser, query = '') => {
    const response = await b.get(`/api/needs-feedback${query}`)
    expect(response.status, query).toBe(200)
    return { response, body: needsFeedbackResponse.parse(await response.json()) }
  }
  const owners = (body: NeedsFeedbackResponse) => body.solutions.map((s) => s.member.username)
  /** Every page at `limit` cards, following the cursors. */
  const allPages = async (b: TestBrowser, limit: number) => {
    const seen: { login: string; builtByYouToo: boolean }[] = []
    let cursor: string | null = null
    for (let page = 0; page < 20; page += 1) {
      const query = `?limit=${limit}${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`
      const { body } = await list(b, query)
      expect(body.solutions.length).toBeLessThanOrEqual(limit)
      seen.push(...body.solutions.map((s) => ({ login: s.member.username, builtByYouToo: s.builtByYouToo })))
      cursor = body.nextCursor
      if (cursor === null) return seen
    }
    throw new Error('more than 20 pages')
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    const contentDir = await temporaryDir()
    await writeChallengeFolder(contentDir, { title: 'Solve Navbar', category: 'navbar', date: '2026-10-01' })
    await writeChallengeFolder(contentDir, { title: 'Solve Hero', category: 'hero', date: '2026-10-02' })
    t = await createTestApp(database)
    await importCatalogue({ db: database.db, storage: t.storage, contentDir })
    const catalogue = (await (await t.app.request('/api/challenges')).json()).challenges as Challenge[]
    navbar = catalogue.find((c) => c.slug === 'Solve-Navbar') as Challenge
    hero = catalogue.find((c) => c.slug === 'Solve-Hero') as Challenge
    // Oldest pass first: amy (navbar), ben (hero), cal (navbar), the reader rex (hero), dee (hero).
    await pass('amy', navbar)
    await pass('ben', hero)
    await pass('cal', navbar)
    reader = await pass('rex', hero)
    await pass('dee', hero)
    // One that has not passed is not listed.
    const failing = await member('eli')
    await failing.send('POST', `/api/me/challenges/${navbar.id}/start`)
    await failing.send('POST', `/api/me/challenges/${navbar.id}/submit`, {
      liveUrl: 'https://someone.github.io/x',
    })
    await t.runReviews()
  })
  afterAll(async () => {
    await database?.drop()
  })

  it('shows visitors every listed solution without a comment, the longest waiting first', async () => {
    const { response, body } = await list(browser(t.app))
    expect(owners(body)).toEqual(['amy', 'ben', 'cal', 'rex', 'dee'])
    expect(body.solutions.every((s) => !s.builtByYouToo && s.commentCount === 0)).toBe(true)
    expect(body.nextCursor).toBeNull()
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=10')
    expect(response.headers.get('Vary')).toBe('Cookie')
    const [first] = body.solutions
    expect(first).toMatchObject({
      id: solutions.get('amy'),
      challenge: { id: navbar.id, title: 'Solve Navbar' },
      likeCount: 0,
    })
    expect(first?.captureUrl).toMatch(/^\/files\//)
  })

  it('puts the challenges the reader completed first, and never the reader’s own', async () => {
    const { response, body } = await list(reader)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(body.solutions.map((s) => [s.member.username, s.builtByYouToo])).toEqual([
      ['ben', true],
      ['dee', true],
      ['amy', false],
      ['cal', false],
    ])
    // A member who completed nothing gets the plain order.
    const newcomer = await member('newcomer')
    expect(owners((await list(newcomer)).body)).toEqual(['amy', 'ben', 'cal', 'rex', 'dee'])
  })

  it('pages by cursor across both parts without repeating or skipping a card', async () => {
    for (const limit of [1, 2, 3]) {
      expect(await allPages(reader, limit), `limit ${limit}`).toEqual([
        { login: 'ben', builtByYouToo: true },
        { login: 'dee', builtByYouToo: true },
        { login: 'amy', builtByYouToo: false },
        { login: 'cal', builtByYouToo: false },
      ])
      expect((await allPages(browser(t.app), limit)).map((s) => s.login)).toEqual([
        'amy',
        'ben',
        'cal',
        'rex',
        'dee',
      ])
    }
  })

  it('refuses a bad cursor or limit with a message', async () => {
    for (const query of ['?limit=0', '?limit=49', '?limit=abc', '?cursor=!!', '?cursor=bm90LWpzb24']) {
      const response = await browser(t.app).get(`/api/needs-feedback${query}`)
      expect(response.status, query).toBe(400)
      expect((await response.json()).error.message, query).toMatch(/^(limit|cursor): /)
    }
    const forged = Buffer.from(JSON.stringify([2, '1', 1])).toString('base64url')
    expect((await browser(t.app).get(`/api/needs-feedback?cursor=${forged}`)).status).toBe(400)
  })

  it('drops a solution once it has a visible comment, and brings it back when that comment is hidden with its replies', async () => {
    const [ben] = await database.db
      .select({ id: userChallenges.id })
      .from(userChallenges)
      .where(eq(userChallenges.publicId, solutions.get('ben') ?? ''))
    const [amy] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, 'amy'))
    if (!ben || !amy) throw new Error('missing rows')
    const [written] = await database.db
      .insert(comments)
      .values({ userChallengeId: ben.id, authorId: amy.id, kind: 'praise', body: 'Lovely.' })
      .returning({ id: comments.id })
    // A reply under it: hidden with it when the comment is hidden, so it does not count then.
    await database.db.insert(comments).values({
      userChallengeId: ben.id,
      authorId: amy.id,
      kind: 'praise',
      body: 'And more.',
      parentId: written?.id,
    })
    await recountComments(database.db, ben.id)
    expect(owners((await list(browser(t.app))).body)).toEqual(['amy', 'cal', 'rex', 'dee'])
    expect(owners((await list(reader)).body)).toEqual(['dee', 'amy', 'cal'])

    await database.db
      .update(comments)
      .set({ hiddenAt: new Date() })
      .where(eq(comments.id, written?.id ?? -1))
    await recountComments(database.db, ben.id)
    expect(owners((await list(browser(t.app))).body)).toEqual(['amy', 'ben', 'cal', 'rex', 'dee'])

    // A solution its author hid leaves the list.
    const dee = await member('dee')
    expect((await dee.send('PATCH', `/api/solutions/${solutions.get('dee')}`, { hidden: true })).status).toBe(
      200,
    )
    expect(owners((await list(reader)).body)).toEqual(['ben', 'amy', 'cal'])
  })
})
