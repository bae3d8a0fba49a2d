/**
 * Reading solutions (docs/product.md "Solutions"): one solution for a reader, and the galleries. A
 * solution is listed (public, in the galleries) once one of its reviews passed and while it is not
 * hidden; its owner always sees it. The reviews' own reading (#server/review/read-model.ts) gives the
 * latest passed review's captures and quality.
 */
import { and, desc, eq, type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import { fileUrl, liveUrlOf } from '#server/catalogue/challenge-rows.ts'
import { classroomOnly, hiddenByClassroom } from '#server/classrooms/privacy.ts'
import type { Database } from '#server/db/client.ts'
import { challenges, solutionLikes, submissionReviews, userChallenges, users } from '#server/db/schema.ts'
import { cursorMicroseconds, cursorRowId, decodeCursor, encodeCursor } from '#server/http/cursor.ts'
import { readReview, scoreOf } from '#server/review/read-model.ts'
import { renderWriteUp } from '#server/solutions/write-up.ts'
import type { Category } from '#shared/categories.ts'
import type { Difficulty } from '#shared/constants.ts'
import type { Review, ReviewQuality } from '#shared/review.ts'
import {
  GALLERY_PAGE_SIZE,
  type GalleryResponse,
  type GallerySort,
  type QualitySummary,
  type Solution,
  type SolutionCard,
  type SolutionFinding,
  type SolutionIteration,
} from '#shared/solution.ts'

type SolutionRow = {
  id: number
  publicId: string
  userId: string
  status: string
  completedAt: Date | null
  challengeLive: string
  repositoryUrl: string | null
  writeUp: string | null
  hidden: boolean
  likeCount: number
  commentCount: number
  moderatorHiddenAt: Date | null
  member: { username: string; name: string | null; avatarUrl: string | null }
  challenge: { id: number; slug: string; title: string; category: string; difficulty: string }
}

/** The solution's row by its public id, with its member and challenge; null when unknown. */
export async function findSolution(db: Database, publicId: string): Promise<SolutionRow | null> {
  const [row] = await db
    .select({
      id: userChallenges.id,
      publicId: userChallenges.publicId,
      userId: userChallenges.userId,
      status: userChallenges.status,
      completedAt: userChallenges.completedAt,
      challengeLive: userChallenges.challengeLive,
      repositoryUrl: userChallenges.repositoryUrl,
      writeUp: userChallenges.writeUp,
      hidden: userChallenges.hidden,
      likeCount: userChallenges.likeCount,
      commentCount: userChallenges.commentCount,
      moderatorHiddenAt: userChallenges.moderatorHiddenAt,
      member: { username: users.username, name: users.name, avatarUrl: users.avatarUrl },
      challenge: {
        id: challenges.id,
        slug: challenges.slug,
        title: challenges.title,
        category: challenges.category,
        difficulty: challenges.difficulty,
      },
    })
    .from(userChallenges)
    .innerJoin(users, eq(users.id, userChallenges.userId))
    .innerJoin(challenges, eq(challenges.id, userChallenges.challengeId))
    .where(eq(userChallenges.publicId, publicId))
  return row ?? null
}

const percent = (score: number | null) => (score === null ? null : Math.round(score * 100))

/** The quality report in a line each (docs/product.md §10 has the report itself). */
export function summarizeQuality(quality: ReviewQuality | null): QualitySummary | null {
  if (!quality) return null
  const axe = [quality.axe.desktop, quality.axe.mobile]
  const lighthouse = quality.lighthouse
  return {
    accessibilityIssues: axe.every((audit) => audit.status === 'done')
      ? axe.reduce((sum, audit) => sum + (audit.status === 'done' ? audit.findings.length : 0), 0)
      : null,
    htmlErrors:
      quality.html.status === 'done'
        ? quality.html.documents.reduce((sum, document) => sum + document.errors, 0)
        : null,
    lighthouse:
      lighthouse.status === 'done'
        ? {
            performance: percent(lighthouse.scores.performance),
            accessibility: percent(lighthouse.scores.accessibility),
            bestPractices: percent(lighthouse.scores['best-practices']),
            seo: percent(lighthouse.scores.seo),
          }
        : null,
  }
}

/**
 * Who may read a solution (docs/product.md §11, §12): anyone while it is listed (a passed review, not
 * hidden), its owner always, and the admins once a review passed, hidden or not.
 */
export function mayReadSolution(
  solution: { userId: string; listed: boolean; passed: boolean },
  reader: { id: string | null; isAdmin: boolean },
): boolean {
  return solution.listed || solution.userId === reader.id || (reader.isAdmin && solution.passed)
}

/**
 * The solution as `readerId` may see it (null: a visitor), or null when there is none or it is not
 * theirs to see: unlisted (no passed review, or hidden) and not theirs, unless the reader is an admin and
 * a review of it passed.
 */
export async function readSolution(
  db: Database,
  publicId: string,
  readerId: string | null,
  readerIsAdmin = false,
): Promise<Solution | null> {
  const row = await findSolution(db, publicId)
  if (!row) return null
  const owner = row.userId === readerId
  const reviews = await db
    .select({
      id: submissionReviews.publicId,
      status: submissionReviews.status,
      score: scoreOf,
      requestedUrl: submissionReviews.requestedUrl,
      repositoryUrl: submissionReviews.repositoryUrl,
      createdAt: submissionReviews.createdAt,
    })
    .from(submissionReviews)
    .where(eq(submissionReviews.userChallengeId, row.id))
    .orderBy(desc(submissionReviews.createdAt), desc(submissionReviews.id))
  const latestPassed = reviews.find((review) => review.status === 'passed')
  const listed = latestPassed !== undefined && !row.hidden
  if (
    !mayReadSolution(
      { userId: row.userId, listed, passed: latestPassed !== undefined },
      { id: readerId, isAdmin: readerIsAdmin },
    )
  )
    return null
  // A classroom-only solution is its classroom's: a 404 to everyone else (docs/product.md §13).
  if (
    !owner &&
    !readerIsAdmin &&
    (await hiddenByClassroom(db, { userId: row.userId, challengeId: row.challenge.id }, readerId))
  )
    return null
  const [liked] = readerId
    ? await db
        .select({ userId: solutionLikes.userId })
        .from(solutionLikes)
        .where(and(eq(solutionLikes.userChallengeId, row.id), eq(solutionLikes.userId, readerId)))
    : []
  const report = latestPassed ? (await readReview(db, latestPassed.id))?.review : undefined
  const iterations: SolutionIteration[] = reviews
    // A review that has not passed is its member's and the admins' only (docs/product.md §10, §11).
    .filter((review) => owner || readerIsAdmin || review.status === 'passed')
    .map((review) => ({
      reviewId: review.id,
      status: review.status as SolutionIteration['status'],
      score: review.score === null ? null : Number(review.score),
      requestedUrl: review.requestedUrl,
      createdAt: review.createdAt.toISOString(),
      public: review === latestPassed,
    }))
  return {
    id: row.publicId,
    member: row.member,
    challenge: row.challenge as Solution['challenge'],
    // What passed is what is shown (docs/product.md §11): a later submit, pending or failed, changes
    // nothing here. Before anything passed, only the owner reads this: their last submit.
    liveUrl: latestPassed ? latestPassed.requestedUrl : liveUrlOf(row.challengeLive),
    repositoryUrl: latestPassed ? latestPassed.repositoryUrl : row.repositoryUrl,
    writeUp: row.writeUp,
    writeUpHtml: renderWriteUp(row.writeUp),
    hidden: row.hidden,
    listed,
    completedAt: row.completedAt?.toISOString() ?? null,
    latestReview: report
      ? {
          id: report.id,
          score: report.score,
          createdAt: report.createdAt,
          captures: report.breakpoints.map((b) => ({
            breakpoint: b.breakpoint,
            width: b.width,
            height: b.captureHeight,
            score: b.score,
            captureUrl: b.captureUrl,
            previewUrl: b.previewUrl,
            designUrl: b.designUrl,
            designHeight: b.designHeight,
            diffUrl: b.diffUrl,
            comparedHeight: b.comparedHeight,
          })),
          quality: summarizeQuality(report.quality),
          findings: topFindings(report.breakpoints),
        }
      : null,
    iterations,
    likeCount: row.likeCount,
    commentCount: row.commentCount,
    likedByMe: liked !== undefined,
    moderatorHidden: row.moderatorHiddenAt !== null,
  }
}

/** How many of a review's findings the solution page shows (docs/product.md §11). */
export const SOLUTION_FINDINGS = 3

/** A review's findings of most weight across its breakpoints, highest first, as the solution page shows them. */
function topFindings(breakpoints: Review['breakpoints']): SolutionFinding[] {
  return breakpoints
    .flatMap(({ breakpoint, elements }) =>
      (elements?.findings ?? []).map(({ weight, severity, sentence }) => ({
        weight,
        breakpoint,
        severity,
        sentence,
      })),
    )
    .sort((a, b) => b.weight - a.weight)
    .slice(0, SOLUTION_FINDINGS)
    .map(({ breakpoint, severity, sentence }) => ({ breakpoint, severity, sentence }))
}

/**
 * A page's position: the last card's sort value and solution id, as base64url JSON. The sort value is,
 * for newest: microseconds since 1970; score: the score times ten (one decimal), then the microseconds;
 * liked: the like count, then the microseconds.
 */
const galleryCursor = (key: z.ZodString) =>
  z.tuple([key, cursorRowId]).transform(([key, id]) => ({ key, id }))
const galleryCursors: Record<GallerySort, ReturnType<typeof galleryCursor>> = {
  newest: galleryCursor(cursorMicroseconds),
  score: galleryCursor(z.string().regex(/^\d{1,4}:\d{1,17}$/)),
  liked: galleryCursor(z.string().regex(/^\d{1,10}:\d{1,17}$/)),
}

export type GalleryFilter = {
  challengeId?: number
  category?: Category
  difficulty?: Difficulty
  sort: GallerySort
  cursor?: string
  limit?: number
}

/**
 * A gallery page (docs/product.md §11): listed solutions only, newest passed review first, highest
 * score first (then newest) or most liked first (then newest, docs/product.md §12), by keyset on (sort value, solution id), so solutions listed after the first
 * page was read never make a later page repeat or skip a card.
 *
 * It reads the latest passed review stored on each solution's row (#server/solutions/listing.ts), so a
 * page is a range of one of the partial gallery indexes (drizzle/0012_gallery_passed_review.sql): the
 * site-wide one, or, when the page is of some challenges (one, a category, a difficulty), each of those
 * challenges' own range, merged; there are few challenges. Members, challenges and the desktop capture
 * are joined to the page's rows only.
 */
export async function readGallery(db: Database, filter: GalleryFilter): Promise<GalleryResponse> {
  const limit = filter.limit ?? GALLERY_PAGE_SIZE
  const result = await db.execute(galleryQuery(filter))
  const rows = (result as unknown as { rows: GalleryRow[] }).rows
  const pageRows = rows.slice(0, limit)
  const last = pageRows.at(-1)
  const nextCursor =
    rows.length > limit && last
      ? encodeCursor([
          filter.sort === 'newest'
            ? last.passed_us
            : filter.sort === 'score'
              ? `${last.score10}:${last.passed_us}`
              : `${last.like_count}:${last.passed_us}`,
          last.id,
        ])
      : null
  return { solutions: pageRows.map(toCard), nextCursor }
}

/**
 * The query of a gallery page: one row more than the page, to tell whether another follows. A bad
 * cursor is a 400 that says so. `npm run bench:explain` prints its plans.
 */
export function galleryQuery(filter: GalleryFilter): SQL {
  const limit = filter.limit ?? GALLERY_PAGE_SIZE
  const cursor =
    filter.cursor === undefined ? undefined : decodeCursor(filter.cursor, galleryCursors[filter.sort])
  // The listed solutions: the same condition as the gallery indexes' own, so the planner uses them.
  const conditions = [
    sql`uc.passed_review_id is not null`,
    sql`not uc.hidden`,
    // Classroom-only solutions stay out of the galleries (docs/product.md §13): a few index
    // probes per row of the range, which stays a range of the same partial index.
    sql`not ${classroomOnly('uc')}`,
  ]
  // The cursor's microseconds since 1970 as the timestamp they were read from, exactly.
  const at = (us: string) => sql`(to_timestamp(0) + ${us}::bigint * interval '1 microsecond')`
  if (cursor && filter.sort === 'newest') {
    conditions.push(sql`(uc.passed_at, uc.id) < (${at(cursor.key)}, ${cursor.id})`)
  } else if (cursor) {
    const [value, passed] = cursor.key.split(':') as [string, string]
    const column = filter.sort === 'score' ? sql.raw('uc.passed_score10') : sql.raw('uc.like_count')
    conditions.push(sql`(${column}, uc.passed_at, uc.id) < (${Number(value)}, ${at(passed)}, ${cursor.id})`)
  }
  const order = (alias: string) =>
    filter.sort === 'newest'
      ? sql.raw(`${alias}.passed_at desc, ${alias}.id desc`)
      : filter.sort === 'score'
        ? sql.raw(`${alias}.passed_score10 desc, ${alias}.passed_at desc, ${alias}.id desc`)
        : sql.raw(`${alias}.like_count desc, ${alias}.passed_at desc, ${alias}.id desc`)
  const rangeOf = (challenge?: SQL) => sql`
    select ${SOLUTION_PAGE_COLUMNS}
    from user_challenges uc
    where ${sql.join(challenge ? [challenge, ...conditions] : conditions, sql` and `)}
    order by ${order('uc')}
    limit ${limit + 1}`
  const challengeConditions: SQL[] = []
  if (filter.challengeId !== undefined) challengeConditions.push(sql`c.id = ${filter.challengeId}`)
  if (filter.category !== undefined) challengeConditions.push(sql`c.category = ${filter.category}`)
  if (filter.difficulty !== undefined) challengeConditions.push(sql`c.difficulty = ${filter.difficulty}`)
  const page = challengeConditions.length
    ? sql`
      select p.* from challenges c
      cross join lateral (${rangeOf(sql`uc.challenge_id = c.id`)}) p
      where ${sql.join(challengeConditions, sql` and `)}
      order by ${order('p')}
      limit ${limit + 1}`
    : rangeOf()
  return cardRows(page, order('p'))
}

/** The columns a page of solutions selects from user_challenges, before cardRows joins the rest. */
export const SOLUTION_PAGE_COLUMNS = sql.raw(
  'uc.id, uc.public_id, uc.user_id, uc.challenge_id, uc.passed_review_id, uc.passed_at, uc.passed_score10, uc.like_count, uc.comment_count',
)

/**
 * A page's card rows from `page`, a query of SOLUTION_PAGE_COLUMNS: the member, the challenge and the
 * desktop capture joined to the page's rows only, in `order` (of `p`).
 */
export function cardRows(page: SQL, order: SQL): SQL {
  return sql`
    select p.id, p.public_id, u.username, u.name, u.avatar_url,
      c.id as challenge_id, c.slug, c.title, c.category, c.difficulty,
      p.passed_at, (extract(epoch from p.passed_at) * 1000000)::bigint::text as passed_us,
      p.passed_score10 as score10, p.like_count, p.comment_count,
      b.capture_key, b.preview_key
    from (${page}) p
    join users u on u.id = p.user_id
    join challenges c on c.id = p.challenge_id
    left join review_breakpoints b on b.review_id = p.passed_review_id and b.breakpoint = 'desktop'
    order by ${order}
  `
}

export type GalleryRow = {
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
  preview_key: string | null
}

export function toCard(row: GalleryRow): SolutionCard {
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
    previewUrl: row.preview_key ? fileUrl(row.preview_key) : null,
    likeCount: Number(row.like_count),
    commentCount: Number(row.comment_count),
  }
}

/** Unused columns are not read: an owner's edit needs the row's owner and id only. */
export async function solutionOwner(db: Database, publicId: string) {
  const [row] = await db
    .select({
      id: userChallenges.id,
      userId: userChallenges.userId,
      moderatorHiddenAt: userChallenges.moderatorHiddenAt,
    })
    .from(userChallenges)
    .where(and(eq(userChallenges.publicId, publicId)))
  return row ?? null
}
