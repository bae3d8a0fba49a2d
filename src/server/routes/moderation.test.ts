import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importCatalogue } from '#server/content/import.ts'
import { comments, moderationActions, reports, userChallenges, users } from '#server/db/schema.ts'
import type { Challenge } from '#shared/challenge.ts'
import {
  adminReportsResponse,
  auditResponse,
  COMMENTING_SUSPENDED,
  commentResponse,
  commentsResponse,
  FEEDBACK_LIMITS,
  type NewReport,
  NO_SUCH_COMMENT,
  NO_SUCH_MEMBER,
  NO_SUCH_REPORT,
  NOT_AN_ADMIN,
  REPORT_OWN_WORK,
  rateLimitedMessage,
  reportResponse,
  SUSPEND_SELF,
} from '#shared/feedback.ts'
import { galleryResponse, solutionResponse } from '#shared/solution.ts'
import { createTestApp } from '#tests/support/app.ts'
import { browser, signIn, type TestBrowser } from '#tests/support/auth.ts'
import { temporaryDir, writeChallengeFolder } from '#tests/support/content-fixtures.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

const ADMIN = 'boss'

/**
 * Reports and moderation through the API (docs/product.md §12, "Reports and moderation"). Solutions pass
 * their review on the member's own `<login>.github.io` (stand-in sites); `boss` is the one admin.
 */
