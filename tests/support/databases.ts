import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { type DatabaseHandle, openDatabase } from '#server/db/client.ts'
import { runMigrations } from '#server/db/migrate.ts'
import { testDatabaseUrl } from '#tests/support/requirements.ts'

export type TestDatabaseKind = 'pglite' | 'postgres'

/**
 * The databases the API tests run on: always the embedded PGlite, and a real PostgreSQL server: the one
 * TEST_DATABASE_URL names, or the private cluster Vitest's global setup starts when it is unset
 * (postgres-global-setup.ts). Only a machine without PostgreSQL's server programs runs PGlite alone.
 */
export const TEST_DATABASES: TestDatabaseKind[] = testDatabaseUrl() ? ['pglite', 'postgres'] : ['pglite']

export type TestDatabase = DatabaseHandle & { url?: string; drop(): Promise<void> }

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${name}`
  return parsed.toString()
}

let pgliteTemplate: Promise<Blob> | undefined

/** Creating PGlite and migrating it takes seconds; loading a migrated dump is much faster. */
function migratedPgliteTemplate(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const handle = await openDatabase({ kind: 'pglite' })
    await runMigrations(handle)
    const dump = await handle.dump?.()
    await handle.close()
    if (!dump) throw new Error('PGlite handle cannot dump its data directory')
    return dump
  })()
  return pgliteTemplate
}

/** A new, empty, migrated database of the given kind; `drop()` removes it. */
export async function createTestDatabase(kind: TestDatabaseKind, options: { migrate?: boolean } = {}) {
  let handle: DatabaseHandle
  let url: string | undefined
  let dropDatabase = async () => {}
  if (kind === 'pglite') {
    handle =
      options.migrate === false
        ? await openDatabase({ kind: 'pglite' })
        : await openDatabase({ kind: 'pglite', loadDataDir: await migratedPgliteTemplate() })
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
  if (kind === 'postgres' && options.migrate !== false) await runMigrations(handle)
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

/** Both drivers answer `execute` with `{ rows }`; Drizzle types it loosely across drivers. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}
