import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { z } from 'zod'
import type { Admins } from '#server/auth/admins.ts'
import { type AuthVariables, requireUser } from '#server/auth/guards.ts'
import type { SessionUserRow } from '#server/auth/session.ts'
import {
  classroomLeaderboard,
  classroomNeedsFeedback,
  createAssignment,
  deleteAssignment,
  findAssignment,
  gradesOf,
  gridCsv,
  listAssignments,
  myAssignments,
  publicAssignment,
  readGrid,
  removeExtension,
  setExtension,
  updateAssignment,
} from '#server/classrooms/assignments.ts'
import {
  addTeacher,
  classroomSettings,
  createClassroom,
  deleteClassroom,
  disableInvite,
  inviteOf,
  isTeacher,
  joinByCode,
  leaveClassroom,
  listClassrooms,
  membershipOf,
  readClassroom,
  removeStudent,
  removeTeacher,
  requireOwner,
  requireTeacher,
  rotateInvite,
  studentsOf,
  updateClassroom,
  uploadRoster,
} from '#server/classrooms/classrooms.ts'
import { listClassroomNotifications, subscribeLatePasses } from '#server/classrooms/notifications.ts'
import { parseRoster } from '#server/classrooms/roster.ts'
import type { Database } from '#server/db/client.ts'
import type { EventBus } from '#server/events/bus.ts'
import { attachmentDisposition } from '#server/http/content-disposition.ts'
import { HttpError, parseInput, readJsonBody } from '#server/http/errors.ts'
import { GITHUB_LOGIN_PATTERN, uuidParams } from '#server/http/params.ts'
import type { Logger } from '#server/logger.ts'
import { describeOperation, error, json, ref } from '#server/openapi/operation.ts'
import {
  assignmentUpdateSchema,
  CLASSROOMS_CLOSED,
  classroomUpdateSchema,
  extensionSchema,
  type Grade,
  inviteSchema,
  joinSchema,
  LEADERBOARD_OFF,
  newAssignmentSchema,
  newClassroomSchema,
  rosterSchema,
} from '#shared/classroom.ts'

export type ClassroomDeps = {
  db: Database
  admins: Admins
  /** Who may create classrooms (CLASSROOMS): any member, or the admins only. */
  creation: 'open' | 'admins'
  guard: { csrf: MiddlewareHandler; limit: MiddlewareHandler }
  bus: EventBus
  log: Logger
  /** The clock the grades are read at; the real one unless a test gives its own. */
  now?: () => Date
}

const CLASSROOM_ID = 'must be a classroom id'
const uuid = (message: string, description: string) =>
  z
    .string(message)
    .regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, message)
    .describe(description)
    .transform((id) => id.toLowerCase())
const classroomIdDescription = 'A classroom’s id: a UUID (any letter case).'

export const classroomIdParams = uuidParams(CLASSROOM_ID, classroomIdDescription)
export const assignmentParams = z.object({
  id: uuid(CLASSROOM_ID, classroomIdDescription),
  assignmentId: uuid('must be an assignment id', 'An assignment’s id: a UUID (any letter case).'),
})
const login = z
  .string('must be a GitHub login')
  .regex(GITHUB_LOGIN_PATTERN, 'must be a GitHub login')
  .describe('A member’s GitHub login (any letter case).')
export const classroomLoginParams = z.object({
  id: uuid(CLASSROOM_ID, classroomIdDescription),
  username: login,
})
export const extensionParams = assignmentParams.extend({ username: login })
export const inviteParams = z.object({
  code: z
    .string('must be the invite code')
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be the invite code from the link')
    .describe('The invite code from the link.'),
})
export const exportQuery = z.object({
  format: z
    .enum(['csv', 'json'], 'must be csv or json')
    .default('json')
    .describe('csv or json (the default).'),
})

/** The roster's route, whose body may be larger than others' (app.ts): up to ROSTER_MAX_BYTES. */
export const ROSTER_PATH = /^\/api\/classrooms\/[^/]+\/roster\/?$/
/** ROSTER_MAX_CHARS of CSV, mostly ASCII, in its JSON body. */
export const ROSTER_MAX_BYTES = 256 * 1024

