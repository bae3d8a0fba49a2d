/**
 * A classroom's assignments and their grades (docs/product.md §13): the teachers' changes, the
 * grid, the export, the students' own list, the classroom's leaderboard and needs-feedback queue. Grades
 * are read, never stored: each is `grade()` (grading.ts) of the student's reviews of the challenge, which
 * keep working as everywhere else.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { studentsOf, teacherIdsOf } from '#server/classrooms/classrooms.ts'
import { grade, type ReviewFact } from '#server/classrooms/grading.ts'
import type { Database } from '#server/db/client.ts'
import {
  assignmentExtensions,
  assignments,
  challenges,
  classroomMembers,
  classroomNotifications,
  classrooms,
  comments,
  submissionReviews,
  userChallenges,
  users,
} from '#server/db/schema.ts'
import { HttpError, notFound } from '#server/http/errors.ts'
import { scoreOf } from '#server/review/read-model.ts'
import { summarizeQuality } from '#server/solutions/read.ts'
import {
  type Assignment,
  DUE_BEFORE_OPENING,
  type Grade,
  type GridResponse,
  type NewAssignment,
  NO_SUCH_ASSIGNMENT,
  NO_SUCH_CHALLENGE,
  type PassRule,
} from '#shared/classroom.ts'
import type { ReviewQuality } from '#shared/review.ts'

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]
type Executor = Database | Tx

type AssignmentRow = Assignment & { opens: Date; due: Date }

const assignmentColumns = {
  id: assignments.id,
  classroomId: assignments.classroomId,
  opensAt: assignments.opensAt,
  dueAt: assignments.dueAt,
  minScore: assignments.minScore,
  maxA11yViolations: assignments.maxA11yViolations,
  minLighthouseA11y: assignments.minLighthouseA11y,
  challenge: { id: challenges.id, slug: challenges.slug, title: challenges.title },
}

type SelectedAssignment = {
  id: string
  opensAt: Date
  dueAt: Date
  minScore: number | null
  maxA11yViolations: number | null
  minLighthouseA11y: number | null
  challenge: { id: number; slug: string; title: string }
}

const toAssignment = (row: SelectedAssignment): AssignmentRow => ({
  id: row.id,
  challenge: row.challenge,
  opensAt: row.opensAt.toISOString(),
  dueAt: row.dueAt.toISOString(),
  passRule: {
    minScore: row.minScore,
    maxA11yViolations: row.maxA11yViolations,
    minLighthouseA11y: row.minLighthouseA11y,
  },
  opens: row.opensAt,
  due: row.dueAt,
})

export const publicAssignment = ({ opens: _o, due: _d, ...assignment }: AssignmentRow): Assignment =>
  assignment

/** The classroom's assignments, the soonest due first; `openOnly`: those open at `now` (a student's). */
export async function listAssignments(
  db: Executor,
  classroomId: string,
  options: { openAt?: Date } = {},
): Promise<AssignmentRow[]> {
  const conditions = [eq(assignments.classroomId, classroomId)]
  if (options.openAt) conditions.push(sql`${assignments.opensAt} <= ${options.openAt.toISOString()}`)
  const rows = await db
    .select(assignmentColumns)
    .from(assignments)
    .innerJoin(challenges, eq(challenges.id, assignments.challengeId))
    .where(and(...conditions))
    .orderBy(asc(assignments.dueAt), asc(assignments.id))
  return rows.map(toAssignment)
}

export async function findAssignment(db: Executor, classroomId: string, assignmentId: string) {
  const [row] = await db
    .select(assignmentColumns)
    .from(assignments)
    .innerJoin(challenges, eq(challenges.id, assignments.challengeId))
    .where(and(eq(assignments.id, assignmentId), eq(assignments.classroomId, classroomId)))
  if (!row) throw notFound(NO_SUCH_ASSIGNMENT)
  return toAssignment(row)
}

const ruleColumns = (rule: NewAssignment['passRule']) =>
  rule === undefined
    ? {}
    : {
        minScore: rule.minScore ?? null,
        maxA11yViolations: rule.maxA11yViolations ?? null,
        minLighthouseA11y: rule.minLighthouseA11y ?? null,
      }

/**
 * A new assignment, and a notification to each student of the classroom (docs/product.md
 * "Classrooms"), in one transaction.
 */
