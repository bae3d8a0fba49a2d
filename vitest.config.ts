import { relative } from 'node:path'
import { defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

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

/**
 * The longest files, longest first. Without the results of an earlier run (a fresh clone in CI) Vitest
 * starts the largest files first, and a short file with long tests (the score ladder's real captures)
 * then ran last, alone on one of the two workers, for most of a minute.
 */
const LONGEST_FIRST = [
  'src/server/review/capture.test.ts',
  'src/server/review/service.test.ts',
  'src/server/routes/fuzz.test.ts',
  'src/server/review/quality/audits.test.ts',
  'src/server/review/score-ladder.test.ts',
  'scripts/content-check/reference-score.test.ts',
]

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.indexOf(relative(file.project.config.root, file.moduleId))
      return index < 0 ? LONGEST_FIRST.length : index
    }
    // Within each project (they run one after the other, in Vitest's order), stable.
    const projects = [...new Set(sorted.map((file) => file.project.name))]
    return projects.flatMap((name) =>
      sorted
        .filter((file) => file.project.name === name)
        .map((file, index) => ({ file, index }))
        .sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index)
        .map(({ file }) => file),
    )
  }
}

export default defineConfig({
  test: {
    environment: 'node',
    // A private PostgreSQL cluster when TEST_DATABASE_URL is unset (see the module).
    globalSetup: ['tests/support/postgres-global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // PGlite and sharp are heavy on two cores: a few files at a time is faster than many.
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
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
