import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Hono, type MiddlewareHandler } from 'hono'
import { noAdmins } from '#server/auth/admins.ts'
import { runMigrations } from '#server/db/migrate.ts'
import { memberLimitKeys } from '#server/http/member-limit-key.ts'
import { PROJECT_ROOT } from '#server/project-root.ts'
import { moderationRoutes } from '#server/routes/moderation.ts'
import { solutionRoutes } from '#server/routes/solutions.ts'
import { type GalleryResponse, galleryResponse } from '#shared/solution.ts'
import { createBenchDatabase } from './bench-database.ts'

const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres'
const SOLUTIONS = Number(process.env.BENCH_GALLERY_SOLUTIONS ?? 10_000)
const REQUESTS = Number(process.env.BENCH_GALLERY_REQUESTS ?? 300)
const WARMUP = 30
// Beside the listed ones: a tenth more hidden by their members, and a seventh more never passed.
const HIDDEN = Math.round(SOLUTIONS / 10)
const UNPASSED = Math.round(SOLUTIONS / 7)

type Meta = { title: string; category: string; difficulty: string; date: string }
const contentDir = join(PROJECT_ROOT, 'content', 'challenges')
const catalogue = readdirSync(contentDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
  .map((entry) => ({
    slug: entry.name,
    ...(JSON.parse(readFileSync(join(contentDir, entry.name, 'challenge.json'), 'utf8')) as Meta),
  }))
if (catalogue.length === 0) throw new Error(`no challenges in ${contentDir}`)

const { handle, client, drop } = await createBenchDatabase(adminUrl)

const median = (sorted: number[]) => sorted[Math.floor((sorted.length - 1) / 2)] as number
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number

try {
  await runMigrations(handle)
  const started = performance.now()
  for (const challenge of catalogue)
    await client.query(
      `insert into challenges (slug, title, description, category, difficulty, published_on, template_img,
        tablet_img, mobile_img, template_thumb, tablet_thumb, mobile_thumb, zip_file, zip_size, zip_entries,
        content_hash)
       values ($1, $2, 'A challenge', $3, $4, $5, 'k', 'k', 'k', 'k', 'k', 'k', 'k', 1, '[]', $1)`,
      [challenge.slug, challenge.title, challenge.category, challenge.difficulty, challenge.date],
    )
  const total = SOLUTIONS + HIDDEN + UNPASSED
  const count = catalogue.length
  // Members with a solution of every challenge (the last member of some), so each challenge has about
  // as many solutions as the next.
  await client.query(`
    insert into users (github_id, username, name, avatar_url)
    select i, 'member-' || i, 'Member ' || i, 'https://avatars.example/' || i
    from generate_series(1, ${Math.ceil(total / count)}) i`)
  await client.query(`
    insert into user_challenges (user_id, challenge_id, status, started_at, completed_at, challenge_live, points,
      hidden)
    select u.id, c.id, case when s.n <= ${SOLUTIONS + HIDDEN} then 'completed' else 'ongoing' end,
      now() - interval '200 days', now() - (s.n % 180) * interval '1 day', 'https://m.github.io/x',
      case when s.n <= ${SOLUTIONS + HIDDEN} then 10 else 0 end,
      s.n > ${SOLUTIONS} and s.n <= ${SOLUTIONS + HIDDEN}
    from generate_series(1, ${total}) s(n)
    join users u on u.github_id = 1 + (s.n - 1) / ${count}
    join (select id, row_number() over (order by id) - 1 as k from challenges) c on c.k = (s.n - 1) % ${count}`)
  // One to three reviews each at distinct instants over 180 days: a listed or hidden solution's newest
  // passed review is one of them, sometimes followed by a failure; the unpassed ones only failed.
  await client.query(`
    insert into submission_reviews (user_challenge_id, status, requested_url, created_at, finished_at)
    select uc.id,
      case when uc.status = 'ongoing' or (r.i = 3 and uc.id % 4 = 0) then 'failed' else 'passed' end,
      'https://m.github.io/x', t.at, t.at + interval '1 minute'
    from user_challenges uc
    cross join generate_series(1, 3) r(i)
    cross join lateral (select now() - ((uc.id::bigint * 7919 + r.i * 104729) % 15552000) * interval '1 second'
      - (uc.id % 1000) * interval '1 microsecond' as at) t
    where r.i <= 1 + uc.id % 3`)
  await client.query(`
    insert into review_breakpoints (review_id, breakpoint, width, capture_key, diff_key, design_height,
      capture_height, compared_height, height_ratio, raw_mismatch, baseline_mismatch, score)
    select r.id, b.breakpoint, b.width, 'reviews/' || r.public_id || '/' || b.breakpoint || '-capture.webp', 'k',
      900, 900, 900, 1, 0, 1, 40 + ((r.id * 31 + b.width) % 600) / 10.0
    from submission_reviews r
    cross join (values ('desktop', 1440), ('tablet', 768), ('mobile', 375)) b(breakpoint, width)`)
  // As the reviews that passed would have left them (the same statement as drizzle/0012's).
  await client.query(`
    update user_challenges uc
    set passed_review_id = l.id, passed_at = l.created_at, passed_score10 = l.score10
    from (
      select distinct on (r.user_challenge_id) r.user_challenge_id, r.id, r.created_at,
        coalesce((select round(avg(b.score::numeric) * 10)::int from review_breakpoints b
          where b.review_id = r.id), 0) as score10
      from submission_reviews r where r.status = 'passed'
      order by r.user_challenge_id, r.created_at desc, r.id desc
    ) l
    where uc.id = l.user_challenge_id`)
  // Feedback (docs/product.md §12): 0 to 52 likes each, and a third with no comment yet.
  await client.query(`
    update user_challenges set like_count = (id * 37) % 53,
      comment_count = case when id % 3 = 0 then 0 else 1 + id % 4 end`)
  // As autovacuum would: statistics, and the visibility map.
  await client.query('vacuum analyze')
  const seeded = (
    await client.query(`select
      count(*) filter (where passed_review_id is not null and not hidden) as listed,
      count(*) filter (where passed_review_id is not null and hidden) as hidden,
      count(*) filter (where passed_review_id is null) as unpassed,
      (select count(*) from submission_reviews) as reviews from user_challenges`)
  ).rows[0]
  console.log(
    `seeded ${seeded.listed} listed, ${seeded.hidden} hidden and ${seeded.unpassed} unpassed solutions of ${count} challenges (${seeded.reviews} reviews) in ${Math.round(performance.now() - started)} ms\n`,
  )

  const pass: MiddlewareHandler = async (_c, next) => next()
  const app = new Hono()
    .route('/api', solutionRoutes(handle.db, { csrf: pass, limit: pass }, { emit: () => {} }))
    .route(
      '/api',
      moderationRoutes({
        db: handle.db,
        admins: noAdmins,
        guard: { csrf: pass, limit: pass },
        limitKeyOf: memberLimitKeys('bench'),
        events: { emit: () => {} },
      }),
    )
  const get = async (path: string): Promise<GalleryResponse> => {
    const response = await app.request(path)
    if (response.status !== 200)
      throw new Error(`${path} answered ${response.status}: ${await response.text()}`)
    return galleryResponse.parse(await response.json())
  }

  // A challenge, the category most challenges share and the difficulty fewest share.
  const challengeId = (await client.query('select min(id) as id from challenges')).rows[0].id
  const category = (
    await client.query('select category from challenges group by category order by count(*) desc limit 1')
  ).rows[0].category
  const difficulty = (
    await client.query('select difficulty from challenges group by difficulty order by count(*) limit 1')
  ).rows[0].difficulty
  const newestCursor = (await get('/api/solutions')).nextCursor
  const scoreCursor = (await get('/api/solutions?sort=score')).nextCursor
  const likedCursor = (await get('/api/solutions?sort=liked')).nextCursor
  const waitingCursor = (await get('/api/needs-feedback')).nextCursor
  if (!newestCursor || !scoreCursor || !likedCursor || !waitingCursor)
    throw new Error('the first page is the last: seed more solutions')
  const galleries: [string, string][] = [
    ['newest', '/api/solutions'],
    ['score', '/api/solutions?sort=score'],
    [`category ${category}`, `/api/solutions?category=${category}`],
    [`category ${category}, score`, `/api/solutions?category=${category}&sort=score`],
    [`difficulty ${difficulty}`, `/api/solutions?difficulty=${difficulty}`],
    [`challenge ${challengeId}`, `/api/challenges/${challengeId}/solutions`],
    [`challenge ${challengeId}, score`, `/api/challenges/${challengeId}/solutions?sort=score`],
    ['page 2, newest', `/api/solutions?cursor=${encodeURIComponent(newestCursor)}`],
    ['page 2, score', `/api/solutions?sort=score&cursor=${encodeURIComponent(scoreCursor)}`],
    ['most liked', '/api/solutions?sort=liked'],
    [`category ${category}, most liked`, `/api/solutions?category=${category}&sort=liked`],
    [`challenge ${challengeId}, most liked`, `/api/challenges/${challengeId}/solutions?sort=liked`],
    ['page 2, most liked', `/api/solutions?sort=liked&cursor=${encodeURIComponent(likedCursor)}`],
    ['needs feedback', '/api/needs-feedback'],
    ['needs feedback, page 2', `/api/needs-feedback?cursor=${encodeURIComponent(waitingCursor)}`],
  ]

  // Each first page against the listed solutions ordered by hand from their reviews.
  type Order = 'newest' | 'score' | 'liked' | 'waiting'
  const ORDERS: Record<Order, string> = {
    newest: 'l.at desc, uc.id desc',
    score: 'l.score10 desc, l.at desc, uc.id desc',
    liked: 'uc.like_count desc, l.at desc, uc.id desc',
    // Needs feedback: no comment yet, the oldest pass first.
    waiting: 'l.at, uc.id',
  }
  const byHand = async (where: string, sort: Order, params: unknown[]) => {
    const rows = await client.query(
      `select uc.public_id from user_challenges uc join challenges c on c.id = uc.challenge_id
       cross join lateral (
         select r.created_at as at, coalesce((select round(avg(b.score::numeric) * 10) from review_breakpoints b
           where b.review_id = r.id), 0) as score10
         from submission_reviews r where r.user_challenge_id = uc.id and r.status = 'passed'
         order by r.created_at desc, r.id desc limit 1) l
       where not uc.hidden ${where}
       order by ${ORDERS[sort]} limit 24`,
      params,
    )
    return rows.rows.map((row) => row.public_id as string)
  }
  const checks: [string, string, string, Order, unknown[]][] = [
    ['newest', '/api/solutions', '', 'newest', []],
    ['score', '/api/solutions?sort=score', '', 'score', []],
    ['category', `/api/solutions?category=${category}`, 'and c.category = $1', 'newest', [category]],
    [
      'difficulty, score',
      `/api/solutions?difficulty=${difficulty}&sort=score`,
      'and c.difficulty = $1',
      'score',
      [difficulty],
    ],
    ['challenge', `/api/challenges/${challengeId}/solutions`, 'and c.id = $1', 'newest', [challengeId]],
    ['most liked', '/api/solutions?sort=liked', '', 'liked', []],
    [
      'category, most liked',
      `/api/solutions?category=${category}&sort=liked`,
      'and c.category = $1',
      'liked',
      [category],
    ],
    ['needs feedback', '/api/needs-feedback', 'and uc.comment_count = 0', 'waiting', []],
  ]
  for (const [label, path, where, sort, params] of checks) {
    const same =
      JSON.stringify((await get(path)).solutions.map((s) => s.id)) ===
      JSON.stringify(await byHand(where, sort, params))
    console.log(`${label}: the first page agrees with the solutions ordered by hand: ${same ? 'yes' : 'NO'}`)
    if (!same) process.exitCode = 1
  }

  console.log(`\n| gallery (${seeded.listed} listed) | requests | p50 ms | p99 ms | max ms | cards |`)
  console.log('|---|---|---|---|---|---|')
  for (const [label, path] of galleries) {
    for (let i = 0; i < WARMUP; i += 1) await get(path)
    const cards = (await get(path)).solutions.length
    const times: number[] = []
    for (let i = 0; i < REQUESTS; i += 1) {
      const start = performance.now()
      const response = await app.request(path)
      await response.text()
      times.push(performance.now() - start)
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`)
    }
    times.sort((a, b) => a - b)
    const ms = (value: number) => value.toFixed(1)
    console.log(
      `| ${label} | ${REQUESTS} | ${ms(median(times))} | ${ms(percentile(times, 99))} | ${ms(times.at(-1) ?? 0)} | ${cards} |`,
    )
  }
} finally {
  await drop()
}
