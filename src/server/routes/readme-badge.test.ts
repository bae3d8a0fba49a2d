import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importCatalogue } from '#server/content/import.ts'
import { userChallenges, users } from '#server/db/schema.ts'
import { awardPoints, settleTotals } from '#server/points/ledger.ts'
import { readmeBadgeSvg } from '#server/render/readme-badge.ts'
import { README_BADGE_CACHE } from '#server/routes/users.ts'
import type { Challenge } from '#shared/challenge.ts'
import { createTestApp } from '#tests/support/app.ts'
import { browser, signIn } from '#tests/support/auth.ts'
import { temporaryDir, writeChallengeFolder } from '#tests/support/content-fixtures.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'

describe('readmeBadgeSvg', () => {
  it('escapes the brand and names the figures in its title and accessible name', () => {
    const svg = readmeBadgeSvg('Dojo <&> "x"', { points: 1, completed: 1200, verified: 0 })
    expect(svg).toContain(
      '<title>Dojo &#60;&#38;&#62; &#34;x&#34;: 1 pt · 1,200 completed · 0 verified</title>',
    )
    expect(svg).toContain('role="img"')
    expect(svg).not.toMatch(/<script|<foreignObject|href=|on\w+=/i)
  })

  it('grows with its text, so longer figures never overflow', () => {
    const width = (svg: string) => Number(/width="(\d+)"/.exec(svg)?.[1])
    const short = readmeBadgeSvg('Dojo', { points: 0, completed: 0, verified: 0 })
    const long = readmeBadgeSvg('Dojo', { points: 123_456, completed: 5_000, verified: 4_999 })
    expect(width(long)).toBeGreaterThan(width(short) + 50)
  })
})

describe.each(TEST_DATABASES)('GET /api/users/:username/badge.svg on %s', (kind) => {
  let database: TestDatabase
  let t: Awaited<ReturnType<typeof createTestApp>>

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    const contentDir = await temporaryDir()
    for (const i of [1, 2, 3, 4])
      await writeChallengeFolder(contentDir, {
        title: `Badge navbar ${i}`,
        category: 'navbar',
        date: `2026-10-1${i}`,
      })
    t = await createTestApp(database, { BRAND_NAME: 'Dojo & Co' })
    await importCatalogue({ db: database.db, storage: t.storage, contentDir })
    const { challenges } = (await (await t.app.request('/api/challenges')).json()) as {
      challenges: Challenge[]
    }
    const b = browser(t.app)
    await signIn(b, { login: 'badgeowner' })
    // Two on the member's own GitHub Pages (their reviews pass: completed and verified), one on another
    // account's (its review fails: not completed).
    const sites = [
      'https://badgeowner.github.io/one',
      'https://BadgeOwner.github.io/two',
      'https://someone-else.github.io/three',
    ]
    for (const [i, site] of sites.entries()) {
      const challenge = challenges[i] as Challenge
      await b.send('POST', `/api/me/challenges/${challenge.id}/start`)
      const submitted = await b.send('POST', `/api/me/challenges/${challenge.id}/submit`, { liveUrl: site })
      expect(submitted.status).toBe(200)
    }
    await t.runReviews()
    // And one completed before reviews decided the points, on another account's site, whose re-review
    // (drizzle/0010) has not run yet: completed, not verified.
    const [owner] = await database.db.select().from(users).where(eq(users.username, 'badgeowner'))
    const userId = owner?.id ?? ''
    const legacyChallenge = challenges[3] as Challenge
    const [legacy] = await database.db
      .insert(userChallenges)
      .values({
        userId,
        challengeId: legacyChallenge.id,
        status: 'completed',
        points: 10,
        completedAt: new Date(),
        challengeLive: 'https://someone-else.github.io/four',
        ownership: 'mismatch',
      })
      .returning()
    await awardPoints(database.db, {
      userId,
      reason: 'challenge_completed',
      reference: String(legacyChallenge.id),
      points: 10,
      userChallengeId: legacy?.id ?? 0,
    })
    await settleTotals(database.db, userId)
    await signIn(browser(t.app), { login: 'newcomer' })
  })
  afterAll(async () => {
    await database?.drop()
  })

  it('draws the points, completed and verified counts as a cacheable SVG other sites may embed', async () => {
    // Over HTTP: the server writes the security headers under the badge's own cross-origin CORP.
    const response = await t.overHttp('/api/users/badgeowner/badge.svg')
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('image/svg+xml; charset=utf-8')
    expect(response.headers.get('Cache-Control')).toBe(README_BADGE_CACHE)
    expect(response.headers.get('Cross-Origin-Resource-Policy')).toBe('cross-origin')
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
    const svg = await response.text()
    expect(svg).toContain('<title>Dojo &#38; Co: 30 pts · 3 completed · 2 verified</title>')
  })

  it('answers 304 to a client that has the same badge, and a new ETag once the figures change', async () => {
    const first = await t.app.request('/api/users/newcomer/badge.svg')
    const etag = first.headers.get('ETag') ?? ''
    expect(await first.text()).toContain('0 pts · 0 completed · 0 verified')
    const again = await t.app.request('/api/users/newcomer/badge.svg', { headers: { 'If-None-Match': etag } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    const owner = await t.app.request('/api/users/badgeowner/badge.svg', {
      headers: { 'If-None-Match': etag },
    })
    expect(owner.status).toBe(200)
    expect(owner.headers.get('ETag')).not.toBe(etag)
  })

  it('answers 404 with the profile message for an unknown or impossible username', async () => {
    for (const path of ['/api/users/nobody-here/badge.svg', '/api/users/%3Cscript%3E/badge.svg']) {
      const response = await t.app.request(path)
      expect(response.status).toBe(404)
      expect(await response.json()).toMatchObject({
        error: { message: 'User not found. Please check the username.' },
      })
    }
  })
})
