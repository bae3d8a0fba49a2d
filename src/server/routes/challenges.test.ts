import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importCatalogue } from '#server/content/import.ts'
import { userChallenges } from '#server/db/schema.ts'
import type { Challenge, ListedChallenge } from '#shared/challenge.ts'
import { createTestApp } from '#tests/support/app.ts'
import { png, temporaryDir, writeChallengeFolder } from '#tests/support/content-fixtures.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'
import { createMember, createReviewedSubmission } from '#tests/support/factories.ts'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

const CATALOGUE = [
  { title: 'Oldest Navbar', category: 'navbar', difficulty: 'easy', date: '2026-09-01' },
  { title: 'Plain Footer', category: 'footer', difficulty: 'intermediate', date: '2026-09-10' },
  { title: 'Launch Landing Page', category: 'landing-page', difficulty: 'hard', date: '2026-09-20' },
  { title: 'Bold Hero', category: 'hero', difficulty: 'easy', date: '2026-10-01' },
  { title: 'Feature Grid', category: 'features', difficulty: 'intermediate', date: '2026-10-10' },
  { title: 'Newest Navbar', category: 'navbar', difficulty: 'hard', date: '2026-11-01' },
] as const

/** The newest challenge has a state image (docs/content-format.md "State images"). */
const NEWEST_STATES = async () => ({
  'states.json': JSON.stringify([{ name: 'mobile-menu-open', view: 'mobile', steps: [{ click: '#menu' }] }]),
  'design/mobile-menu-open.png': await png(375, 700, '#aabbcc'),
})

