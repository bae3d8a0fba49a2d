import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { challenges, competitions } from '#server/db/schema.ts'
import { type CompetitionFile, competitionFileSchema } from '#shared/competition.ts'
import { isoWeekStart } from '#shared/periods.ts'

/**
 * Competitions are content, like challenges (docs/product.md §5, docs/content-format.md):
 * content/competitions/<slug>.json, checked as a whole (each file valid, its challenge in the catalogue, no
 * two windows overlapping) and imported in one transaction, or not at all. Importing the same files again
 * changes nothing.
 */

export type CompetitionProblem = { path: string; field?: string; message: string }

export class CompetitionContentError extends Error {
  constructor(readonly problems: CompetitionProblem[]) {
    super(
      `The competitions have ${problems.length} problem${problems.length === 1 ? '' : 's'}; nothing was imported:\n${problems
        .map((p) => `  ${p.path}${p.field ? ` (${p.field})` : ''}: ${p.message}`)
        .join('\n')}`,
    )
    this.name = 'CompetitionContentError'
  }
}

type LoadedCompetition = {
  slug: string
  path: string
  title: string
  challengeSlug: string
  startsAt: Date
  endsAt: Date
  contentHash: string
}

/**
 * What the importer compares to tell a changed competition from an unchanged one; the weekly competition
 * the server starts on its own (weekly.ts) is hashed the same way, so a file describing it changes nothing.
 */
export function competitionHash(title: string, challengeSlug: string, startsAt: Date, endsAt: Date): string {
  return createHash('sha256')
    .update(JSON.stringify([title, challengeSlug, startsAt, endsAt]))
    .digest('hex')
}

/**
 * The transaction-scoped advisory lock that the importer and the weekly competition (weekly.ts) take, so
 * processes sharing one database (docs/decisions/005-several-instances-on-one-database.md) never both
 * write a competition for the same days.
 */
export const COMPETITIONS_LOCK_KEY = 7_305_118_244_091

const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/
const DAY_MS = 24 * 60 * 60 * 1000

function windowOf(file: CompetitionFile): { startsAt: Date; endsAt: Date } {
  if (file.week) {
    const startsAt = isoWeekStart(file.week)
    return { startsAt, endsAt: new Date(startsAt.getTime() + 7 * DAY_MS) }
  }
  return { startsAt: new Date(file.start as string), endsAt: new Date(file.end as string) }
}

/** Reads and checks every competition file in `dir` (none if the folder is missing). */
async function loadCompetitions(dir: string, challengeSlugs: ReadonlySet<string>) {
  let names: string[]
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  const problems: CompetitionProblem[] = []
  const loaded: LoadedCompetition[] = []
  for (const name of names) {
    const path = join(dir, name)
    const slug = name.slice(0, -'.json'.length)
    if (!SLUG.test(slug)) {
      problems.push({
        path,
        message: 'the file name must be lower-case letters, digits and hyphens, then .json',
      })
      continue
    }
    const text = await readFile(path, 'utf8')
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch (error) {
      problems.push({ path, message: `is not valid JSON: ${(error as Error).message}` })
      continue
    }
    const parsed = competitionFileSchema.safeParse(json)
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        problems.push({
          path,
          ...(issue.path.length ? { field: issue.path.join('.') } : {}),
          message: issue.message,
        })
      continue
    }
    const file = parsed.data
    if (!challengeSlugs.has(file.challenge)) {
      problems.push({
        path,
        field: 'challenge',
        message: `there is no challenge "${file.challenge}" in the catalogue`,
      })
      continue
    }
    const { startsAt, endsAt } = windowOf(file)
    if (endsAt <= startsAt) {
      problems.push({ path, field: 'end', message: 'must be after "start"' })
      continue
    }
    const contentHash = competitionHash(file.title, file.challenge, startsAt, endsAt)
    loaded.push({
      slug,
      path,
      title: file.title,
      challengeSlug: file.challenge,
      startsAt,
      endsAt,
      contentHash,
    })
  }
  const byStart = [...loaded].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
  for (let i = 1; i < byStart.length; i++) {
    const [before, after] = [byStart[i - 1], byStart[i]] as [LoadedCompetition, LoadedCompetition]
    if (after.startsAt < before.endsAt)
      problems.push({
        path: after.path,
        message: `runs at the same time as ${before.slug} (until ${before.endsAt.toISOString()}): competitions may not overlap`,
      })
  }
  if (problems.length > 0) throw new CompetitionContentError(problems)
  return loaded
}

export type CompetitionImport = { created: string[]; updated: string[]; unchanged: string[] }

/** Creates or updates every competition of `dir` in one transaction; safe to run again. */
export async function importCompetitions(db: Database, dir: string): Promise<CompetitionImport> {
  const catalogue = await db.select({ id: challenges.id, slug: challenges.slug }).from(challenges)
  const challengeIds = new Map(catalogue.map((row) => [row.slug, row.id]))
  const loaded = await loadCompetitions(dir, new Set(challengeIds.keys()))
  const result: CompetitionImport = { created: [], updated: [], unchanged: [] }
  if (loaded.length === 0) return result
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${COMPETITIONS_LOCK_KEY})`)
    const existing = new Map(
      (
        await tx
          .select({ slug: competitions.slug, contentHash: competitions.contentHash })
          .from(competitions)
          .where(
            inArray(
              competitions.slug,
              loaded.map((c) => c.slug),
            ),
          )
      ).map((row) => [row.slug, row.contentHash]),
    )
    for (const competition of loaded) {
      const previous = existing.get(competition.slug)
      if (previous === competition.contentHash) {
        result.unchanged.push(competition.slug)
        continue
      }
      const values = {
        title: competition.title,
        challengeId: challengeIds.get(competition.challengeSlug) as number,
        startsAt: competition.startsAt,
        endsAt: competition.endsAt,
        contentHash: competition.contentHash,
      }
      if (previous === undefined) {
        await tx.insert(competitions).values({ slug: competition.slug, ...values })
        result.created.push(competition.slug)
      } else {
        await tx.update(competitions).set(values).where(eq(competitions.slug, competition.slug))
        result.updated.push(competition.slug)
      }
    }
  })
  return result
}
