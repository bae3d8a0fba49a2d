import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from '@playwright/test'
import { type ServerProcess, startServer } from '#tests/support/server-process.ts'
import { REQUEST_BOUNDS } from '#web/lib/request-bounds.ts'
import { expect, expectHydrated, test, VIEWPORTS } from './fixtures.ts'
import { memberPageOn, uniqueLogin } from './sign-in-helper.ts'

/**
 * A server that stops answering (docs/product.md §2 "Every page", docs/decisions/020-request-bounds.md):
 * every request has a bound, and when it passes the Network Error dialog shows, what was typed stays, and
 * Try again works once the server answers again. The server is one of this file's own, paused with
 * SIGSTOP: the shared one serves the other tests meanwhile.
 */

let server: ServerProcess
let contentDir: string
let paused = false

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(240_000)
  // Two challenges are enough here, and their import keeps the first start short.
  contentDir = mkdtempSync(join(tmpdir(), 'dojo-pause-content-'))
  for (const folder of readdirSync('content/challenges').sort().slice(0, 2))
    cpSync(join('content/challenges', folder), join(contentDir, folder), { recursive: true })
  server = await startServer({
    entry: 'dist/server/index.js',
    readyTimeoutMs: 180_000,
    env: { CONTENT_DIR: contentDir },
  })
})

function pause() {
  process.kill(server.pid, 'SIGSTOP')
  paused = true
}

function resume() {
  if (!paused) return
  process.kill(server.pid, 'SIGCONT')
  paused = false
}

test.afterEach(() => resume())

test.afterAll(async () => {
  if (server) {
    resume()
    await server.destroy()
  }
  if (contentDir) rmSync(contentDir, { recursive: true, force: true })
})

const offlineDialog = (page: Page) => page.getByRole('dialog', { name: 'Network Error' })

/** The dialog shows once a bound has passed, and not long after (time for a busy machine to draw it). */
const shownWithin = (bound: number) => ({ timeout: bound + 5000 })

/** A visitor's page on this file's server, with its console errors. */
async function visitorPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: VIEWPORTS.desktop })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return { context, page, errors }
}

test('a navigation to a challenge while the server is paused shows the dialog, and goes on once it answers', async ({
  browser,
}) => {
  const { context, page, errors } = await visitorPage(browser)
  await page.goto('/challenges')
  await expectHydrated(page)
  const card = page.locator('.card-cell a').first()
  const title = (await card.textContent())?.trim() ?? ''

  pause()
  await card.click()
  const dialog = offlineDialog(page)
  await expect(dialog).toBeVisible(shownWithin(REQUEST_BOUNDS.read))
  await expect(dialog.getByRole('button', { name: 'Try again' })).toBeFocused()

  resume()
  await dialog.getByRole('button', { name: 'Try again' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  await expect(page).toHaveURL(/\/challenge\//)
  expect(errors).toEqual([])
  await context.close()
})

test('an update of the settings while the server is paused shows the dialog and keeps what was typed', async ({
  browser,
}, testInfo) => {
  const login = uniqueLogin(testInfo)
  const { context, page, errors } = await memberPageOn(server.baseUrl, browser, testInfo, login)
  await page.goto('/settings')
  await expectHydrated(page)
  await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace')
  const bio = page.getByLabel('Bio', { exact: true })
  await bio.fill('Typed while the server was asleep')

  pause()
  // By its markup: under the modal dialog the page is inert, out of the accessibility tree.
  const update = page.locator('button[type="submit"]', { hasText: 'Update' })
  await update.click()
  await expect(update).toBeDisabled()
  const dialog = offlineDialog(page)
  await expect(dialog).toBeVisible(shownWithin(REQUEST_BOUNDS.write))
  // The save itself gives up at its bound, the server still paused (a read of the page's may have shown
  // the dialog before it): the button is no longer busy.
  await expect(update).toBeEnabled(shownWithin(REQUEST_BOUNDS.write))
  await expect(bio).toHaveValue('Typed while the server was asleep')

  resume()
  await dialog.getByRole('button', { name: 'Try again' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(bio).toHaveValue('Typed while the server was asleep')
  await update.click()
  await expect(page).toHaveURL(`/profile/${login}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible()
  await expect(page.getByText('Typed while the server was asleep')).toBeVisible()
  expect(errors).toEqual([])
  await context.close()
})