describe.each(TEST_DATABASES)('challenge API on %s', (kind) => {
  let database: TestDatabase
  let t: TestApp
  const get = (path: string, headers: Record<string, string> = {}) => t.app.request(path, { headers })
  const getJson = async (path: string) => {
    const response = await get(path)
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }
  const list = async (query = '') =>
    (await getJson(`/api/challenges${query}`)).body.challenges as ListedChallenge[]

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    const contentDir = await temporaryDir()
    for (const challenge of CATALOGUE) {
      await writeChallengeFolder(
        contentDir,
        challenge,
        challenge.title === 'Newest Navbar' ? await NEWEST_STATES() : {},
      )
    }
    t = await createTestApp(database)
    await importCatalogue({ db: database.db, storage: t.storage, contentDir })
  })
  afterAll(async () => {
    await database?.drop()
  })

  it('reports health with the database checked', async () => {
    expect(await getJson('/api/health')).toEqual({ status: 200, body: { status: 'ok', database: 'ok' } })
  })

  it('lists every challenge, newest first', async () => {
    const challenges = await list()
    expect(challenges.map((c) => c.title)).toEqual([...CATALOGUE].reverse().map((c) => c.title))
    const newest = challenges[0]
    expect(newest).toMatchObject({
      slug: 'Newest-Navbar',
      category: 'navbar',
      difficulty: 'hard',
      publishedAt: '2026-11-01T00:00:00.000Z',
    })
    expect(newest?.templateImg).toMatch(/^\/files\/challenges\/[0-9a-f]{16}\/desktop\.webp$/)
    expect(newest?.thumbnails.mobile).toMatch(/mobile-thumb\.webp$/)
  })

  it('filters by category', async () => {
    expect((await list('?category=navbar')).map((c) => c.title)).toEqual(['Newest Navbar', 'Oldest Navbar'])
    expect((await list('?category=landing-page')).map((c) => c.title)).toEqual(['Launch Landing Page'])
  })

  it('filters by a list of ids, ignoring unknown ones', async () => {
    const all = await list()
    const [a, b] = [all[1], all[3]]
    expect((await list(`?ids=${b?.id},${a?.id},999999`)).map((c) => c.id)).toEqual([a?.id, b?.id])
  })

  it.each([
    ['?category=sidebar', /category: must be one of navbar, footer, landing-page, hero, features/],
    ['?ids=abc', /ids: must be a comma-separated list of challenge ids/],
    ['?ids=1,,2', /ids: must be a comma-separated list/],
    ['?ids=0', /ids: must contain only positive ids/],
    [`?ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`, /ids: must name at most 100 ids/],
    ['?difficulty=expert', /^difficulty: must be one of easy, intermediate, hard$/],
    ['?sort=popular', /^sort: must be one of newest, easiest, hardest, solved$/],
    [`?q=${'a'.repeat(101)}`, /^q: must be at most 100 characters$/],
  ])('answers 400 to a malformed list query %s', async (query, message) => {
    const { status, body } = await getJson(`/api/challenges${query}`)
    expect(status).toBe(400)
    expect(body).toEqual({ error: { code: 'bad_request', message: expect.stringMatching(message) } })
  })

  it('counts the challenges', async () => {
    expect(await getJson('/api/challenges/count')).toEqual({ status: 200, body: { count: CATALOGUE.length } })
  })

  it('finds a challenge by slug and by id', async () => {
    const bySlug = await getJson('/api/challenges/by-slug/Launch-Landing-Page')
    expect(bySlug.status).toBe(200)
    const challenge = bySlug.body.challenge as Challenge
    expect(challenge.title).toBe('Launch Landing Page')
    expect(await getJson(`/api/challenges/${challenge.id}`)).toEqual({ status: 200, body: { challenge } })
  })

  it('answers 404 with a clear message for an unknown slug or id', async () => {
    expect(await getJson('/api/challenges/by-slug/No-Such-Challenge')).toEqual({
      status: 404,
      body: { error: { code: 'not_found', message: 'There is no challenge at "No-Such-Challenge".' } },
    })
    expect(await getJson('/api/challenges/424242')).toEqual({
      status: 404,
      body: { error: { code: 'not_found', message: 'There is no challenge with id 424242.' } },
    })
    expect((await getJson('/api/challenges/424242/zip')).status).toBe(404)
  })

  it.each(['abc', '0', '-1', '1.5', '99999999999'])('answers 400 to the malformed id %s', async (id) => {
    const { status, body } = await getJson(`/api/challenges/${id}`)
    expect(status).toBe(400)
    expect(body).toMatchObject({ error: { code: 'bad_request', message: expect.stringMatching(/^id: /) } })
  })

  it("describes the zip's real contents and the asset list", async () => {
    const [challenge] = await list('?category=hero')
    const { status, body } = await getJson(`/api/challenges/${challenge?.id}/zip`)
    expect(status).toBe(200)
    const zip = body.zip as { fileName: string; size: number; entries: string[]; assets: { kind: string }[] }
    expect(zip.fileName).toBe('Bold Hero.zip')
    expect(zip.size).toBeGreaterThan(0)
    expect(zip.entries).toEqual([
      'README.md',
      'design/desktop.png',
      'design/mobile.png',
      'design/tablet.png',
      'images/logo.svg',
      'index.html',
      'style-guide.md',
      'style.css',
    ])
    expect(zip.assets.map((a) => a.kind)).toEqual(['designs', 'style-guide', 'images', 'starter', 'readme'])
  })

  it('makes catalogue answers cacheable and revalidates them by ETag', async () => {
    const count = await get('/api/challenges/count')
    expect(count.headers.get('Cache-Control')).toMatch(/max-age=60/)
    expect(
      (await get('/api/challenges/count', { 'If-None-Match': count.headers.get('ETag') ?? '' })).status,
    ).toBe(304)
    // The lists carry live solution counts: revalidated every time, a 304 while nothing changed.
    const first = await get('/api/challenges')
    const etag = first.headers.get('ETag')
    expect(etag).toBeTruthy()
    expect(first.headers.get('Cache-Control')).toBe('public, no-cache')
    const second = await get('/api/challenges', { 'If-None-Match': etag ?? '' })
    expect(second.status).toBe(304)
  })

  it('searches titles, descriptions and categories, whatever the case, every word matching', async () => {
    expect((await list('?q=NAVBAR')).map((c) => c.title)).toEqual(['Newest Navbar', 'Oldest Navbar'])
    // The category as named ("Landing Page") and as stored ("landing-page").
    expect((await list('?q=landing%20page')).map((c) => c.title)).toEqual(['Launch Landing Page'])
    expect((await list('?q=landing-page')).map((c) => c.title)).toEqual(['Launch Landing Page'])
    expect((await list('?q=%20%20newest%20%20navbar%20')).map((c) => c.title)).toEqual(['Newest Navbar'])
    expect(await list('?q=newest%20footer')).toEqual([])
    // The description: every fixture's reads "A fixture challenge with a description long enough...".
    expect(await list('?q=Long%20ENOUGH')).toHaveLength(CATALOGUE.length)
  })

  it('filters by difficulty, also within a category and a search', async () => {
    expect((await list('?difficulty=easy')).map((c) => c.title)).toEqual(['Bold Hero', 'Oldest Navbar'])
    expect((await list('?category=navbar&difficulty=hard')).map((c) => c.title)).toEqual(['Newest Navbar'])
    expect(await list('?q=grid&difficulty=hard')).toEqual([])
  })

  it('sorts newest first by default, by difficulty either way, or by solutions', async () => {
    expect((await list('?sort=newest')).map((c) => c.title)).toEqual(
      [...CATALOGUE].reverse().map((c) => c.title),
    )
    // Equal difficulties keep the newest first.
    expect((await list('?sort=easiest')).map((c) => c.title)).toEqual([
      'Bold Hero',
      'Oldest Navbar',
      'Feature Grid',
      'Plain Footer',
      'Newest Navbar',
      'Launch Landing Page',
    ])
    expect((await list('?sort=hardest')).map((c) => c.title)).toEqual([
      'Newest Navbar',
      'Launch Landing Page',
      'Feature Grid',
      'Plain Footer',
      'Bold Hero',
      'Oldest Navbar',
    ])
  })

  it("counts each challenge's listed solutions, in every list, and changes the ETag when a count does", async () => {
    const before = await get('/api/challenges')
    expect((await list()).every((c) => c.solutionCount === 0)).toBe(true)
    const all = await list()
    const byTitle = (title: string) => all.find((c) => c.title === title)?.id ?? 0
    const at = new Date('2026-11-10T10:00:00Z')
    const [ana, ben, cy, dee] = await Promise.all(
      ['count-ana', 'count-ben', 'count-cy', 'count-dee'].map((login) => createMember(database.db, login)),
    )
    if (!ana || !ben || !cy || !dee) throw new Error('the members were not created')
    // Listed: a passed review. Not listed: a failed review only, or a passed one its member hid.
    await createReviewedSubmission(database.db, ana.id, byTitle('Feature Grid'), [{ score: 90, at }])
    await createReviewedSubmission(database.db, ben.id, byTitle('Feature Grid'), [{ score: 80, at }])
    await createReviewedSubmission(database.db, ana.id, byTitle('Plain Footer'), [{ score: 85, at }])
    await createReviewedSubmission(database.db, cy.id, byTitle('Plain Footer'), [
      { score: 10, at, status: 'failed' },
    ])
    const hidden = await createReviewedSubmission(database.db, dee.id, byTitle('Plain Footer'), [
      { score: 95, at },
    ])
    await database.db.update(userChallenges).set({ hidden: true }).where(eq(userChallenges.id, hidden.id))
    // Written here as rows: the app hears of them as the features tell them, and reads those counts again.
    for (const title of ['Feature Grid', 'Plain Footer'])
      t.bus.emit({ type: 'solution-listing-changed', challengeId: byTitle(title) })
    await t.catalogue.settled()

    const counts = Object.fromEntries((await list()).map((c) => [c.title, c.solutionCount]))
    expect(counts).toEqual({
      'Newest Navbar': 0,
      'Feature Grid': 2,
      'Bold Hero': 0,
      'Launch Landing Page': 0,
      'Plain Footer': 1,
      'Oldest Navbar': 0,
    })
    expect((await list('?category=footer')).map((c) => c.solutionCount)).toEqual([1])
    expect((await list(`?ids=${byTitle('Feature Grid')}`)).map((c) => c.solutionCount)).toEqual([2])
    // Most solved first, the newest first among equals.
    expect((await list('?sort=solved')).map((c) => c.title)).toEqual([
      'Feature Grid',
      'Plain Footer',
      'Newest Navbar',
      'Bold Hero',
      'Launch Landing Page',
      'Oldest Navbar',
    ])
    const after = await get('/api/challenges')
    expect(after.headers.get('ETag')).not.toBe(before.headers.get('ETag'))
    expect((await get('/api/challenges', { 'If-None-Match': before.headers.get('ETag') ?? '' })).status).toBe(
      200,
    )
    expect((await get('/api/challenges')).headers.get('ETag')).toBe(after.headers.get('ETag'))
  })

  it('compresses JSON for clients that accept gzip', async () => {
    const response = await get('/api/challenges', { 'Accept-Encoding': 'gzip' })
    expect(response.headers.get('Content-Encoding')).toBe('gzip')
  })

  it('lists the design images at their natural size: the three views, then the states', async () => {
    const png = (name: string) =>
      expect.stringMatching(new RegExp(`^/files/challenges/[0-9a-f]{16}/${name}\\.png$`))
    const [newest, older] = await list()
    expect(newest?.designs.views).toEqual([
      {
        name: 'desktop',
        view: 'desktop',
        src: newest?.templateImg,
        download: png('desktop'),
        // The desktop design 720 px wide, which a phone loads in its place (docs/product.md §2).
        preview: expect.stringMatching(/^\/files\/challenges\/[0-9a-f]{16}\/desktop-preview\.webp$/),
        width: 1440,
        height: 900,
      },
      {
        name: 'tablet',
        view: 'tablet',
        src: newest?.tabletImg,
        download: png('tablet'),
        preview: null,
        width: 768,
        height: 1000,
      },
      {
        name: 'mobile',
        view: 'mobile',
        src: newest?.mobileImg,
        download: png('mobile'),
        preview: null,
        width: 375,
        height: 1200,
      },
    ])
    expect(newest?.designs.states).toEqual([
      {
        name: 'mobile-menu-open',
        view: 'mobile',
        src: expect.stringMatching(/^\/files\/challenges\/[0-9a-f]{16}\/states\/mobile-menu-open\.webp$/),
        download: png('states/mobile-menu-open'),
        preview: null,
        width: 375,
        height: 700,
      },
    ])
    expect(older?.designs.states).toEqual([])
    const state = await get(newest?.designs.states[0]?.src ?? '')
    expect(state.status).toBe(200)
    expect(state.headers.get('Content-Type')).toBe('image/webp')
    // Download gives the design's PNG, as the zip has it.
    for (const image of [...(newest?.designs.views ?? []), ...(newest?.designs.states ?? [])]) {
      const download = await get(image.download)
      expect(download.status, image.download).toBe(200)
      expect(download.headers.get('Content-Type')).toBe('image/png')
    }
  })

  it('serves design images with their type and a year of caching', async () => {
    const [challenge] = await list()
    for (const url of [challenge?.templateImg, challenge?.thumbnails.tablet]) {
      const response = await get(url ?? '')
      expect(response.status).toBe(200)
      expect(response.headers.get('Content-Type')).toBe('image/webp')
      expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0)
    }
  })

  it('never serves files outside public storage', async () => {
    for (const path of ['/files/../zips/x.zip', '/files/%2e%2e/zips/x.zip', '/files/challenges/nope.webp']) {
      expect((await get(path)).status).toBe(404)
    }
  })

  it('answers 404 JSON for an unknown API path', async () => {
    expect(await getJson('/api/nothing-here')).toEqual({
      status: 404,
      body: { error: { code: 'not_found', message: 'There is no API endpoint GET /api/nothing-here.' } },
    })
  })

  it.each([
    '/api/challenges/by-slug/%E0%A4%A',
    '/api/challenges/%ZZ',
    '/api/challenges?ids=%ZZ',
    '/api/challenges?category=%00',
    '/files/%ZZ',
    '/api/challenges/1/zip/extra',
  ])('answers a 4xx, never a 500, to the odd request %s', async (path) => {
    const response = await get(path)
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.status).toBeLessThan(500)
    expect(await response.json()).toMatchObject({
      error: { code: expect.any(String), message: expect.any(String) },
    })
  })
})
