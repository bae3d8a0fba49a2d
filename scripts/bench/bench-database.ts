/**
 * A throwaway PostgreSQL database for a benchmark: made on the server `adminUrl` names, opened as the app
 * opens one (`handle`) and as a plain client for seeding (`client`), and dropped by `drop()`; `url` names
 * it, for a server started on it.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { openDatabase } from '#server/db/client.ts'

export async function createBenchDatabase(adminUrl: string) {
  const name = `dojo_bench_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() })
  const client = new pg.Client({ connectionString: url.toString() })
  await client.connect()
  return {
    url: url.toString(),
    handle,
    client,
    async drop() {
      await client.end()
      await handle.close()
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    },
  }
}
