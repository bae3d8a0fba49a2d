import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The folder holding package.json, found from this module's own location so that the source (run by
 * tsx or Vitest) and the bundle in dist/server find drizzle/, content/ and dist/web alike.
 */
function findProjectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir)
    if (parent === dir)
      throw new Error('Cannot find the project root (no package.json above the server code).')
    dir = parent
  }
  return dir
}

export const PROJECT_ROOT = findProjectRoot()
