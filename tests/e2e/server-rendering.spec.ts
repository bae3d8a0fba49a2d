import type { APIRequestContext, Page } from '@playwright/test'
import { BADGE_IDS } from '#shared/badges.ts'
import { CATEGORIES } from '#shared/categories.ts'
import { listChallenges, publicConfig } from './catalogue.ts'
import { expect, expectHydrated, forgetNotFoundErrors, test } from './fixtures.ts'
import { pageScripts } from './page-scripts.ts'
import { uniqueLogin } from './sign-in-helper.ts'

/**
 * The public pages arrive rendered by the server (docs/decisions/003-server-rendered-public-pages.md), so
 * they show (and preview as a shared link) without JavaScript, and the app hydrates them without a mismatch.
 */

/** Makes a member over HTTP, the way a browser signs in through the GitHub emulator. */
async function createMember(request: APIRequestContext, login: string): Promise<void> {
  const start = await request.get('/auth/github', { maxRedirects: 0 })
  expect(start.status()).toBe(302)
  const authorizeUrl = new URL(start.headers().location ?? '', 'http://placeholder')
  const form: Record<string, string> = { login, decision: 'allow' }
  for (const name of ['client_id', 'redirect_uri', 'state', 'code_challenge', 'scope'])
    form[name] = authorizeUrl.searchParams.get(name) ?? ''
  const authorized = await request.post(authorizeUrl.pathname, { form, maxRedirects: 0 })
  expect(authorized.status()).toBe(302)
  const callback = new URL(authorized.headers().location ?? '', 'http://placeholder')
  const done = await request.get(`${callback.pathname}${callback.search}`, { maxRedirects: 0 })
  expect(done.status()).toBe(302)
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 })

/**
 * Records, at the moment the app says it is hydrated (`data-hydrated` on <html>), the elements of the
 * page that React does not own yet. React DOM keeps an element's fiber on it (`__reactFiber$…`); the
 * server's HTML of a boundary still waiting to hydrate has none.
 */
async function watchHydration(page: Page): Promise<void> {
  await page.addInitScript(() => {
    new MutationObserver((_records, observer) => {
      if (!document.documentElement.hasAttribute('data-hydrated')) return
      observer.disconnect()
      const unowned = [...document.querySelectorAll('#root *')].filter(
        (element) => !Object.keys(element).some((key) => key.startsWith('__reactFiber$')),
      )
      Object.assign(window, {
        unownedWhenHydrated: unowned.slice(0, 5).map((element) => element.outerHTML.slice(0, 120)),
        ownedWhenHydrated: document.querySelectorAll('#root *').length - unowned.length,
      })
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] })
  })
}

