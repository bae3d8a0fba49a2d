/**
 * Classroom notifications (docs/product.md §13): a new assignment (made with it, in
 * assignments.ts), a due time 24 hours away (housekeeping), a student's late pass (to the teachers, when
 * the review settles). One per event and recipient: a second insert is a no-op.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Database } from '#server/db/client.ts'
import {
  assignments,
  challenges,
  classroomNotifications,
  classrooms,
  submissionReviews,
  users,
} from '#server/db/schema.ts'
import type { EventBus } from '#server/events/bus.ts'
import type { Logger } from '#server/logger.ts'

export const DUE_SOON_MS = 24 * 60 * 60 * 1000
const PAGE = 50

/**
 * A passed review asked for after the student's due time on an assignment of theirs: each teacher of
 * that classroom hears of it.
 */
export async function notifyLatePass(db: Database, reviewId: number) {
  // Raw SQL: the review, the student's assignments of its challenge, their own due times and the
  // classrooms' teachers, in one insert ... select.
  await db.execute(sql`
    insert into classroom_notifications (recipient_id, kind, assignment_id, student_id, review_id)
    select t.user_id, 'late_pass', a.id, uc.user_id, r.id
    from submission_reviews r
    join user_challenges uc on uc.id = r.user_challenge_id
    join classroom_members s on s.user_id = uc.user_id and s.role = 'student'
    join assignments a on a.classroom_id = s.classroom_id and a.challenge_id = uc.challenge_id
    left join assignment_extensions x on x.assignment_id = a.id and x.user_id = uc.user_id
    join classroom_members t on t.classroom_id = s.classroom_id and t.role in ('owner', 'teacher')
    where r.id = ${reviewId} and r.status = 'passed'
      and r.created_at > coalesce(x.due_at, a.due_at)
    on conflict do nothing
  `)
}

/** Hears settled reviews of this process (another instance hears its own). */
export function subscribeLatePasses(bus: EventBus, db: Database, log: Logger) {
  return bus.on('review-settled', async (event, source) => {
    if (source !== 'here' || !event.passed) return
    try {
      await notifyLatePass(db, event.reviewId)
    } catch (error) {
      log.warn('classrooms: could not record a late pass', { error: (error as Error).message })
    }
  })
}

/**
 * Students of assignments due within 24 hours that have no passed review of the challenge hear of it
 * once; the assignment is marked so no other run (or instance) sends it again. Housekeeping runs it.
 */
export async function notifyDueSoon(db: Database, now = new Date()) {
  await db.transaction(async (tx) => {
    const due = await tx
      .update(assignments)
      .set({ dueSoonNotifiedAt: now })
      .where(
        and(
          isNull(assignments.dueSoonNotifiedAt),
          sql`${assignments.opensAt} <= ${now.toISOString()}`,
          sql`${assignments.dueAt} > ${now.toISOString()}`,
          sql`${assignments.dueAt} <= ${new Date(now.getTime() + DUE_SOON_MS).toISOString()}`,
        ),
      )
      .returning({ id: assignments.id })
    for (const { id } of due) {
      // Raw SQL: the students without a pass of the challenge, as one insert ... select.
      await tx.execute(sql`
        insert into classroom_notifications (recipient_id, kind, assignment_id)
        select s.user_id, 'assignment_due', a.id
        from assignments a
        join classroom_members s on s.classroom_id = a.classroom_id and s.role = 'student'
        where a.id = ${id} and not exists (
          select 1 from user_challenges uc
          join submission_reviews r on r.user_challenge_id = uc.id and r.status = 'passed'
          where uc.user_id = s.user_id and uc.challenge_id = a.challenge_id
        )
        on conflict do nothing
      `)
    }
  })
}

const student = alias(users, 'student')

/** The member's classroom notifications, newest first (the latest 50). */
export async function listClassroomNotifications(db: Database, recipientId: string) {
  const rows = await db
    .select({
      id: classroomNotifications.id,
      kind: classroomNotifications.kind,
      classroom: { id: classrooms.id, name: classrooms.name },
      assignmentId: assignments.id,
      challenge: { id: challenges.id, slug: challenges.slug, title: challenges.title },
      dueAt: assignments.dueAt,
      studentUsername: student.username,
      studentName: student.name,
      studentAvatarUrl: student.avatarUrl,
      reviewId: submissionReviews.publicId,
      readAt: classroomNotifications.readAt,
      createdAt: classroomNotifications.createdAt,
    })
    .from(classroomNotifications)
    .innerJoin(assignments, eq(assignments.id, classroomNotifications.assignmentId))
    .innerJoin(classrooms, eq(classrooms.id, assignments.classroomId))
    .innerJoin(challenges, eq(challenges.id, assignments.challengeId))
    .leftJoin(student, eq(student.id, classroomNotifications.studentId))
    .leftJoin(submissionReviews, eq(submissionReviews.id, classroomNotifications.reviewId))
    .where(eq(classroomNotifications.recipientId, recipientId))
    .orderBy(desc(classroomNotifications.createdAt), desc(classroomNotifications.id))
    .limit(PAGE)
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as 'assignment' | 'assignment_due' | 'late_pass',
    classroom: row.classroom,
    assignmentId: row.assignmentId,
    challenge: row.challenge,
    dueAt: row.dueAt.toISOString(),
    student:
      row.studentUsername === null
        ? null
        : { username: row.studentUsername, name: row.studentName, avatarUrl: row.studentAvatarUrl },
    reviewId: row.reviewId,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  }))
}
