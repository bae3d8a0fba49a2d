import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { ACCOUNT_TEXTS, CONFIRM_MISMATCH } from '#shared/account.ts'
import { listChallenges } from './catalogue.ts'
import {
  expect,
  expectHydrated,
  expectNoAxeViolations,
  forgetNotFoundErrors,
  test,
  VIEWPORTS,
} from './fixtures.ts'
import { mutate, signIn } from './sign-in-helper.ts'

const toasts = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text })
const account = (page: Page) => page.getByRole('region', { name: ACCOUNT_TEXTS.heading })

/** "Your account" on /settings (docs/product.md §2 Settings): export, then delete. */
test.describe('your account', () => {
  test('a member exports their data, then deletes the account and lands home signed out', async ({
    page,
    consoleErrors,
  }, testInfo) => {
    const login = await signIn(page, testInfo)
    const [challenge] = await listChallenges(page.request)
    if (!challenge) throw new Error('the catalogue is empty')
    expect((await mutate(page, `/api/me/challenges/${challenge.id}/start`, {})).ok()).toBe(true)

    await page.goto('/settings')
    await expectHydrated(page)
    await expect(page.getByRole('heading', { level: 2, name: ACCOUNT_TEXTS.heading })).toBeVisible()

    // Export my data: a JSON file named after the member and the day, holding the started challenge.
    const download = page.waitForEvent('download')
    await account(page).getByRole('button', { name: ACCOUNT_TEXTS.exportButton }).click()
    const file = await download
    const today = new Date().toISOString().slice(0, 10)
    expect(file.suggestedFilename()).toBe(`frontend-dojo-${login}-${today}.json`)
    const data = JSON.parse(await readFile(await file.path(), 'utf8'))
    expect(data.profile.username).toBe(login)
    expect(data.progress).toEqual([
      expect.objectContaining({ challengeSlug: challenge.slug, status: 'ongoing' }),
    ])

    // Delete: the form opens with the focus in its field; a wrong login is refused in words.
    const open = account(page).getByRole('button', { name: ACCOUNT_TEXTS.deleteButton })
    await open.click()
    const field = page.getByLabel(ACCOUNT_TEXTS.confirmLabel(login))
    await expect(field).toBeFocused()
    await field.fill(`${login}-not`)
    await page.getByRole('button', { name: ACCOUNT_TEXTS.confirmButton }).click()
    await expect(page.getByRole('alert').filter({ hasText: CONFIRM_MISMATCH })).toBeVisible()
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(field).toBeFocused()
    // Escape closes it and gives the focus back; nothing was deleted.
    await page.keyboard.press('Escape')
    await expect(open).toBeFocused()
    expect((await page.request.get('/api/me')).status()).toBe(200)

    await open.click()
    await field.fill(login)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL('/')
    await expect(toasts(page, ACCOUNT_TEXTS.deleted)).toHaveCount(1)
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
    expect((await page.request.get('/api/me')).status()).toBe(401)

    await page.goto(`/profile/${login}`)
    await expect(page.getByRole('heading', { level: 1, name: 'User not found' })).toBeVisible()
    forgetNotFoundErrors(consoleErrors)
  })

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    test(`settings with the account section is accessible on ${name}`, async ({ page }, testInfo) => {
      const login = await signIn(page, testInfo)
      await page.setViewportSize(viewport)
      await page.goto('/settings')
      await expectHydrated(page)
      await expect(account(page)).toBeVisible()
      await expectNoAxeViolations(page)
      await account(page).getByRole('button', { name: ACCOUNT_TEXTS.deleteButton }).click()
      await page.getByLabel(ACCOUNT_TEXTS.confirmLabel(login)).fill('someone-else')
      await page.getByRole('button', { name: ACCOUNT_TEXTS.confirmButton }).click()
      await expect(page.getByRole('alert').filter({ hasText: CONFIRM_MISMATCH })).toBeVisible()
      await expectNoAxeViolations(page)
    })
  }
})
