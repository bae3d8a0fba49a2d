import { NEW_CHALLENGES_COUNT } from '#shared/constants.ts'
import { listChallenges, publicConfig } from './catalogue.ts'
import { renderInBrowserOnly } from './client-render.ts'
import { expect, expectHydrated, expectNoAxeViolations, test, VIEWPORTS } from './fixtures.ts'

test.describe('home', () => {
  test('keeps the hero still on a phone while the session is checked', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.mobile)
    await page.goto('/')
    await expectHydrated(page)
    // The session check decides whether the Log in button shows: its place is kept while it runs.
    await expect(page.getByRole('main').getByRole('link', { name: 'Login with GitHub' })).toBeVisible()
    const shifts = await page.evaluate(
      () =>
        new Promise<{ value: number; nodes: string[] }[]>((resolve) => {
          new PerformanceObserver((list) => {
            resolve(
              list.getEntries().map((entry) => {
                const shift = entry as PerformanceEntry & {
                  value: number
                  sources: { node: Node | null }[]
                }
                return {
                  value: shift.value,
                  nodes: shift.sources.map(
                    (source) => (source.node as Element | null)?.outerHTML.slice(0, 80) ?? '',
                  ),
                }
              }),
            )
          }).observe({ type: 'layout-shift', buffered: true })
          // No entry at all: the observer never calls back.
          setTimeout(() => resolve([]), 500)
        }),
    )
    expect(shifts).toEqual([])
  })

  test('shows the copy of docs/product.md §2 and its sections in order', async ({ page, request }) => {
    const { brandName } = await publicConfig(request)
    await page.goto('/')

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Master Frontend Skills with Hands-On Projects',
    )
    await expect(page).toHaveTitle(new RegExp(`^${brandName} \\|`))
    const login = page.getByRole('main').getByRole('link', { name: 'Login with GitHub' })
    await expect(login).toHaveAttribute('href', '/auth/github?returnTo=%2F')
    await expect(page.getByRole('img', { name: /website design/ })).toBeVisible()

    await expect(
      page.getByRole('heading', { level: 3, name: 'Practise with Editable Designs' }),
    ).toBeVisible()
    // Every download holds editable SVG designs, and no challenge ships a Figma file of its own.
    await expect(page.getByText('Editable SVG designs included')).toBeVisible()
    await expect(page.getByRole('main')).not.toContainText(/Figma files/i)
    await expect(page.getByRole('heading', { level: 3, name: 'Detailed Design Components' })).toBeVisible()

    const sections = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents()
    const order = [
      'Everything a real project gives you',
      'New Challenges',
      'Learn and Compete',
      'How It Works',
      'Frequently Asked Questions',
      'Get Started with Challenges',
    ].map((name) => sections.indexOf(name))
    expect(order, `sections found: ${sections.join(', ')}`).not.toContain(-1)
    expect(order).toEqual([...order].sort((a, b) => a - b))

    const promo = page.getByRole('region', { name: 'Learn and Compete' })
    await expect(promo).toContainText('weekly competition')
    await expect(promo.getByRole('link', { name: 'Join Now' })).toHaveAttribute('href', '/competitions')

    const steps = page.getByRole('region', { name: 'How It Works' }).getByRole('listitem')
    await expect(steps).toHaveCount(3)
    await expect(steps.nth(0)).toContainText('Choose a challenge')
    await expect(steps.nth(1)).toContainText('Solve it')
    await expect(steps.nth(2)).toContainText('Pass its review, earn points')
    // Points come from a passed review, once per challenge (docs/product.md §4), not from the submit.
    await expect(steps.nth(2)).toContainText(
      'when the review passes, the challenge is completed and earns 10 points, once per challenge.',
    )
    await expect(steps.nth(2)).not.toContainText('performance')

    // The footer closes the page.
    await expect(page.getByRole('contentinfo')).toContainText(`${brandName}. All rights reserved.`)
  })

  test('New Challenges shows the newest three challenges and leads to all of them', async ({
    page,
    request,
  }) => {
    const newest = (await listChallenges(request)).slice(0, NEW_CHALLENGES_COUNT)
    expect(newest.length).toBeGreaterThan(0)
    await page.goto('/')
    await expectHydrated(page)

    const section = page.getByRole('region', { name: 'New Challenges' })
    const cards = section.getByRole('article')
    await expect(cards).toHaveCount(newest.length)
    await expect(section.getByRole('heading', { level: 3 })).toHaveText(newest.map((c) => c.title))
    for (const [index, challenge] of newest.entries()) {
      await expect(cards.nth(index)).toContainText(challenge.description)
      await expect(cards.nth(index).locator(`[data-difficulty="${challenge.difficulty}"]`)).toHaveText(
        challenge.difficulty,
      )
    }

    await section.getByRole('link', { name: 'Explore more' }).click()
    await expect(page).toHaveURL('/challenges')
    await expect(page.getByRole('heading', { level: 1, name: 'All Challenges' })).toBeVisible()
  })

  test('says "Loading new challenges..." until the list arrives', async ({ page }) => {
    await renderInBrowserOnly(page)
    let release = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/api/challenges', async (route) => {
      await gate
      await route.continue()
    })
    await page.goto('/')

    const section = page.getByRole('region', { name: 'New Challenges' })
    await expect(section.getByRole('status')).toHaveText('Loading new challenges...')
    await expect(section.getByRole('article')).toHaveCount(0)

    release()
    await expect(section.getByText('Loading new challenges...')).toBeHidden()
    await expect(section.getByRole('article').first()).toBeVisible()
  })

  test('a challenge card opens its challenge page', async ({ page, request }) => {
    const [newest] = await listChallenges(request)
    if (!newest) throw new Error('the catalogue is empty')
    await page.goto('/')
    await expectHydrated(page)

    await page
      .getByRole('region', { name: 'New Challenges' })
      .getByRole('link', { name: newest.title })
      .click()
    await expect(page).toHaveURL(`/challenge/${encodeURIComponent(newest.slug)}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(newest.title)
  })

  test('FAQ keeps one answer open at a time and closes the open one on click', async ({ page }) => {
    await page.goto('/')
    // The questions are the server's buttons until the app (and the FAQ's slice) has hydrated.
    await expectHydrated(page)
    const faq = page.getByRole('region', { name: 'Frequently Asked Questions' })
    const questions = faq.getByRole('heading', { level: 3 }).getByRole('button')
    await expect(questions).toHaveCount(5)
    for (const question of await questions.all())
      await expect(question).toHaveAttribute('aria-expanded', 'false')

    const first = questions.nth(0)
    const last = questions.nth(4)
    await expect(last).toHaveText('What are the weekly competitions?')

    await first.click()
    await expect(first).toHaveAttribute('aria-expanded', 'true')
    const firstAnswer = page.getByRole('region', { name: (await first.textContent()) ?? '' })
    await expect(firstAnswer).toBeVisible()

    await last.click()
    await expect(last).toHaveAttribute('aria-expanded', 'true')
    await expect(first).toHaveAttribute('aria-expanded', 'false')
    await expect(firstAnswer).toBeHidden()
    const lastAnswer = page.getByRole('region', { name: 'What are the weekly competitions?' })
    await expect(lastAnswer).toContainText('badges')

    await last.click()
    await expect(last).toHaveAttribute('aria-expanded', 'false')
    await expect(lastAnswer).toBeHidden()
    await expect(faq.getByRole('region')).toHaveCount(0)
  })

  test('"Get Started" scrolls back to the top', async ({ page }) => {
    await page.goto('/')
    await expectHydrated(page)
    const cta = page.getByRole('region', { name: 'Get Started with Challenges' })
    await cta.scrollIntoViewIfNeeded()
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
    await cta.getByRole('button', { name: 'Get Started' }).click()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport()
    await expect(page).toHaveURL('/')
  })

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    test(`has no axe violations (${name})`, async ({ page }) => {
      await page.setViewportSize(viewport)
      await page.goto('/')
      await expect(
        page.getByRole('region', { name: 'New Challenges' }).getByRole('article').first(),
      ).toBeVisible()
      await expectNoAxeViolations(page)
    })
  }
})
