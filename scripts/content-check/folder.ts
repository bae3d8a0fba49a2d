// The top of a challenge folder: nothing the format has no place for, files and folders where the
// format wants them, and the reference files the render needs.
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { STATES_FILE } from '../content-render.ts'
import { exists, type Problem, shown } from './shared.ts'

/** What may sit at the top of a challenge folder; anything else has no place in the format. */
const TOP_LEVEL = new Set([
  'challenge.json',
  'README.md',
  'style-guide.md',
  STATES_FILE,
  'design',
  'images',
  'fonts',
  'starter',
  'reference',
])

/** Top-level files the format has no place for, and the reference files the render needs. */
export async function checkFolder(dir: string): Promise<Problem[]> {
  const problems: Problem[] = []
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue
    if (!TOP_LEVEL.has(entry.name)) {
      problems.push({ path: shown(join(dir, entry.name)), message: 'is not part of the challenge format' })
    } else if (entry.isDirectory() !== !entry.name.includes('.')) {
      problems.push({
        path: shown(join(dir, entry.name)),
        message: entry.isDirectory() ? 'must be a file' : 'must be a folder',
      })
    }
  }
  for (const file of ['reference/index.html', 'reference/style.css']) {
    if (!(await exists(join(dir, file))))
      problems.push({ path: shown(join(dir, file)), message: 'required file is missing' })
  }
  return problems
}
