/**
 * Classrooms (docs/product.md §13, docs/decisions/022-classrooms.md): who is in one and as what,
 * the invite code, the roster, and the classroom's settings. The routes (#server/routes/classrooms.ts)
 * authorise with `membershipOf` first: a classroom a reader is not in is a 404, as if it did not exist.
 */
import { randomBytes } from 'node:crypto'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { RosterRow } from '#server/classrooms/roster.ts'
import type { Database } from '#server/db/client.ts'
import { classroomMembers, classroomRoster, classrooms, users } from '#server/db/schema.ts'
import { HttpError, notFound } from '#server/http/errors.ts'
import {
  type Classroom,
  type ClassroomRole,
  type ClassroomSummary,
  INVITE_EXPIRED,
  INVITE_INVALID,
  type NewClassroom,
  NO_SUCH_CLASSROOM,
  ONLY_OWNER,
  ONLY_TEACHERS,
  OWNER_CANNOT_LEAVE,
} from '#shared/classroom.ts'

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]
type Executor = Database | Tx

export type Membership = { classroomId: string; userId: string; role: ClassroomRole }

/** A new invite code: 16 random bytes as base64url, unguessable. */
const newInviteCode = () => randomBytes(16).toString('base64url')

const memberColumns = { username: users.username, name: users.name, avatarUrl: users.avatarUrl }

export async function createClassroom(db: Database, ownerId: string, input: NewClassroom) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(classrooms)
      .values({
        name: input.name,
        description: input.description ?? '',
        ownerId,
        solutionsPublic: input.solutionsPublic ?? false,
        leaderboard: input.leaderboard ?? false,
        inviteCode: newInviteCode(),
      })
      .returning({ id: classrooms.id })
    if (!row) throw new Error('the classroom was not written')
    await tx.insert(classroomMembers).values({ classroomId: row.id, userId: ownerId, role: 'owner' })
    return row.id
  })
}

/** The reader's role in the classroom, or a 404 (no such classroom, a visitor, an outsider). */
export async function membershipOf(
  db: Executor,
  classroomId: string,
  userId: string | null | undefined,
): Promise<Membership> {
  if (!userId) throw notFound(NO_SUCH_CLASSROOM)
  const [row] = await db
    .select({ role: classroomMembers.role })
    .from(classroomMembers)
    .where(and(eq(classroomMembers.classroomId, classroomId), eq(classroomMembers.userId, userId)))
  if (!row) throw notFound(NO_SUCH_CLASSROOM)
  return { classroomId, userId, role: row.role as ClassroomRole }
}

export const isTeacher = (membership: Membership) =>
  membership.role === 'owner' || membership.role === 'teacher'

export function requireTeacher(membership: Membership) {
  if (!isTeacher(membership)) throw new HttpError(403, 'forbidden', ONLY_TEACHERS)
}

export function requireOwner(membership: Membership) {
  if (membership.role !== 'owner') throw new HttpError(403, 'forbidden', ONLY_OWNER)
}

const studentCount = sql<number>`(
  select count(*)::int from ${classroomMembers} s
  where s.classroom_id = ${classrooms.id} and s.role = 'student'
)`

/** The classrooms the member is in, in any role, by name. */
export async function listClassrooms(db: Database, userId: string): Promise<ClassroomSummary[]> {
  // The student count is a correlated count in the select list, which the builder cannot say.
  const rows = await db
    .select({
      id: classrooms.id,
      name: classrooms.name,
      role: classroomMembers.role,
      owner: memberColumns,
      studentCount,
    })
    .from(classroomMembers)
    .innerJoin(classrooms, eq(classrooms.id, classroomMembers.classroomId))
    .innerJoin(users, eq(users.id, classrooms.ownerId))
    .where(eq(classroomMembers.userId, userId))
    .orderBy(asc(classrooms.name), asc(classrooms.id))
  return rows.map((row) => ({
    ...row,
    role: row.role as ClassroomRole,
    studentCount: Number(row.studentCount),
  }))
}

