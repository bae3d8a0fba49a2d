import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import { forkServerScript } from '#server/child-script.ts'
import { PGLITE_START_PARAMS } from '#server/db/pglite-options.ts'
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

const CREATE_CLUSTER_TIMEOUT_MS = 120_000

/**
 * Creates a new PGlite cluster in a child process (pglite-create.ts), so the memory `initdb` grows
 * goes back to the system when it ends instead of staying with the server.
 */
function createPgliteCluster(dataDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = forkServerScript(
      {
        built: new URL('./pglite-create.js', import.meta.url),
        source: new URL('./pglite-create.ts', import.meta.url),
      },
      [dataDir],
      { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    )
    const timer = setTimeout(() => child.kill('SIGKILL'), CREATE_CLUSTER_TIMEOUT_MS)
    child.once('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      if (code === 0) resolve()
      else
        reject(
          new Error(`creating the PGlite database in ${dataDir} failed (${signal ?? `exit code ${code}`})`),
        )
    })
  })
}

/**
 * How long PostgreSQL may take before a request gives up, so a stopped or hung server answers 503
 * within seconds instead of holding requests forever.
 */
type PostgresTimeouts = {
  /** Opening a connection, or waiting for a free one when the pool is full. */
  connectTimeoutMs?: number
  /** Client side: a query with no answer after this long fails and its connection is discarded. */
  queryTimeoutMs?: number
  /** Server side (`statement_timeout`): PostgreSQL cancels a longer statement (SQLSTATE 57014). */
  statementTimeoutMs?: number
  /** Server side (`idle_in_transaction_session_timeout`): ends a session left idle inside a transaction. */
  idleInTransactionTimeoutMs?: number
}

/**
 * The server cancels first when it is alive (its connection stays usable); the client timeout
 * catches a server that does not answer at all. Both stay under the 4.5 s request timeout.
 */
const POSTGRES_TIMEOUTS: Required<PostgresTimeouts> = {
  connectTimeoutMs: 2000,
  statementTimeoutMs: 3000,
  queryTimeoutMs: 3500,
  idleInTransactionTimeoutMs: 10_000,
}

export type DatabaseOptions =
  | ({ kind: 'postgres'; url: string; poolSize?: number } & PostgresTimeouts)
  /** `dataDir` undefined means in memory; `loadDataDir` starts from a dump (tests start migrated). */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob }

// Any fixed 64-bit number: the key all Frontend Dojo processes agree on for pg_advisory_lock.
const STARTUP_LOCK_KEY = 7_206_220_411

function definedOnly(timeouts: PostgresTimeouts): PostgresTimeouts {
  return Object.fromEntries(
    Object.entries({
      connectTimeoutMs: timeouts.connectTimeoutMs,
      queryTimeoutMs: timeouts.queryTimeoutMs,
      statementTimeoutMs: timeouts.statementTimeoutMs,
      idleInTransactionTimeoutMs: timeouts.idleInTransactionTimeoutMs,
    }).filter(([, value]) => value !== undefined),
  )
}

type ClientState = { broken?: Error }
const clientStates = new WeakMap<pg.PoolClient, ClientState>()

/**
 * Drizzle runs a transaction on a client from `pool.connect()` and releases it without an error, even
 * when a query on it timed out or its connection died; such a client would go back to the pool with
 * a query still hanging on it. Here a client remembers its first failure that did not come from the
 * server (a timeout, a lost connection): later queries on it fail at once, and `release()` hands the
 * failure to the pool, which then closes the connection instead of reusing it. While checked out it
 * also listens for connection errors, which would otherwise crash the process.
 * (`pool.query` needs none of this: it releases with the error itself.)
 */
function discardBrokenClients(pool: pg.Pool) {
  const connect = pool.connect.bind(pool)
  const guard = (client: pg.PoolClient): pg.PoolClient => {
    let state = clientStates.get(client)
    if (!state) {
      const own: ClientState = {}
      state = own
      clientStates.set(client, own)
      const query = client.query.bind(client) as (...args: unknown[]) => unknown
      client.query = ((...args: unknown[]) => {
        const callback = typeof args[args.length - 1] === 'function'
        if (own.broken && !callback) {
          return Promise.reject(
            new Error('Connection discarded: an earlier query on it failed', { cause: own.broken }),
          )
        }
        const result = query(...args)
        if (result instanceof Promise) {
          result.catch((error: unknown) => {
            if (!(error instanceof pg.DatabaseError)) own.broken ??= asError(error)
          })
        }
        return result
      }) as typeof client.query
    }
    const checkedOut = state
    const onError = (error: Error) => {
      checkedOut.broken ??= error
    }
    client.on('error', onError)
    const release = client.release.bind(client)
    client.release = (error?: Error | boolean) => {
      client.removeListener('error', onError)
      release(error || checkedOut.broken)
    }
    return client
  }
  pool.connect = ((callback?: Parameters<pg.Pool['connect']>[0]) =>
    callback ? connect(callback) : connect().then(guard)) as pg.Pool['connect']
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error))
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const timeouts = { ...POSTGRES_TIMEOUTS, ...definedOnly(options) }
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: timeouts.connectTimeoutMs,
      query_timeout: timeouts.queryTimeoutMs,
      statement_timeout: timeouts.statementTimeoutMs,
      idle_in_transaction_session_timeout: timeouts.idleInTransactionTimeoutMs,
      // A peer that vanished without closing the connection is noticed by the operating system.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    })
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => {})
    discardBrokenClients(pool)
    const db = drizzlePg(pool, { schema }) as unknown as Database
    return {
      db,
      kind: 'postgres',
      async withStartupLock(fn) {
        // Waiting for another process's migrations and import can take long: a connection of its own,
        // without the statement timeouts of the pool.
        const client = new pg.Client({
          connectionString: options.url,
          connectionTimeoutMillis: timeouts.connectTimeoutMs,
          keepAlive: true,
        })
        client.on('error', () => {})
        await client.connect()
        try {
          await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY])
          return await fn()
        } finally {
          await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {})
          await client.end().catch(() => {})
        }
      },
      close: () => pool.end(),
    }
  }

  const startParams = PGLITE_START_PARAMS
  let client: PGlite
  if (options.dataDir) {
    const dataDir = join(options.dataDir, 'pglite')
    mkdirSync(options.dataDir, { recursive: true })
    if (!existsSync(join(dataDir, 'PG_VERSION'))) await createPgliteCluster(dataDir)
    client = await PGlite.create({ dataDir, startParams })
  } else {
    client = await PGlite.create({
      startParams,
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    })
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
