import type { Page } from '@playwright/test'
import { categoryByValue } from '#shared/categories.ts'
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

/** docs/product.md §2 Catalogue search: search, filters and sort of /challenges and the category pages. */

const cards = (page: Page) => page.getByRole('main').getByRole('article')
const titles = (page: Page) => cards(page).getByRole('heading', { level: 2 })
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search challenges' })

test.describe('catalogue search, filters and sort', () => {
  test('a search and a difficulty go into the address and survive a reload', async ({ page, request }) => {
    const expected = await listChallenges(request, '?q=footer&difficulty=easy')
    expect(expected.length).toBeGreaterThan(0)
    await page.goto('/challenges')
    await expectHydrated(page)

    await searchBox(page).fill('FOOTER')
    await expect(page).toHaveURL('/challenges?q=FOOTER')
    await page.getByLabel('Difficulty').selectOption({ label: 'Easy' })
    await expect(page).toHaveURL('/challenges?q=FOOTER&difficulty=easy')
    await expect(titles(page)).toHaveText(expected.map((c) => c.title))
    await expect(page.getByText(`${expected.length} challenge`)).toBeVisible()

    await page.reload()
    await expectHydrated(page)
    await expect(searchBox(page)).toHaveValue('FOOTER')
    await expect(page.getByLabel('Difficulty')).toHaveValue('easy')
    await expect(titles(page)).toHaveText(expected.map((c) => c.title))
    // Back goes to the address before the difficulty was chosen; the search box replaced its entries.
    await page.goBack()
    await expect(page).toHaveURL('/challenges?q=FOOTER')
    await expect(titles(page)).toHaveText((await listChallenges(request, '?q=footer')).map((c) => c.title))
  })

  test('a shared address is rendered filtered by the server, and the form works without scripts', async ({
    browser,
    request,
  }) => {
    const all = await listChallenges(request)
    const expected = await listChallenges(request, '?q=landing&difficulty=hard&sort=hardest')
    expect(expected.length).toBeGreaterThan(0)
    const html = await (await request.get('/challenges?q=landing&difficulty=hard&sort=hardest')).text()
    expect(html.match(/<article/g)).toHaveLength(expected.length)
    for (const challenge of all) {
      const shown = expected.some((c) => c.id === challenge.id)
      expect(html.includes(`>${challenge.title}</a>`), challenge.title).toBe(shown)
    }

    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/challenges/footer?difficulty=intermediate')
    const footers = await listChallenges(request, '?category=footer&difficulty=intermediate')
    await expect(titles(page)).toHaveText(footers.map((c) => c.title))
    // Submitting the form asks the server for the address, as a click on Search does without scripts.
    await searchBox(page).fill('tidepool')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(page).toHaveURL(/\/challenges\/footer\?q=tidepool&difficulty=intermediate&sort=newest$/)
    const found = await listChallenges(request, '?category=footer&difficulty=intermediate&q=tidepool')
    await expect(titles(page)).toHaveText(found.map((c) => c.title))
    await context.close()
  })

  test('no match offers to clear the filters, keeping the sort', async ({ page, request }) => {
    await page.goto('/challenges?q=no-such-words-anywhere&difficulty=easy&sort=hardest')
    await expectHydrated(page)
    await expect(page.getByText('No challenges match these filters.')).toBeVisible()
    await expect(cards(page)).toHaveCount(0)
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await expect(page).toHaveURL('/challenges?sort=hardest')
    await expect(searchBox(page)).toHaveValue('')
    await expect(searchBox(page)).toBeFocused()
    await expect(titles(page)).toHaveText(
      (await listChallenges(request, '?sort=hardest')).map((c) => c.title),
    )
  })

  test('unknown values in the address are ignored', async ({ page, request }) => {
    const response = await page.goto('/challenges?difficulty=expert&sort=popular&status=done')
    expect(response?.status()).toBe(200)
    await expect(titles(page)).toHaveText((await listChallenges(request)).map((c) => c.title))
    await expect(page.getByLabel('Sort by')).toHaveValue('newest')
  })

  test('sorts newest first by default, by difficulty either way, and by solutions', async ({
    page,
    request,
  }) => {
    await page.goto('/challenges')
    await expectHydrated(page)
    await expect(titles(page)).toHaveText((await listChallenges(request)).map((c) => c.title))
    for (const [label, sort] of [
      ['Easiest first', 'easiest'],
      ['Hardest first', 'hardest'],
      ['Most solved', 'solved'],
      ['Newest', 'newest'],
    ] as const) {
      await page.getByLabel('Sort by').selectOption({ label })
      await expect(page).toHaveURL(sort === 'newest' ? '/challenges' : `/challenges?sort=${sort}`)
      const expected = await listChallenges(request, `?sort=${sort}`)
      await expect(titles(page)).toHaveText(expected.map((c) => c.title))
    }
    const easiest = await listChallenges(request, '?sort=easiest')
    expect(easiest[0]?.difficulty).toBe('easy')
    expect(easiest.at(-1)?.difficulty).toBe('hard')
  })

  test("a member sees their status on the cards and filters by it; visitors don't get the filter", async ({
    page,
    request,
  }, testInfo) => {
    await page.goto('/challenges')
    await expectHydrated(page)
    await expect(page.getByLabel('Difficulty')).toBeVisible()
    await expect(page.getByLabel('Status')).toHaveCount(0)

    const all = await listChallenges(request)
    const started = all[2]
    if (!started) throw new Error('the catalogue is too small')
    await signIn(page, testInfo)
    expect((await mutate(page, `/api/me/challenges/${started.id}/start`, {})).ok()).toBe(true)
    await page.goto('/challenges')
    await expectHydrated(page)
    const card = cards(page).filter({ has: page.getByRole('link', { name: started.title }) })
    await expect(card.locator('[data-status="ongoing"]')).toHaveText('Ongoing')
    await expect(page.locator('main [data-status]')).toHaveCount(1)

    await page.getByLabel('Status').selectOption({ label: 'Ongoing' })
    await expect(page).toHaveURL('/challenges?status=ongoing')
    await expect(titles(page)).toHaveText([started.title])
    await page.reload()
    await expectHydrated(page)
    await expect(titles(page)).toHaveText([started.title])
    await expect(page.getByLabel('Status')).toHaveValue('ongoing')

    await page.getByLabel('Status').selectOption({ label: 'Not started' })
    await expect(titles(page)).toHaveText(all.filter((c) => c.id !== started.id).map((c) => c.title))
    await page.getByLabel('Status').selectOption({ label: 'Completed' })
    await expect(page.getByText('No challenges match these filters.')).toBeVisible()

    // A category page too.
    await page.goto(`/challenges/${categoryByValue(started.category)?.path}?status=ongoing`)
    await expect(titles(page)).toHaveText([started.title])
  })

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    test(`the controls and the no-match state have no axe violations (${name})`, async ({ page }) => {
      await page.setViewportSize(viewport)
      await page.goto('/challenges?q=hero&difficulty=easy')
      await expectHydrated(page)
      await expect(cards(page).first()).toBeVisible()
      await expectNoAxeViolations(page)
      await page.goto('/challenges/navbar?q=no-such-words-anywhere')
      await expectHydrated(page)
      await expect(page.getByText('No challenges match these filters.')).toBeVisible()
      await expectNoAxeViolations(page)
    })
  }
})

