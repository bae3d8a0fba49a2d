import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { eq } from 'drizzle-orm'
import { openDatabase } from '#server/db/client.ts'
import { challenges } from '#server/db/schema.ts'
import { categoryByValue } from '#shared/categories.ts'
import type { Challenge } from '#shared/challenge.ts'
import { DIFFICULTY_VALUES, type GalleryResponse, galleryResponse } from '#shared/solution.ts'
import { createMember, createReviewedSubmission } from '#tests/support/factories.ts'
import { type ServerProcess, startServer } from '#tests/support/server-process.ts'
import { listChallenges } from './catalogue.ts'
import { expect, expectHydrated, expectNoAxeViolations, test, VIEWPORTS } from './fixtures.ts'
import { completeChallenge, someoneElsesSite, submitFailing } from './live-sites.ts'
import { mutate, signIn } from './sign-in-helper.ts'

/**
 * The display name of gallery member i, in letters ("Gallery Member AA", "Gallery Member BD"): a name
 * with a digit fails the rule for names and would not be stored (docs/product.md §5); two letters each,
 * so no name is the start of another.
 */
function memberName(i: number) {
  const letter = (n: number) => String.fromCharCode(65 + n)
  return `Gallery Member ${letter(Math.floor(i / 26))}${letter(i % 26)}`
}

/**
 * The solution galleries (docs/product.md §11): a challenge's Solutions tab and the site-wide /solutions
 * page. On the shared server a member's passed review lists their solution, a hidden one and one whose
 * review failed are not listed. The empty states and paging need a gallery of known size: a server of
 * this file's own, empty first, then with 30 listed solutions written into its database.
 */

const TEXTS = {
  noneYet: 'No solutions yet. Pick a challenge and be the first.',
  noMatch: 'No solutions match these filters.',
  firstToSolve: (title: string) => `No solutions yet. Be the first to solve ${title}.`,
} as const

const gallery = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('list')
    .filter({ has: page.locator('a[href^="/solutions/"]') })
const cardLink = (page: Page, id: string) => page.locator(`a[href="/solutions/${id}"]`)

async function galleryOf(page: Page, path: string): Promise<GalleryResponse> {
  const response = await page.request.get(path)
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true)
  return galleryResponse.parse(await response.json())
}

/** The member's card in a challenge's gallery (their solution's id and the name cards show). */
async function ownCard(page: Page, challenge: Challenge, login: string) {
  const { solutions } = await galleryOf(page, `/api/challenges/${challenge.id}/solutions?limit=48`)
  const card = solutions.find((solution) => solution.member.username === login)
  if (!card) throw new Error(`no listed solution of ${login} for ${challenge.slug}`)
  return card
}

