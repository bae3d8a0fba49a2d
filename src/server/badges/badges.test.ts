import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importCatalogue } from '#server/content/import.ts'
import { pointsLedger, userBadges, users } from '#server/db/schema.ts'
import { CATEGORY_VALUES } from '#shared/categories.ts'
import type { Challenge } from '#shared/challenge.ts'
import { profilePageResponse } from '#shared/member.ts'
import { createTestApp } from '#tests/support/app.ts'
import { browser, signIn, type TestBrowser } from '#tests/support/auth.ts'
import { temporaryDir, writeChallengeFolder } from '#tests/support/content-fixtures.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'

describe.each(TEST_DATABASES)('lasting badges on %s', (kind) => {
  let database: TestDatabase
  let t: Awaited<ReturnType<typeof createTestApp>>
  let catalogue: Challenge[]

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    const contentDir = await temporaryDir()
    // One challenge in each of the five categories, and a second navbar.
    for (const [i, category] of [...CATEGORY_VALUES, 'navbar'].entries())
      await writeChallengeFolder(contentDir, {
        title: `Badge ${category.replace('-', ' ')} ${i}`,
        category,
        date: `2026-10-1${i}`,
      })
    t = await createTestApp(database)
    await importCatalogue({ db: database.db, storage: t.storage, contentDir })
    catalogue = (await (await t.app.request('/api/challenges')).json()).challenges
  })
  afterAll(async () => {
    await database?.drop()
  })

  /** Submits the member's own github.io site; its review passes (stand-in sites), completing the challenge. */
  const submit = async (b: TestBrowser, challenge: Challenge, liveUrl: string) => {
    await b.send('POST', `/api/me/challenges/${challenge.id}/start`)
    const response = await b.send('POST', `/api/me/challenges/${challenge.id}/submit`, { liveUrl })
    expect(response.status).toBe(200)
  }
  const complete = async (b: TestBrowser, challenge: Challenge, login: string) => {
    await submit(b, challenge, `https://${login}.github.io/${challenge.id}`)
    await t.runReviews()
  }
  const badgesOf = async (login: string) => {
    const [member] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, login))
    const rows = await database.db
      .select()
      .from(userBadges)
      .where(eq(userBadges.userId, member?.id ?? ''))
    return rows.map((row) => `${row.badge}:${row.reason}`).sort()
  }

  it('gives First build at the first completion and All-rounder once every category is done, once each', async () => {
    const b = browser(t.app)
    await signIn(b, { login: 'collector' })
    const byCategory = CATEGORY_VALUES.map(
      (category) => catalogue.find((c) => c.category === category) as Challenge,
    )
    const [first, ...others] = byCategory as [Challenge, ...Challenge[]]

    // A submit only queues a review, and a failed review (not the member's own site) completes nothing.
    await submit(b, first, 'https://not-mine.netlify.app/')
    expect(await badgesOf('collector')).toEqual([])
    await t.runReviews()
    expect(await badgesOf('collector')).toEqual([])
    await complete(b, first, 'collector')
    expect(await badgesOf('collector')).toEqual(['first-challenge:lasting'])
    await complete(b, first, 'collector') // resubmitting gives nothing new
    for (const challenge of others.slice(0, -1)) await complete(b, challenge, 'collector')
    expect(await badgesOf('collector')).toEqual(['first-challenge:lasting'])
    await complete(b, others.at(-1) as Challenge, 'collector')
    expect(await badgesOf('collector')).toEqual(['every-category:lasting', 'first-challenge:lasting'])

    const profile = profilePageResponse.parse(await (await browser(t.app).get('/api/users/collector')).json())
    expect(profile.badges.map((badge) => badge.id).sort()).toEqual(['every-category', 'first-challenge'])
    expect(
      profile.badges.every(
        (badge) => badge.reason === 'lasting' && !Number.isNaN(Date.parse(badge.awardedAt)),
      ),
    ).toBe(true)
  })

  it('gives Five-week streak when the completions span five ISO weeks in a row', async () => {
    const b = browser(t.app)
    await signIn(b, { login: 'streaker' })
    const [member] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'streaker'))
    // Four earlier weeks of awards, as if completed then; this week's completion makes five.
    const week = 7 * 86_400_000
    await database.db.insert(pointsLedger).values(
      [1, 2, 3, 4].map((n) => ({
        userId: member?.id ?? '',
        reason: 'challenge_completed',
        reference: `earlier-${n}`,
        points: 10,
        createdAt: new Date(Date.now() - n * week),
      })),
    )
    expect(await badgesOf('streaker')).toEqual([])
    await complete(b, catalogue[0] as Challenge, 'streaker')
    expect(await badgesOf('streaker')).toEqual(['first-challenge:lasting', 'five-week-streak:lasting'])
  })

  it('lists no badges for a member without any', async () => {
    await signIn(browser(t.app), { login: 'newcomer' })
    const profile = profilePageResponse.parse(await (await browser(t.app).get('/api/users/newcomer')).json())
    expect(profile.badges).toEqual([])
  })
})
