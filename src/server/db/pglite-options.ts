import { PGlite } from '@electric-sql/pglite'

/**
 * PostgreSQL's default 128 MB of shared buffers lives in PGlite's WebAssembly memory, in this
 * process, and fills as pages are read: the platform's data (a catalogue, its members) fits in far
 * less, and the files stay in the operating system's cache besides.
 */
const SHARED_BUFFERS = '32MB'

export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`]