async function expectReactOwnsThePage(page: Page, path: string): Promise<void> {
  await expectHydrated(page)
  const seen = await page.evaluate(() => {
    const { unownedWhenHydrated, ownedWhenHydrated } = window as unknown as {
      unownedWhenHydrated: string[]
      ownedWhenHydrated: number
    }
    return { unownedWhenHydrated, ownedWhenHydrated }
  })
  expect(seen.unownedWhenHydrated, path).toEqual([])
  expect(seen.ownedWhenHydrated, path).toBeGreaterThan(50)
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('home, the catalogue and a category show their headings and challenges', async ({ page, request }) => {
    const challenges = await listChallenges(request)
    const newest = challenges[0]
    if (!newest) throw new Error('the catalogue is empty')

    await page.goto('/')
    await expect(h1(page)).toHaveText('Master Frontend Skills with Hands-On Projects')
    await expect(page.getByRole('main').getByRole('heading', { name: newest.title })).toBeVisible()

    await page.goto('/challenges')
    await expect(h1(page)).toHaveText('All Challenges')
    for (const challenge of challenges.slice(0, 3))
      await expect(page.getByRole('main').getByRole('heading', { name: challenge.title })).toBeVisible()

    const category = CATEGORIES.find((c) => c.value === newest.category) ?? CATEGORIES[0]
    await page.goto(`/challenges/${category.path}`)
    await expect(h1(page)).toHaveText(category.heading)
    await expect(page.getByRole('main').getByRole('heading', { name: newest.title })).toBeVisible()
  })

  test('the small-screen menu toggle is disabled until the app can open the menu', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 })
    await page.goto('/')
    // Without JavaScript nothing would answer a tap on it: it says so instead of ignoring the tap.
    await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeDisabled()
  })

  test('a challenge page shows the challenge', async ({ page, request }) => {
    const [challenge] = await listChallenges(request)
    if (!challenge) throw new Error('the catalogue is empty')
    const response = await page.goto(`/challenge/${challenge.slug}`)
    expect(response?.status()).toBe(200)
    await expect(h1(page)).toHaveText(challenge.title)
    await expect(page.getByText(challenge.description)).toBeVisible()
  })

  test('the static pages show their headings', async ({ page, request }) => {
    const { supportEmail } = await publicConfig(request)
    const pages: [path: string, heading: string][] = [
      ['/about', 'About'],
      ['/terms', 'Terms and Conditions'],
      ['/privacy', 'Privacy Policy'],
      ['/contact', "Need Help? We're Here for You!"],
      ['/competitions', 'Weekly competitions'],
    ]
    for (const [path, heading] of pages) {
      await page.goto(path)
      await expect(h1(page), path).toHaveText(heading)
    }
    await page.goto('/contact')
    await expect(page.getByRole('main')).toContainText(supportEmail)
  })

  test("a member's profile shows their name and points", async ({ page, playwright, baseURL }, testInfo) => {
    const login = uniqueLogin(testInfo, 'ssr')
    // A fresh request context: its session cookie stays out of the page (which renders as a visitor).
    const request = await playwright.request.newContext({ baseURL })
    await createMember(request, login)
    await request.dispose()

    const response = await page.goto(`/profile/${login}`)
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('main')).toContainText(`@${login}`)
    await expect(page.getByRole('main')).toContainText('Points')
    // What each number counts, as the app writes it once hydrated (docs/product.md §2 Profile).
    await expect(page.getByTestId('challenge-counts')).toHaveText('Completed 0 · Submitted 0')
  })

  test('an unknown challenge, category or profile is the 404 page with status 404', async ({
    page,
    consoleErrors,
  }) => {
    const challenge = await page.goto('/challenge/no-such-challenge')
    expect(challenge?.status()).toBe(404)
    await expect(h1(page)).toHaveText('404 - Not Found')

    const profile = await page.goto('/profile/no-such-member-anywhere')
    expect(profile?.status()).toBe(404)
    await expect(h1(page)).toHaveText('User not found')

    const category = await page.goto('/challenges/widgets')
    expect(category?.status()).toBe(404)
    await expect(h1(page)).toHaveText('404 - Not Found')
    forgetNotFoundErrors(consoleErrors)
  })
})

test('a challenge page carries its title, description and link preview tags', async ({
  page,
  request,
  baseURL,
}) => {
  const [challenge] = await listChallenges(request)
  if (!challenge) throw new Error('the catalogue is empty')
  const { brandName } = await publicConfig(request)
  const response = await request.get(`/challenge/${challenge.slug}`)
  expect(response.status()).toBe(200)
  const html = await response.text()
  // The tags are in the HTML itself, where link previews read them (no JavaScript runs there).
  await page.setContent(html.replace(/<script[^>]*src=[^>]*><\/script>/g, ''))
  const meta = (selector: string) => page.locator(selector).first().getAttribute('content')
  const title = `${challenge.title} | ${brandName}`
  await expect(page).toHaveTitle(title)
  expect(await meta('meta[name="description"]')).toBe(challenge.description)
  expect(await meta('meta[property="og:title"]')).toBe(title)
  expect(await meta('meta[property="og:description"]')).toBe(challenge.description)
  expect(await meta('meta[property="og:url"]')).toBe(new URL(`/challenge/${challenge.slug}`, baseURL).href)
  expect(await meta('meta[property="og:image"]')).toBe(new URL(challenge.templateImg, baseURL).href)
  expect(await meta('meta[name="twitter:card"]')).toBe('summary_large_image')
})

