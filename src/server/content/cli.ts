import { openServices } from '#server/boot.ts'
import { importCompetitions } from '#server/competitions/content.ts'
import { importCatalogue } from '#server/content/import.ts'
import { parseEnv } from '#server/env.ts'
import { createLogger } from '#server/logger.ts'

/**
 * `npm run content:import`: creates or updates every challenge and competition from content/; safe to
 * run again.
 */
async function main() {
  const env = parseEnv()
  const log = createLogger(env.LOG_LEVEL)
  const services = await openServices(env, log)
  try {
    const result = await services.database.withStartupLock(() =>
      importCatalogue({ db: services.database.db, storage: services.storage, contentDir: env.contentDir }),
    )
    console.log(
      `Catalogue imported: ${result.created.length} created, ${result.updated.length} updated, ${result.unchanged.length} unchanged.`,
    )
    const competitions = await services.database.withStartupLock(() =>
      importCompetitions(services.database.db, env.competitionsDir),
    )
    console.log(
      `Competitions imported: ${competitions.created.length} created, ${competitions.updated.length} updated, ${competitions.unchanged.length} unchanged.`,
    )
  } finally {
    await services.close()
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
