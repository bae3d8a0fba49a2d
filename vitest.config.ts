import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // A private PostgreSQL cluster when TEST_DATABASE_URL is unset (see the module).
    globalSetup: ['tests/support/postgres-global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // PGlite and sharp are heavy on two cores: a few files at a time is faster than many.
    maxWorkers: 2,
  },
})
