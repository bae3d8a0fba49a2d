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
 *
 * That review's address is the public one (docs/product.md §11), the one the weekly link checks follow
 * (#server/jobs/recheck.ts): when it changes, the link record starts clean; the same address keeps it.
 */
export async function settleListing(tx: Transaction | Database, userChallengeId: number): Promise<void> {
  await tx.execute(sql`
    with next as (
      select r.id, r.created_at, r.requested_url,
        coalesce((select round(avg(b.score::numeric) * 10)::int from review_breakpoints b
          where b.review_id = r.id), 0) as score10
      from submission_reviews r
      where r.user_challenge_id = ${userChallengeId} and r.status = 'passed'
      order by r.created_at desc, r.id desc
      limit 1
    ), previous as (
      select r.requested_url from user_challenges uc
      join submission_reviews r on r.id = uc.passed_review_id
      where uc.id = ${userChallengeId}
    ), same as (
      select (select requested_url from next) is not distinct from (select requested_url from previous) as address
    )
    update user_challenges set
      passed_review_id = (select id from next),
      passed_at = (select created_at from next),
      passed_score10 = (select score10 from next),
      link_status = case when (select address from same) then link_status else 'live' end,
      link_failures = case when (select address from same) then link_failures else 0 end,
      link_first_failure_at = case when (select address from same) then link_first_failure_at end,
      link_checked_at = case when (select address from same) then link_checked_at end,
      link_last_error = case when (select address from same) then link_last_error end
    where id = ${userChallengeId}`)
}
