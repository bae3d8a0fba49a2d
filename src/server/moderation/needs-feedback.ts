/**
 * The "needs feedback" list (docs/product.md §12, "Needs feedback"): listed solutions nobody has commented
 * on yet, the longest waiting first, never the reader's own. A signed-in reader gets first those of the
 * challenges they completed themselves ("You built this one too"), then all the others.
 */
import { type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import { fileUrl } from '#server/catalogue/challenge-rows.ts'
import type { Database } from '#server/db/client.ts'
import { HttpError } from '#server/http/errors.ts'
import type { NeedsFeedbackCard, NeedsFeedbackResponse } from '#shared/feedback.ts'
import { GALLERY_MAX_LIMIT, GALLERY_PAGE_SIZE, type SolutionCard } from '#shared/solution.ts'

const CURSOR_INVALID = 'must be the nextCursor of a previous page'
const LIMIT_INVALID = `must be a whole number from 1 to ${GALLERY_MAX_LIMIT}`

/** GET /api/needs-feedback's query: the galleries' `cursor` and `limit`. */
export const needsFeedbackQuery = z.object({
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, CURSOR_INVALID)
    .optional(),
  limit: z
    .string()
    .regex(/^[1-9]\d{0,1}$/, LIMIT_INVALID)
    .transform(Number)
    .refine((n) => n <= GALLERY_MAX_LIMIT, LIMIT_INVALID)
    .optional(),
})

/**
 * A page's position: its segment (0: challenges the reader completed, 1: the others), the last card's
 * passed_at in microseconds since 1970, and its solution id; base64url JSON.
 */
type Cursor = { segment: 0 | 1; passedUs: string; id: number }

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.segment, cursor.passedUs, cursor.id])).toString('base64url')
}

function decodeCursor(value: string): Cursor {
  const invalid = () => new HttpError(400, 'bad_request', `cursor: ${CURSOR_INVALID}`)
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'))
  } catch {
    throw invalid()
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw invalid()
  const [segment, passedUs, id] = parsed as [unknown, unknown, unknown]
  if (segment !== 0 && segment !== 1) throw invalid()
  if (typeof passedUs !== 'string' || !/^\d{1,17}$/.test(passedUs)) throw invalid()
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw invalid()
  return { segment, passedUs, id }
}

type Row = {
  id: number
  public_id: string
  username: string
  name: string | null
  avatar_url: string | null
  challenge_id: number
  slug: string
  title: string
  category: string
  difficulty: string
  passed_at: Date | string
  passed_us: string
  score10: number
  like_count: number
  comment_count: number
  capture_key: string | null
}

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
  const conditions: SQL[] = [sql`uc.passed_review_id is not null and not uc.hidden and uc.comment_count = 0`]
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
  return sql`
    select p.id, p.public_id, u.username, u.name, u.avatar_url,
      c.id as challenge_id, c.slug, c.title, c.category, c.difficulty,
      p.passed_at, (extract(epoch from p.passed_at) * 1000000)::bigint::text as passed_us,
      p.passed_score10 as score10, p.like_count, p.comment_count,
      (select b.capture_key from review_breakpoints b
        where b.review_id = p.passed_review_id and b.breakpoint = 'desktop') as capture_key
    from (
      select uc.id, uc.public_id, uc.user_id, uc.challenge_id, uc.passed_review_id, uc.passed_at,
        uc.passed_score10, uc.like_count, uc.comment_count
      from user_challenges uc
      where ${sql.join(conditions, sql` and `)}
      order by uc.passed_at, uc.id
      limit ${count}
    ) p
    join users u on u.id = p.user_id
    join challenges c on c.id = p.challenge_id
    order by p.passed_at, p.id`
}

function toCard(row: Row, builtByYouToo: boolean): NeedsFeedbackCard {
  return {
    id: row.public_id,
    member: { username: row.username, name: row.name, avatarUrl: row.avatar_url },
    challenge: {
      id: row.challenge_id,
      slug: row.slug,
      title: row.title,
      category: row.category as SolutionCard['challenge']['category'],
      difficulty: row.difficulty as SolutionCard['challenge']['difficulty'],
    },
    score: Number(row.score10) / 10,
    passedAt: new Date(row.passed_at).toISOString(),
    captureUrl: row.capture_key ? fileUrl(row.capture_key) : null,
    likeCount: Number(row.like_count),
    commentCount: Number(row.comment_count),
    builtByYouToo,
  }
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
  const cursor = options.cursor === undefined ? null : decodeCursor(options.cursor)
  // One row more than the page, to tell whether another follows.
  const found: { row: Row; segment: 0 | 1 }[] = []
  const segments: (0 | 1)[] = readerId === null ? [1] : [0, 1]
  for (const segment of segments) {
    if (cursor && segment < cursor.segment) continue
    const after = cursor && cursor.segment === segment ? cursor : null
    const result = await db.execute(segmentQuery(readerId, segment, after, limit + 1 - found.length))
    for (const row of (result as unknown as { rows: Row[] }).rows) found.push({ row, segment })
    if (found.length > limit) break
  }
  const page = found.slice(0, limit)
  const last = page.at(-1)
  const nextCursor =
    found.length > limit && last
      ? encodeCursor({ segment: last.segment, passedUs: last.row.passed_us, id: last.row.id })
      : null
  return { solutions: page.map(({ row, segment }) => toCard(row, segment === 0)), nextCursor }
}
