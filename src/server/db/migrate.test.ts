import { spawn } from 'node:child_process'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '#server/db/client.ts'
import { lockDataDir } from '#server/db/data-dir-lock.ts'
import { MIGRATIONS_DIR, runMigrations } from '#server/db/migrate.ts'
import { PROJECT_ROOT } from '#server/project-root.ts'
import { temporaryDir } from '#tests/support/content-fixtures.ts'
import { createTestDatabase, rowsOf, TEST_DATABASES } from '#tests/support/databases.ts'

const TABLES = [
  'challenges',
  'competition_results',
  'competitions',
  'jobs',
  'oauth_states',
  'points_ledger',
  'rate_limits',
  'review_breakpoints',
  'sessions',
  'submission_reviews',
  'user_badges',
  'user_challenges',
  'users',
]
const MIGRATION_COUNT = (
  JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length

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
