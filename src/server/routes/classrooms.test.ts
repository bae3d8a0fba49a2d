import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notifyDueSoon } from '#server/classrooms/notifications.ts'
import {
  assignments,
  classroomMembers,
  classroomNotifications,
  classroomRoster,
  classrooms,
  submissionReviews,
  userChallenges,
  users,
} from '#server/db/schema.ts'
import type { Challenge } from '#shared/challenge.ts'
import {
  classroomResponse,
  gridResponse,
  invitePreviewResponse,
  myAssignmentsResponse,
  ROSTER_MAX_ROWS,
} from '#shared/classroom.ts'
import { createTestApp, createTestAppWithCatalogue } from '#tests/support/app.ts'
import { browser, signedInBrowser, type TestBrowser } from '#tests/support/auth.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'
import { createReviewedSubmission } from '#tests/support/factories.ts'

type TestApp = Awaited<ReturnType<typeof createTestApp>>
type Role = 'owner' | 'teacher' | 'student' | 'outsider' | 'visitor'

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR

/** An ISO time at `offset` (such as +05:30) for the instant `at`: the same instant, written elsewhere. */
function inZone(at: Date, offset: string): string {
  const sign = offset.startsWith('-') ? -1 : 1
  const [h, m] = offset.slice(1).split(':').map(Number) as [number, number]
  const local = new Date(at.getTime() + sign * (h * 60 + m) * 60_000)
  return `${local.toISOString().slice(0, 19)}${offset}`
}

/**
 * Classrooms (docs/product.md §13): every route for the owner, a teacher, a student, another
 * member and a visitor; the invite, the roster, assignments, the grading rule with extensions and time
 * zones, the grid and its export, and the privacy of classroom-only solutions.
 */
