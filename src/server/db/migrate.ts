import { join } from 'node:path'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type { DatabaseHandle } from '#server/db/client.ts'
import { PROJECT_ROOT } from '#server/project-root.ts'

export const MIGRATIONS_DIR = join(PROJECT_ROOT, 'drizzle')

/**
 * Applies the committed SQL migrations in drizzle/ (or in `migrationsFolder`, which tests use to stop at
 * an earlier migration). Callers hold the startup lock.
 */
export async function runMigrations(
  handle: DatabaseHandle,
  migrationsFolder = MIGRATIONS_DIR,
): Promise<void> {
  const config = { migrationsFolder }
  if (handle.kind === 'postgres') await migratePg(handle.db as unknown as NodePgDatabase, config)
  else await migratePglite(handle.db as unknown as PgliteDatabase, config)
}