const NOT_FOUND = error('There is no such classroom, or the reader is not in it (visitors too).')
const TEACHERS_ONLY = error(
  'Not sent from this site itself (code `forbidden_origin`), or the reader is not a teacher of it (code `forbidden`).',
)
const OWNER_ONLY = error(
  'Not sent from this site itself (code `forbidden_origin`), or the reader is not its owner (code `forbidden`).',
)

/**
 * Classrooms (docs/product.md §13, docs/decisions/022-classrooms.md), mounted at /api. Every
 * route checks the session itself; a classroom the reader is not in, or any classroom to a visitor, is
 * a 404. Changes pass the same-origin JSON check and the mutation limit first.
 */
export function classroomRoutes(deps: ClassroomDeps) {
  const { db, guard } = deps
  const now = deps.now ?? (() => new Date())
  subscribeLatePasses(deps.bus, db, deps.log)
  const userOf = (c: Context) =>
    (c as Context<{ Variables: AuthVariables }>).get('user') as SessionUserRow | null
  const memberOf = (c: Context): SessionUserRow => {
    const user = userOf(c)
    if (!user) throw new HttpError(401, 'unauthorized', 'Please log in with GitHub to do that.')
    return user
  }
  /** The reader's membership of the classroom in the path; a 404 for a visitor or an outsider. */
  const membership = async (c: Context) => {
    const { id } = parseInput(classroomIdParams, { id: c.req.param('id') })
    c.header('Cache-Control', 'no-store')
    return membershipOf(db, id, userOf(c)?.id)
  }
  const change = [guard.csrf, guard.limit] as const
  const body = async <T extends z.ZodType>(c: Context, schema: T) => parseInput(schema, await readJsonBody(c))
  const answerClassroom = async (c: Context, id: string, status: 200 | 201 = 200) => {
    const m = await membershipOf(db, id, memberOf(c).id)
    return c.json({ classroom: await readClassroom(db, m) }, status)
  }

  /**
   * Which solutions are classroom-only may have changed (docs/product.md §13): a student came or went,
   * an assignment did, or the classroom's solutions were made public or private. The lists' solution
   * counts are read again, and these students' profiles and the leaderboards are read fresh, here and
   * on the other instances (the events travel).
   */
  const visibilityChanged = (studentIds: readonly string[]) => {
    for (const userId of studentIds) deps.bus.emit({ type: 'member-changed', userId })
    deps.bus.emit({ type: 'solution-listing-changed', challengeId: null })
  }
  const studentIdsOf = async (classroomId: string) =>
    (await studentsOf(db, classroomId)).map((student) => student.userId)

  return new Hono<{ Variables: AuthVariables }>()
    .get(
      '/classrooms',
      describeOperation({
        operationId: 'listClassrooms',
        summary: 'The member’s classrooms',
        description: 'Every classroom the member is in, with their role in it, by name.',
        tag: 'Classrooms',
        member: true,
        responses: { 200: json('The classrooms.', 'ClassroomsResponse') },
      }),
      requireUser,
      async (c) => c.json({ classrooms: await listClassrooms(db, memberOf(c).id) }),
    )
    .post(
      '/classrooms',
      describeOperation({
        operationId: 'createClassroom',
        summary: 'Create a classroom',
        description:
          'The member becomes its owner. With CLASSROOMS=admins only the admins may. It starts with an invite ' +
          'code, its solutions kept to the classroom and its leaderboard off unless the body says otherwise.',
        tag: 'Classrooms',
        member: true,
        guarded: true,
        body: 'NewClassroom',
        responses: {
          201: json('The classroom, as its owner sees it.', 'ClassroomResponse'),
          400: error('The body is not valid (the message says why); nothing was created.'),
          403: error(
            'Not sent from this site itself (code `forbidden_origin`), or only admins create classrooms here (code `forbidden`).',
          ),
        },
      }),
      requireUser,
      ...change,
      async (c) => {
        const user = memberOf(c)
        if (deps.creation === 'admins' && !deps.admins.has(user.username))
          throw new HttpError(403, 'forbidden', CLASSROOMS_CLOSED)
        const input = await body(c, newClassroomSchema)
        return answerClassroom(c, await createClassroom(db, user.id, input), 201)
      },
    )
    .post(
      '/classrooms/join',
      describeOperation({
        operationId: 'joinClassroom',
        summary: 'Join a classroom by its invite code',
        description: 'The member becomes a student; one already in it keeps their role.',
        tag: 'Classrooms',
        member: true,
        guarded: true,
        body: 'JoinClassroom',
        responses: {
          200: json('The classroom, as the member now sees it.', 'ClassroomResponse'),
          400: error('The body is not an invite code.'),
          404: error('No classroom has this invite code (it was rotated or turned off).'),
          410: error('The invite code has expired.'),
        },
      }),
      requireUser,
      ...change,
      async (c) => {
        const user = memberOf(c)
        const { code } = await body(c, joinSchema)
        const classroomId = await joinByCode(db, user.id, code, now())
        visibilityChanged([user.id])
        return answerClassroom(c, classroomId)
      },
    )
    .get(
      '/classroom-invites/:code',
      describeOperation({
        operationId: 'getClassroomInvite',
        summary: 'What an invite link opens',
        description:
          'The classroom’s name and owner, for the join page; anyone holding the code may read them, as they ' +
          'may join with it.',
        tag: 'Classrooms',
        params: inviteParams,
        responses: {
          200: json('The classroom’s name and owner.', 'InvitePreviewResponse'),
          400: error('The code is not an invite code.'),
          404: error('No classroom has this invite code (it was rotated or turned off).'),
          410: error('The invite code has expired.'),
        },
      }),
      async (c) => {
        c.header('Cache-Control', 'no-store')
        const { code } = parseInput(inviteParams, c.req.param())
        return c.json({ classroom: await inviteOf(db, code, now()) })
      },
    )
    .get(
      '/classrooms/:id',
      describeOperation({
        operationId: 'getClassroom',
        summary: 'A classroom',
        description:
          'As the reader’s role sees it: teachers also get its students, its invite and the roster’s pending logins.',
        tag: 'Classrooms',
        readsSession: true,
        params: classroomIdParams,
        responses: {
          200: json('The classroom.', 'ClassroomResponse'),
          400: error('The id is not a classroom id.'),
          404: NOT_FOUND,
        },
      }),
      async (c) => {
        const m = await membership(c)
        return c.json({ classroom: await readClassroom(db, m) })
      },
    )
    .patch(
      '/classrooms/:id',
      describeOperation({
        operationId: 'updateClassroom',
        summary: 'Change a classroom’s settings',
        description:
          'Its name, description, whether its solutions are public, whether its leaderboard shows. Owner only.',
        tag: 'Classrooms',
        readsSession: true,
        guarded: true,
        params: classroomIdParams,
        body: 'ClassroomUpdate',
        responses: {
          200: json('The classroom after the change.', 'ClassroomResponse'),
          400: error('The id or the body is not valid (the message says why); nothing changed.'),
          403: OWNER_ONLY,
          404: NOT_FOUND,
        },
      }),
      ...change,
      async (c) => {
        const m = await membership(c)
        requireOwner(m)
        const input = await body(c, classroomUpdateSchema)
        await updateClassroom(db, m.classroomId, input)
        if (input.solutionsPublic !== undefined) visibilityChanged(await studentIdsOf(m.classroomId))
        return c.json({ classroom: await readClassroom(db, m) })
      },
    )
    .delete(
      '/classrooms/:id',
      describeOperation({
        operationId: 'deleteClassroom',
        summary: 'Delete a classroom',
        description:
          'With its assignments and extensions; the students’ solutions and reviews stay. Owner only.',
        tag: 'Classrooms',
        readsSession: true,
        guarded: true,
        params: classroomIdParams,
        responses: {
          200: json('Deleted.', 'OkResponse'),
          400: error('The id is not a classroom id.'),
          403: OWNER_ONLY,
          404: NOT_FOUND,
        },
      }),
      ...change,
      async (c) => {
        const m = await membership(c)
        requireOwner(m)
        const students = await studentIdsOf(m.classroomId)
        await deleteClassroom(db, m.classroomId)
        visibilityChanged(students)
        return c.json({ ok: true as const })
      },
    )
    .post(
      '/classrooms/:id/invite',
      describeOperation({
        operationId: 'rotateClassroomInvite',
        summary: 'A new invite code',
        description:
          'The old code stops working; `expiresAt` (absent or null: never) ends the new one. Owner only.',
        tag: 'Classrooms',
        readsSession: true,
        guarded: true,
        params: classroomIdParams,
        body: 'ClassroomInvite',
        responses: {
          200: json('The classroom with its new invite.', 'ClassroomResponse'),
          400: error('The id or the body is not valid; nothing changed.'),
          403: OWNER_ONLY,
          404: NOT_FOUND,
        },
      }),
      ...change,
      async (c) => {
        const m = await membership(c)
        requireOwner(m)
        const { expiresAt } = await body(c, inviteSchema)
        if (expiresAt && expiresAt.getTime() <= now().getTime())
          throw new HttpError(400, 'bad_request', 'expiresAt: must be in the future.')
        await rotateInvite(db, m.classroomId, expiresAt ?? null)
        return c.json({ classroom: await readClassroom(db, m) })
      },
    )
    .delete(
      '/classrooms/:id/invite',
      describeOperation({
        operationId: 'disableClassroomInvite',
        summary: 'Turn the invite link off',
        description: 'Until the next new code. Owner only.',
        tag: 'Classrooms',
        readsSession: true,
        guarded: true,
        params: classroomIdParams,
        responses: {
          200: json('The classroom without an invite.', 'ClassroomResponse'),
          400: error('The id is not a classroom id.'),
          403: OWNER_ONLY,
          404: NOT_FOUND,
        },
      }),
      ...change,
      async (c) => {
        const m = await membership(c)
        requireOwner(m)
        await disableInvite(db, m.classroomId)
        return c.json({ classroom: await readClassroom(db, m) })
      },
    )
    .post(
      '/classrooms/:id/leave',
      describeOperation({
        operationId: 'leaveClassroom',
        summary: 'Leave a classroom',
        description: 'A student or a teacher leaves; the owner cannot.',
        tag: 'Classrooms',
        readsSession: true,
        guarded: true,
        params: classroomIdParams,
        responses: {
          200: json('Left.', 'OkResponse'),
          400: error('The id is not a classroom id.'),
          404: NOT_FOUND,
          409: error('The owner cannot leave their own classroom.'),
        },
      }),
      ...change,
      async (c) => {
        const m = await membership(c)
        await leaveClassroom(db, m)
        visibilityChanged([m.userId])
        return c.json({ ok: true as const })
      },
    )
    .put(
      '/classrooms/:id/teachers/:username',
      describeOperation({
        operationId: 'addClassroomTeacher',
        summary: 'Add a teacher',
        description: 'A member, by GitHub login, becomes a teacher (a student of it too). Owner only.',
        tag: 'Classrooms',
        readsSession: true,
        guarded: true,
        params: classroomLoginParams,
        responses: {
          200: json('The classroom with its teachers.', 'ClassroomResponse'),
          400: error('The id or the login is not valid.'),
          403: OWNER_ONLY,
          404: error('No such classroom for the reader, or no member has this login (nothing changed).'),
          409: error('The login is the owner’s.'),
        },
      }),
      ...change,
      async (c) => {
        const m = await membership(c)
        requireOwner(m)
        const { username } = parseInput(classroomLoginParams, c.req.param())
        await addTeacher(db, m.classroomId, username)
        return c.json({ classroom: await readClassroom(db, m) })
      },
    )
    .delete(
      '/classrooms/:id/teachers/:username',
      describeOperation({
        operationId: 'removeClassroomTeacher',
        summary: 'Remove a teacher',
        description: 'Owner only.',
        tag: 'Classrooms',
        readsSession: true,
        guarded: true,
        params: classroomLoginParams,
        responses: {
          200: json('The classroom with its teachers.', 'ClassroomResponse'),
          400: error('The id or the login is not valid.'),
          403: OWNER_ONLY,
          404: error('No such classroom for the reader, or the login is not one of its teachers.'),
        },
      }),
      ...change,
      async (c) => {
        const m = await membership(c)
        requireOwner(m)
        const { username } = parseInput(classroomLoginParams, c.req.param())
        await removeTeacher(db, m.classroomId, username)
        return c.json({ classroom: await readClassroom(db, m) })
      },
    )
    .post(
      '/classrooms/:id/roster',
      describeOperation({
        operationId: 'uploadClassroomRoster',
        summary: 'Add students from a roster',
        description:
          'CSV text: a GitHub login, a name and an optional student id per row, with or without a header row, at ' +
          'most 1,000 rows. Members become students at once; other logins wait and are matched when they sign ' +
          'in. A roster with broken quoting, an unknown column or a bad login is refused whole. Teachers only.',
        tag: 'Classrooms',
        readsSession: true,
        guarded: true,
        params: classroomIdParams,
        body: 'ClassroomRoster',
        responses: {
          200: json('Which logins became students and which wait.', 'RosterResponse'),
          400: error('The roster is not valid (the message says where); nothing changed.'),
          403: TEACHERS_ONLY,
          404: NOT_FOUND,
        },
      }),
      ...change,
      async (c) => {
        const m = await membership(c)
        requireTeacher(m)
        const { csv } = await body(c, rosterSchema)
        const result = await uploadRoster(db, m.classroomId, parseRoster(csv))
        if (result.added.length > 0) visibilityChanged(await studentIdsOf(m.classroomId))
        return c.json(result)
      },
    )
    .delete(
      '/classrooms/:id/students/:username',
      describeOperation({
        operationId: 'removeClassroomStudent',
        summary: 'Remove a student',
        description: 'A student, or a roster login still waiting. Teachers only.',
        tag: 'Classrooms',
        readsSession: true,
        guarded: true,
        params: classroomLoginParams,
        responses: {
          200: json('Removed.', 'OkResponse'),
          400: error('The id or the login is not valid.'),
          403: TEACHERS_ONLY,
          404: error('No such classroom for the reader, or the login is not one of its students.'),
        },
      }),
      ...change,
      async (c) => {
        const m = await membership(c)
        requireTeacher(m)
        const { username } = parseInput(classroomLoginParams, c.req.param())
        visibilityChanged(await removeStudent(db, m.classroomId, username))
        return c.json({ ok: true as const })
      },
    )
    .get(
      '/classrooms/:id/assignments',
      describeOperation({
        operationId: 'listClassroomAssignments',
        summary: 'A classroom’s assignments',
        description:
          'The soonest due first. Teachers see every one; a student sees those open now, each with their own grade.',
        tag: 'Classrooms',
        readsSession: true,
        params: classroomIdParams,
        responses: {
          200: json('The assignments.', 'AssignmentsResponse'),
          400: error('The id is not a classroom id.'),
          404: NOT_FOUND,
        },
      }),
      async (c) => {
        const m = await membership(c)
        const at = now()
        if (isTeacher(m))
          return c.json({ assignments: (await listAssignments(db, m.classroomId)).map(publicAssignment) })
        const list = await listAssignments(db, m.classroomId, { openAt: at })
        const grades = await gradesOf(db, list, [m.userId], at)
        return c.json({
          assignments: list.map((a) => ({
            ...publicAssignment(a),
            grade: grades.get(`${a.id}:${m.userId}`) as Grade,
          })),
        })
      },
    )
    .post(
      '/classrooms/:id/assignments',
      describeOperation({
        operationId: 'createAssignment',
        summary: 'Assign a challenge',
        description:
          'A challenge, an opening and a due time (ISO 8601 with an offset; stored in UTC), and an optional pass ' +
          'rule. Each student is notified. Teachers only.',
        tag: 'Classrooms',
        readsSession: true,
        guarded: true,
        params: classroomIdParams,
        body: 'NewAssignment',
        responses: {
          201: json('The assignment.', 'AssignmentResponse'),
          400: error(
            'The body is not valid: the due time is not after the opening, a bound is out of range…',
          ),
          403: TEACHERS_ONLY,
          404: error('No such classroom for the reader, or no such challenge (nothing changed).'),
        },
      }),
      ...change,
      async (c) => {
        const m = await membership(c)
        requireTeacher(m)
        const input = await body(c, newAssignmentSchema)
        const assignment = await createAssignment(db, m.classroomId, input)
        visibilityChanged(await studentIdsOf(m.classroomId))
        return c.json({ assignment: publicAssignment(assignment) }, 201)
      },
    )
    .patch(
      '/classrooms/:id/assignments/:assignmentId',
      describeOperation({
        operationId: 'updateAssignment',
        summary: 'Change an assignment',
        description:
          'Its opening, its due time or its pass rule; the due time stays after the opening. Teachers only.',
        tag: 'Classrooms',
        readsSession: true,
        guarded: true,
        params: assignmentParams,
        body: 'AssignmentUpdate',
        responses: {
          200: json('The assignment after the change.', 'AssignmentResponse'),
          400: error('The ids or the body are not valid; nothing changed.'),
          403: TEACHERS_ONLY,
          404: error('No such classroom for the reader, or no such assignment in it.'),
        },
      }),
      ...change,
      async (c) => {
        const m = await membership(c)
        requireTeacher(m)
        const { assignmentId } = parseInput(assignmentParams, c.req.param())
        const current = await findAssignment(db, m.classroomId, assignmentId)
        await updateAssignment(db, current, await body(c, assignmentUpdateSchema))
        visibilityChanged(await studentIdsOf(m.classroomId))
        return c.json({ assignment: publicAssignment(await findAssignment(db, m.classroomId, assignmentId)) })
      },
    )
    .delete(
      '/classrooms/:id/assignments/:assignmentId',
      describeOperation({
        operationId: 'deleteAssignment',
        summary: 'Delete an assignment',
        description: 'With its extensions; the students’ reviews stay. Teachers only.',
        tag: 'Classrooms',
        readsSession: true,
        guarded: true,
        params: assignmentParams,
        responses: {
          200: json('Deleted.', 'OkResponse'),
          400: error('The ids are not valid.'),
          403: TEACHERS_ONLY,
          404: error('No such classroom for the reader, or no such assignment in it.'),
        },
      }),
      ...change,
      async (c) => {
        const m = await membership(c)
        requireTeacher(m)
        const { assignmentId } = parseInput(assignmentParams, c.req.param())
        await findAssignment(db, m.classroomId, assignmentId)
        await deleteAssignment(db, assignmentId)
        visibilityChanged(await studentIdsOf(m.classroomId))
        return c.json({ ok: true as const })
      },
    )
    .put(
      '/classrooms/:id/assignments/:assignmentId/extensions/:username',
      describeOperation({
        operationId: 'setAssignmentExtension',
        summary: 'Give a student their own due time',
        description:
          'It replaces the assignment’s for that student; it must be after the opening. Teachers only.',
        tag: 'Classrooms',
        readsSession: true,
        guarded: true,
        params: extensionParams,
        body: 'Extension',
        responses: {
          200: json('The student’s due time.', 'ExtensionResponse'),
          400: error('The ids or the body are not valid; nothing changed.'),
          403: TEACHERS_ONLY,
          404: error(
            'No such classroom for the reader, no such assignment, or the login is not a student of it.',
          ),
        },
      }),
      ...change,
      async (c) => {
        const m = await membership(c)
        requireTeacher(m)
        const { assignmentId, username } = parseInput(extensionParams, c.req.param())
        const assignment = await findAssignment(db, m.classroomId, assignmentId)
        const { dueAt } = await body(c, extensionSchema)
        const student = await setExtension(db, m.classroomId, assignment, username, dueAt)
        return c.json({ username: student, dueAt: dueAt.toISOString() })
      },
    )
    .delete(
      '/classrooms/:id/assignments/:assignmentId/extensions/:username',
      describeOperation({
        operationId: 'removeAssignmentExtension',
        summary: 'Take an extension back',
        description: 'The student’s due time is the assignment’s again. Teachers only.',
        tag: 'Classrooms',
        readsSession: true,
        guarded: true,
        params: extensionParams,
        responses: {
          200: json('Removed.', 'OkResponse'),
          400: error('The ids are not valid.'),
          403: TEACHERS_ONLY,
          404: error('No such classroom, assignment, student or extension.'),
        },
      }),
      ...change,
      async (c) => {
        const m = await membership(c)
        requireTeacher(m)
        const { assignmentId, username } = parseInput(extensionParams, c.req.param())
        await findAssignment(db, m.classroomId, assignmentId)
        await removeExtension(db, m.classroomId, assignmentId, username)
        return c.json({ ok: true as const })
      },
    )
    .get(
      '/classrooms/:id/grid',
      describeOperation({
        operationId: 'getClassroomGrid',
        summary: 'The progress grid',
        description:
          'Every student by every assignment: the status, the graded work (the best pass asked for by the ' +
          'student’s due time) or the late one, their accessibility and HTML counts, the solution. Teachers only.',
        tag: 'Classrooms',
        readsSession: true,
        params: classroomIdParams,
        responses: {
          200: json('The grid.', 'ClassroomGrid'),
          400: error('The id is not a classroom id.'),
          403: error('The reader is a student of it (code `forbidden`).'),
          404: NOT_FOUND,
        },
      }),
      async (c) => {
        const m = await membership(c)
        requireTeacher(m)
        return c.json(await readGrid(db, m.classroomId, now()))
      },
    )
    .get(
      '/classrooms/:id/export',
      describeOperation({
        operationId: 'exportClassroomGrades',
        summary: 'The grades, as CSV or JSON',
        description:
          'CSV: login, name, student id, then per assignment its status, the score at the due time, late, and ' +
          'whether the pass rule was met. JSON: the grid. Teachers only.',
        tag: 'Classrooms',
        readsSession: true,
        params: classroomIdParams,
        query: exportQuery,
        responses: {
          200: {
            description: 'The grades, as a download.',
            content: {
              'application/json': { schema: ref('ClassroomGrid') },
              'text/csv': { schema: { type: 'string' } },
            },
          },
          400: error('The id or the format is not valid.'),
          403: error('The reader is a student of it (code `forbidden`).'),
          404: NOT_FOUND,
        },
      }),
      async (c) => {
        const m = await membership(c)
        requireTeacher(m)
        const { format } = parseInput(exportQuery, c.req.query())
        const grid = await readGrid(db, m.classroomId, now())
        c.header('Content-Disposition', attachmentDisposition(`grades.${format}`))
        if (format === 'json') return c.json(grid)
        c.header('Content-Type', 'text/csv; charset=utf-8')
        return c.body(gridCsv(grid))
      },
    )
    .get(
      '/classrooms/:id/leaderboard',
      describeOperation({
        operationId: 'getClassroomLeaderboard',
        summary: 'The classroom’s leaderboard',
        description:
          'Students by passed assignments, then by their scores. Students see it when the owner turned it on; ' +
          'teachers always.',
        tag: 'Classrooms',
        readsSession: true,
        params: classroomIdParams,
        responses: {
          200: json('The ranking.', 'ClassroomLeaderboard'),
          400: error('The id is not a classroom id.'),
          403: error('The leaderboard is off and the reader is a student (code `forbidden`).'),
          404: NOT_FOUND,
        },
      }),
      async (c) => {
        const m = await membership(c)
        if (!isTeacher(m) && !(await classroomSettings(db, m.classroomId)).leaderboard)
          throw new HttpError(403, 'forbidden', LEADERBOARD_OFF)
        return c.json({ entries: await classroomLeaderboard(db, m.classroomId, now()) })
      },
    )
    .get(
      '/classrooms/:id/needs-feedback',
      describeOperation({
        operationId: 'getClassroomNeedsFeedback',
        summary: 'The classroom’s needs-feedback queue',
        description:
          'Students’ passed solutions of its assignments that no teacher of it commented on, oldest pass first. ' +
          'Teachers only.',
        tag: 'Classrooms',
        readsSession: true,
        params: classroomIdParams,
        responses: {
          200: json('The queue.', 'ClassroomFeedbackResponse'),
          400: error('The id is not a classroom id.'),
          403: error('The reader is a student of it (code `forbidden`).'),
          404: NOT_FOUND,
        },
      }),
      async (c) => {
        const m = await membership(c)
        requireTeacher(m)
        return c.json({ solutions: await classroomNeedsFeedback(db, m.classroomId) })
      },
    )
    .get(
      '/me/assignments',
      describeOperation({
        operationId: 'listMyAssignments',
        summary: 'The member’s assignments',
        description:
          'In every classroom they study in, open now, with their status: what is still to do first, the soonest due first.',
        tag: 'Classrooms',
        member: true,
        responses: { 200: json('The assignments.', 'MyAssignmentsResponse') },
      }),
      requireUser,
      async (c) => c.json({ assignments: await myAssignments(db, memberOf(c).id, now()) }),
    )
    .get(
      '/me/classroom-notifications',
      describeOperation({
        operationId: 'listClassroomNotifications',
        summary: 'The member’s classroom notifications',
        description:
          'New assignments, due times 24 hours away, students’ late passes (to teachers); the latest 50.',
        tag: 'Classrooms',
        member: true,
        responses: { 200: json('The notifications.', 'ClassroomNotificationsResponse') },
      }),
      requireUser,
      async (c) => c.json({ notifications: await listClassroomNotifications(db, memberOf(c).id) }),
    )
}