test.describe('galleries on the shared server', () => {
  test('a visitor finds a passed solution on its challenge tab and on /solutions; hidden and failed ones are not listed', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(240_000)
    const all = await listChallenges(request)
    // Three challenges of different categories: listed, hidden, failed.
    const listed = all.at(-1)
    const hidden = all.find((c) => c.category !== listed?.category)
    const failed = all.find((c) => c.category !== listed?.category && c.category !== hidden?.category)
    if (!listed || !hidden || !failed) throw new Error('the catalogue lacks three categories')

    const memberContext = await browser.newContext({ viewport: VIEWPORTS.desktop })
    const member = await memberContext.newPage()
    const login = await signIn(member, testInfo)
    await completeChallenge(member, login, listed)
    await completeChallenge(member, login, hidden)
    await submitFailing(member, failed, someoneElsesSite(failed))
    const card = await ownCard(member, listed, login)
    const hiddenCard = await ownCard(member, hidden, login)
    const hiding = await mutate(member, `/api/solutions/${hiddenCard.id}`, { hidden: true }, 'PATCH')
    expect(hiding.ok(), `hiding answered ${hiding.status()}`).toBe(true)
    await memberContext.close()
    const name = card.member.name?.trim() || card.member.username

    // The challenge's page links its Solutions tab; the tab marks itself current.
    await page.goto(`/challenge/${listed.slug}`)
    await expectHydrated(page)
    const tabs = page.getByRole('navigation', { name: 'Challenge sections' })
    await expect(tabs.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page')
    await tabs.getByRole('link', { name: 'Solutions' }).click()
    await expect(page).toHaveURL(`/challenge/${listed.slug}/solutions`)
    await expect(tabs.getByRole('link', { name: 'Solutions' })).toHaveAttribute('aria-current', 'page')
    await expect(tabs.getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current', 'page')
    await expect(page).toHaveTitle(`${listed.title} solutions | Frontend Dojo`)
    const link = cardLink(page, card.id)
    await expect(link).toBeVisible()
    await expect(link).toContainText(name)
    await expect(link).toContainText(/Score \d+\.\d \/ 100/)
    const image = link.getByRole('img', { name: `${name}'s solution to ${listed.title}` })
    await expect(image).toHaveAttribute('loading', 'lazy')
    await expect(image).toHaveAttribute('width', '1440')
    await expect(image).toHaveAttribute('height', '900')
    // The card is a list item of the gallery.
    await expect(gallery(page).getByRole('listitem').filter({ has: link })).toHaveCount(1)

    // The hidden solution is on neither gallery; the failed review lists nothing.
    await page.goto(`/challenge/${hidden.slug}/solutions`)
    await expect(page.getByRole('heading', { level: 2, name: 'Solutions' })).toBeVisible()
    await expect(cardLink(page, hiddenCard.id)).toHaveCount(0)
    await page.goto(`/challenge/${failed.slug}/solutions`)
    await expectHydrated(page)
    await expect(page.getByRole('heading', { level: 2, name: 'Solutions' })).toBeVisible()
    await expect(page.getByRole('link', { name: new RegExp(`${name}'s solution`) })).toHaveCount(0)
    const failedGallery = await galleryOf(page, `/api/challenges/${failed.id}/solutions?limit=48`)
    expect(failedGallery.solutions.filter((s) => s.member.username === login)).toEqual([])

    // /solutions from the main navigation: the card names the challenge.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Solutions' }).click()
    await expect(page).toHaveURL('/solutions')
    await expect(page.getByRole('heading', { level: 1, name: 'Solutions' })).toBeVisible()
    await expect(cardLink(page, card.id)).toContainText(listed.title)
    await expect(cardLink(page, hiddenCard.id)).toHaveCount(0)

    // The listed challenge's category finds it; the address keeps the choice through a reload.
    const category = categoryByValue(listed.category)?.heading ?? ''
    await page.getByLabel('Category').selectOption({ label: category })
    await expect(page).toHaveURL(`/solutions?category=${listed.category}`)
    await expect(cardLink(page, card.id)).toBeVisible()
    for (const other of await gallery(page).getByRole('link').all()) {
      await expect(other).not.toContainText(hidden.title)
    }
    await page.reload()
    await expectHydrated(page)
    await expect(page.getByLabel('Category')).toHaveValue(listed.category)
    await expect(cardLink(page, card.id)).toBeVisible()
    // Another difficulty leaves it out; the sort keeps the filters.
    const otherDifficulty = DIFFICULTY_VALUES.find((d) => d !== listed.difficulty) ?? 'hard'
    await page.getByLabel('Difficulty').selectOption(otherDifficulty)
    await expect(page).toHaveURL(`/solutions?category=${listed.category}&difficulty=${otherDifficulty}`)
    await expect(cardLink(page, card.id)).toHaveCount(0)
    await page.getByLabel('Difficulty').selectOption({ label: 'All difficulties' })
    await page.getByLabel('Sort by').selectOption({ label: 'Highest score' })
    await expect(page).toHaveURL(`/solutions?category=${listed.category}&sort=score`)

    // The whole card opens the solution page.
    await cardLink(page, card.id).click()
    await expect(page).toHaveURL(`/solutions/${card.id}`)
    await expect(
      page.getByRole('heading', { level: 1, name: `${name}'s ${listed.title} solution` }),
    ).toBeVisible()
  })
})

test('a gallery that fails to load shows the Network Error screen, and Try again loads it', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/challenges')
  await expectHydrated(page)
  // After hydration the app reads the gallery in the browser. The query asks twice (one retry); both
  // fail, then Try again reaches the server.
  let refused = 0
  await page.route('**/api/solutions?**', (route) => {
    if (refused >= 2) return route.continue()
    refused += 1
    return route.abort('connectionrefused')
  })
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Solutions' }).click()
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 2, name: 'Network Error' })).toBeVisible()
  await expect(main.getByText('Check your internet connection and try again', { exact: true })).toBeVisible()
  // No answer at all: the Network Error dialog is over the page (docs/product.md §2); its Try again
  // reaches the server, and what failed to load is asked for again.
  const dialog = page.getByRole('dialog', { name: 'Network Error' })
  await dialog.getByRole('button', { name: 'Try again' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(main.getByRole('heading', { level: 2, name: 'Network Error' })).toHaveCount(0)
  await expect(
    page.getByText(TEXTS.noneYet, { exact: true }).or(gallery(page).getByRole('listitem').first()),
  ).toBeVisible()
  // The refused requests are logged by the browser as failed resources.
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((e) => !/ERR_CONNECTION_REFUSED/.test(e)),
  )
})

