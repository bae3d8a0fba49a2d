import { type SQL, sql } from 'drizzle-orm'
import { runMigrations } from '#server/db/migrate.ts'
import {
  ALL_TIME_READ,
  leaderboardQuery,
  periodLeaderboardQuery,
  readLeaderboard,
} from '#server/leaderboard/leaderboard.ts'
import { segmentQuery } from '#server/moderation/needs-feedback.ts'
import { galleryQuery, readGallery } from '#server/solutions/read.ts'
import { periodStart } from '#shared/periods.ts'
import { createBenchDatabase } from './bench-database.ts'
import { explainAnalyze, printPlan } from './plans.ts'

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
if (!adminUrl)
  throw new Error('Set BENCH_DATABASE_URL to a PostgreSQL server (the script makes its own database).')
const USERS = Number(process.env.BENCH_USERS ?? 100_000)
const PER_USER = 10 // user_challenges rows per user: 1,000,000 in all
const CHALLENGES = 40

const { handle, client, drop } = await createBenchDatabase(adminUrl)

try {
  await runMigrations(handle)
  const started = performance.now()
  await client.query(`
    insert into challenges (slug, title, description, category, difficulty, published_on, template_img, tablet_img,
      mobile_img, template_thumb, tablet_thumb, mobile_thumb, zip_file, zip_size, zip_entries, content_hash)
    select 'c-' || i, 'Challenge ' || i, 'A challenge', (array['navbar','footer','landing-page','hero','features'])[1 + i % 5],
      (array['easy','intermediate','hard'])[1 + i % 3], date '2026-01-01' + i, 'k', 'k', 'k', 'k', 'k', 'k', 'k', 1, '[]', 'h' || i
    from generate_series(1, ${CHALLENGES}) i`)
  await client.query(`
    insert into users (github_id, username, name, points, submission)
    select i, 'user-' || i, 'User ' || i, 0, 0 from generate_series(1, ${USERS}) i`)
  await client.query(`
    insert into user_challenges (user_id, challenge_id, status, started_at, completed_at, challenge_live, points)
    select u.id, 1 + ((u.github_id + j * 7) % ${CHALLENGES}),
      case when (u.github_id + j) % 3 = 0 then 'completed' else 'ongoing' end,
      now() - (j || ' days')::interval,
      case when (u.github_id + j) % 3 = 0 then now() - (j || ' hours')::interval end,
      case when (u.github_id + j) % 3 = 0 then 'https://u.github.io/x' else ' ' end,
      case when (u.github_id + j) % 3 = 0 then 10 else 0 end
    from users u cross join generate_series(0, ${PER_USER - 1}) j`)
  await client.query(`
    update users u set points = t.points, submission = t.completed
    from (select user_id, sum(points) as points, count(*) filter (where status = 'completed') as completed
          from user_challenges group by user_id) t
    where t.user_id = u.id`)
  // Completions of the last 90 days, each awarded when it happened (the hour depends on the row).
  await client.query(`
    insert into points_ledger (user_id, reason, reference, points, user_challenge_id, created_at)
    select user_id, 'challenge_completed', challenge_id::text, points, id,
      now() - ((id::bigint * 7919) % (90 * 24)) * interval '1 hour'
    from user_challenges where status = 'completed'
    on conflict do nothing`)
  await client.query(`update user_challenges set ownership = case when id % 2 = 0 then 'verified' else 'mismatch' end
    where status = 'completed'`)
  await client.query(`
    update users u set points = t.points
    from (select user_id, sum(points) as points from points_ledger group by user_id) t
    where t.user_id = u.id`)
  // Solutions (docs/product.md §11): a passed review, with its breakpoints, for a tenth of the completed
  // rows, a twentieth of which their members hid; the row's latest passed review as a pass leaves it.
  await client.query(`
    insert into submission_reviews (user_challenge_id, status, requested_url, created_at, finished_at)
    select id, 'passed', challenge_live, completed_at, completed_at + interval '1 minute'
    from user_challenges where status = 'completed' and id % 10 = 0`)
  await client.query(`
    insert into review_breakpoints (review_id, breakpoint, width, capture_key, diff_key, design_height,
      capture_height, compared_height, height_ratio, raw_mismatch, baseline_mismatch, score)
    select r.id, b.breakpoint, b.width, 'k', 'k', 900, 900, 900, 1, 0, 1, 40 + ((r.id * 31 + b.width) % 600) / 10.0
    from submission_reviews r
    cross join (values ('desktop', 1440), ('tablet', 768), ('mobile', 375)) b(breakpoint, width)`)
  await client.query(`
    update user_challenges uc
    set passed_review_id = r.id, passed_at = r.created_at, hidden = uc.id % 200 = 0,
      passed_score10 = (select round(avg(b.score::numeric) * 10)::int from review_breakpoints b where b.review_id = r.id)
    from submission_reviews r where r.user_challenge_id = uc.id`)
  // Feedback (docs/product.md §12): likes on every listed solution, comments on two in three.
  await client.query(`
    update user_challenges set like_count = (id * 37) % 53,
      comment_count = case when id % 3 = 0 then 0 else 1 + id % 4 end
    where passed_review_id is not null`)
  // As autovacuum would: statistics, and the visibility map that lets index-only scans skip the table.
  await client.query('vacuum analyze')
  const counts = await client.query(
    'select (select count(*) from users) as users, (select count(*) from user_challenges) as rows',
  )
  console.log(
    `seeded ${counts.rows[0].users} users and ${counts.rows[0].rows} user_challenges in ${Math.round(performance.now() - started)} ms\n`,
  )

  const someUser = (
    await client.query(`select id, username from users where github_id = ${Math.floor(USERS / 2)}`)
  ).rows[0]
  const leaderboard = leaderboardQuery(handle.db, ALL_TIME_READ).toSQL()
  const now = new Date()
  const week = periodLeaderboardQuery(handle.db, periodStart('week', now) ?? now).toSQL()
  const month = periodLeaderboardQuery(handle.db, periodStart('month', now) ?? now).toSQL()

  // The period boards against the ledger summed by hand, with the same order and limit.
  for (const period of ['week', 'month'] as const) {
    const since = periodStart(period, now) ?? now
    const board = await readLeaderboard(handle.db, period, now)
    const byHand = await client.query(
      `select u.username, sum(l.points)::int as points from points_ledger l join users u on u.id = l.user_id
       where l.created_at >= $1 group by u.id, u.username
       order by sum(l.points) desc, count(*) desc, u.username limit 10`,
      [since.toISOString()],
    )
    const same =
      JSON.stringify(board.map((e) => [e.username, e.points])) ===
      JSON.stringify(byHand.rows.map((r) => [r.username, r.points]))
    console.log(`${period} leaderboard agrees with the ledger summed by hand: ${same ? 'yes' : 'NO'}`)
    if (!same) process.exitCode = 1
  }
  console.log()

  const queries: [string, string, unknown[]][] = [
    ['leaderboard (top card + top 10)', leaderboard.sql, leaderboard.params],
    ['leaderboard, this week (ledger)', week.sql, week.params],
    ['leaderboard, this month (ledger)', month.sql, month.params],
    [
      'dashboard counts',
      `select count(case when status = 'ongoing' then 1 end), count(case when status = 'completed' then 1 end)
       from user_challenges where user_id = $1`,
      [someUser.id],
    ],
    [
      'my challenges by status',
      `select * from user_challenges uc join challenges c on c.id = uc.challenge_id
       where uc.user_id = $1 and uc.status = 'completed' order by uc.completed_at desc, uc.id desc`,
      [someUser.id],
    ],
    ['public profile', 'select * from users where username = $1 limit 1', [someUser.username]],
    [
      'profile submissions',
      `select c.*, uc.challenge_live, uc.completed_at from user_challenges uc join challenges c on c.id = uc.challenge_id
       where uc.user_id = $1 and uc.status = 'completed' order by uc.completed_at desc, uc.id desc`,
      [someUser.id],
    ],
    [
      'progress on one challenge',
      'select * from user_challenges where user_id = $1 and challenge_id = $2',
      [someUser.id, 1],
    ],
  ]
  for (const [title, sql, params] of queries) printPlan(title, await explainAnalyze(client, { sql, params }))

  // The solution galleries: each page a range of a partial gallery index, whatever the number of solutions.
  const listed = await client.query(
    'select count(*) from user_challenges where passed_review_id is not null and not hidden',
  )
  console.log(`(${listed.rows[0].count} listed solutions)\n`)
  const page2 = async (filter: Parameters<typeof readGallery>[1]) => {
    const cursor = (await readGallery(handle.db, filter)).nextCursor
    if (!cursor) throw new Error('the first gallery page is the last')
    return { ...filter, cursor }
  }
  const galleries: [string, Parameters<typeof galleryQuery>[0]][] = [
    ['gallery, newest', { sort: 'newest' }],
    ['gallery, highest score', { sort: 'score' }],
    ['gallery, a category, newest', { sort: 'newest', category: 'hero' }],
    ['gallery, a difficulty, highest score', { sort: 'score', difficulty: 'hard' }],
    ["a challenge's gallery, newest", { sort: 'newest', challengeId: 1 }],
    ["a challenge's gallery, highest score", { sort: 'score', challengeId: 1 }],
    ['gallery, newest, page 2', await page2({ sort: 'newest' })],
    ['gallery, highest score, page 2', await page2({ sort: 'score' })],
    ['gallery, most liked', { sort: 'liked' }],
    ['gallery, a category, most liked', { sort: 'liked', category: 'hero' }],
    ["a challenge's gallery, most liked", { sort: 'liked', challengeId: 1 }],
    ['gallery, most liked, page 2', await page2({ sort: 'liked' })],
  ]
  const explainQuery = async (title: string, query: SQL) => {
    const plan = await handle.db.execute(sql`explain (analyze, buffers) ${query}`)
    printPlan(
      title,
      (plan as unknown as { rows: Record<string, string>[] }).rows.map((row) => row['QUERY PLAN'] as string),
    )
  }
  for (const [title, filter] of galleries) await explainQuery(title, galleryQuery(filter))

  // Needs feedback (docs/product.md §12): a visitor's list, and a member's two parts (the challenges they
  // completed first, then the others), each a range of the partial index of uncommented solutions.
  const needsFeedback: [string, SQL][] = [
    ['needs feedback, a visitor', segmentQuery(null, 1, null, 25)],
    ["needs feedback, a member's challenges", segmentQuery(someUser.id, 0, null, 25)],
    ['needs feedback, the other challenges', segmentQuery(someUser.id, 1, null, 25)],
  ]
  for (const [title, query] of needsFeedback) await explainQuery(title, query)
} finally {
  await drop()
}