describe.each(TEST_DATABASES)('reports and moderation through the API on %s', (kind) => {
  let database: TestDatabase
  let t: TestApp
  let navbar: Challenge
  let admin: TestBrowser
  let logins = 0

  const member = async (login = `member-${++logins}`) => {
    const b = browser(t.app)
    await signIn(b, { login })
    return b
  }
  const visitor = () => browser(t.app)
  /** A listed solution of `login` (signed in as `b`): its public id and row id. */
  const passedSolution = async (b: TestBrowser, login: string) => {
    await b.send('POST', `/api/me/challenges/${navbar.id}/start`)
    expect(
      (
        await b.send('POST', `/api/me/challenges/${navbar.id}/submit`, {
          liveUrl: `https://${login}.github.io/site`,
        })
      ).status,
    ).toBe(200)
    await t.runReviews()
    const [row] = await database.db
      .select({ id: userChallenges.id, publicId: userChallenges.publicId, userId: userChallenges.userId })
      .from(userChallenges)
      .innerJoin(users, eq(users.id, userChallenges.userId))
      .where(and(eq(users.username, login), eq(userChallenges.challengeId, navbar.id)))
    if (!row?.publicId) throw new Error(`${login} has no solution`)
    return row
  }
  const comment = async (b: TestBrowser, solutionId: string, body = 'Nice layout.') => {
    const response = await b.send('POST', `/api/solutions/${solutionId}/comments`, { kind: 'praise', body })
    expect(response.status).toBe(201)
    return commentResponse.parse(await response.json()).comment.id
  }
  const report = (b: TestBrowser, body: NewReport) => b.send('POST', '/api/reports', body)
  const auditRows = async () => (await database.db.select({ n: count() }).from(moderationActions))[0]?.n ?? 0
  const audit = async () => {
    const response = await admin.get('/api/admin/audit')
    expect(response.status).toBe(200)
    return auditResponse.parse(await response.json()).actions
  }
  const openReports = async () => {
    const response = await admin.get('/api/admin/reports')
    expect(response.status).toBe(200)
    return adminReportsResponse.parse(await response.json()).reports
  }
  /** Runs an admin action and checks that it wrote exactly `rows` audit rows (1: it changed something). */
  const act = async (path: string, body: unknown = {}, rows = 1) => {
    const before = await auditRows()
    const response = await admin.send('POST', path, body)
    expect(response.status, path).toBe(200)
    expect(await response.json()).toEqual({ ok: true })
    expect(await auditRows()).toBe(before + rows)
  }
  const commentsOf = async (b: TestBrowser, solutionId: string) => {
    const response = await b.get(`/api/solutions/${solutionId}/comments`)
    expect(response.status).toBe(200)
    return commentsResponse.parse(await response.json())
  }
  const galleryIds = async () =>
    galleryResponse
      .parse(await (await t.app.request(`/api/challenges/${navbar.id}/solutions`)).json())
      .solutions.map((s) => s.id)

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    const contentDir = await temporaryDir()
    await writeChallengeFolder(contentDir, { title: 'Solve Navbar', category: 'navbar', date: '2026-10-01' })
    t = await createTestApp(database, { ADMIN_GITHUB_LOGINS: ADMIN })
    await importCatalogue({ db: database.db, storage: t.storage, contentDir })
    const list = (await (await t.app.request('/api/challenges')).json()).challenges as Challenge[]
    navbar = list.find((c) => c.slug === 'Solve-Navbar') as Challenge
    admin = await member(ADMIN)
  })
  afterAll(async () => {
    await database?.drop()
  })

  it('lets a member report what they can see of others, once while it is open', async () => {
    const ada = await member('ada')
    const ada1 = await passedSolution(ada, 'ada')
    const bob = await member('bob')
    const bobComment = await comment(bob, ada1.publicId, 'Try a grid here.')

    // Visitors cannot report.
    const anonymous = await report(visitor(), {
      target: { type: 'solution', id: ada1.publicId },
      reason: 'spam',
    })
    expect(anonymous.status).toBe(401)

    // Nobody reports their own work.
    const own = await report(ada, { target: { type: 'solution', id: ada1.publicId }, reason: 'spam' })
    expect(own.status).toBe(400)
    expect((await own.json()).error.message).toBe(REPORT_OWN_WORK)
    const ownComment = await report(bob, { target: { type: 'comment', id: bobComment }, reason: 'spam' })
    expect(ownComment.status).toBe(400)
    expect((await ownComment.json()).error.message).toBe(REPORT_OWN_WORK)

    // A bad body changes nothing.
    const bad = await report(bob, {
      target: { type: 'solution', id: ada1.publicId },
      reason: 'boring',
    } as never)
    expect(bad.status).toBe(400)
    const unknownField = await bob.send('POST', '/api/reports', {
      target: { type: 'solution', id: ada1.publicId },
      reason: 'spam',
      extra: 1,
    })
    expect(unknownField.status).toBe(400)

    const first = await report(bob, {
      target: { type: 'solution', id: ada1.publicId },
      reason: 'plagiarism',
      details: '  Copied from a tutorial.  ',
    })
    expect(first.status).toBe(201)
    const { report: filed } = reportResponse.parse(await first.json())
    // Again while it is open: the same report, no new row.
    const again = await report(bob, { target: { type: 'solution', id: ada1.publicId }, reason: 'spam' })
    expect(again.status).toBe(200)
    expect(reportResponse.parse(await again.json()).report.id).toBe(filed.id)
    const rows = await database.db.select().from(reports).where(eq(reports.userChallengeId, ada1.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      reason: 'plagiarism',
      details: 'Copied from a tutorial.',
      status: 'open',
    })

    // Someone else's comment, reported; an unknown one is not there.
    const carol = await member('carol')
    expect(
      (await report(carol, { target: { type: 'comment', id: bobComment }, reason: 'abuse' })).status,
    ).toBe(201)
    const unknown = await report(carol, {
      target: { type: 'comment', id: '00000000-0000-4000-8000-000000000000' },
      reason: 'abuse',
    })
    expect(unknown.status).toBe(404)
    expect((await unknown.json()).error.message).toBe(NO_SUCH_COMMENT)

    // An unlisted solution (its author hid it) is not there for others.
    expect((await ada.send('PATCH', `/api/solutions/${ada1.publicId}`, { hidden: true })).status).toBe(200)
    const hidden = await report(carol, { target: { type: 'solution', id: ada1.publicId }, reason: 'spam' })
    expect(hidden.status).toBe(404)
    expect((await hidden.json()).error.message).toBe('There is no such solution.')
    // Nor are its comments.
    expect(
      (await report(admin, { target: { type: 'comment', id: bobComment }, reason: 'spam' })).status,
    ).toBe(404)
    expect((await ada.send('PATCH', `/api/solutions/${ada1.publicId}`, { hidden: false })).status).toBe(200)

    // The admins see both open reports, oldest first, with their targets.
    const open = await openReports()
    expect(open.map((r) => r.id)).toContain(filed.id)
    const onSolution = open.find((r) => r.id === filed.id)
    expect(onSolution).toMatchObject({
      reason: 'plagiarism',
      details: 'Copied from a tutorial.',
      reporter: { username: 'bob' },
      target: { type: 'solution', id: ada1.publicId, challengeTitle: 'Solve Navbar', hidden: false },
    })
    const onComment = open.find((r) => r.target.type === 'comment' && r.target.id === bobComment)
    expect(onComment).toMatchObject({
      reason: 'abuse',
      reporter: { username: 'carol' },
      target: { type: 'comment', solutionId: ada1.publicId, author: { username: 'bob' }, hidden: false },
    })
    expect(onComment?.target.type === 'comment' && onComment.target.bodyHtml).toContain('Try a grid here.')
    expect(open.indexOf(onSolution as never)).toBeLessThan(open.indexOf(onComment as never))
  })

  it('refuses the admin pages and actions to visitors and to members who are not admins', async () => {
    const someone = await member()
    for (const path of ['/api/admin/reports', '/api/admin/audit']) {
      expect((await visitor().get(path)).status).toBe(401)
      const refused = await someone.get(path)
      expect(refused.status).toBe(403)
      expect((await refused.json()).error.message).toBe(NOT_AN_ADMIN)
    }
    const id = '00000000-0000-4000-8000-000000000000'
    const before = await auditRows()
    for (const path of [
      `/api/admin/comments/${id}/hide`,
      `/api/admin/comments/${id}/restore`,
      `/api/admin/solutions/${id}/hide`,
      `/api/admin/solutions/${id}/restore`,
      `/api/admin/members/${ADMIN}/suspend`,
      `/api/admin/members/${ADMIN}/restore`,
      `/api/admin/reports/${id}/dismiss`,
    ]) {
      expect((await visitor().send('POST', path)).status, path).toBe(401)
      const refused = await someone.send('POST', path)
      expect(refused.status, path).toBe(403)
      expect((await refused.json()).error.message).toBe(NOT_AN_ADMIN)
    }
    expect(await auditRows()).toBe(before)
    // Unknown targets are not found, and write nothing.
    for (const [path, message] of [
      [`/api/admin/comments/${id}/hide`, NO_SUCH_COMMENT],
      [`/api/admin/solutions/${id}/hide`, 'There is no such solution.'],
      ['/api/admin/members/nobody-here/suspend', NO_SUCH_MEMBER],
      [`/api/admin/reports/${id}/dismiss`, NO_SUCH_REPORT],
    ] as const) {
      const response = await admin.send('POST', path)
      expect(response.status, path).toBe(404)
      expect((await response.json()).error.message).toBe(message)
    }
    // A bad id or note is a 400.
    expect((await admin.send('POST', '/api/admin/comments/not-a-uuid/hide')).status).toBe(400)
    expect(
      (await admin.send('POST', `/api/admin/reports/${id}/dismiss`, { note: 'x'.repeat(501) })).status,
    ).toBe(400)
    expect((await admin.send('POST', `/api/admin/reports/${id}/dismiss`, { reason: 'x' })).status).toBe(400)
    expect(await auditRows()).toBe(before)
  })

  it('hides a comment from everyone but its author and the admins, and restores it, each in the log', async () => {
    const dan = await member('dan')
    const solution = await passedSolution(dan, 'dan')
    const eve = await member('eve')
    const eveComment = await comment(eve, solution.publicId, 'Rude words.')
    const frank = await member('frank')
    expect(
      (await report(frank, { target: { type: 'comment', id: eveComment }, reason: 'abuse' })).status,
    ).toBe(201)
    const commentCount = async () =>
      (
        await database.db
          .select({ n: userChallenges.commentCount })
          .from(userChallenges)
          .where(eq(userChallenges.id, solution.id))
      )[0]?.n
    expect(await commentCount()).toBe(1)

    await act(`/api/admin/comments/${eveComment}/hide`, { note: 'Name-calling.' })
    const [entry] = await audit()
    expect(entry).toMatchObject({
      action: 'hide_comment',
      admin: ADMIN,
      target: 'comment by eve on Solve Navbar',
      note: 'Name-calling.',
    })
    expect(Date.now() - new Date(entry?.createdAt ?? 0).getTime()).toBeLessThan(60_000)
    expect(await commentCount()).toBe(0)
    // Its open report was acted on.
    const [resolved] = await database.db
      .select({ status: reports.status, resolvedBy: reports.resolvedBy })
      .from(reports)
      .innerJoin(comments, eq(comments.id, reports.commentId))
      .where(eq(comments.publicId, eveComment))
    expect(resolved?.status).toBe('actioned')
    expect(resolved?.resolvedBy).not.toBeNull()
    expect((await openReports()).some((r) => r.target.type === 'comment' && r.target.id === eveComment)).toBe(
      false,
    )

    // Gone for visitors and other members; its author and the admins still see it, marked hidden.
    expect((await commentsOf(visitor(), solution.publicId)).comments.map((c) => c.id)).not.toContain(
      eveComment,
    )
    expect((await commentsOf(frank, solution.publicId)).comments.map((c) => c.id)).not.toContain(eveComment)
    expect((await commentsOf(dan, solution.publicId)).comments.map((c) => c.id)).not.toContain(eveComment)
    const ownView = (await commentsOf(eve, solution.publicId)).comments.find((c) => c.id === eveComment)
    expect(ownView?.hidden).toBe(true)
    const adminView = (await commentsOf(admin, solution.publicId)).comments.find((c) => c.id === eveComment)
    expect(adminView?.hidden).toBe(true)
    // Hidden comments cannot be reported.
    expect(
      (await report(frank, { target: { type: 'comment', id: eveComment }, reason: 'spam' })).status,
    ).toBe(404)

    // Again: nothing changes, nothing is written.
    await act(`/api/admin/comments/${eveComment}/hide`, {}, 0)

    await act(`/api/admin/comments/${eveComment.toUpperCase()}/restore`)
    expect((await audit())[0]).toMatchObject({ action: 'restore_comment', admin: ADMIN, note: null })
    expect(await commentCount()).toBe(1)
    expect((await commentsOf(visitor(), solution.publicId)).comments.map((c) => c.id)).toContain(eveComment)
    await act(`/api/admin/comments/${eveComment}/restore`, {}, 0)
  })

  it('refuses reports of a reply under a hidden comment, as others no longer see it', async () => {
    const pat = await member('pat')
    const solution = await passedSolution(pat, 'pat')
    const quin = await member('quin')
    const parent = await comment(quin, solution.publicId, 'Off-topic rant.')
    const rae = await member('rae')
    const replied = await rae.send('POST', `/api/solutions/${solution.publicId}/comments`, {
      kind: 'question',
      body: 'Why?',
      parentId: parent,
    })
    expect(replied.status).toBe(201)
    const reply = commentResponse.parse(await replied.json()).comment.id
    await act(`/api/admin/comments/${parent}/hide`)
    const refused = await report(pat, { target: { type: 'comment', id: reply }, reason: 'spam' })
    expect(refused.status).toBe(404)
    expect((await refused.json()).error.message).toBe(NO_SUCH_COMMENT)
    await act(`/api/admin/comments/${parent}/restore`)
    expect((await report(pat, { target: { type: 'comment', id: reply }, reason: 'spam' })).status).toBe(201)
  })

  it('hides a solution from the galleries and from everyone but its author and the admins', async () => {
    const gus = await member('gus')
    const solution = await passedSolution(gus, 'gus')
    const hal = await member('hal')
    expect(
      (await report(hal, { target: { type: 'solution', id: solution.publicId }, reason: 'plagiarism' }))
        .status,
    ).toBe(201)
    expect(await galleryIds()).toContain(solution.publicId)

    await act(`/api/admin/solutions/${solution.publicId}/hide`, { note: '' })
    expect((await audit())[0]).toMatchObject({
      action: 'hide_solution',
      admin: ADMIN,
      target: 'solution by gus of Solve Navbar',
      note: null,
    })
    const [row] = await database.db.select().from(userChallenges).where(eq(userChallenges.id, solution.id))
    expect(row?.hidden).toBe(true)
    expect(row?.moderatorHiddenAt).not.toBeNull()
    const [actioned] = await database.db
      .select()
      .from(reports)
      .where(eq(reports.userChallengeId, solution.id))
    expect(actioned?.status).toBe('actioned')
    expect(actioned?.resolvedAt).not.toBeNull()

    expect(await galleryIds()).not.toContain(solution.publicId)
    expect((await visitor().get(`/api/solutions/${solution.publicId}`)).status).toBe(404)
    expect((await hal.get(`/api/solutions/${solution.publicId}`)).status).toBe(404)
    const ownView = await gus.get(`/api/solutions/${solution.publicId}`)
    expect(ownView.status).toBe(200)
    expect(solutionResponse.parse(await ownView.json()).solution.moderatorHidden).toBe(true)
    const adminView = await admin.get(`/api/solutions/${solution.publicId}`)
    expect(adminView.status).toBe(200)
    // Its author cannot show it again.
    await gus.send('PATCH', `/api/solutions/${solution.publicId}`, { hidden: false })
    expect((await visitor().get(`/api/solutions/${solution.publicId}`)).status).toBe(404)

    await act(`/api/admin/solutions/${solution.publicId}/hide`, {}, 0)
    await act(`/api/admin/solutions/${solution.publicId}/restore`, { note: 'Cleared up.' })
    expect((await audit())[0]).toMatchObject({ action: 'restore_solution', note: 'Cleared up.' })
    const [restored] = await database.db
      .select()
      .from(userChallenges)
      .where(eq(userChallenges.id, solution.id))
    expect(restored).toMatchObject({ hidden: false, moderatorHiddenAt: null })
    expect(await galleryIds()).toContain(solution.publicId)
    expect((await visitor().get(`/api/solutions/${solution.publicId}`)).status).toBe(200)
    await act(`/api/admin/solutions/${solution.publicId}/restore`, {}, 0)
  })

  it('suspends a member from commenting until an admin lets them again; never the admin themselves', async () => {
    const ida = await member('ida')
    const solution = await passedSolution(ida, 'ida')
    const jay = await member('jay')
    await comment(jay, solution.publicId)

    await act('/api/admin/members/jay/suspend', { note: 'Spam links.' })
    expect((await audit())[0]).toMatchObject({
      action: 'suspend_member',
      target: 'member jay',
      note: 'Spam links.',
    })
    const refused = await jay.send('POST', `/api/solutions/${solution.publicId}/comments`, {
      kind: 'praise',
      body: 'Again.',
    })
    expect(refused.status).toBe(403)
    expect((await refused.json()).error.message).toBe(COMMENTING_SUSPENDED)
    // They may still report.
    expect(
      (await report(jay, { target: { type: 'solution', id: solution.publicId }, reason: 'other' })).status,
    ).toBe(201)
    await act('/api/admin/members/jay/suspend', {}, 0)
    const open = await openReports()
    expect(open.find((r) => r.reporter.username === 'jay')?.target.authorSuspended).toBe(false)

    await act('/api/admin/members/jay/restore')
    expect((await audit())[0]).toMatchObject({ action: 'restore_member', target: 'member jay' })
    await comment(jay, solution.publicId, 'Back again.')
    await act('/api/admin/members/jay/restore', {}, 0)

    const self = await admin.send('POST', `/api/admin/members/${ADMIN}/suspend`)
    expect(self.status).toBe(400)
    expect((await self.json()).error.message).toBe(SUSPEND_SELF)
    const [boss] = await database.db.select().from(users).where(eq(users.username, ADMIN))
    expect(boss?.commentingSuspendedAt).toBeNull()
  })

  it('dismisses a report without touching its target, once', async () => {
    const kim = await member('kim')
    const solution = await passedSolution(kim, 'kim')
    const lou = await member('lou')
    const filed = await report(lou, { target: { type: 'solution', id: solution.publicId }, reason: 'other' })
    const { id } = reportResponse.parse(await filed.json()).report

    await act(`/api/admin/reports/${id}/dismiss`, { note: 'Not a copy.' })
    expect((await audit())[0]).toMatchObject({
      action: 'dismiss_report',
      admin: ADMIN,
      target: 'solution by kim of Solve Navbar',
      note: 'Not a copy.',
    })
    const [row] = await database.db.select().from(reports).where(eq(reports.id, id))
    expect(row?.status).toBe('dismissed')
    expect(row?.resolvedAt).not.toBeNull()
    expect((await openReports()).map((r) => r.id)).not.toContain(id)
    expect((await visitor().get(`/api/solutions/${solution.publicId}`)).status).toBe(200)
    await act(`/api/admin/reports/${id}/dismiss`, {}, 0)

    // Dismissed, it is no longer open: the member may report it again.
    const again = await report(lou, { target: { type: 'solution', id: solution.publicId }, reason: 'other' })
    expect(again.status).toBe(201)
    expect(reportResponse.parse(await again.json()).report.id).not.toBe(id)
  })

  it('lists the newest actions first in the audit log', async () => {
    const actions = await audit()
    expect(actions.length).toBeGreaterThan(3)
    const times = actions.map((a) => new Date(a.createdAt).getTime())
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    expect(actions.every((a) => a.admin === ADMIN)).toBe(true)
  })

  it(`refuses a member's report beyond ${FEEDBACK_LIMITS.report.limit} a day, saying when they can again`, async () => {
    const max = await member('max')
    const solution = await passedSolution(max, 'max')
    const nia = await member('nia')
    for (let i = 0; i < FEEDBACK_LIMITS.report.limit; i += 1) {
      const response = await report(nia, {
        target: { type: 'solution', id: solution.publicId },
        reason: 'spam',
      })
      expect(response.status).toBe(i === 0 ? 201 : 200)
    }
    const refused = await report(nia, { target: { type: 'solution', id: solution.publicId }, reason: 'spam' })
    expect(refused.status).toBe(429)
    const retryAfter = Number(refused.headers.get('Retry-After'))
    expect(retryAfter).toBeGreaterThan(FEEDBACK_LIMITS.report.windowMs / 1000 - 120)
    const body = await refused.json()
    expect(body.error).toEqual({ code: 'rate_limited', message: rateLimitedMessage('report', retryAfter) })
    expect(body.error.message).toMatch(/You can report again in (24 h 0 min|23 h \d+ min)\./)
    // Others are not limited by it.
    const oli = await member('oli')
    expect(
      (await report(oli, { target: { type: 'solution', id: solution.publicId }, reason: 'spam' })).status,
    ).toBe(201)
  })

  it('counts only accepted reports against the limit: refused ones cost nothing', async () => {
    const pam = await member('pam')
    const solution = await passedSolution(pam, 'pam')
    const ray = await member('ray')
    const own = await passedSolution(ray, 'ray')
    const refusals: [NewReport | Record<string, unknown>, number][] = [
      [{ target: { type: 'solution', id: solution.publicId }, reason: 'boredom' }, 400],
      [
        { target: { type: 'solution', id: solution.publicId }, reason: 'spam', details: 'd'.repeat(501) },
        400,
      ],
      [{ target: { type: 'solution', id: own.publicId }, reason: 'spam' }, 400],
      [{ target: { type: 'solution', id: '00000000-0000-4000-8000-000000000000' }, reason: 'spam' }, 404],
      [{ target: { type: 'comment', id: '00000000-0000-4000-8000-000000000000' }, reason: 'spam' }, 404],
      [{ target: { type: 'user', id: 'pam' }, reason: 'spam' }, 400],
      [{ target: { type: 'solution', id: solution.publicId }, reason: 'spam', extra: 1 }, 400],
    ]
    for (let round = 0; round < 2; round += 1) {
      for (const [body, status] of refusals) {
        expect((await report(ray, body as NewReport)).status, JSON.stringify(body)).toBe(status)
      }
    }
    for (let i = 0; i < FEEDBACK_LIMITS.report.limit; i += 1) {
      const response = await report(ray, {
        target: { type: 'solution', id: solution.publicId },
        reason: 'spam',
      })
      expect(response.status).toBe(i === 0 ? 201 : 200)
    }
    expect(
      (await report(ray, { target: { type: 'solution', id: solution.publicId }, reason: 'spam' })).status,
    ).toBe(429)
  })
})