test.describe('addresses', () => {
  test('/challenges/landing-page moves to /challenges/landingpage, with its query', async ({
    page,
    request,
  }) => {
    const response = await request.get('/challenges/landing-page?q=jar', { maxRedirects: 0 })
    expect(response.status()).toBe(301)
    expect(response.headers().location).toBe('/challenges/landingpage?q=jar')
    await page.goto('/challenges/landing-page')
    await expect(page).toHaveURL('/challenges/landingpage')
    await expect(page.getByRole('heading', { level: 1, name: 'Landing Page' })).toBeVisible()
  })

  for (const path of ['/no-such-page', '/challenge/no-such-slug', '/challenges/navbar/extra']) {
    test(`${path} answers 404 with the 404 page`, async ({ page, request, consoleErrors }) => {
      const html = await request.get(path)
      expect(html.status()).toBe(404)
      expect(await html.text()).toContain('404 - Not Found')
      const response = await page.goto(path)
      expect(response?.status()).toBe(404)
      await expect(page.getByRole('heading', { level: 1, name: '404 - Not Found' })).toBeVisible()
      await expect(page.getByText("Oops! The page you're looking for doesn't exist.")).toBeVisible()
      await expect(page.getByRole('link', { name: 'Go to Home' })).toBeVisible()
      await expectHydrated(page)
      // The browser logs the 404 answers as failed resources: they are the point here.
      forgetNotFoundErrors(consoleErrors)
    })
  }

  test('the member pages and an unknown API path keep their answers', async ({ request }) => {
    expect((await request.get('/my')).status()).toBe(200)
    expect((await request.get('/settings')).status()).toBe(200)
    const api = await request.get('/api/no-such-endpoint')
    expect(api.status()).toBe(404)
    expect((await api.json()).error.code).toBe('not_found')
  })
})
