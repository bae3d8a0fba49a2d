import type { Browser } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { createBrowserPool } from '#server/review/browser-pool.ts'
import { hasChromium } from '#tests/support/chromium-requirement.ts'

// A crashed browser is replaced: capture.test.ts checks that through a capture running on it.
describe.skipIf(!hasChromium())('the browser pool', { timeout: 60_000 }, () => {
  it('restarts the browser after restartEvery jobs', async () => {
    const small = createBrowserPool({ restartEvery: 2 })
    try {
      const seen: Browser[] = []
      for (let job = 0; job < 3; job++) await small.use(async (browser) => seen.push(browser))
      expect(seen[0]).toBe(seen[1])
      expect(seen[2]).not.toBe(seen[1])
      await expect.poll(() => seen[0]?.isConnected(), { timeout: 10_000 }).toBe(false)
      expect(seen[2]?.isConnected()).toBe(true)
    } finally {
      await small.close()
    }
  })
})
