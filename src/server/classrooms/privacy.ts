/**
 * Classroom-only solutions (docs/product.md "Classrooms", docs/decisions/022-classrooms.md): a student's
 * solution of a challenge that a classroom of theirs assigns, when that classroom keeps its solutions to
 * itself (`solutions_public` false, the default). Such a solution stays out of the public galleries and
 * is a 404 to anyone but its member, the admins and the members of such a classroom.
 */
import { type SQL, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'

/**
 * True for a classroom-only solution; `uc` is the SQL alias of its user_challenges row. Probes
 * classroom_members_user_idx, then assignments_challenge_idx: a few index lookups per row.
 */
export function classroomOnly(uc: string): SQL {
  const alias = sql.raw(uc)
  return sql`exists (
    select 1 from classroom_members cm
    join assignments ca on ca.classroom_id = cm.classroom_id
    join classrooms cc on cc.id = cm.classroom_id
    where cm.user_id = ${alias}.user_id and cm.role = 'student'
      and ca.challenge_id = ${alias}.challenge_id and not cc.solutions_public
  )`
}

/**
 * Whether a solution (its member and challenge) is classroom-only and the reader is outside every
 * classroom that makes it so. Its own member and the admins are never outside.
 */
export async function hiddenByClassroom(
  db: Database,
  solution: { userId: string; challengeId: number },
  readerId: string | null,
): Promise<boolean> {
  // Raw SQL: a correlated exists over three tables, read as one boolean.
  const result = await db.execute(sql`
    select exists (
      select 1 from classroom_members cm
      join assignments ca on ca.classroom_id = cm.classroom_id
      join classrooms cc on cc.id = cm.classroom_id
      where cm.user_id = ${solution.userId} and cm.role = 'student'
        and ca.challenge_id = ${solution.challengeId} and not cc.solutions_public
    ) as private,
    exists (
      select 1 from classroom_members cm
      join assignments ca on ca.classroom_id = cm.classroom_id
      join classrooms cc on cc.id = cm.classroom_id
      join classroom_members reader on reader.classroom_id = cm.classroom_id
      where cm.user_id = ${solution.userId} and cm.role = 'student'
        and ca.challenge_id = ${solution.challengeId} and not cc.solutions_public
        and reader.user_id = ${readerId}::uuid
    ) as inside
  `)
  const [row] = (result as unknown as { rows: { private: boolean; inside: boolean }[] }).rows
  return Boolean(row?.private) && !row?.inside
}