test('every public page hydrates without an error, and React owns its elements', async ({
  page,
  request,
  playwright,
  baseURL,
  consoleErrors,
}, testInfo) => {
  // The fixture fails the test on any console error: React reports a hydration mismatch, or any error
  // it recovered from by rendering in the browser, through onRecoverableError (src/web/main.tsx).
  const [challenge] = await listChallenges(request)
  if (!challenge) throw new Error('the catalogue is empty')
  const login = uniqueLogin(testInfo, 'hydrate')
  const member = await playwright.request.newContext({ baseURL })
  await createMember(member, login)
  await member.dispose()
  await watchHydration(page)

  const paths = [
    '/',
    '/challenges',
    `/challenges/${CATEGORIES[0].path}`,
    `/challenge/${challenge.slug}`,
    `/challenge/${challenge.slug}/solutions`,
    '/solutions',
    `/solutions?category=${challenge.category}&sort=score`,
    '/about',
    '/terms',
    '/privacy',
    '/contact',
    '/competitions',
    '/badges',
    `/badges/${BADGE_IDS[0]}`,
    `/profile/${login}`,
    '/challenge/no-such-challenge',
    '/profile/no-such-member-anywhere',
  ]
  for (const path of paths) {
    await page.goto(path)
    // Hydrated: the session check ran and the navbar offers Log in; every slice is in.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' }), path).toBeVisible()
    await expect(h1(page), path).toBeVisible()
    await expectReactOwnsThePage(page, path)
  }
  // After hydration the app navigates in the browser as before.
  await page.goto('/')
  await expectHydrated(page)
  await page.getByRole('banner').getByRole('link', { name: 'Challenges', exact: true }).first().click()
  await expect(page).toHaveURL('/challenges')
  await expect(h1(page)).toHaveText('All Challenges')
  forgetNotFoundErrors(consoleErrors)
})

test('the head follows the page: preloads from the server, title and robots tag in the browser', async ({
  page,
  request,
  consoleErrors,
}) => {
  const { brandName } = await publicConfig(request)
  // The home banner is the largest paint: the server's head asks for it first.
  const home = await (await request.get('/')).text()
  const head = home.slice(0, home.indexOf('</head>'))
  expect(head).toMatch(
    /<link rel="preload" as="image" href="\/assets\/banner-[^"]+\.svg" fetchPriority="high"\/>/,
  )
  expect(head).not.toContain('name="robots"')
  // React's hints (written before the page when it renders no head of its own) went up, once.
  expect(home.slice(home.indexOf('<body'))).not.toMatch(/<title|<meta |<link /)
  expect(home.match(/rel="preload" as="image"/g)).toHaveLength(1)

  // A missing profile stays out of search results; the tag leaves with the page.
  await page.goto('/profile/no-such-member-anywhere')
  await expectHydrated(page)
  await expect(page).toHaveTitle(`User not found | ${brandName}`)
  await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', 'noindex')
  await page.getByRole('banner').getByRole('link', { name: 'Challenges', exact: true }).first().click()
  await expect(h1(page)).toHaveText('All Challenges')
  await expect(page).toHaveTitle(`All Challenges | ${brandName}`)
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0)
  await expect(page.locator('title')).toHaveCount(1)

  // And comes back with the next page that asks for it, rendered in the browser this time.
  await page.goto('/about')
  // A navigation before the app hydrated would make React render the page in the browser instead.
  await expectHydrated(page)
  await page.evaluate(() => {
    history.pushState(null, '', '/sign-in-failed')
    dispatchEvent(new PopStateEvent('popstate'))
  })
  await expect(h1(page)).toHaveText('Login failed')
  await expect(page).toHaveTitle(`Login failed | ${brandName}`)
  await expect(page.locator('head meta[name="robots"]')).toHaveCount(1)
  forgetNotFoundErrors(consoleErrors)
})

/** Opens /challenges and waits until every part of it, the later slices too, has hydrated. */
async function openHydratedCatalogue(page: Page): Promise<void> {
  await page.goto('/challenges')
  await expectHydrated(page)
  // Marks this document: a click the app handles keeps it, a full page load loses it.
  await page.evaluate(() => {
    ;(window as { sameDocument?: boolean }).sameDocument = true
  })
}

const sameDocument = (page: Page) =>
  page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument === true)

