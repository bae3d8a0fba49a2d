import type { APIResponse, Browser, Page, TestInfo } from '@playwright/test'
import { authorizeForm } from '#tests/support/auth.ts'
import { expect, expectHydrated, VIEWPORTS } from './fixtures.ts'

/** A number written in the letters a to z (0 is "a", 26 is "ba"). */
function inLetters(value: number): string {
  let rest = Math.floor(value)
  let letters = ''
  do {
    letters = String.fromCharCode(97 + (rest % 26)) + letters
    rest = Math.floor(rest / 26)
  } while (rest > 0)
  return letters
}

/**
 * A GitHub login no other test uses, so every test starts as a new member with 0 points. It is made of
 * letters only, so the display name the emulator derives from it ("member-b-xyz" is "Member B Xyz")
 * passes the rule for names and is the name the app shows (docs/product.md §5).
 */
export function uniqueLogin(testInfo: TestInfo, prefix = 'member'): string {
  const unique = inLetters(Date.now()) + inLetters(Math.random() * 26 ** 3)
  return `${prefix}-${inLetters(testInfo.workerIndex)}-${unique}`
}

/** What the emulator calls a login: its words, capitalised ("member-b-xyz" is "Member B Xyz"). */
export function emulatedName(login: string) {
  return login
    .split('-')
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join(' ')
}

/**
 * Signs in the way a person does: Log in in the navbar of /my (a visitor there is asked to sign in), the
 * GitHub emulator's authorize page, back on /my signed in. Returns the login used. For the tests of
 * signing in itself; the others use signIn. Each call starts a sign-in on the server, which rate-limits
 * them per address, so tests sign in once each at most.
 */
export async function signInThroughPages(page: Page, testInfo: TestInfo, login = uniqueLogin(testInfo)) {
  // The emulator's page names no icon, so the browser asks for /favicon.ico, which the app does not have.
  await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }))
  await page.goto('/my')
  await expectHydrated(page)
  const banner = page.getByRole('banner')
  if ((page.viewportSize()?.width ?? 1440) < 768) {
    await banner.getByRole('button', { name: 'Menu', exact: true }).click()
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Login' }).click()
  } else {
    await banner.getByRole('link', { name: 'Login' }).click()
  }
  await expect(page.getByRole('heading', { name: 'Sign in to GitHub' })).toBeVisible()
  await page.getByLabel('GitHub username').fill(login)
  await page.getByRole('button', { name: 'Authorize' }).click()
  await expect(page).toHaveURL('/my')
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  return login
}

/**
 * Signs in through the real OAuth flow without drawing its pages: the sign-in's start, the GitHub
 * emulator's authorize form and the callback, asked with the page's own cookies (the context's request
 * client), then /my opened signed in. The same requests as signInThroughPages, less two pages to load and
 * hydrate; the pages of the flow have tests of their own (sign-in.spec.ts, sign-in-return.spec.ts).
 * Returns the login used.
 */
export async function signIn(page: Page, testInfo: TestInfo, login = uniqueLogin(testInfo)) {
  const redirected = (response: APIResponse, what: string) => {
    const location = response.headers().location
    expect(response.status(), `${what} answered ${response.status()}`).toBe(302)
    if (!location) throw new Error(`${what} sent no Location`)
    return new URL(location, response.url())
  }
  const request = page.context().request
  const start = await request.get('/auth/github?returnTo=%2Fmy', { maxRedirects: 0 })
  const authorizeUrl = redirected(start, 'the sign-in start')
  const authorized = await request.post(`${authorizeUrl.origin}${authorizeUrl.pathname}`, {
    form: authorizeForm(authorizeUrl, { login }),
    maxRedirects: 0,
  })
  const callback = redirected(authorized, 'the emulator’s authorize form')
  const finished = await request.get(callback.href, { maxRedirects: 0 })
  // Back where the sign-in was asked to return: the dashboard.
  expect(redirected(finished, 'the sign-in callback').pathname).toBe('/my')
  await page.goto('/my')
  await expectHydrated(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  return login
}

/** A state-changing API call the way the app makes it: JSON from our own origin, with the page's cookies. */
export async function mutate(page: Page, path: string, body: unknown, method: 'POST' | 'PATCH' = 'POST') {
  const origin = new URL(page.url()).origin
  return page.request.fetch(path, {
    method,
    headers: { Origin: origin, 'Content-Type': 'application/json' },
    data: JSON.stringify(body),
  })
}

/**
 * A member signed in on a server of the test's own (a desktop context on `baseUrl`), with the console
 * errors and page errors of the page collected for the test to check.
 */
export async function memberPageOn(baseUrl: string, browser: Browser, testInfo: TestInfo, login: string) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORTS.desktop })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  await signIn(page, testInfo, login)
  return { context, page, errors }
}
