import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { type DatabaseHandle, openDatabase } from '#server/db/client.ts'
import { runMigrations } from '#server/db/migrate.ts'

export type TestDatabaseKind = 'pglite' | 'postgres'

/**
 * The databases the API tests run on: always the embedded PGlite, and a real PostgreSQL server when
 * TEST_DATABASE_URL names one (CI does).
 */
export const TEST_DATABASES: TestDatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite']

export type TestDatabase = DatabaseHandle & { url?: string; drop(): Promise<void> }

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${name}`
  return parsed.toString()
}

/** A new, empty, migrated database of the given kind; `drop()` removes it. */
export async function createTestDatabase(kind: TestDatabaseKind, options: { migrate?: boolean } = {}) {
  let handle: DatabaseHandle
  let url: string | undefined
  let dropDatabase = async () => {}
  if (kind === 'pglite') {
    handle = await openDatabase({ kind: 'pglite' })
  } else {
    const adminUrl = process.env.TEST_DATABASE_URL
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set')
    const name = `dojo_test_${randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`create database ${name}`)
    await admin.end()
    url = withDatabase(adminUrl, name)
    handle = await openDatabase({ kind: 'postgres', url, poolSize: 60 })
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl })
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    }
  }
  if (options.migrate !== false) await runMigrations(handle)
  const database: TestDatabase = {
    ...handle,
    url,
    async drop() {
      await handle.close()
      await dropDatabase()
    },
  }
  return database
}
