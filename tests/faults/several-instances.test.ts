import { execFile } from 'node:child_process'
import { rmSync } from 'node:fs'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_CACHE_TTL_MS } from '#server/auth/session-cache.ts'
import { PROJECT_ROOT } from '#server/project-root.ts'
import { temporaryDir, writeChallengeFolder } from '#tests/support/content-fixtures.ts'
import { type PrivatePostgres, startPrivatePostgres } from '#tests/support/private-postgres.ts'
import { HttpClient, type ServerProcess, sleep, startServer } from '#tests/support/server-process.ts'

/** What one instance changes, the other knows within this (docs/decisions/005): well under the caches' lifetimes. */
const SEEN_WITHIN_MS = 1000
const MUTATIONS_PER_MINUTE = 3
const IMPORT_TIMEOUT_MS = 120_000

const DESCRIPTION = 'A navbar shared by two instances, with a description long enough to pass validation.'
const CHANGED = 'The same navbar, changed by an import while both instances were serving it, long enough.'

/** Polls until `check` holds; throws after `withinMs`. Returns the time it took. */
async function within(withinMs: number, what: string, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now()
  for (;;) {
    if (await check()) return performance.now() - started
    if (performance.now() - started > withinMs) throw new Error(`${what}: not within ${withinMs} ms`)
    await sleep(20)
  }
}

/** The same browser on another instance: the session cookie travels with it. */
function sameBrowserOn(client: HttpClient, baseUrl: string): HttpClient {
  const other = new HttpClient(baseUrl)
  for (const [name, value] of client.cookies) other.cookies.set(name, value)
  return other
}

/**
 * Several instances on one PostgreSQL database (docs/decisions/005): two real server processes share sessions,
 * rate limits and the catalogue, and hear of each other's changes at once (LISTEN/NOTIFY). Runs on
 * a private cluster, so it never depends on TEST_DATABASE_URL and is never skipped.
 */