/** The classroom as the member sees it: teachers also get its students, invite and pending roster. */
export async function readClassroom(db: Database, membership: Membership): Promise<Classroom> {
  const [row] = await db
    .select({
      id: classrooms.id,
      name: classrooms.name,
      description: classrooms.description,
      solutionsPublic: classrooms.solutionsPublic,
      leaderboard: classrooms.leaderboard,
      inviteCode: classrooms.inviteCode,
      inviteExpiresAt: classrooms.inviteExpiresAt,
      owner: memberColumns,
    })
    .from(classrooms)
    .innerJoin(users, eq(users.id, classrooms.ownerId))
    .where(eq(classrooms.id, membership.classroomId))
  if (!row) throw notFound(NO_SUCH_CLASSROOM)
  const members = await db
    .select({
      ...memberColumns,
      role: classroomMembers.role,
      studentId: classroomMembers.studentId,
      rosterName: classroomMembers.rosterName,
    })
    .from(classroomMembers)
    .innerJoin(users, eq(users.id, classroomMembers.userId))
    .where(eq(classroomMembers.classroomId, membership.classroomId))
    .orderBy(asc(users.username))
  const teachers = members
    .filter((m) => m.role === 'teacher')
    .map(({ username, name, avatarUrl }) => ({ username, name, avatarUrl }))
  const students = members.filter((m) => m.role === 'student')
  const base: Classroom = {
    id: row.id,
    name: row.name,
    description: row.description,
    role: membership.role,
    solutionsPublic: row.solutionsPublic,
    leaderboard: row.leaderboard,
    owner: row.owner,
    teachers,
    studentCount: students.length,
  }
  if (!isTeacher(membership)) return base
  const pending = await db
    .select({
      login: classroomRoster.login,
      name: classroomRoster.name,
      studentId: classroomRoster.studentId,
    })
    .from(classroomRoster)
    .where(eq(classroomRoster.classroomId, membership.classroomId))
    .orderBy(asc(classroomRoster.login))
  return {
    ...base,
    students: students.map(({ username, name, avatarUrl, studentId, rosterName }) => ({
      username,
      name,
      avatarUrl,
      studentId,
      rosterName,
    })),
    // The invite is the owner's to hand out; co-teachers see it too, to share it.
    invite: { code: row.inviteCode, expiresAt: row.inviteExpiresAt?.toISOString() ?? null },
    pending,
  }
}

export async function updateClassroom(db: Database, classroomId: string, input: Partial<NewClassroom>) {
  await db
    .update(classrooms)
    .set({
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.description === undefined ? {} : { description: input.description }),
      ...(input.solutionsPublic === undefined ? {} : { solutionsPublic: input.solutionsPublic }),
      ...(input.leaderboard === undefined ? {} : { leaderboard: input.leaderboard }),
    })
    .where(eq(classrooms.id, classroomId))
}

export async function deleteClassroom(db: Database, classroomId: string) {
  await db.delete(classrooms).where(eq(classrooms.id, classroomId))
}

/** A new invite code (the old one stops working), valid until `expiresAt` (null: no end). */
export async function rotateInvite(db: Database, classroomId: string, expiresAt: Date | null) {
  await db
    .update(classrooms)
    .set({ inviteCode: newInviteCode(), inviteExpiresAt: expiresAt })
    .where(eq(classrooms.id, classroomId))
}

/** No invite link until the next rotation. */
export async function disableInvite(db: Database, classroomId: string) {
  await db
    .update(classrooms)
    .set({ inviteCode: null, inviteExpiresAt: null })
    .where(eq(classrooms.id, classroomId))
}

/**
 * Joins the member as a student by an invite code. A member already in the classroom keeps their role.
 * Returns the classroom's id.
 */
/** The classroom an invite code opens, for the join page: its name and owner; 404 or 410 as a join. */
export async function inviteOf(db: Database, code: string, now: Date) {
  const [row] = await db
    .select({ name: classrooms.name, expiresAt: classrooms.inviteExpiresAt, owner: memberColumns })
    .from(classrooms)
    .innerJoin(users, eq(users.id, classrooms.ownerId))
    .where(eq(classrooms.inviteCode, code))
  if (!row) throw notFound(INVITE_INVALID)
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime())
    throw new HttpError(410, 'gone', INVITE_EXPIRED)
  return { name: row.name, owner: row.owner }
}

