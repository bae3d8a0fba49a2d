import { existsSync } from 'node:fs'
import { join } from 'node:path'
import {
  type PrivatePostgres,
  postgresBinDir,
  startPrivatePostgres,
} from '#tests/support/private-postgres.ts'

/**
 * Vitest's global setup: the API tests run on PGlite and on a real PostgreSQL server on every run, so a
 * developer's `npm test` checks what only a real server shows (row locks, `SKIP LOCKED`, concurrent
 * transactions) as CI does. When TEST_DATABASE_URL names a server, the tests use it. Otherwise, when
 * PostgreSQL's server programs are installed, this starts a private cluster on a free loopback port for
 * the run and points TEST_DATABASE_URL at it (the test workers start after this and inherit it); it is
 * removed at the end. Without those programs the tests run on PGlite only, and this says so once
 * (`tests/support/requirements.ts` then skips the PostgreSQL runs, or fails them in CI).
 */
let cluster: PrivatePostgres | undefined

function hasServerPrograms(): boolean {
  try {
    return existsSync(join(postgresBinDir(), 'initdb'))
  } catch {
    return false
  }
}

export async function setup() {
  if (process.env.TEST_DATABASE_URL) return
  if (!hasServerPrograms()) {
    console.warn(
      '\nPostgreSQL server programs (initdb, pg_ctl) are not installed and TEST_DATABASE_URL is not set:' +
        ' the database tests run on PGlite only, and those that need a real server (locking, concurrent' +
        " claims and submits) are skipped. Install Debian's postgresql package, or set TEST_DATABASE_URL.\n",
    )
    return
  }
  cluster = await startPrivatePostgres()
  process.env.TEST_DATABASE_URL = cluster.url
  console.log(`\nThe database tests also run on a private PostgreSQL cluster at ${cluster.url}.\n`)
}

export async function teardown() {
  await cluster?.destroy()
  cluster = undefined
}
