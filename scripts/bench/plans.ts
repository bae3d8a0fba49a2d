/**
 * Query plans for the benches: `EXPLAIN (ANALYZE, BUFFERS)` of a statement, and a database that records
 * the statements the app's own read functions send, so a bench explains exactly what a route runs.
 */
import { drizzle } from 'drizzle-orm/node-postgres'
import type pg from 'pg'
import type { Database } from '#server/db/client.ts'
import * as schema from '#server/db/schema.ts'

export type Statement = { sql: string; params: unknown[] }

/** The plan's lines, as PostgreSQL prints them, of the statement run once. */
export async function explainAnalyze(client: pg.Client, statement: Statement): Promise<string[]> {
  const plan = await client.query(`explain (analyze, buffers) ${statement.sql}`, statement.params)
  return plan.rows.map((row) => row['QUERY PLAN'] as string)
}

/** Prints a plan under its title, indented. */
export function printPlan(title: string, lines: readonly string[]): void {
  console.log(`== ${title}`)
  for (const line of lines) console.log(`   ${line}`)
  console.log()
}

/**
 * The app's database over `pool`, noting every statement it sends; `take()` hands back those sent since
 * the last call.
 */
export function recordingDatabase(pool: pg.Pool): { db: Database; take(): Statement[] } {
  let sent: Statement[] = []
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (sql, params) => sent.push({ sql, params }) },
  }) as unknown as Database
  return {
    db,
    take() {
      const taken = sent
      sent = []
      return taken
    },
  }
}
