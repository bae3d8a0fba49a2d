/**
 * The "needs feedback" list (docs/product.md §12, "Needs feedback"): listed solutions nobody has commented
 * on yet, the longest waiting first, never the reader's own. A signed-in reader gets first those of the
 * challenges they completed themselves ("You built this one too"), then all the others.
 */
import { type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import { classroomOnly } from '#server/classrooms/privacy.ts'
import type { Database } from '#server/db/client.ts'
import { userChallenges } from '#server/db/schema.ts'
import { cursorMicroseconds, cursorRowId, decodeCursor, encodeCursor } from '#server/http/cursor.ts'
import { cardRows, type GalleryRow, SOLUTION_PAGE_COLUMNS, toCard } from '#server/solutions/read.ts'
import type { NeedsFeedbackCard, NeedsFeedbackResponse } from '#shared/feedback.ts'
import { challengeGalleryQuery, GALLERY_PAGE_SIZE } from '#shared/solution.ts'

/** GET /api/needs-feedback's query: the galleries' `cursor` and `limit`. */
export const needsFeedbackQuery = challengeGalleryQuery.omit({ sort: true })

/**
 * A page's position: its segment (0: challenges the reader completed, 1: the others), the last card's
 * passed_at in microseconds since 1970, and its solution id; base64url JSON.
 */
const needsFeedbackCursor = z
  .tuple([z.union([z.literal(0), z.literal(1)]), cursorMicroseconds, cursorRowId])
  .transform(([segment, passedUs, id]) => ({ segment, passedUs, id }))
type Cursor = z.output<typeof needsFeedbackCursor>

/**
 * One segment's range, after `after` (if any), at most `count` rows. The condition is the partial index
 * user_challenges_needs_feedback_idx's own, written the same way, so the planner reads that index in order.
 */
export function segmentQuery(
  readerId: string | null,
  segment: 0 | 1,
  after: Cursor | null,
  count: number,
): SQL {
  const conditions: SQL[] = [
    sql`uc.passed_review_id is not null and not uc.hidden and uc.comment_count = 0`,
    // Classroom-only solutions are the classroom's (docs/product.md §13).
    sql`not ${classroomOnly('uc')}`,
  ]
  if (readerId !== null) {
    conditions.push(sql`uc.user_id <> ${readerId}`)
    const completed = sql`select own.challenge_id from user_challenges own
      where own.user_id = ${readerId} and own.status = 'completed'`
    conditions.push(
      segment === 0 ? sql`uc.challenge_id in (${completed})` : sql`uc.challenge_id not in (${completed})`,
    )
  }
  if (after) {
    const at = sql`(to_timestamp(0) + ${after.passedUs}::bigint * interval '1 microsecond')`
    conditions.push(sql`(uc.passed_at, uc.id) > (${at}, ${after.id})`)
  }
  const page = sql`
    select ${SOLUTION_PAGE_COLUMNS}
    from user_challenges uc
    where ${sql.join(conditions, sql` and `)}
    order by uc.passed_at, uc.id
    limit ${count}`
  return cardRows(page, sql.raw('p.passed_at, p.id'))
}

function toNeedsFeedbackCard(row: GalleryRow, builtByYouToo: boolean): NeedsFeedbackCard {
  return { ...toCard(row), builtByYouToo }
}

/**
 * A page of the list for `readerId` (null: a visitor, who has no first segment), by keyset on
 * (segment, passed_at, id): solutions listed after the first page was read never make a later page
 * repeat a card. A bad cursor is a 400 that says so.
 */
export async function readNeedsFeedback(
  db: Database,
  readerId: string | null,
  options: { cursor?: string | undefined; limit?: number | undefined },
): Promise<NeedsFeedbackResponse> {
  const limit = options.limit ?? GALLERY_PAGE_SIZE
  const cursor = options.cursor === undefined ? null : decodeCursor(options.cursor, needsFeedbackCursor)
  // One row more than the page, to tell whether another follows.
  const found: { row: GalleryRow; segment: 0 | 1 }[] = []
  const segments: (0 | 1)[] = readerId === null ? [1] : [0, 1]
  for (const segment of segments) {
    if (cursor && segment < cursor.segment) continue
    const after = cursor && cursor.segment === segment ? cursor : null
    // Raw SQL: a segment is a range plugged into the galleries' card query, which is raw SQL itself
    // (cardRows and SOLUTION_PAGE_COLUMNS in solutions/read.ts): the builder could only wrap it as text.
    const result = await db.execute(segmentQuery(readerId, segment, after, limit + 1 - found.length))
    for (const row of (result as unknown as { rows: GalleryRow[] }).rows) found.push({ row, segment })
    if (found.length > limit) break
  }
  const page = found.slice(0, limit)
  const last = page.at(-1)
  const nextCursor =
    found.length > limit && last ? encodeCursor([last.segment, last.row.passed_us, last.row.id]) : null
  return {
    solutions: page.map(({ row, segment }) => toNeedsFeedbackCard(row, segment === 0)),
    nextCursor,
    // A card, or a cursor from an earlier page, says so already; only an empty first page asks.
    anyPublished: page.length > 0 || cursor !== null || (await anySolutionListed(db)),
  }
}

/** Whether any solution is listed: one row of the partial index user_challenges_gallery_newest_idx. */
async function anySolutionListed(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(userChallenges)
    .where(sql`${userChallenges.passedReviewId} is not null and not ${userChallenges.hidden}`)
    .limit(1)
  return row !== undefined
}
