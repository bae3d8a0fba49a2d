import { count } from 'drizzle-orm'
import { importCompetitions } from '#server/competitions/content.ts'
import { keptImages } from '#server/content/image-cache.ts'
import { withImageProcess } from '#server/content/image-process.ts'
import { importCatalogue } from '#server/content/import.ts'
import { type DatabaseHandle, openDatabase } from '#server/db/client.ts'
import { lockDataDir } from '#server/db/data-dir-lock.ts'
import { runMigrations } from '#server/db/migrate.ts'
import { challenges } from '#server/db/schema.ts'
import type { Env } from '#server/env.ts'
import type { Logger } from '#server/logger.ts'
import { openStorage } from '#server/storage/open.ts'
import type { Storage } from '#server/storage/storage.ts'

export type Services = { database: DatabaseHandle; storage: Storage; close(): Promise<void> }

/**
 * Opens the database and storage the configuration names, applies migrations and, on an empty
 * catalogue, imports content/. Two processes starting at once on PostgreSQL take turns through an
 * advisory lock; on PGlite the data-directory lock lets only one in.
 */
export async function openServices(env: Env, log: Logger): Promise<Services> {
  const unlock = env.DATABASE_URL ? async () => {} : await lockDataDir(env.dataDir)
  try {
    // First: a wrong bucket or key stops the start in a second, before a new database is created.
    const storage = await openStorage(env.storage, env.dataDir)
    let database: DatabaseHandle
    try {
      database = await openDatabase(
        env.DATABASE_URL
          ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
          : { kind: 'pglite', dataDir: env.dataDir },
      )
    } catch (error) {
      storage.close?.()
      throw error
    }
    await database.withStartupLock(async () => {
      await runMigrations(database)
      const [row] = await database.db.select({ value: count() }).from(challenges)
      if ((row?.value ?? 0) === 0) {
        log.info('the catalogue is empty: importing content', { from: env.contentDir })
        // Images are converted in a child process: the memory that takes is not kept by the server.
        await withImageProcess((images) =>
          importCatalogue({
            db: database.db,
            storage,
            contentDir: env.contentDir,
            log,
            images: keptImages(images, env.imageCacheDir, log),
          }),
        )
      }
      // Competitions are a few small files: read at every start, so a new week's file needs no command.
      const competitions = await importCompetitions(database.db, env.competitionsDir)
      if (competitions.created.length + competitions.updated.length > 0)
        log.info('competitions imported', competitions)
    })
    return {
      database,
      storage,
      async close() {
        storage.close?.()
        await database.close()
        await unlock()
      },
    }
  } catch (error) {
    await unlock()
    throw error
  }
}
