// `npm run bench:scale`: the galleries, a solution with a thousand comments, needs feedback, the
// leaderboards and a busy member's notifications, at the scale of a grown site
// (docs/decisions/018-galleries-at-scale.md). On a PostgreSQL server (BENCH_DATABASE_URL, else the local
// one) it makes a database of its own, starts the built server on it (which migrates it and imports the
// catalogue), signs a member in, seeds 10,000 members, 50,000 listed solutions and 200,000 comments with
// set-based SQL, prints each route's statements with `EXPLAIN (ANALYZE, BUFFERS)`, then loads each route
// with autocannon (BENCH_CONNECTIONS, 10; BENCH_WARMUP_SECONDS, 2, not counted; then BENCH_SECONDS, 10)
// and prints req/s, p50, p99 and the server's own CPU time per request. It drops its database at the
// end. Loopback only; needs `npm run build`.
// BENCH_ROUTES=gallery,notifications runs only the routes whose names contain one of the words;
// BENCH_PLANS=off leaves the plans out.
import pg from 'pg'
import { readComments } from '#server/feedback/comments.ts'
import { listNotifications } from '#server/feedback/notifications.ts'
import { readLeaderboard } from '#server/leaderboard/leaderboard.ts'
import { readNeedsFeedback } from '#server/moderation/needs-feedback.ts'
import { type GalleryFilter, readGallery, readSolution } from '#server/solutions/read.ts'
import { HttpClient, type ServerProcess, startServer } from '#tests/support/server-process.ts'
import { createBenchDatabase } from './bench-database.ts'
import { benchServerEnv, cpuMs, measure, requireBuiltServer } from './load.ts'
import { explainAnalyze, printPlan, recordingDatabase } from './plans.ts'

const BUILT_SERVER = requireBuiltServer()
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2)
const ROUTE_WORDS = process.env.BENCH_ROUTES?.split(',').filter(Boolean) ?? []
const PLANS = process.env.BENCH_PLANS !== 'off'

const MEMBERS = 10_000
const SOLUTIONS = 50_000
/** Comments on the one solution with many: a quarter threads, each with three replies. */
const BIG_THREADS = 250
const BIG_REPLIES_PER_THREAD = 3
/** The busy member's comments on others' solutions, each answered by REPLIES_EACH replies. */
const BUSY_COMMENTS = 2_000
const REPLIES_EACH = 5
/** Top-level comments on the others' solutions: 200,000 comments in all. */
const OTHER_COMMENTS = 200_000 - BIG_THREADS * (1 + BIG_REPLIES_PER_THREAD) - BUSY_COMMENTS * REPLIES_EACH
const MEMBER = 'bench-member'

/** A comment's Markdown: a link, inline code and emphasis, as feedback usually has. */
const BODY = (n: string) =>
  `'Nice work on this one (' || ${n} || '). The **grid** collapses at \`768px\`: try \`gap: 1rem\` and ' ||
   'see [the spec](https://developer.mozilla.org/en-US/docs/Web/CSS/gap). _Well done._'`

/**
 * Seeds the site around the signed-in member (row 0 of the members): every statement set-based. Member k
 * has 1 + 7k mod 10 solutions (the first 50,000 of those, by j then k), of distinct challenges, each
 * listed with one passed review (and a failed one before it for a quarter), its breakpoints and its
 * ledger award; likes from other members; comments on two solutions in three; the notifications the
 * comments, helpful marks and reviews would have made.
 */
