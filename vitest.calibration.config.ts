import { defineConfig } from 'vitest/config'
import { CALIBRATION } from './vitest.config.ts'

/**
 * The score's calibration set alone (docs/decisions/023-element-score.md), each page captured for real
 * at three widths: a step of `npm test` after the unit tests, and `npm run test:calibration`.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: [CALIBRATION],
    testTimeout: 30 * 60_000,
    hookTimeout: 30 * 60_000,
  },
})