export async function joinByCode(db: Database, userId: string, code: string, now: Date): Promise<string> {
  const [row] = await db
    .select({ id: classrooms.id, expiresAt: classrooms.inviteExpiresAt })
    .from(classrooms)
    .where(eq(classrooms.inviteCode, code))
  if (!row) throw notFound(INVITE_INVALID)
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime())
    throw new HttpError(410, 'gone', INVITE_EXPIRED)
  await db.transaction(async (tx) => {
    await tx
      .insert(classroomMembers)
      .values({ classroomId: row.id, userId, role: 'student' })
      .onConflictDoNothing()
    // A roster row of theirs waiting in this classroom is theirs now.
    await claimRosterRows(tx, userId, row.id)
  })
  return row.id
}

export async function leaveClassroom(db: Database, membership: Membership) {
  if (membership.role === 'owner') throw new HttpError(409, 'conflict', OWNER_CANNOT_LEAVE)
  await db
    .delete(classroomMembers)
    .where(
      and(
        eq(classroomMembers.classroomId, membership.classroomId),
        eq(classroomMembers.userId, membership.userId),
      ),
    )
}

async function memberByLogin(db: Executor, login: string) {
  const [user] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(sql`lower(${users.username}) = ${login.toLowerCase()}`)
  return user ?? null
}

export const NO_SUCH_MEMBER = (login: string) =>
  `There is no member with the login ${login}: they must sign in here once before they can teach.`

/** Makes a member a teacher of the classroom (a student of it becomes a teacher). */
export async function addTeacher(db: Database, classroomId: string, login: string) {
  const user = await memberByLogin(db, login)
  if (!user) throw notFound(NO_SUCH_MEMBER(login))
  const [current] = await db
    .select({ role: classroomMembers.role })
    .from(classroomMembers)
    .where(and(eq(classroomMembers.classroomId, classroomId), eq(classroomMembers.userId, user.id)))
  if (current?.role === 'owner')
    throw new HttpError(409, 'conflict', 'The owner already teaches this classroom.')
  await db
    .insert(classroomMembers)
    .values({ classroomId, userId: user.id, role: 'teacher' })
    .onConflictDoUpdate({
      target: [classroomMembers.classroomId, classroomMembers.userId],
      set: { role: 'teacher' },
    })
  return user.username
}

export async function removeTeacher(db: Database, classroomId: string, login: string) {
  const user = await memberByLogin(db, login)
  const removed = user
    ? await db
        .delete(classroomMembers)
        .where(
          and(
            eq(classroomMembers.classroomId, classroomId),
            eq(classroomMembers.userId, user.id),
            eq(classroomMembers.role, 'teacher'),
          ),
        )
        .returning({ userId: classroomMembers.userId })
    : []
  if (removed.length === 0) throw notFound(`${login} is not a teacher of this classroom.`)
}

/**
 * A roster (docs/product.md §13): each login of a member becomes a student (a teacher of the
 * classroom stays a teacher), with the roster's name and student id; the others wait as pending rows,
 * matched when that login signs in. One transaction: all rows or none.
 */
export async function uploadRoster(db: Database, classroomId: string, rows: readonly RosterRow[]) {
  return db.transaction(async (tx) => {
    const logins = rows.map((row) => row.login)
    const found = await tx
      .select({ id: users.id, login: sql<string>`lower(${users.username})` })
      .from(users)
      .where(inArray(sql`lower(${users.username})`, logins))
    const byLogin = new Map(found.map((user) => [user.login, user.id]))
    const added: string[] = []
    const pending: string[] = []
    for (const row of rows) {
      const userId = byLogin.get(row.login)
      if (userId) {
        added.push(row.login)
        await tx
          .insert(classroomMembers)
          .values({ classroomId, userId, role: 'student', studentId: row.studentId, rosterName: row.name })
          .onConflictDoUpdate({
            target: [classroomMembers.classroomId, classroomMembers.userId],
            set: { studentId: row.studentId, rosterName: row.name },
            setWhere: sql`${classroomMembers.role} = 'student'`,
          })
      } else {
        pending.push(row.login)
        await tx
          .insert(classroomRoster)
          .values({ classroomId, login: row.login, name: row.name, studentId: row.studentId })
          .onConflictDoUpdate({
            target: [classroomRoster.classroomId, classroomRoster.login],
            set: { name: row.name, studentId: row.studentId },
          })
      }
    }
    return { added, pending }
  })
}