async function seed(client: pg.Client) {
  const q = (text: string) => client.query(text)
  await q(`
    insert into users (github_id, username, name, avatar_url)
    select 10000000 + i, 'member-' || i, 'Member ' || i, 'https://avatars.example/' || i
    from generate_series(1, ${MEMBERS - 1}) i`)
  await q(`
    create temp table bench_members as
    select (row_number() over (order by username <> '${MEMBER}', github_id) - 1)::int as k, id from users`)
  await q('alter table bench_members add primary key (k)')
  await q(`
    create temp table bench_challenges as
    select (row_number() over (order by id) - 1)::int as j, id from challenges`)
  const challengeCount = (await q('select count(*)::int as n from bench_challenges')).rows[0].n as number
  if (challengeCount < 10) throw new Error(`${challengeCount} challenges: the seed needs 10 at least`)
  const step = Math.floor(challengeCount / 10)
  // Solutions: s numbers them, 1 to 50,000; passed_at spreads over 180 days, one instant each.
  await q(`
    create temp table bench_solutions as
    select p.s, p.k, m.id as user_id, c.id as challenge_id, c.j as challenge_row,
      now() - interval '1 hour' - (p.s::bigint * 7919 % 15552000) * interval '1 second'
        - p.s * interval '1 microsecond' as passed_at,
      0 as id
    from (
      select (row_number() over (order by j, m.k))::int as s, m.k, j
      from bench_members m cross join generate_series(0, 9) j
      where j < 1 + (m.k * 7) % 10 order by j, m.k limit ${SOLUTIONS}) p
    join bench_members m on m.k = p.k
    join bench_challenges c on c.j = (p.k + p.j * ${step}) % ${challengeCount}`)
  await q(`
    insert into user_challenges (user_id, challenge_id, status, started_at, completed_at, challenge_live,
      points, ownership, link_checked_at, passed_at)
    select user_id, challenge_id, 'completed', passed_at - interval '3 days', passed_at,
      'https://member-' || k || '.example/' || challenge_row || '/', 10, 'verified', now(), passed_at
    from bench_solutions`)
  await q(`
    update bench_solutions s set id = uc.id
    from user_challenges uc where uc.user_id = s.user_id and uc.challenge_id = s.challenge_id`)
  await q('alter table bench_solutions add primary key (s)')
  await q(`
    insert into submission_reviews (user_challenge_id, status, requested_url, created_at, started_at,
      finished_at)
    select s.id, r.status, uc.challenge_live, r.at, r.at, r.at + interval '1 minute'
    from bench_solutions s join user_challenges uc on uc.id = s.id
    cross join lateral (values ('passed', s.passed_at), ('failed', s.passed_at - interval '1 day')) r(status, at)
    where r.status = 'passed' or s.s % 4 = 0`)
  await q(`
    insert into review_breakpoints (review_id, breakpoint, width, capture_key, diff_key, design_height,
      capture_height, compared_height, height_ratio, raw_mismatch, baseline_mismatch, score)
    select r.id, b.breakpoint, b.width, 'reviews/' || r.public_id || '/' || b.breakpoint || '-capture.webp',
      'reviews/' || r.public_id || '/' || b.breakpoint || '-diff.webp', 900, 900, 900, 1, 0, 1,
      40 + ((r.id * 31 + b.width) % 600) / 10.0
    from submission_reviews r
    cross join (values ('desktop', 1440), ('tablet', 768), ('mobile', 375)) b(breakpoint, width)
    where r.status = 'passed'`)
  // As a passed review leaves its solution (#server/solutions/listing.ts).
  await q(`
    update user_challenges uc
    set passed_review_id = r.id,
      passed_score10 = (select round(avg(b.score::numeric) * 10)::int from review_breakpoints b
        where b.review_id = r.id)
    from submission_reviews r where r.user_challenge_id = uc.id and r.status = 'passed'`)
  await q(`
    insert into points_ledger (user_id, reason, reference, points, user_challenge_id, created_at)
    select uc.user_id, 'challenge_completed', uc.challenge_id::text, 10, uc.id, uc.completed_at
    from user_challenges uc`)
  await q(`
    update users u set points = t.points, submission = t.completed
    from (select user_id, sum(points)::int as points, count(*)::int as completed
      from points_ledger group by user_id) t
    where t.user_id = u.id`)
  // Likes: 0 to 12 a solution, from the members 97, 194, ... rows after its own.
  await q(`
    insert into solution_likes (user_challenge_id, user_id, created_at)
    select s.id, m.id, s.passed_at + (now() - s.passed_at) * (l.i / 13.0)
    from bench_solutions s
    cross join lateral generate_series(1, (s.s * 37) % 13) l(i)
    join bench_members m on m.k = (s.k + l.i * 97) % ${MEMBERS}`)
  await q(`
    update user_challenges uc set like_count = t.n
    from (select user_challenge_id, count(*)::int as n from solution_likes group by user_challenge_id) t
    where t.user_challenge_id = uc.id`)

  // Comments. The busy member's only solution (s = 1) has the thousand; the other solutions but every
  // third get the rest, written by other members, the busy member among them.
  const at = (from: string, n: string) =>
    `${from} + (now() - ${from}) * (((${n})::bigint * 7919 % 1000 + 1) / 1001.0)`
  await q(`
    insert into comments (user_challenge_id, author_id, kind, body, created_at)
    select s.id, m.id, (array['question', 'code_review', 'praise'])[1 + n % 3], ${BODY('n')},
      ${at('s.passed_at', 'n')}
    from generate_series(1, ${BIG_THREADS}) n
    join bench_solutions s on s.s = 1
    join bench_members m on m.k = 1 + n * 31 % ${MEMBERS - 1}`)
  await q(`
    insert into comments (user_challenge_id, author_id, parent_id, kind, body, created_at)
    select p.user_challenge_id, m.id, p.id, (array['question', 'code_review', 'praise'])[1 + r % 3],
      ${BODY('p.id * 10 + r')}, ${at('p.created_at', 'p.id * 10 + r')}
    from comments p cross join generate_series(1, ${BIG_REPLIES_PER_THREAD}) r
    join bench_members m on m.k = 1 + (p.id * 17 + r * 101) % ${MEMBERS - 1}`)
  await q(`
    create temp table bench_commented as
    select (row_number() over (order by s) - 1)::int as r, s.* from bench_solutions s
    where s.s % 3 <> 0 and s.s <> 1`)
  await q('alter table bench_commented add primary key (r)')
  const commented = (await q('select count(*)::int as n from bench_commented')).rows[0].n as number
  // Every 90th of the first 180,000 is the busy member's: 2,000 comments. The others' authors are
  // neither the busy member (row 0) nor the solution's own.
  await q(`
    insert into comments (user_challenge_id, author_id, kind, body, created_at, helpful_at, deleted_at)
    select s.id, case when n % 90 = 0 and n < ${BUSY_COMMENTS * 90} then b.id else m.id end,
      (array['question', 'code_review', 'praise'])[1 + n % 3],
      case when n % 500 = 7 then '' else ${BODY('n')} end, t.at,
      case when n % 10 = 3 or n % 450 = 0 then t.at + (now() - t.at) / 2 end,
      case when n % 500 = 7 then now() end
    from generate_series(0, ${OTHER_COMMENTS - 1}) n
    join bench_commented s on s.r = n % ${commented}
    cross join lateral (select ${at('s.passed_at', 'n')} as at) t
    join bench_members m on m.k = 1 + (s.k + n * 13 % ${MEMBERS - 2}) % ${MEMBERS - 1}
    join bench_members b on b.k = 0`)
  await q(`
    insert into comments (user_challenge_id, author_id, parent_id, kind, body, created_at)
    select p.user_challenge_id, m.id, p.id, 'praise', ${BODY('p.id * 10 + r')},
      ${at('p.created_at', 'p.id * 10 + r')}
    from comments p
    join bench_members b on b.k = 0 and b.id = p.author_id
    cross join generate_series(1, ${REPLIES_EACH}) r
    join bench_members m on m.k = 1 + (p.id * 17 + r * 101) % ${MEMBERS - 1}`)
  // As recountComments keeps it (#server/feedback/counts.ts): none is hidden here.
  await q(`
    update user_challenges uc set comment_count = t.n
    from (select user_challenge_id, count(*)::int as n from comments where deleted_at is null
      group by user_challenge_id) t
    where t.user_challenge_id = uc.id`)

  // The notifications the comments, replies, helpful marks and reviews would have made
  // (#server/feedback/notifications.ts), read once older than two weeks.
  const read = `case when c.created_at < now() - interval '14 days' then c.created_at + interval '1 day' end`
  await q(`
    insert into notifications (recipient_id, kind, actor_id, user_challenge_id, comment_id, read_at, created_at)
    select uc.user_id, 'comment', c.author_id, uc.id, c.id, ${read}, c.created_at
    from comments c join user_challenges uc on uc.id = c.user_challenge_id
    left join comments p on p.id = c.parent_id
    where c.author_id <> uc.user_id and (p.id is null or p.author_id <> uc.user_id)`)
  await q(`
    insert into notifications (recipient_id, kind, actor_id, user_challenge_id, comment_id, read_at, created_at)
    select p.author_id, 'reply', c.author_id, c.user_challenge_id, c.id, ${read}, c.created_at
    from comments c join comments p on p.id = c.parent_id
    where p.author_id <> c.author_id`)
  await q(`
    insert into notifications (recipient_id, kind, actor_id, user_challenge_id, comment_id, read_at, created_at)
    select c.author_id, 'helpful', uc.user_id, uc.id, c.id, null, c.helpful_at
    from comments c join user_challenges uc on uc.id = c.user_challenge_id
    where c.helpful_at is not null`)
  await q(`
    insert into notifications (recipient_id, kind, user_challenge_id, review_id, read_at, created_at)
    select uc.user_id, 'review', uc.id, r.id, r.finished_at + interval '1 hour', r.finished_at
    from submission_reviews r join user_challenges uc on uc.id = r.user_challenge_id`)
  // As autovacuum would: statistics, and the visibility map.
  await q('vacuum analyze')
}

