// The learning paths (docs/content-format.md "Learning paths"): each file of content/paths/ read with the
// server's loader (front matter, the title's slug as its name, no step twice, at least one step), and
// every step naming a challenge folder of the catalogue.
import { readdir } from 'node:fs/promises'
import { basename } from 'node:path'
import { loadPaths } from '#server/learning-paths/content.ts'
import { type Problem, shown } from './shared.ts'

/** A path file's problems, reported beside the challenges' (index.ts), as `paths/<slug>`. */
export type PathReport = { slug: string; problems: Problem[] }

/** One report per path file, named `paths/<slug>`, in file order. */
export async function checkPaths(pathsDir: string, challengesDir: string): Promise<PathReport[]> {
  const challenges = new Set(
    (await readdir(challengesDir, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
      .map((entry) => entry.name),
  )
  const { paths, problems } = await loadPaths(pathsDir, challenges)
  const files = new Set([...paths.map((path) => path.file), ...problems.map((problem) => problem.path)])
  return [...files].sort().map((file) => ({
    slug: `paths/${basename(file, '.md')}`,
    problems: problems
      .filter((problem) => problem.path === file)
      .map((problem) => ({ ...problem, path: shown(problem.path) })),
  }))
}
