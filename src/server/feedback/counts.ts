import { sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'

/**
 * Sets a solution's `comment_count` to its visible comments and replies (not deleted, not hidden by an
 * admin, not under a hidden comment), docs/product.md §12. Called in the transaction of every change that can alter it (a comment, a
 * deletion, a hide, a restore), after the change, so the count can never drift from the rows.
 */
export async function recountComments(db: Pick<Database, 'execute'>, userChallengeId: number): Promise<void> {
  await db.execute(sql`
    update user_challenges set comment_count = (
      select count(*)::int from comments c
      where c.user_challenge_id = ${userChallengeId} and c.deleted_at is null and c.hidden_at is null
        -- A reply under a comment an admin hid is hidden with it.
        and not exists (select 1 from comments p where p.id = c.parent_id and p.hidden_at is not null)
    )
    where id = ${userChallengeId}`)
}
