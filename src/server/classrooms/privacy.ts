/**
 * Classroom-only solutions (docs/product.md §13, docs/decisions/022-classrooms.md): a student's
 * solution of a challenge that a classroom of theirs assigns, when that classroom keeps its solutions to
 * itself (`solutions_public` false, the default). Such a solution stays out of the public galleries and
 * is a 404 to anyone but its member, the admins and the members of such a classroom.
 */
import { eq, type SQL, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { users } from '#server/db/schema.ts'

/**
 * True for a classroom-only solution; `uc` is the SQL alias of its user_challenges row. Probes
 * classroom_members_user_idx, then assignments_challenge_idx: a few index lookups per row.
 */
export function classroomOnly(uc: string): SQL {
  const alias = sql.raw(uc)
  return classroomOnlyWork(sql`${alias}.user_id`, sql`ca.challenge_id = ${alias}.challenge_id`)
}

/**
 * True for a points award (`points_ledger` row aliased `entry`) earned on a classroom-only solution:
 * the ledger names the challenge by its id as text (`reference`). The public leaderboards leave these
 * points out (docs/product.md §13).
 */
export function classroomOnlyAward(entry: string): SQL {
  const alias = sql.raw(entry)
  return classroomOnlyWork(sql`${alias}.user_id`, sql`ca.challenge_id::text = ${alias}.reference`)
}

/** The member's work on a challenge (the condition names `ca`, the assignment) is classroom-only. */
function classroomOnlyWork(userId: SQL, sameChallenge: SQL): SQL {
  return sql`exists (
    select 1 from classroom_members cm
    join assignments ca on ca.classroom_id = cm.classroom_id
    join classrooms cc on cc.id = cm.classroom_id
    where cm.user_id = ${userId} and cm.role = 'student'
      and ${sameChallenge} and not cc.solutions_public
  )`
}

/** True when the member (`userId`, SQL) is a student of any classroom: only they can have classroom-only work. */
export function isStudent(userId: SQL): SQL {
  return sql`exists (select 1 from classroom_members cm where cm.user_id = ${userId} and cm.role = 'student')`
}

/**
 * Whether a solution (its member and challenge) is classroom-only and the reader is outside every
 * classroom that makes it so. Its own member and the admins are never outside.
 */
export async function hiddenByClassroom(
  db: Pick<Database, 'select'>,
  solution: { userId: string; challengeId: number },
  readerId: string | null,
): Promise<boolean> {
  // Two questions in one statement, read from the member's row: is the solution classroom-only, and is
  // the reader in a classroom that makes it so. (The builder needs a table to select from.)
  const [row] = await db
    .select({
      private: sql<boolean>`exists (
        select 1 from classroom_members cm
        join assignments ca on ca.classroom_id = cm.classroom_id
        join classrooms cc on cc.id = cm.classroom_id
        where cm.user_id = ${solution.userId}::uuid and cm.role = 'student'
          and ca.challenge_id = ${solution.challengeId} and not cc.solutions_public
      )`,
      inside: sql<boolean>`exists (
        select 1 from classroom_members cm
        join assignments ca on ca.classroom_id = cm.classroom_id
        join classrooms cc on cc.id = cm.classroom_id
        join classroom_members reader on reader.classroom_id = cm.classroom_id
        where cm.user_id = ${solution.userId}::uuid and cm.role = 'student'
          and ca.challenge_id = ${solution.challengeId} and not cc.solutions_public
          and reader.user_id = ${readerId}::uuid
      )`,
    })
    .from(users)
    .where(eq(users.id, solution.userId))
  return Boolean(row?.private) && !row?.inside
}