describe('two server processes on one PostgreSQL database', () => {
  let postgres: PrivatePostgres
  let a: ServerProcess
  let b: ServerProcess
  let contentDir: string
  let competitionsDir: string
  let pathsDir: string
  let env: Record<string, string>
  let slug = ''

  beforeAll(async () => {
    postgres = await startPrivatePostgres()
    // A small catalogue of its own: the first start imports it, and the test changes it.
    contentDir = await temporaryDir('dojo-instances-content-')
    competitionsDir = await temporaryDir('dojo-instances-competitions-')
    // No learning paths: the project's own name challenges this small catalogue does not have.
    pathsDir = await temporaryDir('dojo-instances-paths-')
    ;({ slug } = await writeChallengeFolder(contentDir, {
      title: 'Shared Instances Navbar',
      description: DESCRIPTION,
    }))
    env = {
      CONTENT_DIR: contentDir,
      COMPETITIONS_DIR: competitionsDir,
      PATHS_DIR: pathsDir,
      RATE_LIMIT_MUTATIONS: String(MUTATIONS_PER_MINUTE),
      REVIEW_WORKERS: '0',
      LINK_CHECK_WORKERS: '0',
    }
    // Both at once: they take turns at migrating and importing (the startup lock).
    ;[a, b] = await Promise.all([
      startServer({ databaseUrl: postgres.url, env }),
      startServer({ databaseUrl: postgres.url, env }),
    ])
  })
  afterAll(async () => {
    await a?.destroy()
    await b?.destroy()
    await postgres?.destroy()
    for (const dir of [contentDir, competitionsDir, pathsDir])
      if (dir) rmSync(dir, { recursive: true, force: true })
  })

  const catalogueOf = async (server: ServerProcess) =>
    (
      await new HttpClient(server.baseUrl).json<{ challenges: { id: number; description: string }[] }>(
        '/api/challenges',
      )
    ).challenges

  it('both serve the one catalogue', async () => {
    const [onA, onB] = [await catalogueOf(a), await catalogueOf(b)]
    expect(onA.map((c) => c.description)).toEqual([DESCRIPTION])
    expect(onB).toEqual(onA)
  })

  it('a session made on A works on B', async () => {
    const member = new HttpClient(a.baseUrl)
    await member.signIn('instances-member')
    const onB = sameBrowserOn(member, b.baseUrl)
    const { user } = await onB.json<{ user: { username: string } }>('/api/me')
    expect(user.username).toBe('instances-member')
  })

  it('a rate limit counts across both: the 4th request answers 429 wherever it lands', async () => {
    const [challenge] = await catalogueOf(a)
    const member = new HttpClient(a.baseUrl)
    await member.signIn('instances-limited')
    const clients = [member, sameBrowserOn(member, b.baseUrl)]
    const answers: { on: string; status: number; retryAfter: string | null }[] = []
    for (let i = 0; i < MUTATIONS_PER_MINUTE + 2; i++) {
      const client = clients[i % 2] as HttpClient
      const response = await client.send('POST', `/api/me/challenges/${challenge?.id}/start`)
      await response.arrayBuffer()
      answers.push({
        on: i % 2 ? 'B' : 'A',
        status: response.status,
        retryAfter: response.headers.get('Retry-After'),
      })
    }
    expect(answers.map(({ on, status }) => `${on} ${status}`)).toEqual([
      'A 200',
      'B 200',
      'A 200',
      'B 429',
      'A 429',
    ])
    for (const answer of answers.slice(MUTATIONS_PER_MINUTE))
      expect(Number(answer.retryAfter)).toBeGreaterThan(0)
  })

  it('a sign-out on B makes A answer 401 at once, not when its cached session expires', async () => {
    const member = new HttpClient(a.baseUrl)
    await member.signIn('instances-leaving')
    const onB = sameBrowserOn(member, b.baseUrl)
    // A keeps the session in memory for SESSION_CACHE_TTL_MS from here.
    const cached = performance.now()
    expect((await member.request('/api/me')).status).toBe(200)
    const signOut = await onB.send('POST', '/auth/sign-out')
    expect(signOut.status).toBe(204)
    const signedOut = performance.now()
    await within(SEEN_WITHIN_MS, 'A answering 401', async () => {
      const response = await member.request('/api/me')
      await response.arrayBuffer()
      return response.status === 401
    })
    expect(performance.now() - signedOut).toBeLessThan(SEEN_WITHIN_MS)
    expect(performance.now() - cached).toBeLessThan(SESSION_CACHE_TTL_MS)
  })

  it("a member's change on A reaches B's cached session at once", async () => {
    const member = new HttpClient(a.baseUrl)
    await member.signIn('instances-renamed')
    const onB = sameBrowserOn(member, b.baseUrl)
    const cached = performance.now()
    expect((await onB.json<{ user: { name: string | null } }>('/api/me')).user.name).not.toBe('Renamed')
    const update = { name: 'Renamed', bio: '', linkedinUrl: '', githubUrl: '' }
    const patched = await member.send('PATCH', '/api/me/profile', update)
    expect(patched.status).toBe(200)
    await within(
      SEEN_WITHIN_MS,
      'B showing the new name',
      async () => (await onB.json<{ user: { name: string | null } }>('/api/me')).user.name === 'Renamed',
    )
    expect(performance.now() - cached).toBeLessThan(SESSION_CACHE_TTL_MS)
  })

  it('an import by `content:import` is seen on B within a second of its commit', async () => {
    expect((await catalogueOf(b)).map((c) => c.description)).toEqual([DESCRIPTION])
    await writeChallengeFolder(contentDir, { title: 'Shared Instances Navbar', description: CHANGED })
    // B is asked all along; the moment it first answers with the change is compared with the commit.
    let seenAt = 0
    let importing = true
    const watching = (async () => {
      while (importing && seenAt === 0) {
        const challenges = await catalogueOf(b)
        if (challenges[0]?.description === CHANGED) seenAt = Date.now()
        else await sleep(20)
      }
    })()
    try {
      await new Promise<void>((resolve, reject) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', 'src/server/content/cli.ts'],
          {
            cwd: PROJECT_ROOT,
            timeout: IMPORT_TIMEOUT_MS,
            env: {
              PATH: process.env.PATH ?? '',
              HOME: process.env.HOME ?? '',
              NODE_ENV: 'test',
              LOG_LEVEL: 'warn',
              DATABASE_URL: postgres.url,
              DATA_DIR: a.dataDir,
              CONTENT_DIR: contentDir,
              COMPETITIONS_DIR: competitionsDir,
              PATHS_DIR: pathsDir,
            },
          },
          (error, stdout, stderr) =>
            error
              ? reject(new Error(`content:import failed: ${error.message}\n${stdout}\n${stderr}`))
              : resolve(),
        )
      })
      await within(SEEN_WITHIN_MS * 2, 'B showing the import', async () => seenAt > 0)
    } finally {
      importing = false
      await watching
    }
    const client = new pg.Client({ connectionString: postgres.url })
    await client.connect()
    try {
      const { rows } = await client.query<{ committed: Date }>(
        'select updated_at as committed from challenges where slug = $1',
        [slug],
      )
      const committed = rows[0]?.committed.getTime() ?? Number.NaN
      expect(seenAt - committed).toBeLessThan(SEEN_WITHIN_MS)
    } finally {
      await client.end()
    }
    expect((await catalogueOf(a)).map((c) => c.description)).toEqual([CHANGED])
  })
})