describe.each(TEST_DATABASES)('classrooms on %s', (kind) => {
  let database: TestDatabase
  let t: TestApp
  let catalogue: Challenge[]
  const as = {} as Record<Role, TestBrowser>
  let classroomId: string

  const userId = async (login: string) => {
    const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, login))
    if (!row) throw new Error(`no member ${login}`)
    return row.id
  }
  const counts = async () => {
    const [row] = await database.db
      .execute(sql`
      select (select count(*)::int from classrooms) as classrooms,
        (select count(*)::int from classroom_members) as members,
        (select count(*)::int from classroom_roster) as roster,
        (select count(*)::int from assignments) as assignments,
        (select count(*)::int from assignment_extensions) as extensions
    `)
      .then((r) => (r as unknown as { rows: Record<string, number>[] }).rows)
    return row
  }
  const errorOf = async (response: Response) =>
    ((await response.json()) as { error: { message: string } }).error.message
  const create = async (b: TestBrowser, body: object = { name: 'Web 101' }) => {
    const response = await b.send('POST', '/api/classrooms', body)
    expect(response.status).toBe(201)
    return classroomResponse.parse(await response.json()).classroom
  }
  const invite = async (id: string) => {
    const classroom = classroomResponse.parse(
      await (await as.owner.get(`/api/classrooms/${id}`)).json(),
    ).classroom
    return classroom.invite?.code as string
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    ;({ t, catalogue } = await createTestAppWithCatalogue(database, 'Class'))
    as.owner = await signedInBrowser(t.app, 'teach-owner')
    as.teacher = await signedInBrowser(t.app, 'co-teacher')
    as.student = await signedInBrowser(t.app, 'stu-one')
    as.outsider = await signedInBrowser(t.app, 'out-sider')
    as.visitor = browser(t.app)
    const classroom = await create(as.owner, { name: 'Web 101', description: 'Evenings' })
    classroomId = classroom.id
    expect(classroom.role).toBe('owner')
    expect(classroom.solutionsPublic).toBe(false)
    expect((await as.owner.send('PUT', `/api/classrooms/${classroomId}/teachers/co-teacher`)).status).toBe(
      200,
    )
    const joined = await as.student.send('POST', '/api/classrooms/join', { code: await invite(classroomId) })
    expect(joined.status).toBe(200)
    expect(classroomResponse.parse(await joined.json()).classroom.role).toBe('student')
  })
  afterAll(async () => {
    await database?.drop()
  })

  it('answers each role on each reading route, and 404 to another member and a visitor', async () => {
    const reads: [string, Partial<Record<Role, number>>][] = [
      [`/api/classrooms/${classroomId}`, { owner: 200, teacher: 200, student: 200 }],
      [`/api/classrooms/${classroomId}/assignments`, { owner: 200, teacher: 200, student: 200 }],
      [`/api/classrooms/${classroomId}/grid`, { owner: 200, teacher: 200, student: 403 }],
      [`/api/classrooms/${classroomId}/export?format=csv`, { owner: 200, teacher: 200, student: 403 }],
      [`/api/classrooms/${classroomId}/export`, { owner: 200, teacher: 200, student: 403 }],
      [`/api/classrooms/${classroomId}/leaderboard`, { owner: 200, teacher: 200, student: 403 }],
      [`/api/classrooms/${classroomId}/needs-feedback`, { owner: 200, teacher: 200, student: 403 }],
    ]
    for (const [path, expected] of reads)
      for (const role of ['owner', 'teacher', 'student', 'outsider', 'visitor'] as const) {
        const response = await as[role].get(path)
        expect(response.status, `${role} GET ${path}`).toBe(expected[role] ?? 404)
        if (response.status === 404) expect(await errorOf(response)).toBe('There is no such classroom.')
      }
    // A classroom's id that nobody has, and one that is not an id.
    expect((await as.owner.get('/api/classrooms/00000000-0000-0000-0000-000000000000')).status).toBe(404)
    expect((await as.owner.get('/api/classrooms/not-an-id')).status).toBe(400)
    // The member's own lists: a visitor must sign in.
    for (const path of ['/api/classrooms', '/api/me/assignments', '/api/me/classroom-notifications']) {
      expect((await as.visitor.get(path)).status, path).toBe(401)
      expect((await as.outsider.get(path)).status, path).toBe(200)
    }
    const mine = await (await as.outsider.get('/api/classrooms')).json()
    expect(mine.classrooms).toEqual([])
  })

  it('shows teachers the students, invite and roster, and students neither', async () => {
    const owner = classroomResponse.parse(await (await as.owner.get(`/api/classrooms/${classroomId}`)).json())
    expect(owner.classroom.students?.map((s) => s.username)).toEqual(['stu-one'])
    expect(owner.classroom.invite?.code).toMatch(/^[A-Za-z0-9_-]{20,}$/)
    expect(owner.classroom.teachers.map((s) => s.username)).toEqual(['co-teacher'])
    const student = classroomResponse.parse(
      await (await as.student.get(`/api/classrooms/${classroomId}`)).json(),
    )
    expect(student.classroom.role).toBe('student')
    expect(student.classroom.students).toBeUndefined()
    expect(student.classroom.invite).toBeUndefined()
    expect(student.classroom.pending).toBeUndefined()
  })

  it('refuses every change to those who may not make it, and changes nothing', async () => {
    const [challenge] = catalogue
    const assignment = await as.teacher.send('POST', `/api/classrooms/${classroomId}/assignments`, {
      challengeId: challenge?.id,
      opensAt: new Date(Date.now() - DAY).toISOString(),
      dueAt: new Date(Date.now() + 7 * DAY).toISOString(),
    })
    expect(assignment.status).toBe(201)
    const assignmentId = (await assignment.json()).assignment.id as string
    const base = `/api/classrooms/${classroomId}`
    const future = new Date(Date.now() + 9 * DAY).toISOString()
    const changes: [string, string, object, Partial<Record<Role, number>>][] = [
      ['PATCH', base, { name: 'Taken' }, { teacher: 403, student: 403 }],
      ['DELETE', base, {}, { teacher: 403, student: 403 }],
      ['POST', `${base}/invite`, {}, { teacher: 403, student: 403 }],
      ['DELETE', `${base}/invite`, {}, { teacher: 403, student: 403 }],
      ['PUT', `${base}/teachers/out-sider`, {}, { teacher: 403, student: 403 }],
      ['DELETE', `${base}/teachers/co-teacher`, {}, { teacher: 403, student: 403 }],
      ['POST', `${base}/roster`, { csv: 'someone-new,Some One' }, { student: 403 }],
      ['DELETE', `${base}/students/stu-one`, {}, { student: 403 }],
      [
        'POST',
        `${base}/assignments`,
        { challengeId: challenge?.id, opensAt: new Date().toISOString(), dueAt: future },
        { student: 403 },
      ],
      ['PATCH', `${base}/assignments/${assignmentId}`, { dueAt: future }, { student: 403 }],
      ['DELETE', `${base}/assignments/${assignmentId}`, {}, { student: 403 }],
      ['PUT', `${base}/assignments/${assignmentId}/extensions/stu-one`, { dueAt: future }, { student: 403 }],
      ['DELETE', `${base}/assignments/${assignmentId}/extensions/stu-one`, {}, { student: 403 }],
      ['POST', `${base}/leave`, {}, {}],
    ]
    const before = await counts()
    for (const [method, path, body, expected] of changes)
      for (const role of ['teacher', 'student', 'outsider', 'visitor'] as const) {
        const status = expected[role]
        if (status === undefined && (role === 'teacher' || role === 'student')) continue
        const response = await as[role].send(method, path, body)
        expect(response.status, `${role} ${method} ${path}`).toBe(status ?? 404)
      }
    expect(await counts()).toEqual(before)
    const [row] = await database.db
      .select({ name: classrooms.name })
      .from(classrooms)
      .where(eq(classrooms.id, classroomId))
    expect(row?.name).toBe('Web 101')
    // A visitor cannot create or join either.
    expect((await as.visitor.send('POST', '/api/classrooms', { name: 'x' })).status).toBe(401)
    expect((await as.visitor.send('POST', '/api/classrooms/join', { code: 'abcdefghijkl' })).status).toBe(401)
    expect((await as.teacher.send('DELETE', `${base}/assignments/${assignmentId}`)).status).toBe(200)
  })

  it('joins by invite: a rotated code stops working, an expired one says so, the owner cannot leave', async () => {
    const joiner = await signedInBrowser(t.app, 'stu-join')
    const old = await invite(classroomId)
    // The join page reads the classroom's name by the code, even for a visitor who has not signed in.
    const preview = await as.visitor.get(`/api/classroom-invites/${old}`)
    expect(preview.status).toBe(200)
    expect(invitePreviewResponse.parse(await preview.json()).classroom).toMatchObject({
      name: 'Web 101',
      owner: { username: 'teach-owner' },
    })
    expect((await as.visitor.get('/api/classroom-invites/%3Cb%3Ex')).status).toBe(400)
    const rotated = await as.owner.send('POST', `/api/classrooms/${classroomId}/invite`, {
      expiresAt: inZone(new Date(Date.now() + HOUR), '-07:00'),
    })
    expect(rotated.status).toBe(200)
    const fresh = classroomResponse.parse(await rotated.json()).classroom.invite
    expect(fresh?.code).not.toBe(old)
    expect(Date.parse(fresh?.expiresAt ?? '')).toBeGreaterThan(Date.now())
    const stale = await joiner.send('POST', '/api/classrooms/join', { code: old })
    expect(stale.status).toBe(404)
    expect(await errorOf(stale)).toMatch(/not valid/)
    expect((await as.visitor.get(`/api/classroom-invites/${old}`)).status).toBe(404)
    expect((await joiner.send('POST', '/api/classrooms/join', { code: '<b>x</b>' })).status).toBe(400)
    expect(
      (
        await as.owner.send('POST', `/api/classrooms/${classroomId}/invite`, {
          expiresAt: '2020-01-01T00:00:00Z',
        })
      ).status,
    ).toBe(400)
    expect(
      (await as.owner.send('POST', `/api/classrooms/${classroomId}/invite`, { expiresAt: 'tomorrow' }))
        .status,
    ).toBe(400)
    await database.db
      .update(classrooms)
      .set({ inviteExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(classrooms.id, classroomId))
    const expired = await joiner.send('POST', '/api/classrooms/join', { code: fresh?.code })
    expect(expired.status).toBe(410)
    expect(await errorOf(expired)).toBe('This invite link has expired. Ask your teacher for a new one.')
    const expiredPreview = await joiner.get(`/api/classroom-invites/${fresh?.code}`)
    expect(expiredPreview.status).toBe(410)
    expect(await errorOf(expiredPreview)).toBe(
      'This invite link has expired. Ask your teacher for a new one.',
    )
    expect((await joiner.get(`/api/classrooms/${classroomId}`)).status).toBe(404)
    // Turned off, then a new code: the joiner joins, leaves, and is an outsider again.
    expect((await as.owner.send('DELETE', `/api/classrooms/${classroomId}/invite`)).status).toBe(200)
    expect((await joiner.send('POST', '/api/classrooms/join', { code: fresh?.code })).status).toBe(404)
    await as.owner.send('POST', `/api/classrooms/${classroomId}/invite`, {})
    expect(
      (await joiner.send('POST', '/api/classrooms/join', { code: await invite(classroomId) })).status,
    ).toBe(200)
    expect((await joiner.send('POST', `/api/classrooms/${classroomId}/leave`)).status).toBe(200)
    expect((await joiner.get(`/api/classrooms/${classroomId}`)).status).toBe(404)
    const owner = await as.owner.send('POST', `/api/classrooms/${classroomId}/leave`)
    expect(owner.status).toBe(409)
  })

  it('adds teachers by login: an unknown login is a clear 404 that changes nothing', async () => {
    const before = await counts()
    const unknown = await as.owner.send('PUT', `/api/classrooms/${classroomId}/teachers/nobody-here`)
    expect(unknown.status).toBe(404)
    expect(await errorOf(unknown)).toMatch(/no member with the login nobody-here/)
    expect((await as.owner.send('PUT', `/api/classrooms/${classroomId}/teachers/teach-owner`)).status).toBe(
      409,
    )
    expect((await as.owner.send('PUT', `/api/classrooms/${classroomId}/teachers/-bad-`)).status).toBe(400)
    expect(await counts()).toEqual(before)
    await signedInBrowser(t.app, 'assistant')
    expect((await as.owner.send('PUT', `/api/classrooms/${classroomId}/teachers/Assistant`)).status).toBe(200)
    expect((await as.owner.send('DELETE', `/api/classrooms/${classroomId}/teachers/assistant`)).status).toBe(
      200,
    )
    expect((await as.owner.send('DELETE', `/api/classrooms/${classroomId}/teachers/assistant`)).status).toBe(
      404,
    )
  })

  it('takes a roster: members join at once, other logins when they sign in; bad rosters change nothing', async () => {
    await signedInBrowser(t.app, 'stu-two')
    // Member text is data: kept as written, markup and replacement patterns included.
    const hostileName = `"><img src=x onerror=alert(1)> $& $'`
    const csv = `login,name,student id\nSTU-TWO,"Two, Student",S-2\nstu-later,"${hostileName.replaceAll('"', '""')}",S-3\n`
    const uploaded = await as.teacher.send('POST', `/api/classrooms/${classroomId}/roster`, { csv })
    expect(uploaded.status).toBe(200)
    expect(await uploaded.json()).toEqual({ added: ['stu-two'], pending: ['stu-later'] })
    const before = await counts()
    const refused: [string, RegExp][] = [
      ['stu-x,"Unclosed\n', /not valid CSV/],
      ['login,email\nstu-x,x@y.z', /column 2 is not one it can hold/],
      ['not a login,Ada', /is not a GitHub login/],
      [
        Array.from({ length: 10_000 }, (_, i) => `s${i}`).join('\n'),
        /has 10,000 rows; a roster holds at most 1,000/,
      ],
    ]
    for (const [text, message] of refused) {
      const response = await as.teacher.send('POST', `/api/classrooms/${classroomId}/roster`, { csv: text })
      expect(response.status, text.slice(0, 20)).toBe(400)
      expect(await errorOf(response)).toMatch(message)
    }
    expect(ROSTER_MAX_ROWS).toBe(1000)
    // Far larger than any roster: refused before it is read.
    const huge = await as.teacher.send('POST', `/api/classrooms/${classroomId}/roster`, {
      csv: 'x'.repeat(300_000),
    })
    expect(huge.status).toBe(413)
    expect(await counts()).toEqual(before)
    // The pending login signs in (in another letter case): a student, with the roster's name and id.
    const later = await signedInBrowser(t.app, 'Stu-Later')
    const seen = classroomResponse.parse(await (await later.get(`/api/classrooms/${classroomId}`)).json())
    expect(seen.classroom.role).toBe('student')
    const owner = classroomResponse.parse(await (await as.owner.get(`/api/classrooms/${classroomId}`)).json())
    expect(owner.classroom.pending).toEqual([])
    const entry = owner.classroom.students?.find((s) => s.username === 'Stu-Later')
    expect(entry).toMatchObject({ rosterName: hostileName, studentId: 'S-3' })
    // A teacher removes them; they are an outsider again.
    expect(
      (await as.teacher.send('DELETE', `/api/classrooms/${classroomId}/students/stu-later`)).status,
    ).toBe(200)
    expect((await later.get(`/api/classrooms/${classroomId}`)).status).toBe(404)
    expect(
      (await as.teacher.send('DELETE', `/api/classrooms/${classroomId}/students/stu-later`)).status,
    ).toBe(404)
    const rows = await database.db.select().from(classroomRoster)
    expect(rows).toEqual([])
  })

  it('checks assignments: a due time before the opening, an unknown challenge, rule bounds', async () => {
    const before = await counts()
    const [challenge] = catalogue
    const bad: [object, number, RegExp][] = [
      [
        { challengeId: challenge?.id, opensAt: '2026-12-02T10:00:00+01:00', dueAt: '2026-12-02T08:59:59Z' },
        400,
        /dueAt: The due time must be after the opening time/,
      ],
      [
        { challengeId: challenge?.id, opensAt: '2026-12-02T10:00:00Z', dueAt: '2026-12-02T10:00:00Z' },
        400,
        /after the opening/,
      ],
      [
        { challengeId: 999_999, opensAt: '2026-12-01T10:00:00Z', dueAt: '2026-12-02T10:00:00Z' },
        404,
        /no challenge/,
      ],
      [
        { challengeId: challenge?.id, opensAt: '2026-12-01 10:00', dueAt: '2026-12-02T10:00:00Z' },
        400,
        /opensAt: must be a date and time with its offset/,
      ],
      [
        {
          challengeId: challenge?.id,
          opensAt: '2026-12-01T10:00:00Z',
          dueAt: '2026-12-02T10:00:00Z',
          passRule: { minScore: 101 },
        },
        400,
        /passRule.minScore: must be a whole number from 0 to 100/,
      ],
      [
        {
          challengeId: challenge?.id,
          opensAt: '2026-12-01T10:00:00Z',
          dueAt: '2026-12-02T10:00:00Z',
          extra: 1,
        },
        400,
        /extra|Unrecognized/i,
      ],
    ]
    for (const [body, status, message] of bad) {
      const response = await as.teacher.send('POST', `/api/classrooms/${classroomId}/assignments`, body)
      expect(response.status, JSON.stringify(body)).toBe(status)
      expect(await errorOf(response)).toMatch(message)
    }
    expect(await counts()).toEqual(before)
  })

  it('grades the best pass by each student’s due time; a pass one second late is late; extensions win', async () => {
    const challenge = catalogue[1] as Challenge
    const now = Date.now()
    const due = new Date(now - HOUR)
    const created = await as.owner.send('POST', `/api/classrooms/${classroomId}/assignments`, {
      challengeId: challenge.id,
      // The same instants written in two other time zones: stored in UTC.
      opensAt: inZone(new Date(now - 3 * DAY), '+05:30'),
      dueAt: inZone(due, '-03:00'),
      passRule: { minScore: 80 },
    })
    expect(created.status).toBe(201)
    const assignment = (await created.json()).assignment
    expect(assignment.dueAt).toBe(due.toISOString().replace(/\.\d{3}Z$/, '.000Z'))
    const dueAt = new Date(assignment.dueAt)
    // stu-one: 85 two days early, 95 one second after the due time. stu-two: 90 one second late only.
    const one = await userId('stu-one')
    const two = await userId('stu-two')
    await createReviewedSubmission(database.db, one, challenge.id, [
      { score: 70, at: new Date(dueAt.getTime() - 2 * DAY) },
      { score: 85, at: new Date(dueAt.getTime() - DAY) },
      { score: 95, at: new Date(dueAt.getTime() + 1000) },
    ])
    const late = await createReviewedSubmission(database.db, two, challenge.id, [
      { score: 90, at: new Date(dueAt.getTime() + 1000) },
    ])
    const grid = gridResponse.parse(
      await (await as.teacher.get(`/api/classrooms/${classroomId}/grid`)).json(),
    )
    const column = grid.assignments.findIndex((a) => a.id === assignment.id)
    const cell = (login: string) => grid.students.find((s) => s.username === login)?.grades[column]
    expect(cell('stu-one')).toMatchObject({
      status: 'passed',
      graded: { score: 85, passRuleMet: true },
      late: null,
    })
    expect(cell('stu-two')).toMatchObject({ status: 'passed_late', graded: null, late: { score: 90 } })
    expect(cell('Stu-Later')).toBeUndefined()
    // The late pass, settled here: the teachers hear of it.
    const [review] = await database.db
      .select({ id: submissionReviews.id })
      .from(submissionReviews)
      .where(eq(submissionReviews.userChallengeId, late.id))
    t.bus.emit({
      type: 'review-settled',
      reviewId: review?.id as number,
      userId: two,
      challengeId: challenge.id,
      passed: true,
      pointsChanged: false,
    })
    let heard: { kind: string; student: { username: string } | null }[] = []
    for (let i = 0; i < 50 && heard.length === 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      heard = (await (await as.teacher.get('/api/me/classroom-notifications')).json()).notifications.filter(
        (n: { kind: string }) => n.kind === 'late_pass',
      )
    }
    expect(heard.map((n) => n.student?.username)).toEqual(['stu-two'])
    // An extension to one second after the late pass (written at +09:00): on time, so graded.
    const extended = await as.teacher.send(
      'PUT',
      `/api/classrooms/${classroomId}/assignments/${assignment.id}/extensions/STU-TWO`,
      { dueAt: inZone(new Date(dueAt.getTime() + 1000), '+09:00') },
    )
    expect(extended.status).toBe(200)
    const after = gridResponse.parse(
      await (await as.teacher.get(`/api/classrooms/${classroomId}/grid`)).json(),
    )
    expect(after.students.find((s) => s.username === 'stu-two')?.grades[column]).toMatchObject({
      status: 'passed',
      graded: { score: 90 },
      dueAt: new Date(dueAt.getTime() + 1000).toISOString(),
    })
    // The student sees their own grade and nobody else's.
    const mine = myAssignmentsResponse.parse(await (await as.student.get('/api/me/assignments')).json())
    const entry = mine.assignments.find((a) => a.assignment.id === assignment.id)
    expect(entry?.grade).toMatchObject({ status: 'passed', graded: { score: 85 } })
    expect(JSON.stringify(mine)).not.toContain('stu-two')
    const list = await (await as.student.get(`/api/classrooms/${classroomId}/assignments`)).json()
    expect(JSON.stringify(list)).not.toContain('stu-two')
    // The export: CSV and JSON with the same grades.
    const csv = await as.teacher.get(`/api/classrooms/${classroomId}/export?format=csv`)
    expect(csv.headers.get('Content-Type')).toMatch(/^text\/csv/)
    expect(csv.headers.get('Content-Disposition')).toMatch(/attachment; filename="grades.csv"/)
    const text = await csv.text()
    const lines = text.trim().split('\r\n')
    expect(lines[0]).toMatch(/^login,name,student id,/)
    expect(lines.find((l) => l.startsWith('stu-two,'))).toContain('passed,90,false,true')
    expect(lines.find((l) => l.startsWith('stu-one,'))).toBe('stu-one,Stu One,,passed,85,false,true')
    const json = gridResponse.parse(
      await (await as.teacher.get(`/api/classrooms/${classroomId}/export?format=json`)).json(),
    )
    expect(json.students.map((s) => s.grades[column]?.status)).toEqual(
      after.students.map((s) => s.grades[column]?.status),
    )
    expect((await as.teacher.get(`/api/classrooms/${classroomId}/export?format=xls`)).status).toBe(400)
    // Taking the extension back makes the pass late again.
    expect(
      (
        await as.teacher.send(
          'DELETE',
          `/api/classrooms/${classroomId}/assignments/${assignment.id}/extensions/stu-two`,
        )
      ).status,
    ).toBe(200)
    const again = gridResponse.parse(
      await (await as.teacher.get(`/api/classrooms/${classroomId}/grid`)).json(),
    )
    expect(again.students.find((s) => s.username === 'stu-two')?.grades[column]?.status).toBe('passed_late')
    // An extension for someone who is not a student, or before the opening: refused.
    const before = await counts()
    expect(
      (
        await as.teacher.send(
          'PUT',
          `/api/classrooms/${classroomId}/assignments/${assignment.id}/extensions/out-sider`,
          { dueAt: new Date().toISOString() },
        )
      ).status,
    ).toBe(404)
    expect(
      (
        await as.teacher.send(
          'PUT',
          `/api/classrooms/${classroomId}/assignments/${assignment.id}/extensions/stu-one`,
          { dueAt: '2000-01-01T00:00:00Z' },
        )
      ).status,
    ).toBe(400)
    expect(
      (
        await as.teacher.send('PATCH', `/api/classrooms/${classroomId}/assignments/${assignment.id}`, {
          dueAt: '2000-01-01T00:00:00Z',
        })
      ).status,
    ).toBe(400)
    expect(await counts()).toEqual(before)
  })

  it('keeps classroom-only solutions out of the galleries and to the classroom, until made public', async () => {
    const challenge = catalogue[1] as Challenge
    const [solution] = await database.db
      .select({ publicId: userChallenges.publicId })
      .from(userChallenges)
      .where(eq(userChallenges.userId, await userId('stu-one')))
    const path = `/api/solutions/${solution?.publicId}`
    const gallery = async () =>
      (await (await as.visitor.get(`/api/challenges/${challenge.id}/solutions`)).json()).solutions.map(
        (s: { member: { username: string } }) => s.member.username,
      )
    expect(await gallery()).toEqual([])
    // The catalogue's solution counts, held in memory, leave them out too.
    const listedCount = async () => {
      await t.catalogue.settled()
      const list = (await (await as.visitor.get('/api/challenges')).json()) as {
        challenges: { id: number; solutionCount: number }[]
      }
      return list.challenges.find((c) => c.id === challenge.id)?.solutionCount
    }
    expect(await listedCount()).toBe(0)
    expect((await as.visitor.get('/api/solutions')).status).toBe(200)
    expect(JSON.stringify(await (await as.visitor.get('/api/solutions')).json())).not.toContain('stu-one')
    expect((await as.visitor.get(path)).status).toBe(404)
    expect((await as.outsider.get(path)).status).toBe(404)
    const profile = async () =>
      (await (await as.visitor.get('/api/users/stu-one')).json()).submissions.map(
        (x: { challenge: { id: number } }) => x.challenge.id,
      )
    expect(await profile()).not.toContain(challenge.id)
    expect((await as.student.get(path)).status).toBe(200)
    expect((await as.teacher.get(path)).status).toBe(200)
    // Its comments too: a 404 to outsiders, readable in the classroom.
    expect((await as.outsider.get(`${path}/comments`)).status).toBe(404)
    expect((await as.visitor.get(`${path}/comments`)).status).toBe(404)
    expect((await as.teacher.get(`${path}/comments`)).status).toBe(200)
    expect(JSON.stringify(await (await as.outsider.get('/api/needs-feedback')).json())).not.toContain(
      'stu-one',
    )
    // The teachers' queue has both students' passes; a teacher's comment takes one out.
    const queue = await (await as.teacher.get(`/api/classrooms/${classroomId}/needs-feedback`)).json()
    expect(queue.solutions.map((s: { student: { username: string } }) => s.student.username).sort()).toEqual([
      'stu-one',
      'stu-two',
    ])
    const comment = await as.teacher.send('POST', `${path}/comments`, {
      kind: 'code_review',
      body: 'Check the focus order.',
    })
    expect(comment.status).toBe(201)
    expect((await comment.json()).comment).toMatchObject({ teacher: true })
    const classmate = await as.student.send('POST', `${path}/comments`, { kind: 'praise', body: 'Nice.' })
    expect((await classmate.json()).comment).toMatchObject({ teacher: false })
    const thread = await (await as.student.get(`${path}/comments`)).json()
    expect(thread.comments.map((c: { teacher: boolean }) => c.teacher)).toEqual([true, false])
    const after = await (await as.teacher.get(`/api/classrooms/${classroomId}/needs-feedback`)).json()
    expect(after.solutions.map((s: { student: { username: string } }) => s.student.username)).toEqual([
      'stu-two',
    ])
    // Making them public tells the caches of the students' profiles and the leaderboards to read again.
    const changedMembers: string[] = []
    const off = t.bus.on('member-changed', (event) => {
      changedMembers.push(event.userId)
    })
    const published = await as.owner.send('PATCH', `/api/classrooms/${classroomId}`, {
      solutionsPublic: true,
    })
    off()
    expect(published.status).toBe(200)
    expect(changedMembers).toEqual(expect.arrayContaining([await userId('stu-one'), await userId('stu-two')]))
    expect(await listedCount()).toBe(2)
    expect((await gallery()).sort()).toEqual(['stu-one', 'stu-two'])
    expect((await as.visitor.get(path)).status).toBe(200)
    expect(await profile()).toContain(challenge.id)
    await as.owner.send('PATCH', `/api/classrooms/${classroomId}`, { solutionsPublic: false })
    expect(await listedCount()).toBe(0)
  })

  it('shows the classroom leaderboard to students only when it is on', async () => {
    expect((await as.student.get(`/api/classrooms/${classroomId}/leaderboard`)).status).toBe(403)
    expect(
      (await as.owner.send('PATCH', `/api/classrooms/${classroomId}`, { leaderboard: true })).status,
    ).toBe(200)
    const board = await (await as.student.get(`/api/classrooms/${classroomId}/leaderboard`)).json()
    expect(
      board.entries
        .map((e: { member: { username: string } }) => e.member.username)
        .slice(0, 2)
        .sort(),
    ).toEqual(['stu-one', 'stu-two'])
    expect((await as.outsider.get(`/api/classrooms/${classroomId}/leaderboard`)).status).toBe(404)
    // Bad settings change nothing.
    for (const body of [
      {},
      { name: '' },
      { name: 'x'.repeat(101) },
      { leaderboard: 'yes' },
      { name: 'a\u0000b' },
    ]) {
      expect(
        (await as.owner.send('PATCH', `/api/classrooms/${classroomId}`, body)).status,
        JSON.stringify(body),
      ).toBe(400)
    }
    const [row] = await database.db.select().from(classrooms).where(eq(classrooms.id, classroomId))
    expect(row).toMatchObject({ name: 'Web 101', leaderboard: true })
  })

  it('notifies students of a new assignment, and of a due time 24 hours away once', async () => {
    const challenge = catalogue[2] as Challenge
    const now = Date.now()
    const created = await as.teacher.send('POST', `/api/classrooms/${classroomId}/assignments`, {
      challengeId: challenge.id,
      opensAt: new Date(now - HOUR).toISOString(),
      dueAt: new Date(now + 20 * HOUR).toISOString(),
    })
    const id = (await created.json()).assignment.id
    const kinds = async () =>
      (await (await as.student.get('/api/me/classroom-notifications')).json()).notifications
        .filter((n: { assignmentId: string }) => n.assignmentId === id)
        .map((n: { kind: string }) => n.kind)
    expect(await kinds()).toEqual(['assignment'])
    await notifyDueSoon(database.db)
    await notifyDueSoon(database.db)
    expect((await kinds()).sort()).toEqual(['assignment', 'assignment_due'])
    const rows = await database.db
      .select()
      .from(classroomNotifications)
      .where(eq(classroomNotifications.assignmentId, id))
    // stu-one and stu-two, each: the assignment and its due time.
    expect(rows).toHaveLength(4)
    // The bell counts them with the other notifications, and marking all read marks them too.
    const unread = async () =>
      (await (await as.student.get('/api/me/notifications/unread-count')).json()).unreadCount as number
    expect(await unread()).toBeGreaterThanOrEqual(2)
    expect((await as.student.send('POST', '/api/me/notifications/read-all')).status).toBe(200)
    expect(await unread()).toBe(0)
    const notices = (await (await as.student.get('/api/me/classroom-notifications')).json()).notifications
    expect(notices.every((n: { read: boolean }) => n.read)).toBe(true)
    // Due soon first on the dashboard's list: this one (due in 20 hours, not started) leads.
    const mine = myAssignmentsResponse.parse(await (await as.student.get('/api/me/assignments')).json())
    expect(mine.assignments[0]?.assignment.id).toBe(id)
    expect(mine.assignments[0]?.grade.status).toBe('not_started')
  })

  it('lets only admins create classrooms with CLASSROOMS=admins, and the owner delete one', async () => {
    const closed = await createTestApp(database, { CLASSROOMS: 'admins', ADMIN_GITHUB_LOGINS: 'the-admin' })
    const member = await signedInBrowser(closed.app, 'out-sider')
    const refused = await member.send('POST', '/api/classrooms', { name: 'Mine' })
    expect(refused.status).toBe(403)
    expect(await errorOf(refused)).toBe('Only the admins of this site can create classrooms.')
    const admin = await signedInBrowser(closed.app, 'the-admin')
    const made = classroomResponse.parse(
      await (await admin.send('POST', '/api/classrooms', { name: 'Admin’s' })).json(),
    )
    expect((await member.send('DELETE', `/api/classrooms/${made.classroom.id}`)).status).toBe(404)
    expect((await admin.send('DELETE', `/api/classrooms/${made.classroom.id}`)).status).toBe(200)
    expect((await admin.get(`/api/classrooms/${made.classroom.id}`)).status).toBe(404)
    const left = await database.db
      .select()
      .from(classroomMembers)
      .where(eq(classroomMembers.classroomId, made.classroom.id))
    expect(left).toEqual([])
    expect(
      await database.db.select().from(assignments).where(eq(assignments.classroomId, made.classroom.id)),
    ).toEqual([])
  })
})