test('a gallery the server answers with an error says "Something went wrong", and Try again loads it', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/challenges')
  await expectHydrated(page)
  // The query asks twice (one retry); both get a 500, then Try again reaches the server.
  let failed = 0
  await page.route('**/api/solutions?**', (route) => {
    if (failed >= 2) return route.continue()
    failed += 1
    return route.fulfill({
      status: 500,
      json: {
        error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' },
      },
    })
  })
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Solutions' }).click()
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 2, name: 'Something went wrong' })).toBeVisible()
  await expect(
    main.getByText('Our server could not answer this time. Your connection is fine; please try again.'),
  ).toBeVisible()
  // The connection worked: no Network Error, on the page or over it.
  await expect(page.getByText('Network Error')).toHaveCount(0)
  await expect(page.getByRole('dialog')).toHaveCount(0)

  await main.getByRole('button', { name: 'Try again' }).click()
  await expect(main.getByRole('heading', { level: 2, name: 'Something went wrong' })).toHaveCount(0)
  await expect(
    page.getByText(TEXTS.noneYet, { exact: true }).or(gallery(page).getByRole('listitem').first()),
  ).toBeVisible()
  expect(failed).toBe(2)
  // The browser logs the provoked 500 answers as failed resources.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/status of 500/.test(e)))
})