export async function createAssignment(db: Database, classroomId: string, input: NewAssignment) {
  const [challenge] = await db
    .select({ id: challenges.id })
    .from(challenges)
    .where(eq(challenges.id, input.challengeId))
  if (!challenge) throw notFound(NO_SUCH_CHALLENGE)
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(assignments)
      .values({
        classroomId,
        challengeId: input.challengeId,
        opensAt: input.opensAt,
        dueAt: input.dueAt,
        ...ruleColumns(input.passRule),
      })
      .returning({ id: assignments.id })
    if (!row) throw new Error('the assignment was not written')
    const students = await studentsOf(tx, classroomId)
    if (students.length > 0)
      await tx
        .insert(classroomNotifications)
        .values(students.map((s) => ({ recipientId: s.userId, kind: 'assignment', assignmentId: row.id })))
        .onConflictDoNothing()
    return row.id
  })
  return findAssignment(db, classroomId, id)
}

export async function updateAssignment(
  db: Database,
  current: AssignmentRow,
  input: { opensAt?: Date | undefined; dueAt?: Date | undefined; passRule?: NewAssignment['passRule'] },
) {
  const opens = input.opensAt ?? current.opens
  const due = input.dueAt ?? current.due
  if (due.getTime() <= opens.getTime())
    throw new HttpError(400, 'bad_request', `dueAt: ${DUE_BEFORE_OPENING}`)
  await db
    .update(assignments)
    .set({ opensAt: opens, dueAt: due, ...ruleColumns(input.passRule) })
    .where(eq(assignments.id, current.id))
}

export async function deleteAssignment(db: Database, assignmentId: string) {
  await db.delete(assignments).where(eq(assignments.id, assignmentId))
}

/** A student's own due time; the student must be one of the classroom's. Returns their login. */
export async function setExtension(
  db: Database,
  classroomId: string,
  assignment: AssignmentRow,
  login: string,
  dueAt: Date,
) {
  const student = await studentByLogin(db, classroomId, login)
  if (dueAt.getTime() <= assignment.opens.getTime())
    throw new HttpError(400, 'bad_request', `dueAt: ${DUE_BEFORE_OPENING}`)
  await db
    .insert(assignmentExtensions)
    .values({ assignmentId: assignment.id, userId: student.userId, dueAt })
    .onConflictDoUpdate({
      target: [assignmentExtensions.assignmentId, assignmentExtensions.userId],
      set: { dueAt },
    })
  return student.username
}

export async function removeExtension(
  db: Database,
  classroomId: string,
  assignmentId: string,
  login: string,
) {
  const student = await studentByLogin(db, classroomId, login)
  const removed = await db
    .delete(assignmentExtensions)
    .where(
      and(
        eq(assignmentExtensions.assignmentId, assignmentId),
        eq(assignmentExtensions.userId, student.userId),
      ),
    )
    .returning({ userId: assignmentExtensions.userId })
  if (removed.length === 0) throw notFound(`${student.username} has no extension on this assignment.`)
}

async function studentByLogin(db: Executor, classroomId: string, login: string) {
  const [row] = await db
    .select({ userId: users.id, username: users.username })
    .from(classroomMembers)
    .innerJoin(users, eq(users.id, classroomMembers.userId))
    .where(
      and(
        eq(classroomMembers.classroomId, classroomId),
        eq(classroomMembers.role, 'student'),
        sql`lower(${users.username}) = ${login.toLowerCase()}`,
      ),
    )
  if (!row) throw notFound(`${login} is not a student of this classroom.`)
  return row
}

type StudentWork = { solutionId: string; reviews: ReviewFact[] }

/**
 * Every review of these students on these challenges, by `${userId}:${challengeId}`, with what the
 * grade reads of each: its score, its accessibility and HTML counts, Lighthouse's accessibility.
 */
async function workOf(db: Executor, userIds: readonly string[], challengeIds: readonly number[]) {
  const work = new Map<string, StudentWork>()
  if (userIds.length === 0 || challengeIds.length === 0) return work
  const rows = await db
    .select({
      userId: userChallenges.userId,
      challengeId: userChallenges.challengeId,
      solutionId: userChallenges.publicId,
      reviewId: submissionReviews.publicId,
      status: submissionReviews.status,
      at: submissionReviews.createdAt,
      score: scoreOf,
      quality: submissionReviews.quality,
    })
    .from(userChallenges)
    .leftJoin(submissionReviews, eq(submissionReviews.userChallengeId, userChallenges.id))
    .where(
      and(
        inArray(userChallenges.userId, [...userIds]),
        inArray(userChallenges.challengeId, [...challengeIds]),
      ),
    )
  for (const row of rows) {
    const key = `${row.userId}:${row.challengeId}`
    let entry = work.get(key)
    if (!entry) {
      entry = { solutionId: row.solutionId, reviews: [] }
      work.set(key, entry)
    }
    if (row.reviewId === null || row.status === null || row.at === null) continue
    const quality = summarizeQuality((row.quality as ReviewQuality | null) ?? null)
    entry.reviews.push({
      reviewId: row.reviewId,
      status: row.status as ReviewFact['status'],
      at: row.at,
      score: row.score === null ? null : Number(row.score),
      accessibilityIssues: quality?.accessibilityIssues ?? null,
      htmlErrors: quality?.htmlErrors ?? null,
      lighthouseAccessibility: quality?.lighthouse?.accessibility ?? null,
    })
  }
  return work
}

