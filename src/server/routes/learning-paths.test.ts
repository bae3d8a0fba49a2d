import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { importCatalogue } from '#server/content/import.ts'
import type { Challenge } from '#shared/challenge.ts'
import {
  nextChallengeResponse,
  pathProgressResponse,
  pathResponse,
  pathsResponse,
} from '#shared/learning-paths.ts'
import { createTestAppWithCatalogue } from '#tests/support/app.ts'
import { browser, signIn, type TestBrowser } from '#tests/support/auth.ts'
import { temporaryDir, writeChallengeFolder } from '#tests/support/content-fixtures.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'

type TestApp = Awaited<ReturnType<typeof createTestAppWithCatalogue>>['t']

describe.each(TEST_DATABASES)('learning paths on %s', (kind) => {
  let database: TestDatabase
  let t: TestApp
  let navbar: Challenge
  let footer: Challenge
  let hero: Challenge
  let logins = 0

  const member = async () => {
    logins += 1
    const login = `path-member-${logins}`
    const b = browser(t.app)
    await signIn(b, { login })
    return { b, login }
  }
  /** Starts the challenge and submits the member's own site, which passes its review. */
  const pass = async (b: TestBrowser, login: string, challenge: Challenge) => {
    expect((await b.send('POST', `/api/me/challenges/${challenge.id}/start`)).status).toBe(200)
    const submitted = await b.send('POST', `/api/me/challenges/${challenge.id}/submit`, {
      liveUrl: `https://${login}.github.io/${challenge.slug.toLowerCase()}`,
    })
    expect(submitted.status).toBe(200)
    await t.runReviews()
  }
  const progressOf = async (b: TestBrowser, slug = 'first-steps') =>
    pathProgressResponse.parse(await (await b.get(`/api/me/paths/${slug}`)).json()).progress
  const nextOf = async (b: TestBrowser) =>
    nextChallengeResponse.parse(await (await b.get('/api/me/next')).json()).next
  const badgesOf = async (login: string) =>
    (await (await t.app.request(`/api/users/${login}`)).json()).badges as {
      id: string
      reason: string
      awardedAt: string
    }[]

  let pathsDir = ''
  let contentDir = ''

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    pathsDir = await temporaryDir('paths-')
    const created = await createTestAppWithCatalogue(database, 'Paths', { PATHS_DIR: pathsDir })
    t = created.t
    contentDir = created.contentDir
    const bySlug = (category: string) => created.catalogue.find((c) => c.category === category) as Challenge
    navbar = bySlug('navbar')
    footer = bySlug('footer')
    hero = bySlug('hero')
    await writeFile(
      join(pathsDir, 'first-steps.md'),
      `---\ntitle: First steps\nsummary: A navbar, then a footer, for the API tests of the paths.\nlevel: beginner\norder: 1\nsteps:\n  - challenge: ${navbar.slug}\n    note: What the navbar teaches.\n  - challenge: ${footer.slug}\n    note: What the footer teaches.\n---\nFirst paragraph of the introduction,\nwrapped.\n\nSecond paragraph.\n`,
    )
    // A step the catalogue lacks is left out; a path left with none is not listed.
    await writeFile(
      join(pathsDir, 'gone-path.md'),
      '---\ntitle: Gone path\nsummary: Names only a challenge the catalogue does not have.\nlevel: advanced\norder: 2\nsteps:\n  - challenge: No-Such-Challenge\n    note: A step that names nothing.\n---\n',
    )
  })
  afterAll(async () => {
    await database?.drop()
  })

  it('lists the paths and shows one with its ordered steps, to anyone', async () => {
    const list = await t.app.request('/api/paths')
    expect(list.status).toBe(200)
    expect(pathsResponse.parse(await list.json()).paths).toEqual([
      {
        slug: 'first-steps',
        title: 'First steps',
        summary: 'A navbar, then a footer, for the API tests of the paths.',
        level: 'beginner',
        stepCount: 2,
        categories: ['navbar', 'footer'],
      },
    ])
    const one = await t.app.request('/api/paths/first-steps')
    expect(one.status).toBe(200)
    const { path } = pathResponse.parse(await one.json())
    expect(path.intro).toEqual(['First paragraph of the introduction, wrapped.', 'Second paragraph.'])
    expect(path.steps.map((step) => [step.challenge.slug, step.note])).toEqual([
      [navbar.slug, 'What the navbar teaches.'],
      [footer.slug, 'What the footer teaches.'],
    ])
  })

  it('answers 404 for an unknown path and 400 for a slug that cannot be one', async () => {
    const { b } = await member()
    for (const path of ['/api/paths/gone-path', '/api/paths/no-such-path', '/api/me/paths/no-such-path'])
      expect((await b.get(path)).status, path).toBe(404)
    expect((await b.send('POST', '/api/me/paths/no-such-path/start')).status).toBe(404)
    for (const path of ['/api/paths/Not_A_Slug', `/api/paths/${'a'.repeat(81)}`, '/api/me/paths/a--b'])
      expect((await b.get(path)).status, path).toBe(400)
  })

  it('keeps a member’s progress to members', async () => {
    const visitor = browser(t.app)
    expect((await visitor.get('/api/me/paths')).status).toBe(401)
    expect((await visitor.get('/api/me/paths/first-steps')).status).toBe(401)
    expect((await visitor.get('/api/me/next')).status).toBe(401)
    expect((await visitor.send('POST', '/api/me/paths/first-steps/start')).status).toBe(401)
  })

  it('follows a member along a path: statuses, progress, the next step, then the badge', async () => {
    const { b, login } = await member()
    expect(await progressOf(b)).toEqual({
      slug: 'first-steps',
      startedAt: null,
      steps: [
        { challengeSlug: navbar.slug, status: 'not-started' },
        { challengeSlug: footer.slug, status: 'not-started' },
      ],
      passed: 0,
      total: 2,
      nextChallengeSlug: navbar.slug,
      completedAt: null,
    })
    // A new member is pointed at the first path's first step.
    expect(await nextOf(b)).toMatchObject({
      challenge: { slug: navbar.slug },
      reason: 'Start with First steps',
    })

    const started = await b.send('POST', '/api/me/paths/first-steps/start')
    expect(started.status).toBe(200)
    const startedAt = pathProgressResponse.parse(await started.json()).progress.startedAt
    expect(startedAt).toEqual(expect.any(String))
    // Starting again keeps the first start.
    await b.send('POST', '/api/me/paths/first-steps/start')
    expect((await progressOf(b)).startedAt).toBe(startedAt)

    // Started: the challenge is begun, no review has passed.
    await b.send('POST', `/api/me/challenges/${navbar.id}/start`)
    expect((await progressOf(b)).steps[0]?.status).toBe('started')
    expect(await nextOf(b)).toMatchObject({ challenge: { slug: navbar.slug }, reason: 'Next in First steps' })

    await pass(b, login, navbar)
    expect(await progressOf(b)).toMatchObject({
      steps: [
        { challengeSlug: navbar.slug, status: 'passed' },
        { challengeSlug: footer.slug, status: 'not-started' },
      ],
      passed: 1,
      total: 2,
      nextChallengeSlug: footer.slug,
      completedAt: null,
    })
    expect(await nextOf(b)).toEqual({
      challenge: footer,
      reason: 'Next in First steps',
      path: { slug: 'first-steps', title: 'First steps' },
    })
    expect((await badgesOf(login)).filter((badge) => badge.id === 'path-complete')).toEqual([])

    // The last step's pass gives the path's badge, with its date, on the profile.
    await pass(b, login, footer)
    await vi.waitFor(async () =>
      expect(await badgesOf(login)).toContainEqual({
        id: 'path-complete',
        reason: 'path:first-steps',
        awardedAt: expect.any(String),
      }),
    )
    const done = await progressOf(b)
    expect(done).toMatchObject({
      passed: 2,
      total: 2,
      nextChallengeSlug: null,
      completedAt: expect.any(String),
    })
    // Off the path: the easiest challenge not started in a category worked in; none is left there.
    expect(await nextOf(b)).toBeNull()
    const list = (await (await b.get('/api/me/paths')).json()).paths
    expect(list).toEqual([done])
  })

  it('suggests no other challenge of a category with none left, and the path once started', async () => {
    const { b, login } = await member()
    await pass(b, login, hero)
    // Hero worked in and done; the path was not started: no path step, no other hero.
    expect(await nextOf(b)).toBeNull()
    await b.send('POST', '/api/me/paths/first-steps/start')
    expect(await nextOf(b)).toMatchObject({ challenge: { slug: navbar.slug }, reason: 'Next in First steps' })
  })
  it('reads the paths again when an import changes the catalogue, as it reads the challenges', async () => {
    const listed = async () =>
      pathsResponse.parse(await (await t.app.request('/api/paths')).json()).paths.map((path) => path.slug)
    await writeFile(
      join(pathsDir, 'second-steps.md'),
      `---\ntitle: Second steps\nsummary: A hero, added to the paths while the server runs.\nlevel: beginner\norder: 3\nsteps:\n  - challenge: ${hero.slug}\n    note: What the hero teaches.\n---\n`,
    )
    // The catalogue has not changed: the paths read at the first request are still those served.
    expect(await listed()).toEqual(['first-steps'])
    await writeChallengeFolder(contentDir, {
      title: hero.title,
      category: 'hero',
      date: '2026-10-03',
      description: 'The same hero, its description changed by an import while the server ran.',
    })
    await importCatalogue({ db: database.db, storage: t.storage, contentDir })
    await vi.waitFor(async () => expect(await listed()).toEqual(['first-steps', 'second-steps']), {
      timeout: 10_000,
    })
  })
})
