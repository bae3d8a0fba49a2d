import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '#server/db/client.ts'
import { lockDataDir } from '#server/db/data-dir-lock.ts'
import { MIGRATIONS_DIR, runMigrations } from '#server/db/migrate.ts'
import { temporaryDir } from '#tests/support/content-fixtures.ts'
import { createTestDatabase, rowsOf, TEST_DATABASES } from '#tests/support/databases.ts'

const TABLES = ['challenges', 'oauth_states', 'sessions', 'user_challenges', 'users']
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

describe('the data-directory lock (PGlite)', () => {
  it('keeps a second live process out, with a sentence that says what to do', async () => {
    const dir = await temporaryDir()
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)'])
    try {
      mkdirSync(dir, { recursive: true })
      writeFileSync(join(dir, 'server.pid'), String(other.pid))
      expect(() => lockDataDir(dir)).toThrow(/is in use by another Frontend Dojo process \(pid \d+\)/)
    } finally {
      other.kill()
    }
  })

  it('takes over a lock left by a process that died, and releases it', async () => {
    const dir = await temporaryDir()
    writeFileSync(join(dir, 'server.pid'), '999999999')
    const release = lockDataDir(dir)
    expect(() => lockDataDir(dir)).not.toThrow()
    release()
  })
})