async function extensionsOf(db: Executor, assignmentIds: readonly string[]) {
  const map = new Map<string, Date>()
  if (assignmentIds.length === 0) return map
  const rows = await db
    .select()
    .from(assignmentExtensions)
    .where(inArray(assignmentExtensions.assignmentId, [...assignmentIds]))
  for (const row of rows) map.set(`${row.assignmentId}:${row.userId}`, row.dueAt)
  return map
}

/** The grades of these students on these assignments, by `${assignmentId}:${userId}`. */
export async function gradesOf(
  db: Executor,
  list: readonly AssignmentRow[],
  userIds: readonly string[],
  now: Date,
): Promise<Map<string, Grade>> {
  const work = await workOf(db, userIds, [...new Set(list.map((a) => a.challenge.id))])
  const extensions = await extensionsOf(
    db,
    list.map((a) => a.id),
  )
  const grades = new Map<string, Grade>()
  for (const assignment of list)
    for (const userId of userIds) {
      const dueAt = extensions.get(`${assignment.id}:${userId}`) ?? assignment.due
      const mine = work.get(`${userId}:${assignment.challenge.id}`)
      const result = grade({
        now,
        dueAt,
        started: mine !== undefined,
        reviews: mine?.reviews ?? [],
        rule: assignment.passRule as PassRule,
      })
      grades.set(`${assignment.id}:${userId}`, {
        ...result,
        dueAt: dueAt.toISOString(),
        solutionId: mine?.solutionId ?? null,
      })
    }
  return grades
}

/** The teacher's grid: every student by every assignment (docs/product.md §13). */
export async function readGrid(db: Database, classroomId: string, now: Date): Promise<GridResponse> {
  const list = await listAssignments(db, classroomId)
  const students = await studentsOf(db, classroomId)
  const grades = await gradesOf(
    db,
    list,
    students.map((s) => s.userId),
    now,
  )
  return {
    assignments: list.map(publicAssignment),
    students: students.map((s) => ({
      username: s.username,
      name: s.name,
      avatarUrl: s.avatarUrl,
      studentId: s.studentId,
      rosterName: s.rosterName,
      grades: list.map((a) => grades.get(`${a.id}:${s.userId}`) as Grade),
    })),
  }
}