test.describe('galleries of a server of their own', () => {
  test.describe.configure({ mode: 'serial' })
  let server: ServerProcess
  let serverOptions: Parameters<typeof startServer>[0]
  /** The challenge whose gallery gets the 30 solutions, and one of another category that stays empty. */
  let full: Challenge
  let empty: Challenge

  test.beforeAll(async () => {
    test.setTimeout(240_000)
    serverOptions = {
      entry: 'dist/server/index.js',
      dataDir: mkdtempSync(join(tmpdir(), 'dojo-galleries-')),
      readyTimeoutMs: 180_000,
      // No test here reads the quality report: its audits only slow the reviews.
      env: { REVIEW_WORKERS: '1', REVIEW_LIGHTHOUSE: 'off', REVIEW_AXE: 'off', LINK_CHECK_WORKERS: '0' },
    }
    // Not about the first start: a copy of the prepared data folder (server-process.ts).
    server = await startServer({ ...serverOptions, prepared: true })
    const response = await fetch(`${server.baseUrl}/api/challenges`)
    const { challenges: catalogue } = (await response.json()) as { challenges: Challenge[] }
    const first = catalogue[0]
    const other = catalogue.find((c) => c.category !== first?.category)
    if (!first || !other) throw new Error('the catalogue lacks two categories')
    full = first
    empty = other
  })

  test.afterAll(async () => {
    await server?.destroy()
  })

  test('empty galleries invite the visitor to be first, and are accessible at both widths', async ({
    page,
  }) => {
    await page.goto(`${server.baseUrl}/solutions`)
    await expectHydrated(page)
    await expect(page.getByText(TEXTS.noneYet, { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Load more solutions' })).toHaveCount(0)
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
      await page.setViewportSize(viewport)
      await expectNoAxeViolations(page)
    }
    await page.setViewportSize(VIEWPORTS.desktop)
    await page.getByRole('link', { name: 'Browse challenges' }).click()
    await expect(page).toHaveURL(`${server.baseUrl}/challenges`)

    // Filters that match nothing say so and clear in one step, back to the plain gallery.
    await page.goto(`${server.baseUrl}/solutions?category=${empty.category}&difficulty=hard`)
    await expectHydrated(page)
    await expect(page.getByText(TEXTS.noMatch, { exact: true })).toBeVisible()
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await expect(page).toHaveURL(`${server.baseUrl}/solutions`)
    await expect(page.getByText(TEXTS.noneYet, { exact: true })).toBeVisible()
    await expect(page.getByLabel('Category')).toHaveValue('')

    await page.goto(`${server.baseUrl}/challenge/${empty.slug}/solutions`)
    await expectHydrated(page)
    await expect(page.getByText(TEXTS.firstToSolve(empty.title), { exact: true })).toBeVisible()
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
      await page.setViewportSize(viewport)
      await expectNoAxeViolations(page)
    }
    await page.getByRole('link', { name: 'Go to the challenge' }).click()
    await expect(page).toHaveURL(`${server.baseUrl}/challenge/${empty.slug}`)
    await expect(page.getByRole('heading', { level: 2, name: 'About this challenge' })).toBeVisible()
  })

  test('Load more appends the next page and moves focus to its first card; sort by score reorders', async ({
    page,
  }) => {
    test.setTimeout(240_000)
    await server.stop()
    const database = await openDatabase({ kind: 'pglite', dataDir: server.dataDir })
    try {
      const db = database.db
      const [row] = await db
        .select({ id: challenges.id })
        .from(challenges)
        .where(eq(challenges.slug, full.slug))
      if (!row) throw new Error(`no challenge ${full.slug}`)
      const now = Date.now()
      // 30 members, newest first with scores 60.0 to 89.0: the newest has the lowest score.
      for (let i = 0; i < 30; i += 1) {
        const member = await createMember(db, `gallery-${i}`, memberName(i))
        await createReviewedSubmission(db, member.id, row.id, [
          { score: 60 + i, at: new Date(now - i * 60_000) },
        ])
      }
    } finally {
      await database.close()
    }
    server = await startServer(serverOptions)
    // Every seeded capture: the one image of this test, so no card shows a broken image.
    await page.route('**/files/**', (route) =>
      route.fulfill({ path: 'src/web/public/images/static/not-found.svg', contentType: 'image/svg+xml' }),
    )

    for (const path of [`/challenge/${full.slug}/solutions`, '/solutions']) {
      // The first page is in the server's answer.
      const html = await (await page.request.get(`${server.baseUrl}${path}`)).text()
      expect(html).toContain(memberName(0))
      expect(html).toContain('Load more solutions')

      await page.setViewportSize(VIEWPORTS.desktop)
      await page.goto(`${server.baseUrl}${path}`)
      await expectHydrated(page)
      const cards = gallery(page).getByRole('listitem')
      await expect(cards).toHaveCount(24)
      await expect(cards.first()).toContainText(memberName(0))
      await expect(cards.first()).toContainText('Score 60.0 / 100')
      for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
        await page.setViewportSize(viewport)
        await expectNoAxeViolations(page)
      }
      const more = page.getByRole('button', { name: 'Load more solutions' })
      await more.focus()
      await page.keyboard.press('Enter')
      await expect(cards).toHaveCount(30)
      await expect(cards.nth(24).getByRole('link')).toBeFocused()
      await expect(cards.nth(24)).toContainText(memberName(24))
      await expect(more).toHaveCount(0)
      // Nothing repeated across the pages.
      const hrefs = await gallery(page)
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')))
      expect(new Set(hrefs).size).toBe(30)
    }

    await page.setViewportSize(VIEWPORTS.desktop)
    await page.getByLabel('Sort by').selectOption({ label: 'Highest score' })
    await expect(page).toHaveURL(`${server.baseUrl}/solutions?sort=score`)
    await expect(gallery(page).getByRole('listitem').first()).toContainText('Score 89.0 / 100')
    await page.reload()
    await expect(page.getByLabel('Sort by')).toHaveValue('score')
    await expect(gallery(page).getByRole('listitem').first()).toContainText(memberName(29))
  })
})
