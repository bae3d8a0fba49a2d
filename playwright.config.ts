import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './src/server/chromium.ts'
import { E2E_ADMIN_LOGIN } from './tests/e2e/admin-login.ts'
import { liveSitesEnv } from './tests/support/loopback-only-dns.ts'

const port = Number(process.env.E2E_PORT ?? 4310)
const baseURL = `http://127.0.0.1:${port}`
/** The challenges' reference solutions as live sites (tests/support/challenge-sites.ts). */
const sitesPort = Number(process.env.E2E_SITES_PORT ?? port + 1)
/**
 * The shared server's data folder. Each test worker loads this file again and inherits the runner's
 * environment, so the folder is made once per run, not once per worker.
 */
process.env.E2E_SHARED_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'dojo-e2e-'))
const dataDir = process.env.E2E_SHARED_DATA_DIR

/**
 * Browser tests run the built server (the same process `npm start` runs) on a fresh data directory,
 * against Debian's Chromium: Playwright's own browser downloads are not available everywhere.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  // The data folder a first start fills, made once for the run's servers of their own (server-process.ts).
  globalSetup: './tests/support/prepared-data-setup.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  // Two cores run the server, Chromium and two workers: generous limits keep a busy machine from
  // failing tests that are merely slow. The longest journeys (a second server of their own, real
  // reviews beside them) take 50 s there, and once took over 60 s.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    // Animations that run on while a test waits (a review's pulsing steps, spinners, skeletons) keep the
    // browser drawing frames on two busy cores; every one is motion-safe. sign-in.spec.ts and
    // connection.spec.ts open the animated menu and dialog with motion on.
    reducedMotion: 'reduce',
    // A trace records every action's page; CI keeps no output of a fresh clone, so it is only taken locally.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } },
  ],
  webServer: [
    {
      command: `node --import tsx tests/support/challenge-sites.ts ${sitesPort}`,
      url: `http://127.0.0.1:${sitesPort}/`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: 'node dist/server/index.js',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      env: {
        PORT: String(port),
        PUBLIC_URL: baseURL,
        // Every test signs in from 127.0.0.1: the per-address limit is tested in the API tests.
        RATE_LIMIT_SIGN_IN: '1000',
        RATE_LIMIT_MUTATIONS: '1000',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        // No name resolves but localhost, so no test reaches a site outside this machine, with DNS or
        // without: a review of https://someone.netlify.app fails with "name could not be found". Every
        // github.io and gitlab.io host is this machine instead, its port 80 the challenge sites above:
        // `http://<login>.github.io/<slug>/reference/index.html` is the member's own site showing the
        // reference solution, and its review passes in seconds (Lighthouse off; real-review.spec.ts runs
        // one with it) as a real one would, so tests earn points the way members do (docs/product.md §10).
        ...liveSitesEnv(sitesPort, ['github.io', 'gitlab.io']),
        REVIEW_LIGHTHOUSE: 'off',
        // axe takes seconds of each review here, and no test on this server reads its findings: the
        // reports say it is turned off (reviews.spec.ts); real-review.spec.ts runs it on its own server.
        REVIEW_AXE: 'off',
        // The moderation tests sign in as this login to act as an admin (docs/product.md §12).
        ADMIN_GITHUB_LOGINS: E2E_ADMIN_LOGIN,
      },
    },
  ],
})
