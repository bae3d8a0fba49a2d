import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * PGlite keeps its database inside one process: a second process on the same files would corrupt
 * them. The first process to start takes this lock; the second stops with a clear sentence. A lock
 * left behind by a process that died is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const path = join(dataDir, 'server.pid')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, String(process.pid), { flag: 'wx' })
      return () => rmSync(path, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = Number(readFileSync(path, 'utf8'))
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new Error(
          `DATA_DIR ${dataDir} is in use by another Frontend Dojo process (pid ${owner}). Stop it, or set DATA_DIR to another folder or DATABASE_URL to a PostgreSQL server.`,
        )
      }
      rmSync(path, { force: true })
    }
  }
  throw new Error(`Cannot lock DATA_DIR ${dataDir}.`)
}
