import { defineConfig } from 'vitest/config'

/**
 * Files that replace modules (vi.mock), the clock or the environment for their own tests: they run each
 * in a fresh module registry. Every other file shares its worker's modules with the files before it,
 * which spares each one importing the server again (a quarter of the run's time on two cores).
 */
const ISOLATED = [
  'src/server/jobs/recheck-browserless.test.ts',
  'src/server/jobs/scheduler.test.ts',
  'src/server/review/link-check.test.ts',
  'src/server/review/egress-proxy.test.ts',
]

/**
 * Real reviews of 66 pages at three widths (about 3 minutes on two quiet cores): `npm test` runs it as its
 * own step, alone, so that no other file's load slows its captures (vitest.calibration.config.ts).
 */
export const CALIBRATION = 'src/server/review/score-calibration.test.ts'

export default defineConfig({
  test: {
    environment: 'node',
    // A private PostgreSQL cluster when TEST_DATABASE_URL is unset (see the module).
    globalSetup: ['tests/support/postgres-global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // PGlite and sharp are heavy on two cores: a few files at a time is faster than many.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          // Its own step of `npm test` and `npm run test:calibration`: docs/decisions/023-element-score.md.
          exclude: [...ISOLATED, CALIBRATION],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
})
