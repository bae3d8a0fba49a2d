// The folders and their challenge.json, with the importer's loader (schema, required files, the
// three design widths, unique titles), and slugs that differ only in case.
import { readFile } from 'node:fs/promises'
import { basename, join, relative, resolve, sep } from 'node:path'
import { ContentError, type LoadedChallenge, loadCatalogue } from '#server/content/load.ts'
import { challengeMetadataSchema } from '#shared/challenge.ts'
import { listFiles, type Problem, shown } from './shared.ts'

export interface LoadedFolders {
  /** The challenges whose zips can be checked, by slug. */
  challenges: Map<string, LoadedChallenge>
  /** The loader's problems by slug; those outside any challenge folder under ''. */
  problems: Map<string, Problem[]>
}

/** Splits the loader's problems by challenge folder; problems outside any folder go under ''. */
function problemsBySlug(root: string, problems: readonly Problem[]): Map<string, Problem[]> {
  const bySlug = new Map<string, Problem[]>()
  for (const problem of problems) {
    const rel = relative(root, resolve(process.cwd(), problem.path))
    const slug = rel.startsWith('..') || rel === '' ? '' : (rel.split(sep)[0] ?? '')
    bySlug.set(slug, [...(bySlug.get(slug) ?? []), problem])
  }
  return bySlug
}

/** A folder the loader found no problem in, read the same way (for when another folder failed). */
async function readChallenge(dir: string): Promise<LoadedChallenge | null> {
  try {
    const raw: unknown = JSON.parse(await readFile(join(dir, 'challenge.json'), 'utf8'))
    const metadata = challengeMetadataSchema.parse(raw)
    return { slug: basename(dir), dir, metadata, files: await listFiles(dir), states: [], contentHash: '' }
  } catch {
    return null
  }
}

/**
 * Loads the catalogue in `root` with the importer's loader, which checks it whole. When one folder
 * fails, the loader rejects them all: the `selected` folders without a problem are then read one by
 * one, so their zips are checked all the same.
 */
export async function loadFolders(
  root: string,
  folders: readonly string[],
  selected: readonly string[],
): Promise<LoadedFolders> {
  let loaded: LoadedChallenge[] = []
  let problems = new Map<string, Problem[]>()
  try {
    loaded = await loadCatalogue(root)
  } catch (error) {
    if (!(error instanceof ContentError)) throw error
    problems = problemsBySlug(root, error.problems)
  }
  const challenges = new Map(loaded.map((c) => [c.slug, c]))
  if (problems.size > 0) {
    for (const slug of selected) {
      if (!problems.has(slug) && folders.includes(slug)) {
        const challenge = await readChallenge(join(root, slug))
        if (challenge) challenges.set(slug, challenge)
      }
    }
  }
  return { challenges, problems }
}

/**
 * Slugs differing only in case collide on case-insensitive file systems and in URLs people type:
 * the later folder of each such pair, with its problem.
 */
export function checkSlugCase(root: string, folders: readonly string[]): Map<string, Problem[]> {
  const lower = new Map<string, string>()
  const problems = new Map<string, Problem[]>()
  for (const folder of folders) {
    const other = lower.get(folder.toLowerCase())
    if (other)
      problems.set(folder, [
        { path: shown(join(root, folder)), field: 'slug', message: `differs from ${other} only in case` },
      ])
    lower.set(folder.toLowerCase(), folder)
  }
  return problems
}
