import { and, eq, isNotNull, isNull, notExists, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Database } from '#server/db/client.ts'
import { comments, userChallenges } from '#server/db/schema.ts'

const parent = alias(comments, 'parent')

/**
 * Sets a solution's `comment_count` to its visible comments and replies (not deleted, not hidden by an
 * admin, not under a hidden comment), docs/product.md §12. Called in the transaction of every change
 * that can alter it (a comment, a deletion, a hide, a restore), after the change, so the count can never
 * drift from the rows.
 */
export async function recountComments(
  db: Pick<Database, 'select' | 'update'>,
  userChallengeId: number,
): Promise<void> {
  const visible = db
    .select({ total: sql<number>`count(*)::int` })
    .from(comments)
    .where(
      and(
        eq(comments.userChallengeId, userChallengeId),
        isNull(comments.deletedAt),
        isNull(comments.hiddenAt),
        // A reply under a comment an admin hid is hidden with it.
        notExists(
          db
            .select({ one: sql`1` })
            .from(parent)
            .where(and(eq(parent.id, comments.parentId), isNotNull(parent.hiddenAt))),
        ),
      ),
    )
  await db
    .update(userChallenges)
    .set({ commentCount: sql`(${visible})` })
    .where(eq(userChallenges.id, userChallengeId))
}

/** The solution's visible comments and replies, as recountComments last counted them. */
export async function commentCount(db: Pick<Database, 'select'>, userChallengeId: number): Promise<number> {
  const [row] = await db
    .select({ count: userChallenges.commentCount })
    .from(userChallenges)
    .where(eq(userChallenges.id, userChallengeId))
  return Number(row?.count ?? 0)
}
