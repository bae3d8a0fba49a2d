import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PREPARED_DATA_ENV } from '#tests/support/server-process.ts'

/**
 * Global setup of the browser and fault tests: a folder for the run's prepared data folder, which the
 * first `prepared` server start makes (server-process.ts), removed when the run ends. Its name reaches
 * the test workers through the environment they inherit.
 */
export default function preparedDataSetup(): () => void {
  const runDir = mkdtempSync(join(tmpdir(), 'dojo-prepared-'))
  process.env[PREPARED_DATA_ENV] = runDir
  return () => rmSync(runDir, { recursive: true, force: true })
}