/**
 * Makes the member a student of each classroom whose roster waits for their login, and removes those
 * rows (of one classroom when `onlyClassroomId` is given); returns how many classrooms they joined.
 * Sign-in calls it in its own transaction.
 */
export async function claimRosterRows(
  tx: Executor,
  userId: string,
  onlyClassroomId?: string,
): Promise<number> {
  const [user] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId))
  if (!user) return 0
  const login = user.username.toLowerCase()
  const conditions = [eq(classroomRoster.login, login)]
  if (onlyClassroomId) conditions.push(eq(classroomRoster.classroomId, onlyClassroomId))
  const rows = await tx
    .delete(classroomRoster)
    .where(and(...conditions))
    .returning()
  for (const row of rows) {
    await tx
      .insert(classroomMembers)
      .values({
        classroomId: row.classroomId,
        userId,
        role: 'student',
        studentId: row.studentId,
        rosterName: row.name,
      })
      .onConflictDoUpdate({
        target: [classroomMembers.classroomId, classroomMembers.userId],
        set: { studentId: row.studentId, rosterName: row.name },
        setWhere: sql`${classroomMembers.role} = 'student'`,
      })
  }
  return rows.length
}

/** Removes a student, or a roster login still pending; returns the id of the member removed, if any. */
export async function removeStudent(db: Database, classroomId: string, login: string): Promise<string[]> {
  const user = await memberByLogin(db, login)
  const removed = user
    ? await db
        .delete(classroomMembers)
        .where(
          and(
            eq(classroomMembers.classroomId, classroomId),
            eq(classroomMembers.userId, user.id),
            eq(classroomMembers.role, 'student'),
          ),
        )
        .returning({ userId: classroomMembers.userId })
    : []
  const unrostered = await db
    .delete(classroomRoster)
    .where(and(eq(classroomRoster.classroomId, classroomId), eq(classroomRoster.login, login.toLowerCase())))
    .returning({ login: classroomRoster.login })
  if (removed.length === 0 && unrostered.length === 0)
    throw notFound(`${login} is not a student of this classroom.`)
  return removed.map((row) => row.userId)
}

/** The classroom's students: id, login, name, roster name and student id, by login. */
export async function studentsOf(db: Executor, classroomId: string) {
  return db
    .select({
      userId: classroomMembers.userId,
      ...memberColumns,
      studentId: classroomMembers.studentId,
      rosterName: classroomMembers.rosterName,
    })
    .from(classroomMembers)
    .innerJoin(users, eq(users.id, classroomMembers.userId))
    .where(and(eq(classroomMembers.classroomId, classroomId), eq(classroomMembers.role, 'student')))
    .orderBy(asc(users.username))
}

/** The classroom's teachers and owner. */
export async function teacherIdsOf(db: Executor, classroomId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: classroomMembers.userId })
    .from(classroomMembers)
    .where(
      and(
        eq(classroomMembers.classroomId, classroomId),
        inArray(classroomMembers.role, ['owner', 'teacher']),
      ),
    )
  return rows.map((row) => row.userId)
}

export async function classroomSettings(db: Executor, classroomId: string) {
  const [row] = await db
    .select({
      name: classrooms.name,
      leaderboard: classrooms.leaderboard,
      solutionsPublic: classrooms.solutionsPublic,
    })
    .from(classrooms)
    .where(eq(classrooms.id, classroomId))
  if (!row) throw notFound(NO_SUCH_CLASSROOM)
  return row
}
