import { spawn } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { asc, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { importCatalogue } from '#server/content/import.ts'
import { openDatabase } from '#server/db/client.ts'
import { lockDataDir } from '#server/db/data-dir-lock.ts'
import { MIGRATIONS_DIR, runMigrations } from '#server/db/migrate.ts'
import { jobs, pointsLedger, submissionReviews, userChallenges, users } from '#server/db/schema.ts'
import { emulatedId } from '#server/github-emulator/routes.ts'
import { PROJECT_ROOT } from '#server/project-root.ts'
import { CaptureError } from '#server/review/capture-errors.ts'
import type { Challenge } from '#shared/challenge.ts'
import { createTestApp } from '#tests/support/app.ts'
import { browser, signIn } from '#tests/support/auth.ts'
import { temporaryDir, writeChallengeFolder } from '#tests/support/content-fixtures.ts'
import { createTestDatabase, rowsOf, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'

const TABLES = [
  'assignment_extensions',
  'assignments',
  'challenges',
  'classroom_members',
  'classroom_notifications',
  'classroom_roster',
  'classrooms',
  'comments',
  'competition_results',
  'competitions',
  'jobs',
  'moderation_actions',
  'notifications',
  'oauth_states',
  'path_starts',
  'points_ledger',
  'rate_limits',
  'reports',
  'review_breakpoints',
  'sessions',
  'solution_likes',
  'submission_reviews',
  'user_badges',
  'user_challenges',
  'users',
]
type Journal = { entries: { idx: number; tag: string }[] }
const JOURNAL = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as Journal
const MIGRATION_COUNT = JOURNAL.entries.length

/** A migrations folder holding the committed migrations before `tag` only, as a database made then saw. */
async function migrationsBefore(tag: string): Promise<string> {
  const index = JOURNAL.entries.findIndex((entry) => entry.tag === tag)
  if (index < 0) throw new Error(`no migration ${tag}`)
  const entries = JOURNAL.entries.slice(0, index)
  const dir = await temporaryDir('dojo-migrations-')
  mkdirSync(join(dir, 'meta'))
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify({ ...JOURNAL, entries }))
  for (const entry of entries) {
    copyFileSync(join(MIGRATIONS_DIR, `${entry.tag}.sql`), join(dir, `${entry.tag}.sql`))
    const snapshot = `${String(entry.idx).padStart(4, '0')}_snapshot.json`
    if (existsSync(join(MIGRATIONS_DIR, 'meta', snapshot)))
      copyFileSync(join(MIGRATIONS_DIR, 'meta', snapshot), join(dir, 'meta', snapshot))
  }
  return dir
}

/** A challenge row with placeholder files, written with SQL as a database of an older schema takes it. */
async function insertBareChallenge(database: TestDatabase, slug: string) {
  await database.db.execute(sql`
    insert into challenges (slug, title, description, category, difficulty, published_on, template_img,
      tablet_img, mobile_img, template_thumb, tablet_thumb, mobile_thumb, zip_file, zip_size, zip_entries,
      content_hash)
    values (${slug}, ${slug}, 'A challenge', 'hero', 'hard', '2026-01-01', 'k', 'k', 'k', 'k', 'k',
      'k', 'k', 1, '[]', 'h')`)
}

describe.each(TEST_DATABASES)('migrations on %s', (kind) => {
  it('create every table and can run again', async () => {
    const database = await createTestDatabase(kind)
    try {
      await runMigrations(database)
      const rows = rowsOf<{ table_name: string }>(
        await database.db.execute(
          sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
        ),
      )
      expect(rows.map((r) => r.table_name)).toEqual(TABLES)
    } finally {
      await database.drop()
    }
  })
})

/**
 * drizzle/0010_reviews_decide.sql on a database made before it (docs/product.md §4, §10): reviews end passed
 * or failed, so an old `done` review is kept as failed ('outdated'); every completed submission is
 * reviewed once more (purpose 'upgrade', with its job); every member gets a verification token; the
 * points stay as they are until those reviews end. Then the re-reviews run, on stand-in sites.
 */
describe.each(TEST_DATABASES)('the migration that lets reviews decide the points, on %s', (kind) => {
  const ALICE = 'upgrade-alice'
  const BOB = 'upgrade-bob'
  const OUTDATED = 'This review ran before reviews decided the points; a newer review of this challenge does.'

  /** Rows as they were before 0010, to compare with after it. */
  const ledger = (database: TestDatabase) =>
    database.db
      .select({
        userId: pointsLedger.userId,
        reason: pointsLedger.reason,
        reference: pointsLedger.reference,
        points: pointsLedger.points,
        userChallengeId: pointsLedger.userChallengeId,
      })
      .from(pointsLedger)
      .orderBy(asc(pointsLedger.id))
  const solutions = async (database: TestDatabase) =>
    rowsOf<Record<string, unknown>>(
      await database.db.execute(
        sql`select id, user_id, challenge_id, status, completed_at, challenge_live, points, ownership from user_challenges order by id`,
      ),
    )
  const totals = async (database: TestDatabase) =>
    rowsOf<{ username: string; points: number; submission: number }>(
      await database.db.execute(sql`select username, points, submission from users order by username`),
    )

  it('queues one upgrade review per completed submission, keeps old reviews as failed, and lets the reviews decide', async () => {
    const database = await createTestDatabase(kind, { migrate: false })
    try {
      await runMigrations(database, await migrationsBefore('0010_reviews_decide'))
      // The app only to have its storage for the catalogue's images; it reads nothing yet.
      const t = await createTestApp(database)
      const contentDir = await temporaryDir()
      for (const [i, letter] of ['A', 'B', 'C'].entries())
        await writeChallengeFolder(contentDir, { title: `Upgrade ${letter}`, date: `2026-05-0${i + 1}` })
      // Today's importer also writes the design images' sizes, a column that came with 0014: it is there for
      // the import only, so the migrations from 0010 on run on the schema they were written for.
      await database.db.execute(
        sql`alter table challenges add column design_images jsonb not null default '[]'`,
      )
      await importCatalogue({ db: database.db, storage: t.storage, contentDir })
      await database.db.execute(sql`alter table challenges drop column design_images`)
      const [a, b, c] = rowsOf<{ id: number }>(
        await database.db.execute(sql`select id from challenges order by title`),
      ) as [{ id: number }, { id: number }, { id: number }]

      // As the app left things before 0010, in that schema's columns (the ORM knows the newer ones).
      await database.db.execute(
        sql`insert into users (github_id, username, name, points, submission) values (${emulatedId(ALICE)}, ${ALICE}, 'Alice', 20, 2), (${emulatedId(BOB)}, ${BOB}, 'Bob', 0, 0)`,
      )
      const [alice] = rowsOf<{ id: string }>(
        await database.db.execute(sql`select id from users where username = ${ALICE}`),
      ) as [{ id: string }]
      const urlA = `https://${ALICE}.github.io/a`
      const urlB = `https://${ALICE}.github.io/b`
      await database.db.execute(sql`insert into user_challenges
        (user_id, challenge_id, status, completed_at, challenge_live, points, ownership) values
        (${alice.id}, ${a.id}, 'completed', '2026-06-01T10:00:00Z', ${`${urlA} `}, 10, 'verified'),
        (${alice.id}, ${b.id}, 'completed', '2026-06-02T10:00:00Z', ${urlB}, 10, 'verified'),
        (${alice.id}, ${c.id}, 'ongoing', null, ${`https://${ALICE}.github.io/c`}, 0, null)`)
      const [solutionA, solutionB, solutionC] = rowsOf<{ id: number }>(
        await database.db.execute(sql`select id from user_challenges order by challenge_id`),
      ).map((row) => row.id) as [number, number, number]
      await database.db.execute(sql`insert into points_ledger
        (user_id, reason, reference, points, user_challenge_id, created_at) values
        (${alice.id}, 'challenge_completed', ${String(a.id)}, 10, ${solutionA}, '2026-06-01T10:00:00Z'),
        (${alice.id}, 'challenge_completed', ${String(b.id)}, 10, ${solutionB}, '2026-06-02T10:00:00Z')`)
      await database.db.execute(sql`insert into submission_reviews
        (user_challenge_id, status, requested_url, final_url, error_code, error_message, ownership, created_at, started_at, finished_at) values
        (${solutionA}, 'done', ${urlA}, ${urlA}, null, null, 'verified', '2026-06-01T10:00:00Z', '2026-06-01T10:00:05Z', '2026-06-01T10:01:00Z'),
        (${solutionB}, 'failed', ${urlB}, null, 'unreachable', 'We could not reach the site at that address.', null, '2026-06-02T09:00:00Z', '2026-06-02T09:00:05Z', '2026-06-02T09:01:00Z')`)
      const oldReviews = rowsOf<{ id: number }>(
        await database.db.execute(sql`select id from submission_reviews order by id`),
      ).map((row) => row.id)
      const before = {
        ledger: await ledger(database),
        solutions: await solutions(database),
        totals: await totals(database),
      }

      await runMigrations(database)

      const reviews = await database.db.select().from(submissionReviews).orderBy(asc(submissionReviews.id))
      const [done, failed, ...upgrades] = reviews
      // The old reviews: 'done' is now failed as outdated, with its other columns as they were.
      expect(done).toMatchObject({
        id: oldReviews[0],
        status: 'failed',
        errorCode: 'outdated',
        errorMessage: OUTDATED,
        purpose: 'submit',
        requestedUrl: urlA,
        finalUrl: urlA,
        ownership: 'verified',
        pointsAwarded: 0,
        finishedAt: new Date('2026-06-01T10:01:00Z'),
      })
      expect(failed).toMatchObject({
        id: oldReviews[1],
        status: 'failed',
        errorCode: 'unreachable',
        errorMessage: 'We could not reach the site at that address.',
        purpose: 'submit',
      })
      // One upgrade review per completed submission, of its (trimmed) address; none for the ongoing one.
      expect(
        upgrades.map((r) => [r.userChallengeId, r.purpose, r.status, r.requestedUrl, r.pointsAwarded]),
      ).toEqual([
        [solutionA, 'upgrade', 'queued', urlA, 0],
        [solutionB, 'upgrade', 'queued', urlB, 0],
      ])
      expect(upgrades.some((r) => r.userChallengeId === solutionC)).toBe(false)
      const publicIds = reviews.map((r) => r.publicId)
      expect(new Set(publicIds).size).toBe(reviews.length)
      for (const id of publicIds)
        expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
      // And a review job for each of them, and no other job.
      const queued = await database.db.select().from(jobs).orderBy(asc(jobs.id))
      expect(queued.map((job) => [job.kind, job.status, job.payload])).toEqual(
        upgrades.map((r) => ['review', 'queued', { reviewId: r.id }]),
      )
      // Every member has a verification token of their own.
      const tokens = (await database.db.select({ token: users.verificationToken }).from(users)).map(
        (row) => row.token,
      )
      expect(tokens).toHaveLength(2)
      for (const token of tokens) expect(token).toMatch(/^[0-9a-f]{32}$/)
      expect(new Set(tokens).size).toBe(2)
      // Nothing about the points has changed yet.
      expect(await ledger(database)).toEqual(before.ledger)
      expect(await solutions(database)).toEqual(before.solutions)
      expect(await totals(database)).toEqual(before.totals)
      // A review cannot end 'done' any more.
      await expect(
        database.db.execute(
          sql`insert into submission_reviews (user_challenge_id, status, requested_url) values (${solutionA}, 'done', ${urlA})`,
        ),
      ).rejects.toThrow()

      // The re-reviews: A's site is still the member's own and passes; B's answers 404 now and fails.
      t.sites.set(urlB, {
        fail: () =>
          new CaptureError(
            'http_error',
            'The site answered with HTTP status 404 (Not Found) instead of a page.',
          ),
      })
      expect(await t.runReviews()).toBe(2)
      const ended = await database.db
        .select({
          userChallengeId: submissionReviews.userChallengeId,
          status: submissionReviews.status,
          errorCode: submissionReviews.errorCode,
          pointsAwarded: submissionReviews.pointsAwarded,
        })
        .from(submissionReviews)
        .where(eq(submissionReviews.purpose, 'upgrade'))
        .orderBy(asc(submissionReviews.id))
      expect(ended).toEqual([
        // Completed already: a pass changes nothing, and awards nothing more.
        { userChallengeId: solutionA, status: 'passed', errorCode: null, pointsAwarded: 0 },
        { userChallengeId: solutionB, status: 'failed', errorCode: 'http_error', pointsAwarded: 0 },
      ])
      const after = await database.db
        .select({
          id: userChallenges.id,
          status: userChallenges.status,
          points: userChallenges.points,
          completedAt: userChallenges.completedAt,
        })
        .from(userChallenges)
        .orderBy(asc(userChallenges.id))
      expect(after).toEqual([
        { id: solutionA, status: 'completed', points: 10, completedAt: new Date('2026-06-01T10:00:00Z') },
        { id: solutionB, status: 'ongoing', points: 0, completedAt: null },
        { id: solutionC, status: 'ongoing', points: 0, completedAt: null },
      ])
      // B's points are taken back by an entry of their own; A keeps its single award.
      expect(
        (await ledger(database)).map((e) => [e.reason, e.reference, e.points, e.userChallengeId]),
      ).toEqual([
        ['challenge_completed', String(a.id), 10, solutionA],
        ['challenge_completed', String(b.id), 10, solutionB],
        ['challenge_withdrawn', String(b.id), -10, solutionB],
      ])
      expect(await totals(database)).toEqual([
        { username: ALICE, points: 10, submission: 1 },
        { username: BOB, points: 0, submission: 0 },
      ])

      // A later passed submit of B completes it again with its points, as a re-completion.
      const member = browser(t.app)
      await signIn(member, { login: ALICE })
      const submitted = await member.send('POST', `/api/me/challenges/${b.id}/submit`, {
        liveUrl: `${urlB}-again`,
      })
      expect(submitted.status).toBe(200)
      await t.runReviews()
      const reviewsOfB = (await (await member.get(`/api/me/challenges/${b.id}/reviews`)).json()).reviews
      expect(reviewsOfB[0]).toMatchObject({
        requestedUrl: `${urlB}-again`,
        status: 'passed',
        pointsAwarded: 10,
      })
      expect((await ledger(database)).map((e) => [e.reason, e.reference, e.points])).toEqual([
        ['challenge_completed', String(a.id), 10],
        ['challenge_completed', String(b.id), 10],
        ['challenge_withdrawn', String(b.id), -10],
        ['challenge_recompleted', String(b.id), 10],
      ])
      expect(await totals(database)).toEqual([
        { username: ALICE, points: 20, submission: 2 },
        { username: BOB, points: 0, submission: 0 },
      ])
      const challengesOfAlice = (await (await member.get('/api/me/challenges?status=completed')).json())
        .challenges as { challenge: Challenge }[]
      expect(challengesOfAlice.map((row) => row.challenge.id).sort()).toEqual([a.id, b.id].sort())
    } finally {
      await database.drop()
    }
  })
})

/**
 * drizzle/0012_gallery_passed_review.sql on a database made before it (docs/product.md §11): each
 * solution gets its latest passed review (newest by created_at, then id; failures and older passes
 * ignored) with its created_at and its score times ten, as the galleries computed them per row before.
 */
describe.each(TEST_DATABASES)('the migration that stores the latest passed review, on %s', (kind) => {
  it('fills it from the reviews that ended before, and the galleries list by it', async () => {
    const database = await createTestDatabase(kind, { migrate: false })
    try {
      await runMigrations(database, await migrationsBefore('0012_gallery_passed_review'))
      await insertBareChallenge(database, 'backfill')
      await database.db.execute(
        sql`insert into users (github_id, username, name) values (801, 'backfill-a', 'A'), (802, 'backfill-b', 'B'), (803, 'backfill-c', 'C')`,
      )
      // a: two passes (the later one by created_at was written first) and a newer failure;
      // b: failures only; c: no review.
      await database.db.execute(sql`
        insert into user_challenges (user_id, challenge_id, status, challenge_live)
        select u.id, c.id, 'completed', 'https://x.github.io/' from users u, challenges c order by u.github_id`)
      const [a, b, c] = rowsOf<{ id: number }>(
        await database.db.execute(sql`select id from user_challenges order by id`),
      ).map((row) => row.id) as [number, number, number]
      await database.db.execute(sql`
        insert into submission_reviews (user_challenge_id, status, requested_url, created_at) values
          (${a}, 'passed', 'https://x.github.io/', '2026-06-02T10:00:00.123456Z'),
          (${a}, 'passed', 'https://x.github.io/', '2026-06-01T10:00:00Z'),
          (${a}, 'failed', 'https://x.github.io/', '2026-06-03T10:00:00Z'),
          (${b}, 'failed', 'https://x.github.io/', '2026-06-04T10:00:00Z')`)
      const reviews = rowsOf<{ id: number }>(
        await database.db.execute(sql`select id from submission_reviews order by id`),
      ).map((row) => row.id)
      const scores: [number, number[]][] = [
        [reviews[0] as number, [71.24, 80, 90]],
        [reviews[1] as number, [99, 99, 99]],
        [reviews[2] as number, [100, 100, 100]],
        [reviews[3] as number, [100, 100, 100]],
      ]
      for (const [reviewId, values] of scores)
        for (const [i, breakpoint] of ['desktop', 'tablet', 'mobile'].entries())
          await database.db.execute(sql`
            insert into review_breakpoints (review_id, breakpoint, width, capture_key, diff_key, design_height,
              capture_height, compared_height, height_ratio, raw_mismatch, baseline_mismatch, score)
            values (${reviewId}, ${breakpoint}, 1440, ${`capture-${reviewId}-${breakpoint}`}, 'k', 1, 1, 1, 1, 0,
              1, ${values[i]})`)

      await runMigrations(database)
      const rows = await database.db
        .select({
          id: userChallenges.id,
          passedReviewId: userChallenges.passedReviewId,
          passedAt: userChallenges.passedAt,
          passedScore10: userChallenges.passedScore10,
        })
        .from(userChallenges)
        .orderBy(asc(userChallenges.id))
      expect(rows).toEqual([
        {
          id: a,
          passedReviewId: reviews[0],
          passedAt: new Date('2026-06-02T10:00:00.123Z'),
          passedScore10: 804,
        },
        { id: b, passedReviewId: null, passedAt: null, passedScore10: null },
        { id: c, passedReviewId: null, passedAt: null, passedScore10: null },
      ])
      const t = await createTestApp(database)
      const gallery = await (await t.app.request('/api/solutions?sort=score')).json()
      expect(gallery.solutions).toHaveLength(1)
      expect(gallery.solutions[0]).toMatchObject({
        score: 80.4,
        passedAt: '2026-06-02T10:00:00.123Z',
        captureUrl: `/files/capture-${reviews[0]}-desktop`,
      })
    } finally {
      await database.drop()
    }
  })
})

/**
 * drizzle/0016_link_checks_follow_public_address.sql (docs/product.md §4, §11): the weekly link checks
 * follow the public address. A record kept for an address submitted after the pass (never public) starts
 * clean; one kept for the public address stays.
 */
describe.each(TEST_DATABASES)(
  'the migration that makes link checks follow the public address, on %s',
  (kind) => {
    it('clears the records of addresses that are not public, and keeps the others', async () => {
      const database = await createTestDatabase(kind, { migrate: false })
      try {
        await runMigrations(database, await migrationsBefore('0016_link_checks_follow_public_address'))
        await insertBareChallenge(database, 'links')
        await database.db.execute(
          sql`insert into users (github_id, username) values (901, 'moved-on'), (902, 'stayed')`,
        )
        // Both passed at their own site and are offline; moved-on then submitted another address.
        await database.db.execute(sql`
        insert into user_challenges (user_id, challenge_id, status, challenge_live, link_status, link_failures,
          link_first_failure_at, link_checked_at, link_last_error)
        select u.id, c.id, 'completed',
          case u.username when 'moved-on' then 'https://elsewhere.example/' else 'https://stayed.github.io/' end,
          'offline', 2, '2026-11-01T00:00:00Z', '2026-11-02T00:00:00Z', 'The site answered 404 (Not Found).'
        from users u, challenges c order by u.github_id`)
        await database.db.execute(sql`
        insert into submission_reviews (user_challenge_id, status, requested_url)
        select uc.id, 'passed', 'https://' || u.username || '.github.io/'
        from user_challenges uc join users u on u.id = uc.user_id`)
        await database.db.execute(sql`
        update user_challenges uc set passed_review_id = r.id
        from submission_reviews r where r.user_challenge_id = uc.id`)

        await runMigrations(database)
        const rows = await database.db
          .select({
            username: users.username,
            linkStatus: userChallenges.linkStatus,
            linkFailures: userChallenges.linkFailures,
            linkCheckedAt: userChallenges.linkCheckedAt,
            linkLastError: userChallenges.linkLastError,
          })
          .from(userChallenges)
          .innerJoin(users, eq(users.id, userChallenges.userId))
          .orderBy(asc(users.githubId))
        expect(rows).toEqual([
          {
            username: 'moved-on',
            linkStatus: 'live',
            linkFailures: 0,
            linkCheckedAt: null,
            linkLastError: null,
          },
          {
            username: 'stayed',
            linkStatus: 'offline',
            linkFailures: 2,
            linkCheckedAt: new Date('2026-11-02T00:00:00Z'),
            linkLastError: 'The site answered 404 (Not Found).',
          },
        ])
      } finally {
        await database.drop()
      }
    })
  },
)

describe.runIf(TEST_DATABASES.includes('postgres'))('two processes starting at once on PostgreSQL', () => {
  it('take turns: both migrate without error', async () => {
    const database = await createTestDatabase('postgres', { migrate: false })
    try {
      const url = database.url ?? ''
      const handles = await Promise.all(
        Array.from({ length: 4 }, () => openDatabase({ kind: 'postgres', url })),
      )
      await Promise.all(handles.map((h) => h.withStartupLock(() => runMigrations(h))))
      const rows = rowsOf<{ n: number }>(
        await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
      )
      expect(rows[0]?.n).toBe(MIGRATION_COUNT)
      await Promise.all(handles.map((h) => h.close()))
    } finally {
      await database.drop()
    }
  })
})

/**
 * Another process holding the lock on `dir` (`node --import tsx`, started in the project folder). With
 * `zombie`, its parent is `sleep` (sh starts it in the background, then execs sleep): once killed it
 * stays an un-reaped zombie. Every process here ends by itself within 30 s whatever happens.
 */
async function startHolder(dir: string, options: { zombie?: boolean; kind?: 'abstract' | 'file' } = {}) {
  const script = join(dir, '..', `${basename(dir)}-holder.mjs`)
  writeFileSync(
    script,
    `const [moduleUrl, dir, kind] = process.argv.slice(2)
const { lockDataDir } = await import(moduleUrl)
await lockDataDir(dir, kind ? { kind } : {})
process.stdout.write('locked ' + process.pid + '\\n')
setTimeout(() => {}, 30_000)
`,
  )
  const args = [
    script,
    pathToFileURL(join(import.meta.dirname, 'data-dir-lock.ts')).href,
    dir,
    options.kind ?? '',
  ]
  const child = options.zombie
    ? spawn('sh', ['-c', '"$0" --import tsx "$@" & exec sleep 30', process.execPath, ...args], {
        cwd: PROJECT_ROOT,
      })
    : spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: PROJECT_ROOT })
  const stop = () => {
    child.kill('SIGKILL')
    rmSync(script, { force: true })
  }
  let output = ''
  child.stderr.on('data', (chunk) => {
    output += chunk
  })
  try {
    const pid = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the holder did not lock in 20 s: ${output}`)), 20_000)
      child.stdout.on('data', (chunk) => {
        output += chunk
        const match = /locked (\d+)\n/.exec(output)
        if (match) {
          clearTimeout(timer)
          resolve(Number(match[1]))
        }
      })
      child.once('exit', () => {
        clearTimeout(timer)
        reject(new Error(`the holder exited before locking: ${output}`))
      })
    })
    return { pid, child, stop }
  } catch (error) {
    stop()
    throw error
  }
}

/** The state letter of /proc/<pid>/stat (R, S, Z…), or undefined once the process is gone. */
function processState(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0]
  } catch {
    return undefined
  }
}

async function waitFor(condition: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms
  while (!condition()) {
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return true
}

const IN_USE = (dir: string, pid: number) =>
  `DATA_DIR ${dir} is in use by another Frontend Dojo process (pid ${pid}). Stop it, or set DATA_DIR to another folder or DATABASE_URL to a PostgreSQL server.`

describe('the data-directory lock (PGlite)', () => {
  it('keeps a second live process out, with a sentence that names it and says what to do', async () => {
    const dir = await temporaryDir()
    const holder = await startHolder(dir)
    try {
      await expect(lockDataDir(dir)).rejects.toThrow(IN_USE(dir, holder.pid))
    } finally {
      holder.stop()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it.runIf(process.platform === 'linux')(
    'is free at once when its holder is killed with SIGKILL, even while it is an un-reaped zombie',
    async () => {
      const dir = await temporaryDir()
      const holder = await startHolder(dir, { zombie: true })
      try {
        await expect(lockDataDir(dir)).rejects.toThrow(IN_USE(dir, holder.pid))
        process.kill(holder.pid, 'SIGKILL')
        expect(await waitFor(() => processState(holder.pid) === 'Z', 5000)).toBe(true)
        const started = performance.now()
        const unlock = await lockDataDir(dir)
        expect(performance.now() - started).toBeLessThan(2000)
        expect(processState(holder.pid)).toBe('Z')
        await unlock()
      } finally {
        holder.stop()
        rmSync(dir, { recursive: true, force: true })
      }
    },
  )

  it('is not blocked by an old server.pid naming a live, unrelated process, and removes it', async () => {
    const dir = await temporaryDir()
    try {
      writeFileSync(join(dir, 'server.pid'), String(process.ppid))
      expect(() => process.kill(process.ppid, 0)).not.toThrow()
      const unlock = await lockDataDir(dir)
      expect(existsSync(join(dir, 'server.pid'))).toBe(false)
      await unlock()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('refuses a second lock in the same process until unlock releases it', async () => {
    const dir = await temporaryDir()
    try {
      const unlock = await lockDataDir(dir)
      await expect(lockDataDir(dir)).rejects.toThrow(IN_USE(dir, process.pid))
      await unlock()
      await unlock() // twice is harmless
      const again = await lockDataDir(dir)
      await again()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it.runIf(process.platform !== 'win32')(
    'as a socket file (other platforms): refuses a live holder, takes over the file a killed one left',
    async () => {
      const dir = await temporaryDir()
      const holder = await startHolder(dir, { kind: 'file' })
      try {
        await expect(lockDataDir(dir, { kind: 'file' })).rejects.toThrow(IN_USE(dir, holder.pid))
        const exited = new Promise((resolve) => holder.child.once('exit', resolve))
        holder.child.kill('SIGKILL')
        await exited
        expect(existsSync(join(dir, 'server.sock'))).toBe(true)
        const unlock = await lockDataDir(dir, { kind: 'file' })
        await unlock()
        expect(existsSync(join(dir, 'server.sock'))).toBe(false)
      } finally {
        holder.stop()
        rmSync(dir, { recursive: true, force: true })
      }
    },
  )
})
