import { defineConfig } from 'vitest/config'

/**
 * `npm run test:faults`: the real server as a child process, on a private PostgreSQL cluster or
 * PGlite, under faults (a paused or stopped database, kill -9, huge bodies). One file at a time:
 * each starts its own processes and measures time, memory and file descriptors.
 */
export default defineConfig({
  test: {
    include: ['tests/faults/*.test.ts'],
    // The data folder a first start fills, made once for the run's servers (server-process.ts).
    globalSetup: ['tests/support/prepared-data-setup.ts'],
    environment: 'node',
    fileParallelism: false,
    maxWorkers: 1,
    // A first start on an empty database imports the catalogue: generous, but every wait ends.
    testTimeout: 240_000,
    hookTimeout: 240_000,
    teardownTimeout: 60_000,
  },
})
