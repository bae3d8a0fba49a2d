import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findMemberActivityRow, readActivity, readWeeklyGoal } from '#server/activity/activity.ts'
import { comments, submissionReviews, userChallenges, users } from '#server/db/schema.ts'
import {
  ACTIVITY_MESSAGES,
  activityResponse,
  activitySettingsResponse,
  weeklyGoalResponse,
} from '#shared/activity.ts'
import { localDate } from '#shared/activity-days.ts'
import { createTestApp } from '#tests/support/app.ts'
import { browser, ORIGIN, signedInBrowser, type TestBrowser } from '#tests/support/auth.ts'
import { insertChallengeRows } from '#tests/support/challenge-rows.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'
import { createReviewedSubmission } from '#tests/support/factories.ts'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

describe.each(TEST_DATABASES)('activity and streaks on %s', (kind) => {
  let database: TestDatabase
  let t: TestApp
  let challengeIds: number[]

  const idOf = async (login: string) => {
    const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, login))
    if (!row) throw new Error(`no member ${login}`)
    return row.id
  }
  const messageOf = async (response: Response) =>
    ((await response.json()) as { error: { message: string } }).error.message
  /** A comment by `authorId` at `at`, on `userChallengeId`. */
  const commentAt = async (authorId: string, userChallengeId: number, at: Date, removed = {}) => {
    await database.db
      .insert(comments)
      .values({ userChallengeId, authorId, kind: 'praise', body: 'Nice.', createdAt: at, ...removed })
  }
  const settings = (b: TestBrowser, body: unknown) => b.send('PATCH', '/api/me/activity-settings', body)

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    t = await createTestApp(database)
    challengeIds = (await insertChallengeRows(database.db, 4, 'Activity')).map((row) => row.id)
  })
  afterAll(async () => {
    await database?.drop()
  })

  it('counts passed reviews, submits and comments per day of the member’s zone, across a clock change', async () => {
    await signedInBrowser(t.app, 'nyla')
    const nyla = await idOf('nyla')
    const [first, second] = challengeIds as [number, number]
    // New York, autumn 2026: EDT until 1 November 02:00, then EST. 03:30 UTC on 1 November is 23:30 on
    // 31 October in New York, and already the 1st in UTC.
    const submission = await createReviewedSubmission(database.db, nyla, first, [
      { score: 90, at: new Date('2026-11-01T03:30:00Z'), finishedAt: new Date('2026-11-01T03:31:00Z') },
      { score: 20, at: new Date('2026-11-01T04:30:00Z'), status: 'failed' },
    ])
    // 04:30 UTC on the 2nd is 23:30 EST on the 1st.
    await createReviewedSubmission(database.db, nyla, second, [
      { score: 95, at: new Date('2026-11-02T04:30:00Z') },
    ])
    await commentAt(nyla, submission.id, new Date('2026-11-02T12:00:00Z'))
    // A deleted comment, a hidden one, and an upgrade re-review the member did not ask for count for nothing.
    await commentAt(nyla, submission.id, new Date('2026-11-02T13:00:00Z'), { deletedAt: new Date() })
    await commentAt(nyla, submission.id, new Date('2026-11-02T14:00:00Z'), { hiddenAt: new Date() })
    await database.db.insert(submissionReviews).values({
      userChallengeId: submission.id,
      status: 'queued',
      purpose: 'upgrade',
      requestedUrl: 'https://nyla.github.io/',
      createdAt: new Date('2026-11-02T15:00:00Z'),
    })
    // Older than the calendar: left out.
    await commentAt(nyla, submission.id, new Date('2025-11-01T12:00:00Z'))

    const member = await findMemberActivityRow(database.db, { id: nyla })
    if (!member) throw new Error('no member')
    const now = new Date('2026-11-03T15:00:00Z') // 10:00 on Tuesday 3 November in New York
    const newYork = await readActivity(database.db, member, {
      timeZone: 'America/New_York',
      viewerIsOwner: false,
      now,
    })
    expect(newYork).toEqual({
      hidden: false,
      hiddenFromOthers: false,
      timeZone: 'America/New_York',
      from: '2025-11-03',
      today: '2026-11-03',
      days: [
        { date: '2026-10-31', reviews: 1, submits: 1, comments: 0 },
        { date: '2026-11-01', reviews: 1, submits: 2, comments: 0 },
        { date: '2026-11-02', reviews: 0, submits: 0, comments: 1 },
      ],
      activeDays: 3,
      streaks: { current: 3, longest: 3, inGrace: true, activeToday: false },
    })
    const utc = await readActivity(database.db, member, { timeZone: 'UTC', viewerIsOwner: false, now })
    expect(utc.hidden === false && utc.days).toEqual([
      { date: '2026-11-01', reviews: 1, submits: 2, comments: 0 },
      { date: '2026-11-02', reviews: 1, submits: 1, comments: 1 },
    ])
    expect(utc.hidden === false && utc.streaks).toEqual({
      current: 2,
      longest: 2,
      inGrace: true,
      activeToday: false,
    })

    // The week of Monday 2 November in New York: the second challenge passed on the 1st (EST), so none this
    // week; in UTC the week of the 2nd holds it.
    expect(await readWeeklyGoal(database.db, member, 'America/New_York', now)).toEqual({
      goal: null,
      passed: 0,
      weekStart: '2026-11-02',
      timeZone: 'America/New_York',
    })
    expect((await readWeeklyGoal(database.db, member, 'UTC', now)).passed).toBe(1)
  })

  it('answers a visitor the calendar, and `hidden` once the member hides it; the owner still sees theirs', async () => {
    const owner = await signedInBrowser(t.app, 'hana')
    const hana = await idOf('hana')
    await createReviewedSubmission(database.db, hana, challengeIds[0] as number, [
      { score: 90, at: new Date(Date.now() - 60 * 60_000) },
    ])
    const visitor = browser(t.app)
    const seen = await visitor.get('/api/users/hana/activity')
    expect(seen.status).toBe(200)
    expect(seen.headers.get('Cache-Control')).toBe('no-store')
    const visible = activityResponse.parse(await seen.json())
    if (visible.hidden) throw new Error('hidden')
    expect(visible.timeZone).toBe('UTC')
    expect(visible.today).toBe(localDate(new Date(), 'UTC'))
    expect(visible.streaks.current).toBeGreaterThanOrEqual(1)
    // A visitor's browser zone says nothing about the member's: ignored.
    const asked = activityResponse.parse(
      await (await visitor.get('/api/users/hana/activity?tz=Asia/Tokyo')).json(),
    )
    expect(asked.hidden === false && asked.timeZone).toBe('UTC')
    // The owner's browser zone counts while they chose none.
    const own = activityResponse.parse(
      await (await owner.get('/api/users/hana/activity?tz=Asia/Tokyo')).json(),
    )
    expect(own.hidden === false && own.timeZone).toBe('Asia/Tokyo')

    expect((await settings(owner, { activityHidden: true, timeZone: 'Europe/London' })).status).toBe(200)
    expect(await (await visitor.get('/api/users/hana/activity')).json()).toEqual({ hidden: true })
    const other = await signedInBrowser(t.app, 'otto')
    expect(await (await other.get('/api/users/hana/activity')).json()).toEqual({ hidden: true })
    const mine = activityResponse.parse(
      await (await owner.get('/api/users/hana/activity?tz=Asia/Tokyo')).json(),
    )
    expect(mine).toMatchObject({ hidden: false, hiddenFromOthers: true, timeZone: 'Europe/London' })

    expect((await visitor.get('/api/users/nobody-here/activity')).status).toBe(404)
    expect((await visitor.get('/api/users/-bad-/activity')).status).toBe(404)
    const badZone = await visitor.get('/api/users/hana/activity?tz=Mars%2FOlympus')
    expect(badZone.status).toBe(400)
    expect(await messageOf(badZone)).toBe(`tz: ${ACTIVITY_MESSAGES.timeZone}`)
  })

  it('validates the settings and keeps them', async () => {
    const b = await signedInBrowser(t.app, 'vale')
    const initial = activitySettingsResponse.parse(await (await b.get('/api/me/activity-settings')).json())
    expect(initial.settings).toEqual({ timeZone: null, weeklyGoal: null, activityHidden: false })

    const refused: [unknown, string][] = [
      [{ timeZone: 'Mars/Olympus' }, `timeZone: ${ACTIVITY_MESSAGES.timeZone}`],
      [{ timeZone: '+01:00' }, `timeZone: ${ACTIVITY_MESSAGES.timeZone}`],
      [{ timeZone: 'Europe/London'.padEnd(80, 'x') }, `timeZone: ${ACTIVITY_MESSAGES.timeZone}`],
      [{ timeZone: 5 }, `timeZone: ${ACTIVITY_MESSAGES.timeZone}`],
      [{ weeklyGoal: 0 }, `weeklyGoal: ${ACTIVITY_MESSAGES.weeklyGoal}`],
      [{ weeklyGoal: 8 }, `weeklyGoal: ${ACTIVITY_MESSAGES.weeklyGoal}`],
      [{ weeklyGoal: 2.5 }, `weeklyGoal: ${ACTIVITY_MESSAGES.weeklyGoal}`],
      [{ weeklyGoal: '3' }, `weeklyGoal: ${ACTIVITY_MESSAGES.weeklyGoal}`],
      [{ activityHidden: 'yes' }, 'activityHidden: must be true or false'],
    ]
    for (const [body, message] of refused) {
      const response = await settings(b, body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(await messageOf(response)).toBe(message)
    }
    expect((await settings(b, { weeklyGoal: 3, points: 1000 })).status).toBe(400)
    expect((await settings(b, [])).status).toBe(400)
    const notJson = await b.request('/api/me/activity-settings', {
      method: 'PATCH',
      headers: { Origin: ORIGIN, 'Content-Type': 'application/json' },
      body: '{',
    })
    expect(notJson.status).toBe(400)
    // Another site cannot change them.
    const crossSite = await b.request('/api/me/activity-settings', {
      method: 'PATCH',
      headers: { Origin: 'https://elsewhere.example', 'Content-Type': 'application/json' },
      body: JSON.stringify({ weeklyGoal: 2 }),
    })
    expect(crossSite.status).toBe(403)
    expect((await browser(t.app).send('PATCH', '/api/me/activity-settings', { weeklyGoal: 2 })).status).toBe(
      401,
    )

    const saved = await settings(b, { weeklyGoal: 3, timeZone: 'Pacific/Kiritimati' })
    expect(saved.status).toBe(200)
    expect(activitySettingsResponse.parse(await saved.json()).settings).toEqual({
      timeZone: 'Pacific/Kiritimati',
      weeklyGoal: 3,
      activityHidden: false,
    })
    // Fields left out stay; null clears.
    expect(
      activitySettingsResponse.parse(await (await settings(b, { timeZone: null })).json()).settings,
    ).toEqual({
      timeZone: null,
      weeklyGoal: 3,
      activityHidden: false,
    })
  })

  it('counts the weekly goal’s challenges once each, in the browser’s zone until the member chooses one', async () => {
    const b = await signedInBrowser(t.app, 'gala')
    const gala = await idOf('gala')
    expect((await settings(b, { weeklyGoal: 2 })).status).toBe(200)
    const minuteAgo = new Date(Date.now() - 60_000)
    // Passed twice: one challenge.
    await createReviewedSubmission(database.db, gala, challengeIds[2] as number, [
      { score: 90, at: minuteAgo },
      { score: 92, at: minuteAgo },
    ])
    const goal = weeklyGoalResponse.parse(await (await b.get('/api/me/goal?tz=Pacific/Pago_Pago')).json())
    expect(goal).toMatchObject({ goal: 2, passed: 1, timeZone: 'Pacific/Pago_Pago' })
    await createReviewedSubmission(database.db, gala, challengeIds[3] as number, [
      { score: 90, at: minuteAgo },
    ])
    expect(weeklyGoalResponse.parse(await (await b.get('/api/me/goal')).json())).toMatchObject({
      goal: 2,
      passed: 2,
      timeZone: 'UTC',
    })
    expect((await b.get('/api/me/goal?tz=Nowhere')).status).toBe(400)
    expect((await browser(t.app).get('/api/me/goal')).status).toBe(401)
  })

  it('exports the settings with the member’s data and deletes them with the account', async () => {
    const b = await signedInBrowser(t.app, 'exa')
    await settings(b, { weeklyGoal: 5, timeZone: 'America/New_York', activityHidden: true })
    const exported = (await (await b.get('/api/me/export')).json()) as { profile: Record<string, unknown> }
    expect(exported.profile).toMatchObject({
      timeZone: 'America/New_York',
      weeklyGoal: 5,
      activityHidden: true,
    })
    const id = await idOf('exa')
    expect((await b.send('DELETE', '/api/me', { confirm: 'exa' })).status).toBe(204)
    expect(await database.db.select().from(users).where(eq(users.id, id))).toEqual([])
    expect(await database.db.select().from(userChallenges).where(eq(userChallenges.userId, id))).toEqual([])
    // Signing in again starts without them.
    const again = await signedInBrowser(t.app, 'exa')
    expect(
      activitySettingsResponse.parse(await (await again.get('/api/me/activity-settings')).json()).settings,
    ).toEqual({ timeZone: null, weeklyGoal: null, activityHidden: false })
    expect((await browser(t.app).get('/api/users/exa/activity')).status).toBe(200)
  })
})
