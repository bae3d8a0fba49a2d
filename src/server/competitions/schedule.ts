import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { competitionFileSchema } from '#shared/competition.ts'
import { isoWeekOf } from '#shared/periods.ts'

const WEEK_MS = 7 * 24 * 60 * 60 * 1000

export type ScheduledCompetition = { file: string; title: string; challenge: string; week: string }

/**
 * `npm run competitions:schedule`, for operators: writes next week's competition (the ISO week after `now`'s)
 * as `<competitionsDir>/<year>-w<nn>.json`, on the challenge that has gone longest without one (one never
 * used first, in title order). Nothing is written when that week already has a file.
 */
export async function scheduleNextWeek(options: {
  contentDir: string
  competitionsDir: string
  now?: Date
}): Promise<ScheduledCompetition | null> {
  const week = isoWeekOf(new Date((options.now ?? new Date()).getTime() + WEEK_MS)).key
  const file = join(options.competitionsDir, `${week.toLowerCase()}.json`)

  const challengeTitles = new Map<string, string>()
  for (const slug of (await readdir(options.contentDir)).sort()) {
    try {
      const metadata = JSON.parse(await readFile(join(options.contentDir, slug, 'challenge.json'), 'utf8'))
      if (typeof metadata.title === 'string') challengeTitles.set(slug, metadata.title)
    } catch {
      // Not a challenge folder; the importer reports real problems.
    }
  }
  if (challengeTitles.size === 0) throw new Error(`There are no challenges in ${options.contentDir}.`)

  /** The last week (or start) each challenge had a competition, from the files already written. */
  const lastUsed = new Map<string, string>()
  let names: string[] = []
  try {
    names = (await readdir(options.competitionsDir)).filter((name) => name.endsWith('.json'))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  for (const name of names) {
    if (name === `${week.toLowerCase()}.json`) return null
    const parsed = competitionFileSchema.safeParse(
      JSON.parse(await readFile(join(options.competitionsDir, name), 'utf8')),
    )
    if (!parsed.success) continue
    const when = parsed.data.week ?? isoWeekOf(new Date(parsed.data.start as string)).key
    const previous = lastUsed.get(parsed.data.challenge)
    if (!previous || when > previous) lastUsed.set(parsed.data.challenge, when)
  }
  const [challenge] = [...challengeTitles.keys()].sort((a, b) => {
    const [usedA, usedB] = [lastUsed.get(a) ?? '', lastUsed.get(b) ?? '']
    return usedA === usedB ? a.localeCompare(b) : usedA < usedB ? -1 : 1
  })
  if (!challenge) return null
  const title = `Week ${week.slice(-2)}: ${challengeTitles.get(challenge)}`
  await writeFile(file, `${JSON.stringify({ title, challenge, week }, null, 2)}\n`, { flag: 'wx' })
  return { file, title, challenge, week }
}
