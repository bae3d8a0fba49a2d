import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import * as schema from '#server/db/schema.ts'

/** The one database type the code uses: PGlite and node-postgres both give it, so queries are shared. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

export type DatabaseHandle = {
  db: Database
  kind: 'pglite' | 'postgres'
  /** Runs `fn` while holding a lock that other processes on the same database also take. */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>
  close(): Promise<void>
  /** PGlite only: the whole database as a tarball, for `loadDataDir`. */
  dump?(): Promise<Blob>
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** `dataDir` undefined means in memory; `loadDataDir` starts from a dump (tests start migrated). */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob }

// Any fixed 64-bit number: the key all Frontend Dojo processes agree on for pg_advisory_lock.
const STARTUP_LOCK_KEY = 7_206_220_411

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 })
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => {})
    const db = drizzlePg(pool, { schema }) as unknown as Database
    return {
      db,
      kind: 'postgres',
      async withStartupLock(fn) {
        const client = await pool.connect()
        try {
          await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY])
          return await fn()
        } finally {
          await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {})
          client.release()
        }
      },
      close: () => pool.end(),
    }
  }

  let client: PGlite
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true })
    client = await PGlite.create(join(options.dataDir, 'pglite'))
  } else {
    client = await PGlite.create(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {})
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database
  return {
    db,
    kind: 'pglite',
    // PGlite lives inside this process; the data-directory lock keeps other processes out.
    withStartupLock: (fn) => fn(),
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  }
}