/** A spreadsheet's cell: quoted when it must be, and never a formula (a leading =, +, - or @). */
function csvCell(value: string | number | boolean | null): string {
  if (value === null) return ''
  let text = String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/**
 * The grades as CSV (docs/product.md §13): login, name, student id, then per assignment its
 * status, the score at the due time, whether it was late and whether the pass rule was met.
 */
export function gridCsv(grid: GridResponse): string {
  const header = ['login', 'name', 'student id']
  for (const a of grid.assignments) {
    const label = `${a.challenge.title} (due ${a.dueAt})`
    header.push(`${label} status`, `${label} score`, `${label} late`, `${label} pass rule met`)
  }
  const lines = [header.map(csvCell).join(',')]
  for (const student of grid.students) {
    const cells: (string | number | boolean | null)[] = [
      student.username,
      student.rosterName ?? student.name,
      student.studentId,
    ]
    for (const g of student.grades) {
      const work = g.graded ?? g.late
      cells.push(g.status, g.graded?.score ?? null, g.status === 'passed_late', work?.passRuleMet ?? false)
    }
    lines.push(cells.map(csvCell).join(','))
  }
  return `${lines.join('\r\n')}\r\n`
}

/** The member's assignments in every classroom they study in, open now, the soonest due first. */
export async function myAssignments(db: Database, userId: string, now: Date) {
  const rows = await db
    .select({ ...assignmentColumns, classroomName: classrooms.name })
    .from(classroomMembers)
    .innerJoin(classrooms, eq(classrooms.id, classroomMembers.classroomId))
    .innerJoin(assignments, eq(assignments.classroomId, classroomMembers.classroomId))
    .innerJoin(challenges, eq(challenges.id, assignments.challengeId))
    .where(
      and(
        eq(classroomMembers.userId, userId),
        eq(classroomMembers.role, 'student'),
        sql`${assignments.opensAt} <= ${now.toISOString()}`,
      ),
    )
  const list = rows.map((row) => ({
    ...toAssignment(row),
    classroom: { id: row.classroomId, name: row.classroomName },
  }))
  const grades = await gradesOf(db, list, [userId], now)
  const answers = list.map(({ classroom, ...a }) => ({
    assignment: publicAssignment(a),
    classroom,
    grade: grades.get(`${a.id}:${userId}`) as Grade,
  }))
  // Due soon first: what is still to do by its own due time, then what is done or over, latest due first.
  const open = (g: Grade) => !['passed', 'passed_late', 'missed'].includes(g.status)
  return answers.sort((x, y) => {
    if (open(x.grade) !== open(y.grade)) return open(x.grade) ? -1 : 1
    const dx = Date.parse(x.grade.dueAt)
    const dy = Date.parse(y.grade.dueAt)
    return open(x.grade) ? dx - dy : dy - dx
  })
}

/**
 * The classroom's leaderboard (docs/product.md §13): students by passed assignments (on time or
 * late), then by the sum of their graded scores, then by login.
 */
export async function classroomLeaderboard(db: Database, classroomId: string, now: Date) {
  const list = await listAssignments(db, classroomId, { openAt: now })
  const students = await studentsOf(db, classroomId)
  const grades = await gradesOf(
    db,
    list,
    students.map((s) => s.userId),
    now,
  )
  const entries = students.map((s) => {
    let passed = 0
    let totalScore = 0
    for (const a of list) {
      const g = grades.get(`${a.id}:${s.userId}`)
      if (!g) continue
      if (g.status === 'passed' || g.status === 'passed_late') passed += 1
      totalScore += g.graded?.score ?? g.late?.score ?? 0
    }
    return {
      member: { username: s.username, name: s.name, avatarUrl: s.avatarUrl },
      passed,
      totalScore: Math.round(totalScore * 10) / 10,
    }
  })
  entries.sort(
    (x, y) =>
      y.passed - x.passed ||
      y.totalScore - x.totalScore ||
      x.member.username.localeCompare(y.member.username),
  )
  return entries.map((entry, index) => ({ rank: index + 1, ...entry }))
}

/**
 * The classroom's needs-feedback queue: each student's solution of an assignment's challenge with a
 * passed review, on which no teacher of the classroom has a comment that is shown; the oldest pass first.
 */
export async function classroomNeedsFeedback(db: Database, classroomId: string) {
  const teachers = await teacherIdsOf(db, classroomId)
  const rows = await db
    .selectDistinctOn([userChallenges.id], {
      solutionId: userChallenges.publicId,
      passedAt: userChallenges.passedAt,
      score10: userChallenges.passedScore10,
      assignmentId: assignments.id,
      challenge: { id: challenges.id, slug: challenges.slug, title: challenges.title },
      student: { username: users.username, name: users.name, avatarUrl: users.avatarUrl },
      ucId: userChallenges.id,
    })
    .from(assignments)
    .innerJoin(challenges, eq(challenges.id, assignments.challengeId))
    .innerJoin(
      classroomMembers,
      and(eq(classroomMembers.classroomId, assignments.classroomId), eq(classroomMembers.role, 'student')),
    )
    .innerJoin(
      userChallenges,
      and(
        eq(userChallenges.userId, classroomMembers.userId),
        eq(userChallenges.challengeId, assignments.challengeId),
      ),
    )
    .innerJoin(users, eq(users.id, userChallenges.userId))
    .where(
      and(
        eq(assignments.classroomId, classroomId),
        sql`${userChallenges.passedReviewId} is not null`,
        teachers.length === 0
          ? sql`true`
          : sql`not exists (
              select 1 from ${comments} tc
              where tc.user_challenge_id = ${userChallenges.id}
                and tc.author_id in (${sql.join(
                  teachers.map((id) => sql`${id}::uuid`),
                  sql`, `,
                )})
                and tc.deleted_at is null and tc.hidden_at is null
            )`,
      ),
    )
    .orderBy(userChallenges.id, asc(assignments.dueAt))
  return rows
    .sort((x, y) => (x.passedAt?.getTime() ?? 0) - (y.passedAt?.getTime() ?? 0))
    .map((row) => ({
      solutionId: row.solutionId,
      student: row.student,
      assignmentId: row.assignmentId,
      challenge: row.challenge,
      passedAt: row.passedAt?.toISOString() ?? new Date(0).toISOString(),
      score: row.score10 === null ? null : row.score10 / 10,
    }))
}
