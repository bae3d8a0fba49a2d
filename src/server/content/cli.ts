import { openServices } from '#server/boot.ts'
import { importCompetitions } from '#server/competitions/content.ts'
import { buildImagesInProcess } from '#server/content/build.ts'
import { keptImages } from '#server/content/image-cache.ts'
import { importCatalogue } from '#server/content/import.ts'
import { challenges } from '#server/db/schema.ts'
import { parseEnv } from '#server/env.ts'
import { loadPaths } from '#server/learning-paths/content.ts'
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
      importCatalogue({
        db: services.database.db,
        storage: services.storage,
        contentDir: env.contentDir,
        images: keptImages(buildImagesInProcess, env.imageCacheDir, log),
      }),
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
    // Learning paths are read by the server from their folder (docs/content-format.md); checked here
    // against the catalogue just imported, so a step naming no challenge is seen before a restart.
    const slugs = new Set(
      (await services.database.db.select({ slug: challenges.slug }).from(challenges)).map((row) => row.slug),
    )
    const paths = await loadPaths(env.pathsDir, slugs)
    for (const problem of paths.problems)
      console.error(`  ${problem.path}${problem.field ? ` (${problem.field})` : ''}: ${problem.message}`)
    console.log(`Learning paths: ${paths.paths.length} ready, ${paths.problems.length} problems.`)
    if (paths.problems.length > 0) process.exitCode = 1
  } finally {
    await services.close()
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