test('a long page hydrates in slices: every card, the category menu, the navbar and the footer come alive once', async ({
  page,
  request,
}) => {
  const challenges = await listChallenges(request)
  const [first] = challenges
  if (!first) throw new Error('the catalogue is empty')
  // The cards arrive in the server's HTML before any script runs.
  const html = await (await request.get('/challenges')).text()
  expect(html.match(/<article/g)?.length).toBe(challenges.length)

  await openHydratedCatalogue(page)
  // A slice hydrated against the server's card keeps it: none is lost, none is drawn twice.
  const cards = page.getByRole('main').getByRole('article')
  await expect(cards).toHaveCount(challenges.length)
  await expect(cards.getByRole('heading', { level: 2 })).toHaveText(challenges.map((c) => c.title))
  await expect(page.getByRole('contentinfo')).toHaveCount(1)

  // Every sliced part answers in the app, without loading a new document.
  const category = CATEGORIES.find((c) => c.value === first.category) ?? CATEGORIES[0]
  await page
    .getByRole('navigation', { name: 'Categories' })
    .getByRole('link', { name: category.heading })
    .click()
  await expect(page).toHaveURL(`/challenges/${category.path}`)
  await expect(h1(page)).toHaveText(category.heading)
  expect(await sameDocument(page)).toBe(true)

  await openHydratedCatalogue(page)
  await cards.first().getByRole('link', { name: first.title }).click()
  await expect(page).toHaveURL(`/challenge/${first.slug}`)
  await expect(h1(page)).toHaveText(first.title)
  expect(await sameDocument(page)).toBe(true)

  await openHydratedCatalogue(page)
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact', exact: true }).click()
  await expect(page).toHaveURL('/contact')
  expect(await sameDocument(page)).toBe(true)
  // The navbar's bar and its small-screen menu are slices too.
  await openHydratedCatalogue(page)
  await expect(page.getByRole('banner')).toHaveCount(1)
  await page.getByRole('banner').getByRole('link', { name: 'Competitions', exact: true }).click()
  await expect(page).toHaveURL('/competitions')
  expect(await sameDocument(page)).toBe(true)

  await page.setViewportSize({ width: 375, height: 812 })
  await openHydratedCatalogue(page)
  await page.getByRole('button', { name: 'Menu', exact: true }).click()
  const menu = page.getByRole('dialog', { name: 'Menu' })
  await menu.getByRole('link', { name: 'Home', exact: true }).click()
  await expect(page).toHaveURL('/')
  await expect(menu).toBeHidden()
  expect(await sameDocument(page)).toBe(true)
})

test('the scripts a public page starts with are compiled ahead, off the main thread', async ({ request }) => {
  const [challenge] = await listChallenges(request)
  if (!challenge) throw new Error('the catalogue is empty')
  for (const path of ['/', '/challenges', `/challenge/${challenge.slug}`]) {
    const html = await (await request.get(path)).text()
    const scripts = pageScripts(html)
    // The entry, its vendor chunks and the route's own chunk at least.
    expect(scripts.length, path).toBeGreaterThanOrEqual(4)
    const hinted = []
    for (const src of scripts) {
      const code = await (await request.get(src ?? '')).text()
      if (code.startsWith('//# allFunctionsCalledOnLoad\n')) hinted.push(src)
    }
    // V8's compile hint (scripts/vite/compile-hints.ts) on the entry and on the route's chunk.
    expect(hinted, path).toContain(scripts[0])
    expect(hinted.length, path).toBeGreaterThanOrEqual(4)
  }
})

test('the legal pages keep the numbers of their headings as the server wrote them', async ({ page }) => {
  for (const path of ['/terms', '/privacy']) {
    await page.goto(path)
    await expectHydrated(page)
    const sections = await page.locator('main section > h2[id]:not(#legal-summary)').allTextContents()
    const contents = await page
      .getByRole('navigation', { name: 'Contents' })
      .getByRole('listitem')
      .allTextContents()
    expect(sections.length, path).toBeGreaterThanOrEqual(5)
    expect(contents.length, path).toBe(sections.length)
    // "1. Introduction" and "10. Disclaimers", never "1.." or "10..Disclaimers".
    for (const [index, text] of sections.entries())
      expect(text, path).toMatch(new RegExp(`^${index + 1}\\. \\S`))
    for (const [index, text] of contents.entries())
      expect(text, path).toMatch(new RegExp(`^${index + 1}\\.[^.]`))
  }
})
