import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parse as parseYaml } from 'yaml'
import { PATH_SLUG, type PathFile, pathFileSchema, pathSlugOf } from '#shared/learning-paths.ts'

/**
 * Learning paths are content, like challenges (docs/product.md §15, docs/content-format.md):
 * `content/paths/<slug>.md`, YAML front matter between `---` lines, then the introduction in plain
 * paragraphs. Read here for the server (paths.ts) and for `content:check`.
 */

export type PathProblem = { path: string; field?: string; message: string }

export type LoadedPath = PathFile & { slug: string; file: string; intro: string[] }

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/

/** One file's path, or its problems. */
export function parsePathFile(file: string, slug: string, text: string): LoadedPath | PathProblem[] {
  if (!PATH_SLUG.test(slug))
    return [{ path: file, message: 'the file name must be lower-case letters, digits and hyphens, then .md' }]
  const match = FRONT_MATTER.exec(text)
  if (!match) return [{ path: file, message: 'must start with front matter between two "---" lines' }]
  let data: unknown
  try {
    data = parseYaml(match[1] ?? '')
  } catch (error) {
    return [{ path: file, message: `the front matter is not valid YAML: ${(error as Error).message}` }]
  }
  const parsed = pathFileSchema.safeParse(data)
  if (!parsed.success)
    return parsed.error.issues.map((issue) => ({
      path: file,
      ...(issue.path.length ? { field: issue.path.join('.') } : {}),
      message: issue.message,
    }))
  const problems: PathProblem[] = []
  if (pathSlugOf(parsed.data.title) !== slug)
    problems.push({
      path: file,
      field: 'title',
      message: `the file must be named after the title: ${pathSlugOf(parsed.data.title)}.md`,
    })
  const seen = new Set<string>()
  parsed.data.steps.forEach((step, i) => {
    if (seen.has(step.challenge))
      problems.push({
        path: file,
        field: `steps.${i}.challenge`,
        message: `${step.challenge} is a step twice`,
      })
    seen.add(step.challenge)
  })
  if (problems.length > 0) return problems
  const intro = (match[2] ?? '')
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
  return { ...parsed.data, slug, file, intro }
}

/**
 * Every path of `dir` (none when the folder is missing), sorted by `order` then title, and the problems of
 * the files that could not be read. With `challengeSlugs`, a step naming no challenge of the catalogue is
 * a problem too.
 */
export async function loadPaths(
  dir: string,
  challengeSlugs?: ReadonlySet<string>,
): Promise<{ paths: LoadedPath[]; problems: PathProblem[] }> {
  let names: string[]
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.md')).sort()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { paths: [], problems: [] }
    throw error
  }
  const paths: LoadedPath[] = []
  const problems: PathProblem[] = []
  for (const name of names) {
    const file = join(dir, name)
    const result = parsePathFile(file, name.slice(0, -'.md'.length), await readFile(file, 'utf8'))
    if (Array.isArray(result)) {
      problems.push(...result)
      continue
    }
    const unknown = challengeSlugs
      ? result.steps.flatMap((step, i) =>
          challengeSlugs.has(step.challenge)
            ? []
            : [
                {
                  path: file,
                  field: `steps.${i}.challenge`,
                  message: `there is no challenge "${step.challenge}" in the catalogue`,
                },
              ],
        )
      : []
    if (unknown.length > 0) problems.push(...unknown)
    else paths.push(result)
  }
  paths.sort((a, b) => a.order - b.order || a.title.localeCompare(b.title))
  return { paths, problems }
}
