import type { Catalogue, CatalogueSnapshot } from '#server/catalogue/catalogue.ts'
import { type LoadedPath, loadPaths } from '#server/learning-paths/content.ts'
import type { Logger } from '#server/logger.ts'
import type { LearningPath, LearningPathSummary } from '#shared/learning-paths.ts'

export type LearningPaths = {
  /** Every path, in the content's order, its steps' challenges as the catalogue has them now. */
  list(): Promise<LearningPath[]>
  get(slug: string): Promise<LearningPath | null>
}

export const toSummary = ({ intro: _intro, steps: _steps, ...summary }: LearningPath): LearningPathSummary =>
  summary

/**
 * The learning paths (docs/product.md §15) held in memory like the catalogue they are made of:
 * their files are read at the first request and again with each version of the catalogue (an import), and
 * joined with it. `content:check` refuses a step that names no challenge; here such a step is left out (with a
 * warning), and a path left with no step is not listed, so a catalogue without that challenge still serves.
 */
export function createLearningPaths(deps: {
  dir: string
  catalogue: Catalogue
  log?: Logger
}): LearningPaths {
  let files: Promise<LoadedPath[]> | null = null
  const read = () => {
    files ??= loadPaths(deps.dir).then(({ paths, problems }) => {
      for (const problem of problems) deps.log?.warn('a learning path could not be read', problem)
      return paths
    })
    files.catch(() => {
      files = null
    })
    return files
  }
  const joined = new WeakMap<CatalogueSnapshot, Promise<LearningPath[]>>()
  const join = (snapshot: CatalogueSnapshot) => {
    let paths = joined.get(snapshot)
    if (!paths) {
      // A new version of the catalogue comes of an import: the paths' files are read again with it.
      files = null
      paths = read().then((loaded) => {
        const bySlug = new Map(snapshot.challenges.map((challenge) => [challenge.slug, challenge]))
        return loaded.flatMap((path) => {
          const steps = path.steps.flatMap(({ challenge: slug, note }) => {
            const challenge = bySlug.get(slug)
            if (!challenge)
              deps.log?.warn('a learning path names no challenge of the catalogue', { path: path.slug, slug })
            return challenge ? [{ challenge, note }] : []
          })
          if (steps.length === 0) return []
          const categories = [...new Set(steps.map((step) => step.challenge.category))]
          return [
            {
              slug: path.slug,
              title: path.title,
              summary: path.summary,
              level: path.level,
              stepCount: steps.length,
              categories,
              intro: path.intro,
              steps,
            },
          ]
        })
      })
      joined.set(snapshot, paths)
    }
    return paths
  }
  const list = async () => join(await deps.catalogue.snapshot())
  return {
    list,
    async get(slug) {
      return (await list()).find((path) => path.slug === slug) ?? null
    },
  }
}