type Route = {
  name: string
  path: string
  member?: boolean
  /** The route's reads, as the server runs them, for their plans. */
  reads: () => Promise<unknown>
}

const { url, client, drop } = await createBenchDatabase(adminUrl)
const pool = new pg.Pool({ connectionString: url, max: 2 })
let server: ServerProcess | undefined
try {
  server = await startServer({
    entry: BUILT_SERVER,
    databaseUrl: url,
    // No weekly link checks: the seeded sites are made up, and the bench sends nothing off this machine.
    env: benchServerEnv({ LINK_CHECK_WORKERS: '0' }),
    readyTimeoutMs: 180_000,
  })
  const http = new HttpClient(server.baseUrl)
  await http.signIn(MEMBER)
  const cookie = http.cookieHeader()

  const started = performance.now()
  await seed(client)
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  const counts = (
    await client.query(`select
      (select count(*) from users) as members,
      (select count(*) from user_challenges where passed_review_id is not null and not hidden) as listed,
      (select count(*) from user_challenges where comment_count = 0) as waiting,
      (select count(*) from submission_reviews) as reviews,
      (select count(*) from comments) as comments,
      (select count(*) from comments where helpful_at is not null) as helpful,
      (select count(*) from solution_likes) as likes,
      (select count(*) from notifications) as notifications,
      (select count(*) from points_ledger) as awards`)
  ).rows[0]
  console.log(
    `seeded in ${seconds} s: ${counts.members} members, ${counts.listed} listed solutions (${counts.waiting} without a comment), ${counts.reviews} reviews, ${counts.comments} comments (${counts.helpful} helpful), ${counts.likes} likes, ${counts.notifications} notifications, ${counts.awards} ledger awards\n`,
  )

  const member = (
    await client.query(
      `select u.id, uc.id as solution, uc.public_id, uc.challenge_id, uc.comment_count,
        (select count(*) from notifications n where n.recipient_id = u.id) as notifications,
        (select count(*) from notifications n where n.recipient_id = u.id and n.read_at is null) as unread
       from users u join user_challenges uc on uc.user_id = u.id where u.username = $1`,
      [MEMBER],
    )
  ).rows[0]
  console.log(
    `${MEMBER}: solution ${member.public_id} with ${member.comment_count} comments; ${member.notifications} notifications, ${member.unread} unread\n`,
  )
  const challengeId = member.challenge_id as number
  const solutionId = member.public_id as string

  // The cursors of the later pages, from the first pages as the server answers them.
  const cursorOf = async (path: string, member = false) => {
    const answer = member
      ? await http.json<{ nextCursor: string | null }>(path)
      : ((await (await fetch(new URL(path, server?.baseUrl))).json()) as { nextCursor: string | null })
    if (!answer.nextCursor) throw new Error(`${path}: the first page is the last`)
    return answer.nextCursor
  }
  const page2 = async (path: string, member = false) =>
    `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(await cursorOf(path, member))}`

  const { db, take } = recordingDatabase(pool)
  const visitor = { id: null, isAdmin: false }
  const gallery = (filter: GalleryFilter) => () => readGallery(db, filter)
  const galleryRoutes: Route[] = []
  for (const sort of ['newest', 'score', 'liked'] as const) {
    const all = `/api/solutions?sort=${sort}`
    const one = `/api/challenges/${challengeId}/solutions?sort=${sort}`
    const next = await page2(all)
    const oneNext = await page2(one)
    galleryRoutes.push(
      { name: `gallery, ${sort}`, path: all, reads: gallery({ sort }) },
      {
        name: `gallery, ${sort}, page 2`,
        path: next,
        reads: gallery({ sort, cursor: decodeURIComponent(next.split('cursor=')[1] ?? '') }),
      },
      { name: `challenge gallery, ${sort}`, path: one, reads: gallery({ sort, challengeId }) },
      {
        name: `challenge gallery, ${sort}, page 2`,
        path: oneNext,
        reads: gallery({ sort, challengeId, cursor: decodeURIComponent(oneNext.split('cursor=')[1] ?? '') }),
      },
    )
  }
  const waitingNext = await page2('/api/needs-feedback')
  const notificationsNext = await page2('/api/me/notifications', true)
  const commentsNext = await page2(`/api/solutions/${solutionId}/comments`)
  const cursorIn = (path: string) => decodeURIComponent(path.split('cursor=')[1] ?? '')
  const routes: Route[] = [
    ...galleryRoutes,
    {
      name: 'solution (1,000 comments)',
      path: `/api/solutions/${solutionId}`,
      reads: () => readSolution(db, solutionId, null),
    },
    {
      name: 'solution comments (1,000), first page',
      path: `/api/solutions/${solutionId}/comments`,
      reads: () => readComments(db, solutionId, visitor),
    },
    {
      name: 'solution comments (1,000), page 2',
      path: commentsNext,
      reads: () => readComments(db, solutionId, visitor, cursorIn(commentsNext)),
    },
    {
      name: 'needs feedback',
      path: '/api/needs-feedback',
      reads: () => readNeedsFeedback(db, null, {}),
    },
    {
      name: 'needs feedback, page 2',
      path: waitingNext,
      reads: () => readNeedsFeedback(db, null, { cursor: cursorIn(waitingNext) }),
    },
    {
      name: 'needs feedback, signed in',
      path: '/api/needs-feedback',
      member: true,
      reads: () => readNeedsFeedback(db, member.id, {}),
    },
    ...(['week', 'month', 'all'] as const).map(
      (period): Route => ({
        name: `leaderboard, ${period}`,
        path: `/api/leaderboard?period=${period}`,
        member: true,
        reads: () => readLeaderboard(db, period),
      }),
    ),
    {
      name: 'notifications',
      path: '/api/me/notifications',
      member: true,
      reads: () => listNotifications(db, member.id),
    },
    {
      name: 'notifications, page 2',
      path: notificationsNext,
      member: true,
      reads: () => listNotifications(db, member.id, cursorIn(notificationsNext)),
    },
  ].filter((route) => ROUTE_WORDS.length === 0 || ROUTE_WORDS.some((word) => route.name.includes(word)))

  if (PLANS) {
    for (const route of routes) {
      take()
      await route.reads()
      const statements = take()
      for (const [index, statement] of statements.entries())
        printPlan(
          `${route.name}: statement ${index + 1} of ${statements.length}\n   ${statement.sql.replace(/\s+/g, ' ').trim()}`,
          await explainAnalyze(client, statement),
        )
    }
  }

  console.log(
    `| route (${CONNECTIONS} connections, ${SECONDS} s after ${WARMUP_SECONDS} s not counted) | req/s | p50 ms | p99 ms | server CPU ms/req | bytes | errors |`,
  )
  console.log('|---|---|---|---|---|---|---|')
  for (const route of routes) {
    const headers: Record<string, string> = route.member ? { Cookie: cookie } : {}
    const response = await fetch(new URL(route.path, server.baseUrl), {
      headers: { 'Accept-Encoding': 'identity', ...headers },
    })
    const bytes = (await response.arrayBuffer()).byteLength
    if (response.status !== 200) throw new Error(`${route.path} answered ${response.status}`)
    const target = `${server.baseUrl}${route.path}`
    await measure(target, { connections: CONNECTIONS, seconds: WARMUP_SECONDS, headers })
    const cpuBefore = cpuMs(server.pid)
    const result = await measure(target, { connections: CONNECTIONS, seconds: SECONDS, headers })
    const cpu = (cpuMs(server.pid) - cpuBefore) / Math.max(1, result.requests)
    console.log(
      `| ${route.name} | ${Math.round(result.rps)} | ${result.p50} | ${result.p99} | ${cpu.toFixed(2)} | ${bytes} | ${result.errors + result.non2xx} |`,
    )
    if (result.errors + result.non2xx > 0) process.exitCode = 1
  }
} finally {
  await server?.destroy()
  await pool.end()
  await drop()
}
