import { defineConfig } from 'vitest/config'
import { CALIBRATION } from './vitest.config.ts'

/**
 * `npm run test:calibration`: the element score's calibration set alone
 * (docs/decisions/023-element-score.md), each page captured for real at three widths. It is not yet in
 * `npm test`: its run time on two cores is still to be measured.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: [CALIBRATION],
    testTimeout: 30 * 60_000,
    hookTimeout: 30 * 60_000,
  },
})
