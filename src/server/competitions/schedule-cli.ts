import { mkdir } from 'node:fs/promises'
import { scheduleNextWeek } from '#server/competitions/schedule.ts'
import { parseEnv } from '#server/env.ts'

/**
 * `npm run competitions:schedule`: writes next week's competition file from the catalogue. Commit it
 * (or keep it in COMPETITIONS_DIR); the server imports competitions at every start, and
 * `npm run content:import` imports them at once.
 */
async function main() {
  const env = parseEnv()
  await mkdir(env.competitionsDir, { recursive: true })
  const scheduled = await scheduleNextWeek({
    contentDir: env.contentDir,
    competitionsDir: env.competitionsDir,
  })
  console.log(
    scheduled
      ? `Scheduled "${scheduled.title}" (${scheduled.challenge}) for ${scheduled.week}: ${scheduled.file}`
      : 'Next week already has a competition; nothing written.',
  )
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
