import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importCatalogue } from '#server/content/import.ts'
import {
  comments,
  competitionResults,
  competitions,
  moderationActions,
  notifications,
  pathStarts,
  pointsLedger,
  rateLimits,
  reports,
  reviewBreakpoints,
  sessions,
  solutionLikes,
  submissionReviews,
  userBadges,
  userChallenges,
  users,
} from '#server/db/schema.ts'
import { emulatedId } from '#server/github-emulator/routes.ts'
import { memberLimitKeys } from '#server/http/member-limit-key.ts'
import { ACCOUNT_TEXTS, CONFIRM_MISMATCH, EXPORT_LIMIT } from '#shared/account.ts'
import type { Challenge } from '#shared/challenge.ts'
import { commentResponse, FEEDBACK_LIMITS, rateLimitedMessage } from '#shared/feedback.ts'
import { createTestApp, GENEROUS_LIMITS } from '#tests/support/app.ts'
import { browser, CookieJar, ORIGIN, signedInBrowser, signIn, type TestBrowser } from '#tests/support/auth.ts'
import { temporaryDir, writeChallengeFolder } from '#tests/support/content-fixtures.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

describe.each(TEST_DATABASES)('your account (export and deletion) on %s', (kind) => {
  let database: TestDatabase
  let t: TestApp
  let navbar: Challenge
  let footer: Challenge

  const member = (login: string) => signedInBrowser(t.app, login)
  const userId = async (login: string) => {
    const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, login))
    return row?.id
  }
  /** The member's reviewed solution of `challenge`, from their github.io site; its public id. */
  const solve = async (b: TestBrowser, login: string, challenge: Challenge) => {
    await b.send('POST', `/api/me/challenges/${challenge.id}/start`)
    const liveUrl = `https://${login}.github.io/site`
    expect((await b.send('POST', `/api/me/challenges/${challenge.id}/submit`, { liveUrl })).status).toBe(200)
    await t.runReviews()
    const [row] = await database.db
      .select({ publicId: userChallenges.publicId })
      .from(userChallenges)
      .where(
        and(
          eq(userChallenges.userId, (await userId(login)) ?? ''),
          eq(userChallenges.challengeId, challenge.id),
        ),
      )
    if (!row) throw new Error(`${login} has no solution`)
    return row.publicId
  }
  const comment = async (b: TestBrowser, solutionId: string, body: Record<string, unknown>) => {
    const response = await b.send('POST', `/api/solutions/${solutionId}/comments`, body)
    expect(response.status, await response.clone().text()).toBe(201)
    return commentResponse.parse(await response.json()).comment
  }
  const countersOf = async (solutionId: string) => {
    const [row] = await database.db
      .select({ comments: userChallenges.commentCount, likes: userChallenges.likeCount })
      .from(userChallenges)
      .where(eq(userChallenges.publicId, solutionId))
    return row
  }
  const messageOf = async (response: Response) =>
    ((await response.json()) as { error: { message: string } }).error.message

  /**
   * Two members with a row in every table that references members: `gone` (to be deleted or exported)
   * and `stays`, each with a solution the other commented on and liked, a report, notifications, a
   * badge, points, a competition result and a moderation log entry.
   */
  let weeks = 0
  const twoMembers = async (gone: string, stays: string) => {
    weeks += 1
    const g = await member(gone)
    const s = await member(stays)
    const goneSolution = await solve(g, gone, navbar)
    const staysSolution = await solve(s, stays, navbar)
    // An ongoing challenge too.
    await g.send('POST', `/api/me/challenges/${footer.id}/start`)
    await s.send('POST', `/api/me/challenges/${footer.id}/start`)
    // Each comments on the other's solution (a notification each), replies on their own, likes the other's.
    const onStays = await comment(g, staysSolution, { kind: 'praise', body: `Nice work from ${gone}` })
    const reply = await comment(s, staysSolution, { kind: 'praise', body: 'Thanks!', parentId: onStays.id })
    await comment(s, staysSolution, { kind: 'question', body: `${stays} asks themselves` })
    await comment(s, goneSolution, { kind: 'question', body: `Why flex, ${gone}?` })
    await comment(g, goneSolution, { kind: 'code_review', body: 'Answering on my own' })
    expect((await g.send('PUT', `/api/solutions/${staysSolution}/like`)).status).toBe(200)
    expect((await s.send('PUT', `/api/solutions/${goneSolution}/like`)).status).toBe(200)
    expect(
      (
        await g.send('POST', '/api/reports', {
          target: { type: 'solution', id: staysSolution },
          reason: 'spam',
        })
      ).status,
    ).toBe(201)
    expect(
      (
        await s.send('POST', '/api/reports', {
          target: { type: 'solution', id: goneSolution },
          reason: 'other',
        })
      ).status,
    ).toBe(201)
    const goneId = (await userId(gone)) as string
    const staysId = (await userId(stays)) as string
    await database.db.insert(userBadges).values([
      { userId: goneId, badge: 'first-steps', reason: `lasting-${gone}` },
      { userId: staysId, badge: 'first-steps', reason: `lasting-${stays}` },
    ])
    const [competition] = await database.db
      .insert(competitions)
      .values({
        slug: `week-${gone}`,
        title: `Week of ${gone}`,
        challengeId: navbar.id,
        startsAt: new Date(Date.UTC(2026, 0, 7 * weeks)),
        endsAt: new Date(Date.UTC(2026, 0, 7 * weeks + 7)),
        contentHash: 'x',
        closedAt: new Date(Date.UTC(2026, 0, 7 * weeks + 7)),
      })
      .returning()
    await database.db.insert(competitionResults).values([
      { competitionId: competition?.id ?? 0, userId: goneId, rank: 1, score: 90, enteredAt: new Date() },
      { competitionId: competition?.id ?? 0, userId: staysId, rank: 2, score: 80, enteredAt: new Date() },
    ])
    await database.db.insert(moderationActions).values([
      { adminId: staysId, adminLogin: stays, action: 'suspend_member', targetUserId: goneId },
      { adminId: goneId, adminLogin: gone, action: 'restore_member', targetUserId: staysId },
    ])
    await database.db.insert(pathStarts).values([
      { userId: goneId, pathSlug: `path-of-${gone}` },
      { userId: staysId, pathSlug: `path-of-${stays}` },
    ])
    return { g, s, goneId, staysId, goneSolution, staysSolution, onStays, reply }
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    const contentDir = await temporaryDir()
    await writeChallengeFolder(contentDir, {
      title: 'Account Navbar',
      category: 'navbar',
      date: '2026-10-01',
    })
    await writeChallengeFolder(contentDir, {
      title: 'Account Footer',
      category: 'footer',
      date: '2026-10-02',
    })
    t = await createTestApp(database)
    await importCatalogue({ db: database.db, storage: t.storage, contentDir })
    const list = (await (await t.app.request('/api/challenges')).json()).challenges as Challenge[]
    navbar = list.find((c) => c.slug === 'Account-Navbar') as Challenge
    footer = list.find((c) => c.slug === 'Account-Footer') as Challenge
  })
  afterAll(async () => {
    await database?.drop()
  })

  it('keeps the comment and report limits of a member who deletes their account and signs in again', async () => {
    // Counted where instances count them (the rate_limits table), to see what a count is kept under.
    const shared = await createTestApp(database, {}, { rateLimitStore: 'database' })
    const lia = await member('lia')
    const solution = await solve(lia, 'lia', navbar)
    const samBrowser = () => signedInBrowser(shared.app, 'sam')
    let sam = await samBrowser()
    const oldId = (await userId('sam')) as string
    const post = (b: TestBrowser) =>
      b.send('POST', `/api/solutions/${solution}/comments`, { kind: 'praise', body: 'Nice.' })
    const report = (b: TestBrowser) =>
      b.send('POST', '/api/reports', { target: { type: 'solution', id: solution }, reason: 'spam' })
    for (let i = 0; i < FEEDBACK_LIMITS.comment.limit; i += 1) expect((await post(sam)).status).toBe(201)
    for (let i = 0; i < FEEDBACK_LIMITS.report.limit; i += 1)
      expect((await report(sam)).status).toBe(i === 0 ? 201 : 200)
    expect((await post(sam)).status).toBe(429)
    expect((await report(sam)).status).toBe(429)

    expect((await sam.send('DELETE', '/api/me', { confirm: 'sam' })).status).toBe(204)
    expect(await userId('sam')).toBeUndefined()
    sam = await samBrowser()
    const newId = (await userId('sam')) as string
    expect(newId).not.toBe(oldId)
    const refused = await post(sam)
    expect(refused.status).toBe(429)
    expect(await messageOf(refused)).toBe(
      rateLimitedMessage('comment', Number(refused.headers.get('Retry-After'))),
    )
    expect((await report(sam)).status).toBe(429)
    // Someone else is not limited by it.
    expect((await post(await signedInBrowser(shared.app, 'tom'))).status).toBe(201)

    // Each count is kept under a keyed hash of the GitHub account id, with its window, and nothing else.
    const hash = memberLimitKeys(shared.env.github.clientSecret)({ githubId: emulatedId('sam') })
    const rows = await database.db.select().from(rateLimits)
    const counted = Object.fromEntries(rows.map((row) => [row.key, row.count]))
    expect(counted).toMatchObject({ [`comment:${hash}`]: 10, [`report:${hash}`]: 10 })
    const keys = rows.map((row) => row.key).join(' ')
    for (const identifying of [oldId, newId, 'sam', String(emulatedId('sam'))])
      expect(keys).not.toContain(identifying)
  })

  it('exports every row about the member as a JSON attachment, and nothing of another member', async () => {
    const { g, goneSolution, staysSolution, onStays } = await twoMembers('exa', 'other-exa')
    const response = await g.get('/api/me/export')
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const today = new Date().toISOString().slice(0, 10)
    expect(response.headers.get('Content-Disposition')).toBe(
      `attachment; filename="frontend-dojo-exa-${today}.json"; filename*=UTF-8''frontend-dojo-exa-${today}.json`,
    )
    const text = await response.text()
    const data = JSON.parse(text)
    expect(data).toMatchObject({ format: 'frontend-dojo-account-export', version: 1 })
    expect(data.profile).toMatchObject({ username: 'exa', id: await userId('exa') })
    expect(
      data.progress.map((p: { challengeSlug: string; status: string }) => [p.challengeSlug, p.status]),
    ).toEqual([
      ['Account-Navbar', 'completed'],
      ['Account-Footer', 'ongoing'],
    ])
    expect(data.progress[0].publicId).toBe(goneSolution)
    expect(data.reviews).toHaveLength(1)
    expect(data.reviews[0]).toMatchObject({ solutionId: goneSolution, status: 'passed' })
    expect(data.reviews[0].breakpoints).toHaveLength(3)
    expect(data.reviews[0].breakpoints[0].captureUrl).toMatch(
      new RegExp(`^/files/reviews/${data.reviews[0].publicId}/\\w+-capture\\.png$`),
    )
    expect(data.comments.map((c: { body: string; solutionId: string }) => [c.body, c.solutionId])).toEqual([
      ['Nice work from exa', staysSolution],
      ['Answering on my own', goneSolution],
    ])
    expect(data.comments[0].id).toBe(onStays.id)
    expect(data.likes).toEqual([{ solutionId: staysSolution, createdAt: expect.any(String) }])
    expect(data.reports).toEqual([expect.objectContaining({ solutionId: staysSolution, reason: 'spam' })])
    // other-exa's comment on exa's solution and reply to exa's comment, and the passed review.
    expect(data.notifications.map((n: { kind: string }) => n.kind).sort()).toEqual([
      'comment',
      'reply',
      'review',
    ])
    expect(data.badges).toContainEqual(
      expect.objectContaining({ badge: 'first-steps', reason: 'lasting-exa' }),
    )
    expect(data.pointsLedger).toEqual([
      expect.objectContaining({ reason: 'challenge_completed', points: 10 }),
    ])
    expect(data.competitionResults).toEqual([expect.objectContaining({ competition: 'week-exa', rank: 1 })])
    expect(data.moderation).toEqual([expect.objectContaining({ action: 'suspend_member' })])
    expect(data.paths).toEqual([expect.objectContaining({ path: 'path-of-exa' })])
    // Nothing of the other member: not their id, login's rows, comments, report or ledger.
    expect(text).not.toContain((await userId('other-exa')) as string)
    expect(text).not.toContain('other-exa asks themselves')
    expect(text).not.toContain('Why flex')
    expect(text).not.toContain('lasting-other-exa')
    expect(text).not.toContain('"reason":"other"')
  })

  it('refuses the export to a visitor, and past its hourly limit', async () => {
    const visitor = browser(t.app)
    const refused = await visitor.get('/api/me/export')
    expect(refused.status).toBe(401)
    const limited = await createTestApp(database, {}, { rateLimits: GENEROUS_LIMITS })
    const b = browser(limited.app)
    await signIn(b, { login: 'greedy' })
    for (let i = 0; i < EXPORT_LIMIT.limit; i += 1) expect((await b.get('/api/me/export')).status).toBe(200)
    const over = await b.get('/api/me/export')
    expect(over.status).toBe(429)
    expect(await messageOf(over)).toMatch(
      /^You have exported your data several times this hour\. You can export it again in \d+ min\.$/,
    )
  })

  it('refuses a deletion signed out, from another site, or without the right login, and changes nothing', async () => {
    const b = await member('careful')
    const before = await userId('careful')
    expect(before).toBeDefined()
    expect((await browser(t.app).send('DELETE', '/api/me', { confirm: 'careful' })).status).toBe(401)
    const crossSite = await b.request('/api/me', {
      method: 'DELETE',
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
      body: JSON.stringify({ confirm: 'careful' }),
    })
    expect(crossSite.status).toBe(403)
    const notJson = await b.request('/api/me', {
      method: 'DELETE',
      headers: { Origin: ORIGIN, 'Content-Type': 'text/plain' },
      body: 'careful',
    })
    expect(notJson.status).toBe(415)
    for (const body of [
      { confirm: 'carefull' },
      { confirm: '' },
      {},
      { confirm: 42 },
      { confirm: 'x'.repeat(500) },
    ]) {
      const wrong = await b.send('DELETE', '/api/me', body)
      expect(wrong.status, JSON.stringify(body)).toBe(400)
      expect(await messageOf(wrong)).toBe(CONFIRM_MISMATCH)
    }
    expect(await userId('careful')).toBe(before)
    expect((await b.get('/api/me')).status).toBe(200)
  })

  it('deletes the member, their sessions, rows and files, keeps counters and other members exact', async () => {
    const { g, s, goneId, staysId, goneSolution, staysSolution } = await twoMembers('leaver', 'keeper')
    // A second session of the leaver's, in another browser.
    const elsewhere = await member('leaver')
    const db = database.db
    const goneReviews = await db
      .select({
        publicId: submissionReviews.publicId,
        captureKey: reviewBreakpoints.captureKey,
        previewKey: reviewBreakpoints.previewKey,
      })
      .from(submissionReviews)
      .innerJoin(userChallenges, eq(userChallenges.id, submissionReviews.userChallengeId))
      .innerJoin(reviewBreakpoints, eq(reviewBreakpoints.reviewId, submissionReviews.id))
      .where(eq(userChallenges.userId, goneId))
    const keeperKeys = await db
      .select({ key: reviewBreakpoints.captureKey })
      .from(reviewBreakpoints)
      .innerJoin(submissionReviews, eq(submissionReviews.id, reviewBreakpoints.reviewId))
      .innerJoin(userChallenges, eq(userChallenges.id, submissionReviews.userChallengeId))
      .where(eq(userChallenges.userId, staysId))
    expect(goneReviews).toHaveLength(3)
    for (const { captureKey, previewKey } of goneReviews) {
      expect(await t.storage.exists(captureKey)).toBe(true)
      expect(previewKey && (await t.storage.exists(previewKey))).toBe(true)
    }
    // Before: keeper's solution has the leaver's comment, keeper's reply and keeper's own, and a like.
    expect(await countersOf(staysSolution)).toEqual({ comments: 3, likes: 1 })
    // The leaver is on the leaderboard and has a profile.
    const board = async () =>
      ((await (await s.get('/api/leaderboard')).json()).entries as { username: string }[]).map(
        (e) => e.username,
      )
    expect(await board()).toContain('leaver')
    expect((await t.app.request('/api/users/leaver')).status).toBe(200)
    const keeperRows = async () => ({
      user: await db.select().from(users).where(eq(users.id, staysId)),
      results: await db.select().from(competitionResults).where(eq(competitionResults.userId, staysId)),
      badges: await db.select().from(userBadges).where(eq(userBadges.userId, staysId)),
      ledger: await db.select().from(pointsLedger).where(eq(pointsLedger.userId, staysId)),
    })
    const keeperBefore = await keeperRows()
    expect(keeperBefore.results).toHaveLength(1)
    expect(keeperBefore.ledger).toHaveLength(1)
    const oldCookie = new CookieJar()
    for (const [name, value] of g.jar.cookies) oldCookie.cookies.set(name, value)

    const response = await g.send('DELETE', '/api/me', { confirm: 'LEAVER' })
    expect(response.status).toBe(204)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(g.jar.lastSetCookie.some((c) => /^dojo_session=;/.test(c) && /max-age=0/i.test(c))).toBe(true)
    expect(g.jar.cookies.has('dojo_session')).toBe(false)

    // Signed out everywhere: this browser, an old copy of its cookie, the other session.
    expect((await g.get('/api/me')).status).toBe(401)
    expect((await browser(t.app, oldCookie).get('/api/me')).status).toBe(401)
    expect((await elsewhere.get('/api/me')).status).toBe(401)
    expect(await db.select().from(sessions).where(eq(sessions.userId, goneId))).toEqual([])
    // Gone from the profile, the leaderboard, every table.
    expect((await t.app.request('/api/users/leaver')).status).toBe(404)
    expect(await board()).not.toContain('leaver')
    expect(await db.select().from(users).where(eq(users.id, goneId))).toEqual([])
    expect(await db.select().from(userChallenges).where(eq(userChallenges.userId, goneId))).toEqual([])
    expect(await db.select().from(comments).where(eq(comments.authorId, goneId))).toEqual([])
    expect(await db.select().from(solutionLikes).where(eq(solutionLikes.userId, goneId))).toEqual([])
    expect(await db.select().from(reports).where(eq(reports.reporterId, goneId))).toEqual([])
    expect(await db.select().from(notifications).where(eq(notifications.recipientId, goneId))).toEqual([])
    expect(await db.select().from(userBadges).where(eq(userBadges.userId, goneId))).toEqual([])
    expect(await db.select().from(pointsLedger).where(eq(pointsLedger.userId, goneId))).toEqual([])
    expect(await db.select().from(pathStarts).where(eq(pathStarts.userId, goneId))).toEqual([])
    expect(await db.select().from(pathStarts).where(eq(pathStarts.userId, staysId))).toHaveLength(1)
    expect(await db.select().from(competitionResults).where(eq(competitionResults.userId, goneId))).toEqual(
      [],
    )
    expect(
      await db
        .select()
        .from(submissionReviews)
        .where(
          inArray(
            submissionReviews.publicId,
            goneReviews.map((r) => r.publicId),
          ),
        ),
    ).toEqual([])
    for (const { captureKey, previewKey } of goneReviews) {
      expect(await t.storage.exists(captureKey)).toBe(false)
      expect(await t.storage.exists(previewKey ?? '')).toBe(false)
    }
    // The moderation log keeps both rows, without the leaver.
    const log = await db
      .select()
      .from(moderationActions)
      .where(inArray(moderationActions.adminLogin, ['keeper', 'leaver']))
    expect(log.map((row) => [row.action, row.adminId, row.targetUserId]).sort()).toEqual([
      ['restore_member', null, staysId],
      ['suspend_member', staysId, null],
    ])

    // The keeper's solution: the leaver's comment (and the reply under it) and like are gone, and the
    // counters say so; the keeper's own comment, solution, points, files and result stay.
    expect(await countersOf(staysSolution)).toEqual({ comments: 1, likes: 0 })
    const remaining = await (await s.get(`/api/solutions/${staysSolution}/comments`)).json()
    expect(remaining.comments.map((c: { body: string | null }) => c.body)).toEqual(['keeper asks themselves'])
    expect((await s.get(`/api/solutions/${goneSolution}`)).status).toBe(404)
    expect(await keeperRows()).toEqual(keeperBefore)
    for (const { key } of keeperKeys) expect(await t.storage.exists(key)).toBe(true)
    expect((await s.get('/api/me')).status).toBe(200)
    expect((await t.app.request('/api/users/keeper')).status).toBe(200)
    expect(await board()).toContain('keeper')

    // Signing in again with the same GitHub account starts an empty account.
    const again = await member('leaver')
    const me = (await (await again.get('/api/me')).json()).user
    expect(me).toMatchObject({ username: 'leaver', points: 0, submission: 0 })
    expect(me.id).not.toBe(goneId)
    expect(await (await again.get('/api/me/dashboard')).json()).toMatchObject({ ongoing: 0, completed: 0 })
    const fresh = await (await again.get('/api/me/export')).json()
    expect([fresh.progress, fresh.comments, fresh.likes, fresh.badges, fresh.pointsLedger]).toEqual([
      [],
      [],
      [],
      [],
      [],
    ])
  })

  it('drops a kept session, profile, leaderboard and competition ranking at once, even with the caches on', async () => {
    const cached = await createTestApp(
      database,
      {},
      { cacheMs: { sessions: 60_000, leaderboard: 60_000, members: 60_000, competitions: 60_000 } },
    )
    const b = browser(cached.app)
    await signIn(b, { login: 'cached-leaver' })
    await database.db.update(users).set({ points: 1000 }).where(eq(users.username, 'cached-leaver'))
    const [week] = await database.db
      .insert(competitions)
      .values({
        slug: 'cached-week',
        title: 'Cached week',
        challengeId: navbar.id,
        startsAt: new Date('2025-03-01T00:00:00Z'),
        endsAt: new Date('2025-03-08T00:00:00Z'),
        contentHash: 'x',
        closedAt: new Date('2025-03-08T00:00:00Z'),
      })
      .returning()
    await database.db.insert(competitionResults).values({
      competitionId: week?.id ?? 0,
      userId: (await userId('cached-leaver')) as string,
      rank: 1,
      score: 95,
      enteredAt: new Date('2025-03-02T00:00:00Z'),
    })
    const rankings = async () => (await cached.app.request('/api/competitions')).text()
    const watcher = browser(cached.app)
    await signIn(watcher, { login: 'cached-watcher' })
    const board = async () =>
      ((await (await watcher.get('/api/leaderboard')).json()).entries as { username: string }[]).map(
        (e) => e.username,
      )
    expect((await cached.app.request('/api/users/cached-leaver')).status).toBe(200)
    expect(await board()).toContain('cached-leaver')
    expect(await rankings()).toContain('cached-leaver')
    expect((await b.get('/api/me')).status).toBe(200)
    const oldCookie = new CookieJar()
    for (const [name, value] of b.jar.cookies) oldCookie.cookies.set(name, value)
    expect((await b.send('DELETE', '/api/me', { confirm: 'cached-leaver' })).status).toBe(204)
    expect((await browser(cached.app, oldCookie).get('/api/me')).status).toBe(401)
    expect((await cached.app.request('/api/users/cached-leaver')).status).toBe(404)
    expect(await board()).not.toContain('cached-leaver')
    expect(await rankings()).not.toContain('cached-leaver')
    expect(ACCOUNT_TEXTS.deleted).toBe('Your account has been deleted.')
  })
})
