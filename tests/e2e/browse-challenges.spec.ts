import { CATEGORIES } from '#shared/categories.ts'
import { listChallenges } from './catalogue.ts'
import { renderInBrowserOnly } from './client-render.ts'
import {
  expect,
  expectHydrated,
  expectNoAxeViolations,
  forgetNotFoundErrors,
  test,
  VIEWPORTS,
} from './fixtures.ts'

test.describe('browse challenges', () => {
  test('/challenges lists every challenge, newest first, with three previews, details and solutions', async ({
    page,
    request,
  }) => {
    const challenges = await listChallenges(request)
    expect(challenges.length).toBeGreaterThan(0)
    // Newest first: by publication date, as the catalogue's content gives it.
    const dates = challenges.map((c) => c.publishedAt)
    expect(dates).toEqual([...dates].sort().reverse())
    await page.goto('/challenges')

    await expect(page.getByRole('heading', { level: 1, name: 'All Challenges' })).toBeVisible()
    await expect(page).toHaveTitle(/^All Challenges \| /)
    const cards = page.getByRole('main').getByRole('article')
    await expect(cards).toHaveCount(challenges.length)
    await expect(cards.getByRole('heading', { level: 2 })).toHaveText(challenges.map((c) => c.title))

    for (const [index, challenge] of challenges.entries()) {
      const card = cards.nth(index)
      const category = CATEGORIES.find((c) => c.value === challenge.category)
      // Database ids are not for people (docs/product.md §2).
      await expect(card).not.toContainText(`#${challenge.id}`)
      await expect(card).toContainText(
        challenge.solutionCount === 1 ? '1 solution' : `${challenge.solutionCount} solutions`,
      )
      await expect(card).toContainText(challenge.description)
      await expect(card).toContainText(category?.heading ?? 'unknown category')
      await expect(card.locator(`[data-difficulty="${challenge.difficulty}"]`)).toHaveText(
        challenge.difficulty,
      )
      const images = card.getByRole('img')
      await expect(images).toHaveCount(3)
      await expect(images.nth(0)).toHaveAttribute('src', challenge.thumbnails.desktop)
      await expect(images.nth(1)).toHaveAttribute('src', challenge.thumbnails.tablet)
      await expect(images.nth(2)).toHaveAttribute('src', challenge.thumbnails.mobile)
      // The previews load lazily: bring the card into view, then every image must really load.
      await card.scrollIntoViewIfNeeded()
      for (const image of await images.all()) {
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
          .toBeGreaterThan(0)
      }
    }
  })

  test('the sidebar links to the five category pages', async ({ page }) => {
    await page.goto('/challenges')
    await expectHydrated(page)
    const sidebar = page.getByRole('navigation', { name: 'Categories' })
    await expect(sidebar.getByRole('link', { name: 'All challenges' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    for (const category of CATEGORIES) {
      await expect(sidebar.getByRole('link', { name: category.heading, exact: true })).toHaveAttribute(
        'href',
        `/challenges/${category.path}`,
      )
    }
    await sidebar.getByRole('link', { name: 'Landing Page' }).click()
    await expect(page).toHaveURL('/challenges/landingpage')
    await expect(page.getByRole('heading', { level: 1, name: 'Landing Page' })).toBeVisible()
    await expect(sidebar.getByRole('link', { name: 'Landing Page' })).toHaveAttribute('aria-current', 'page')
  })

  test('says "Loading challenges..." while the list loads', async ({ page }) => {
    await renderInBrowserOnly(page)
    let release = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/api/challenges', async (route) => {
      await gate
      await route.continue()
    })
    await page.goto('/challenges')
    await expect(page.getByRole('status')).toHaveText('Loading challenges...')
    release()
    await expect(page.getByText('Loading challenges...')).toBeHidden()
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible()
  })

  test('a failed load shows the Network Error page', async ({ page, consoleErrors }) => {
    await renderInBrowserOnly(page)
    await page.route('**/api/challenges', (route) => route.abort('internetdisconnected'))
    await page.goto('/challenges')

    await expect(page.getByRole('heading', { level: 1, name: 'Network Error' })).toBeVisible({
      timeout: 10_000,
    })
    await expect(
      page.getByRole('main').getByText('Check your internet connection and try again', { exact: true }),
    ).toBeVisible()
    // The request got no answer: the Network Error dialog shows over the page too (docs/product.md §2).
    await expect(page.getByRole('dialog', { name: 'Network Error' })).toBeVisible()
    // The aborted requests are logged by the browser as failed resources: provoked on purpose here.
    consoleErrors.splice(0)
  })

  test('a load the server answers with a 500 says "Something went wrong", and Try again loads it', async ({
    page,
    consoleErrors,
  }) => {
    await renderInBrowserOnly(page)
    // The query asks twice (one retry): both get a 500, then Try again reaches the server.
    let failed = 0
    await page.route('**/api/challenges', (route) => {
      if (failed >= 2) return route.continue()
      failed += 1
      return route.fulfill({
        status: 500,
        json: {
          error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' },
        },
      })
    })
    await page.goto('/challenges')
    await expectHydrated(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible()
    await expect(page).toHaveTitle(/^Something went wrong \| /)
    await expect(page.getByText('Network Error')).toHaveCount(0)
    await expect(page.getByRole('dialog')).toHaveCount(0)

    await page.getByRole('main').getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'All Challenges' })).toBeVisible()
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible()
    // The browser logs the provoked 500 answers as failed resources.
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/status of 500/.test(e)))
  })

  for (const category of CATEGORIES) {
    test(`/challenges/${category.path} is headed "${category.heading}" and lists only its challenges`, async ({
      page,
      request,
    }) => {
      const all = await listChallenges(request)
      const expected = all.filter((c) => c.category === category.value)
      await page.goto(`/challenges/${category.path}`)

      await expect(page.getByRole('heading', { level: 1 })).toHaveText(category.heading)
      const cards = page.getByRole('main').getByRole('article')
      if (expected.length === 0) {
        await expect(page.getByText(`No ${category.heading} challenges yet`)).toBeVisible()
        await expect(cards).toHaveCount(0)
        return
      }
      await expect(cards).toHaveCount(expected.length)
      await expect(cards.getByRole('heading', { level: 2 })).toHaveText(expected.map((c) => c.title))
      for (const card of await cards.all()) await expect(card).toContainText(category.heading)
    })
  }

  test('a preview that fails to load keeps its skeleton, never a broken image', async ({
    page,
    request,
    consoleErrors,
  }) => {
    const [first] = await listChallenges(request)
    if (!first) throw new Error('the catalogue is empty')
    // It fails at once, before the app has hydrated the server's card: no error event is left to hear.
    await page.route(`**${first.thumbnails.desktop}`, (route) => route.fulfill({ status: 404, body: '' }))
    await page.goto('/challenges')
    await expectHydrated(page)
    const card = page.getByRole('main').getByRole('article').first()
    const preview = card.getByRole('img', { name: `${first.title}, desktop design` })
    await expect(preview).toHaveCount(1)
    await expect(preview).not.toHaveJSProperty('tagName', 'IMG')
    await expect(card.locator(`img[src="${first.thumbnails.desktop}"]`)).toHaveCount(0)
    await expect(card.locator('.skeleton')).toHaveCount(1)
    // Chrome logs the failed image; that failure is the point here.
    forgetNotFoundErrors(consoleErrors)
  })

  test('a category shows skeletons while loading and "Error : {error}" when loading fails', async ({
    page,
    consoleErrors,
  }) => {
    await renderInBrowserOnly(page)
    let fail = () => {}
    const gate = new Promise<void>((resolve) => {
      fail = resolve
    })
    await page.route(
      (url) => url.pathname === '/api/challenges' && url.searchParams.has('category'),
      async (route) => {
        await gate
        await route.fulfill({
          status: 500,
          json: { error: { code: 'internal', message: 'The catalogue is unavailable.' } },
        })
      },
    )
    await page.goto('/challenges/hero')
    await expect(page.getByRole('status')).toHaveText('Loading challenges...')
    await expect(page.locator('main .skeleton').first()).toBeVisible()

    fail()
    await expect(page.getByRole('alert')).toContainText('Error : The catalogue is unavailable.', {
      timeout: 10_000,
    })
    // The browser logs the 500 answers as failed resources: provoked on purpose here.
    consoleErrors.splice(0)
  })

  test('an unknown category is the 404 page', async ({ page, consoleErrors }) => {
    const response = await page.goto('/challenges/widgets')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: '404 - Not Found' })).toBeVisible()
    await expect(page.getByText("Oops! The page you're looking for doesn't exist.")).toBeVisible()
    // The browser logs the page's 404 answer as a failed resource: that answer is what this test is about.
    consoleErrors.splice(0)
  })

  test('the subtitle of /challenges and of a category page follows the chosen sort, rendered and in the browser', async ({
    page,
    request,
  }) => {
    const intro = (category: string, order: string) => `Every ${category} challenge in the library, ${order}.`
    // As the server renders it, before any script runs.
    const html = await (await request.get('/challenges/hero?sort=easiest')).text()
    expect(html).toContain(intro('hero', 'easiest first'))
    expect(html).not.toContain(intro('hero', 'newest first'))

    await page.goto('/challenges/hero?sort=easiest')
    await expectHydrated(page)
    const main = page.getByRole('main')
    await expect(main.getByText(intro('hero', 'easiest first'), { exact: true })).toBeVisible()
    // Another order, chosen on the page, changes it at once.
    for (const [label, order] of [
      ['Hardest first', 'hardest first'],
      ['Most solved', 'most solved first'],
      ['Newest', 'newest first'],
    ] as const) {
      await page.getByLabel('Sort by').selectOption({ label })
      await expect(main.getByText(intro('hero', order), { exact: true })).toBeVisible()
    }

    await page.goto('/challenges?sort=hardest')
    await expect(main.getByText(/^Real-world designs for every level, hardest first\./)).toBeVisible()
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
        await page.setViewportSize(viewport)
        await expectNoAxeViolations(page)
      }
    }
  })

  for (const path of ['/challenges', ...CATEGORIES.map((c) => `/challenges/${c.path}`)]) {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      test(`${path} has no axe violations (${name})`, async ({ page }) => {
        await page.setViewportSize(viewport)
        await page.goto(path)
        await expect(page.getByRole('main').getByRole('status')).toHaveCount(0)
        await expect(
          page
            .locator('main img')
            .first()
            .or(page.getByText(/challenges yet/)),
        ).toBeVisible()
        await expectNoAxeViolations(page)
      })
    }
  }
})
