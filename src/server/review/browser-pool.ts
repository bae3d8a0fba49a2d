/**
 * The reviews' shared Chromium: launched with the capture's flags on the first job, restarted every
 * CAPTURE_RESTART_EVERY jobs and after a crash. Playwright is loaded with the first browser.
 */

import type { Browser } from 'playwright-core'
import { CHROMIUM_ARGS, chromiumEnv, RENDERING_ARGS, resolveChromium } from '#server/chromium.ts'
import { CaptureError } from '#server/review/capture-errors.ts'

const CAPTURE_RESTART_EVERY = 50

/**
 * On top of CHROMIUM_ARGS. The proxy is the only way out, so Chromium must not find another: it
 * resolves no names itself (a page's names go to the proxy unresolved; the proxy's own 127.0.0.1 stays
 * reachable), QUIC and WebRTC's direct UDP are off (neither goes through an HTTP proxy). The
 * background services these would reach are off too, though with no name resolution they fail anyway.
 * Lighthouse's Chromium (quality/lighthouse.ts) starts with them too. The page is drawn with
 * RENDERING_ARGS, as the designs are (scripts/content-render.ts), so any Chromium gives the same pixels.
 * Pages get no SharedWorker: its downloads cannot be counted toward the unpacked limit as a dedicated
 * worker's are (page-watch.ts), and a one-tab visit has no other tab to share it with
 * (docs/product.md §10).
 */
export const CAPTURE_ARGS = [
  '--disable-blink-features=SharedWorker',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--disable-quic',
  '--dns-prefetch-disable',
  '--no-pings',
  '--disable-domain-reliability',
  '--disable-client-side-phishing-detection',
  '--disable-notifications',
  '--mute-audio',
  ...RENDERING_ARGS,
]

export type BrowserPool = {
  /** One shared Chromium, restarted every `restartEvery` jobs (default 50) or when it crashed. */
  use<T>(fn: (browser: Browser) => Promise<T>): Promise<T>
  version(): Promise<string>
  close(): Promise<void>
}

type Slot = { browser: Promise<Browser>; jobs: number; active: number; retired: boolean }

/**
 * One Chromium for all jobs (starting one costs a second and ~100 MB), replaced now and then because a
 * long-lived browser grows, and at once when it crashes. Jobs still running on a retired browser
 * finish on it; it closes after the last one.
 */
export function createBrowserPool(
  options: { executablePath?: string; restartEvery?: number } = {},
): BrowserPool {
  const restartEvery = options.restartEvery ?? CAPTURE_RESTART_EVERY
  const slots = new Set<Slot>()
  let current: Slot | null = null
  let closed = false

  const shut = (slot: Slot) => {
    slots.delete(slot)
    return slot.browser.then((browser) => browser.close()).catch(() => {})
  }
  const retire = (slot: Slot) => {
    slot.retired = true
    if (current === slot) current = null
    if (slot.active === 0) void shut(slot)
  }
  const launch = (): Slot => {
    const slot = { jobs: 0, active: 0, retired: false } as Slot
    // Playwright is loaded with the first browser, not with the server: a process that runs no review
    // never pays for it (tens of MB).
    slot.browser = import('playwright-core')
      .then(async ({ chromium }) =>
        chromium.launch({
          executablePath: options.executablePath ?? (await resolveChromium()),
          args: [...CHROMIUM_ARGS, ...CAPTURE_ARGS],
          env: await chromiumEnv(),
          timeout: 30_000,
        }),
      )
      .then((browser) => {
        browser.once('disconnected', () => retire(slot))
        return browser
      })
    slot.browser.catch(() => retire(slot))
    slots.add(slot)
    return slot
  }
  const acquire = (): Slot => {
    if (closed) throw new CaptureError('browser_failed', 'The reviewing browser has been shut down.')
    if (current && current.jobs >= restartEvery) retire(current)
    current ??= launch()
    return current
  }
  const started = async (slot: Slot): Promise<Browser> => {
    try {
      const browser = await slot.browser
      if (browser.isConnected()) return browser
    } catch {
      // Reported below in words; the next job launches a new browser.
    }
    retire(slot)
    throw new CaptureError(
      'browser_failed',
      'The reviewing browser could not start; the review will be retried.',
    )
  }

  return {
    async use(fn) {
      const slot = acquire()
      slot.jobs += 1
      slot.active += 1
      try {
        return await fn(await started(slot))
      } finally {
        slot.active -= 1
        if (slot.retired && slot.active === 0) void shut(slot)
      }
    },
    async version() {
      const slot = acquire()
      slot.active += 1
      try {
        return (await started(slot)).version()
      } finally {
        slot.active -= 1
        if (slot.retired && slot.active === 0) void shut(slot)
      }
    },
    async close() {
      closed = true
      current = null
      await Promise.all([...slots].map(shut))
    },
  }
}
