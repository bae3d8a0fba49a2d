import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // PGlite and sharp are heavy on two cores: a few files at a time is faster than many.
    maxWorkers: 2,
  },
})
