/**
 * The latest passed review stored on the solution's row (docs/product.md §11), which the galleries sort
 * and page on: `passed_review_id`, `passed_at` (that review's created_at) and `passed_score10` (the mean
 * of its breakpoint scores times ten, rounded). A solution is listed while `passed_review_id` is set and
 * it is not hidden.
 */
import { sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

/**
 * Sets the solution's latest passed review from its reviews as they are now: the newest passed one by
 * created_at, then id, or none. Call it in the transaction that changes a review's status (after the
 * review's row and its breakpoints are written), so the galleries never see one without the other.
 */
export async function settleListing(tx: Transaction | Database, userChallengeId: number): Promise<void> {
  await tx.execute(sql`
    update user_challenges set (passed_review_id, passed_at, passed_score10) = (
      select r.id, r.created_at,
        coalesce((select round(avg(b.score::numeric) * 10)::int from review_breakpoints b
          where b.review_id = r.id), 0)
      from submission_reviews r
      where r.user_challenge_id = ${userChallengeId} and r.status = 'passed'
      order by r.created_at desc, r.id desc
      limit 1
    )
    where id = ${userChallengeId}`)
}
