// What several checks use: the problem type, how paths are shown, folder listings, line numbers,
// and where a zip entry comes from in the challenge folder.
import { readdir, stat } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'

export type Problem = { path: string; field?: string; message: string }

/** A path as the report shows it: relative to the working directory. */
export const shown = (path: string) => relative(process.cwd(), path) || path

export async function exists(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null)) !== null
}

/** Files of a folder, relative and '/'-separated, dotfiles left out (as the importer lists them). */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries
    .filter((e) => e.isFile() && !e.name.startsWith('.'))
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort()
}

/** The 1-based line of each offset in `text`. */
export function lineCounter(text: string): (index: number) => number {
  const starts = [0]
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1)
  return (index) => {
    // The number of lines that start at or before `index`.
    let low = 0
    let high = starts.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if ((starts[middle] ?? 0) <= index) low = middle + 1
      else high = middle
    }
    return low
  }
}

/**
 * Whether a folder file goes into the zip under the same path: the brief, style guide and assets, but
 * not the design's elements, which only the review reads (src/server/content/build.ts).
 */
export const zippedAsIs = (path: string) =>
  path === 'README.md' ||
  path === 'style-guide.md' ||
  (/^(design|images|fonts)\/./.test(path) && !/^design\/[^/]+\.elements\.json$/.test(path))

/** The folder file a zip path comes from: the zip puts starter/ at its root. */
export const sourceOfZipPath = (zipPath: string) => (zippedAsIs(zipPath) ? zipPath : `starter/${zipPath}`)
