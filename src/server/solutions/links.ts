/**
 * Links to solutions wherever one is named (docs/product.md §11): the leaderboard's rows link each
 * member's latest listed solution, a competition's entries their entrant's solution of its challenge.
 * Only listed solutions are linked (a review passed, not hidden, not classroom-only: docs/product.md §13):
 * anyone else would find the page a 404.
 */
import { sql } from 'drizzle-orm'
import { classroomOnly } from '#server/classrooms/privacy.ts'
import type { Database } from '#server/db/client.ts'

type Row = { key: string; public_id: string }

async function rowsOf(db: Database, query: ReturnType<typeof sql>): Promise<Map<string, string>> {
  const result = await db.execute(query)
  const rows = (result as unknown as { rows: Row[] }).rows
  return new Map(rows.map((row) => [row.key, row.public_id]))
}

/** `(a, b, c)`: the values as parameters, for `in`. */
const listOf = (values: readonly string[]) =>
  sql`(${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`

/** Listed: a review passed (its row keeps the latest, #server/solutions/listing.ts) and not hidden. */
const listed = sql`uc.passed_review_id is not null and not uc.hidden and not ${classroomOnly('uc')}`

/** Each member's latest listed solution, by username (members without one are left out). */
export async function latestListedSolutions(
  db: Database,
  usernames: readonly string[],
): Promise<Map<string, string>> {
  if (usernames.length === 0) return new Map()
  return rowsOf(
    db,
    sql`select distinct on (u.username) u.username as key, uc.public_id
      from users u
      join user_challenges uc on uc.user_id = u.id
      where u.username in ${listOf(usernames)} and ${listed}
      order by u.username, uc.passed_at desc, uc.id desc`,
  )
}

/** The listed solutions of one challenge, by member id (members without one are left out). */
export async function listedSolutionsOf(
  db: Database,
  challengeId: number,
  userIds: readonly string[],
): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map()
  return rowsOf(
    db,
    sql`select uc.user_id::text as key, uc.public_id
      from user_challenges uc
      where uc.challenge_id = ${challengeId} and uc.user_id in ${listOf(userIds)} and ${listed}`,
  )
}
