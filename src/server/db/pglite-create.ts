import { PGlite } from '@electric-sql/pglite'
import { PGLITE_START_PARAMS } from '#server/db/pglite-options.ts'

/**
 * The child process that creates a new PGlite cluster (`initdb`) in the folder it is given, then
 * ends. Creating one runs a second WebAssembly program and grows memory the server would otherwise
 * keep for its whole life (~100-200 MB); see openDatabase.
 */
const dataDir = process.argv[2]
if (!dataDir) {
  console.error('usage: pglite-create <data folder>')
  process.exit(2)
}
const client = await PGlite.create({ dataDir, startParams: PGLITE_START_PARAMS })
await client.close()
