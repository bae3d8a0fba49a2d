import type { Browser, Page, TestInfo } from '@playwright/test'
import type { Challenge } from '#shared/challenge.ts'
import { leaderboardResponse } from '#shared/member.ts'
import { listChallenges } from './catalogue.ts'
import {
  expect,
  expectHydrated,
  expectNoAxeViolations,
  forgetNotFoundErrors,
  test,
  VIEWPORTS,
} from './fixtures.ts'
import {
  memberReviews,
  ownSite,
  reviewVerdict,
  someoneElsesSite,
  submitFailing,
  submitThroughApi,
} from './live-sites.ts'
import { mutate, signIn, uniqueLogin } from './sign-in-helper.ts'

const ACCESS_DENIED =
  'Access Denied: You need to log in to view the leaderboard. Please log in to see the top performers and track your progress.'
const NO_SCORERS =
  'No top scorers yet! Be the first to complete challenges and earn your spot on the leaderboard.'
const PROFILE_UPDATED = 'Your profile has been successfully updated.'
// The empty lists of docs/product.md §2, each with its next step.
const NO_ONGOING = 'You have no challenge in progress. Start one from the catalogue and it shows here.'
const NO_COMPLETED =
  'You have not completed a challenge yet. A challenge is completed when a review of your live site passes.'
const NO_SOLUTIONS =
  'No solution yet. Build a challenge and submit your live site: it shows here with its review.'
const NO_NOTIFICATIONS =
  'No notifications yet. When someone comments on your solutions, you will hear of it here.'

async function startChallenge(page: Page, id: number) {
  const response = await mutate(page, `/api/me/challenges/${id}/start`, {})
  expect(response.ok()).toBe(true)
}

/**
 * Completes each challenge as a member does: submits their own live site and waits for its review to pass
 * (docs/product.md §4). All are submitted first: the server's review worker takes them one after another.
 */
async function completeChallenges(page: Page, login: string, challenges: readonly Challenge[]) {
  for (const challenge of challenges) await submitThroughApi(page, challenge.id, ownSite(login, challenge))
  for (const challenge of challenges) {
    const review = await reviewVerdict(page, challenge.id)
    expect(review.status, review.error?.message ?? '').toBe('passed')
    expect(review.pointsAwarded).toBe(10)
  }
}

const toasts = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text })
const sidebar = (page: Page) => page.getByTestId('member-sidebar')
const sidebarToggle = (page: Page) => sidebar(page).getByRole('button', { name: 'Toggle sidebar' })

/** A second member in their own browser context (signing in through the emulator like anyone). */
async function otherMember(browser: Browser, testInfo: TestInfo, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  const login = await signIn(page, testInfo, uniqueLogin(testInfo, 'rival'))
  return { context, page, login }
}

async function countBox(page: Page, id: 'ongoing' | 'completed' | 'total') {
  return page.getByTestId(`count-${id}`)
}

test.describe('member area: visitors', () => {
  test('visitors are asked to sign in on the member pages and denied the leaderboard', async ({ page }) => {
    for (const [path, heading] of [
      ['/my', 'Log in to see your dashboard'],
      ['/settings', 'Log in to change your settings'],
      ['/user-challenges/ongoing', 'Log in to see your challenges'],
      ['/user-challenges/completed', 'Log in to see your challenges'],
      ['/admin', 'Log in to moderate'],
      ['/classrooms', 'Log in to see your classrooms'],
    ] as const) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      await expect(page).toHaveURL(path)
      await expect(page.getByRole('main').getByRole('link', { name: 'Login with GitHub' })).toHaveAttribute(
        'href',
        `/auth/github?returnTo=${encodeURIComponent(path)}`,
      )
    }
    await page.goto('/leaderboard?period=week')
    await expect(page).toHaveURL('/leaderboard?period=week')
    await expect(page.getByText(ACCESS_DENIED, { exact: true })).toBeVisible()
    await expect(page.getByRole('main').getByRole('link', { name: 'Login with GitHub' })).toHaveAttribute(
      'href',
      '/auth/github?returnTo=%2Fleaderboard%3Fperiod%3Dweek',
    )
    await expect(page.getByRole('table')).toHaveCount(0)
    await expect(sidebar(page)).toHaveCount(0)
    await expectNoAxeViolations(page)
    await page.setViewportSize(VIEWPORTS.mobile)
    await expect(page.getByText(ACCESS_DENIED, { exact: true })).toBeVisible()
    await expectNoAxeViolations(page)
  })

  test('an unknown status is the 404 page, answered 404 by the server', async ({ page, consoleErrors }) => {
    for (const path of ['/user-challenges/paused', '/user-challenges/nonsense']) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(404)
      // The browser logs the page's own 404 answer as a failed resource: it is the point here.
      forgetNotFoundErrors(consoleErrors)
      await expect(page.getByRole('heading', { level: 1, name: '404 - Not Found' })).toBeVisible()
      await expect(page.getByText("Oops! The page you're looking for doesn't exist.")).toBeVisible()
      await expectHydrated(page)
    }
    // The two real statuses are still member pages, answered 200.
    expect((await page.request.get('/user-challenges/ongoing')).status()).toBe(200)
    expect((await page.request.get('/user-challenges/completed')).status()).toBe(200)
  })
})

test.describe('member area: members', () => {
  test('dashboard counts, ongoing and completed lists, and the profile submissions follow start, submit and review', async ({
    page,
    request,
  }, testInfo) => {
    test.slow()
    const [challenge] = await listChallenges(request)
    if (!challenge) throw new Error('the catalogue is empty')
    const total = (await listChallenges(request)).length
    const login = await signIn(page, testInfo)

    // The three boxes, each with its "View details" link, and New Challenges below.
    await expect(await countBox(page, 'ongoing')).toContainText('Ongoing Challenges0')
    await expect(await countBox(page, 'completed')).toContainText('Completed Challenges0')
    await expect(await countBox(page, 'total')).toContainText(`Total Challenges${total}`)
    for (const [id, href] of [
      ['ongoing', '/user-challenges/ongoing'],
      ['completed', '/user-challenges/completed'],
      ['total', '/challenges'],
    ] as const) {
      await expect((await countBox(page, id)).getByRole('link', { name: 'View details' })).toHaveAttribute(
        'href',
        href,
      )
    }
    await expect(page.getByRole('heading', { level: 2, name: 'New Challenges' })).toBeVisible()

    // Empty lists.
    await (await countBox(page, 'ongoing')).getByRole('link', { name: 'View details' }).click()
    await expect(page).toHaveURL('/user-challenges/ongoing')
    await expect(page.getByRole('heading', { level: 1, name: 'Ongoing Challenges' })).toBeVisible()
    await expect(page.getByText('Find challenges you are currently working on.')).toBeVisible()
    await expect(page.getByText(NO_ONGOING)).toBeVisible()
    await page.goto('/user-challenges/completed')
    await expect(page.getByRole('heading', { level: 1, name: 'Completed Challenges' })).toBeVisible()
    await expect(page.getByText('View the challenges you have successfully completed.')).toBeVisible()
    await expect(page.getByText(NO_COMPLETED)).toBeVisible()
    await page.goto(`/profile/${login}`)
    await expect(page.getByRole('heading', { level: 2, name: 'Submissions' })).toBeVisible()
    await expect(page.getByText("You haven't completed any challenges yet.")).toBeVisible()

    // Started: ongoing.
    await startChallenge(page, challenge.id)
    await page.goto('/my')
    await expect(await countBox(page, 'ongoing')).toContainText('Ongoing Challenges1')
    await expect(await countBox(page, 'completed')).toContainText('Completed Challenges0')
    await page.goto('/user-challenges/ongoing')
    await expect(page.getByRole('link', { name: challenge.title, exact: true })).toBeVisible()

    // Submitted: the submit queues a review and changes nothing else (docs/product.md §4).
    const liveUrl = ownSite(login, challenge)
    const submitted = await submitThroughApi(page, challenge.id, liveUrl)
    expect(submitted.progress.status).toBe('ongoing')
    expect(submitted.user.points).toBe(0)
    expect(submitted.review.status).toBe('queued')

    // The review of the member's own site passed: completed, on the profile with its live site.
    const review = await reviewVerdict(page, challenge.id)
    expect(review.status, review.error?.message ?? '').toBe('passed')
    await page.goto('/my')
    await expect(await countBox(page, 'ongoing')).toContainText('Ongoing Challenges0')
    await expect(await countBox(page, 'completed')).toContainText('Completed Challenges1')
    // The completed work names its date, live site and solution page (docs/product.md §11), on the
    // dashboard's latest solutions and the "Completed" list.
    const { solutionId } = await memberReviews(page, challenge.id)
    const solutionLink = { name: `View solution (${challenge.title})` }
    const latest = page.getByRole('region', { name: 'Your latest solutions' })
    await expect(latest).toContainText(challenge.title)
    await expect(latest.getByRole('link', solutionLink)).toHaveAttribute('href', `/solutions/${solutionId}`)
    await page.goto('/user-challenges/ongoing')
    await expect(page.getByText(NO_ONGOING)).toBeVisible()
    await page.goto('/user-challenges/completed')
    await expectHydrated(page)
    await expect(page.getByRole('link', { name: challenge.title, exact: true })).toBeVisible()
    await expect(page.getByText(/^Completed on [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible()
    await expect(
      page.getByRole('link', { name: new RegExp(`^${liveUrl.replace(/[.?]/g, '\\$&')}`) }),
    ).toHaveAttribute('href', liveUrl)
    await page.getByRole('link', solutionLink).click()
    await expect(page).toHaveURL(`/solutions/${solutionId}`)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`'s ${challenge.title} solution`)

    await page.goto(`/profile/${login}`)
    const submissions = page.getByRole('region', { name: 'Submissions' })
    await expect(submissions.getByRole('link', { name: challenge.title, exact: true })).toHaveAttribute(
      'href',
      `/challenge/${encodeURIComponent(challenge.slug)}`,
    )
    const live = submissions.getByRole('link', { name: /View live site/ })
    await expect(live).toHaveAttribute('href', liveUrl)
    await expect(live).toHaveAttribute('rel', 'noopener noreferrer')
    await expect(page.getByText("You haven't completed any challenges yet.")).toHaveCount(0)
  })

  test("a member who completes challenges appears on another member's leaderboard", async ({
    page,
    browser,
    request,
    baseURL,
  }, testInfo) => {
    test.slow()
    // Two passed reviews: hardly any member of the shared server earns as much, so the rival is in the top 10.
    const challenges = (await listChallenges(request)).slice(0, 2)
    const rival = await otherMember(browser, testInfo, baseURL)
    await completeChallenges(rival.page, rival.login, challenges)
    const points = challenges.length * 10
    await rival.context.close()

    await signIn(page, testInfo)
    await page.goto('/leaderboard')
    const table = page.getByRole('table', { name: 'Top 10' })
    await expect(table).toBeVisible()
    const row = table.getByRole('row').filter({ hasText: `@${rival.login}` })
    await expect(row).toHaveCount(1)
    await expect(row.getByRole('cell').last()).toHaveText(String(points))
    await expect(row.getByRole('cell').first()).toHaveText(/^\d+$/)
    await expect(row.getByRole('link').first()).toHaveAttribute('href', `/profile/${rival.login}`)
    // The row links the rival's latest solution (docs/product.md §11).
    const rivalSolution = leaderboardResponse
      .parse(await (await page.request.get('/api/leaderboard')).json())
      .entries.find((entry) => entry.username === rival.login)?.solutionId
    await expect(row.getByRole('link', { name: /^Latest solution/ })).toHaveAttribute(
      'href',
      `/solutions/${rivalSolution}`,
    )
    await expect(row.getByRole('img')).toHaveAttribute('src', /\S/)

    // The top card is the API's top entry, with its rank, points and submission count.
    const board = leaderboardResponse.parse(await (await page.request.get('/api/leaderboard')).json())
    expect(board.entries.length).toBeLessThanOrEqual(10)
    expect(board.entries.every((entry) => entry.points > 0)).toBe(true)
    const top = page.getByRole('region', { name: 'Top performer' })
    await expect(top).toContainText(`@${board.top?.username}`)
    await expect(top.getByRole('definition')).toHaveText([
      `#${board.top?.rank}`,
      String(board.top?.points),
      String(board.top?.submission),
    ])

    // A row opens the member's profile.
    await row.getByRole('link').first().click()
    await expect(page).toHaveURL(`/profile/${rival.login}`)
    // The address changes before the profile replaces the leaderboard, which names the rival too.
    const submissions = page.getByRole('region', { name: 'Submissions' })
    await expect(submissions.getByRole('listitem')).toHaveCount(challenges.length)
    await expect(page.getByRole('table', { name: 'Top 10' })).toHaveCount(0)
    await expect(page.getByText(`@${rival.login}`, { exact: true })).toBeVisible()
  })

  test('the leaderboard counts passed reviews only, and filters to this week or month', async ({
    page,
    browser,
    request,
    baseURL,
  }, testInfo) => {
    test.slow()
    const challenges = await listChallenges(request)
    const rival = await otherMember(browser, testInfo, baseURL)
    // Three challenges on the rival's own GitHub Pages, and one on somebody else's, whose review fails.
    // No other member of the shared server earns 30 points (two passed reviews at most), so the rival is
    // in the top 10 however many members of other tests have scored by then.
    const [elsewhere, ...rest] = challenges
    const own = rest.slice(0, 3)
    if (!elsewhere || own.length < 3) throw new Error('the catalogue needs four challenges')
    const failed = await submitFailing(rival.page, elsewhere, someoneElsesSite(elsewhere))
    expect(failed.error?.code).toBe('not_own_site')
    await completeChallenges(rival.page, rival.login, own)
    await rival.context.close()
    // Every point counted comes from a passed review: one board, no separate one of verified work.
    const all = String(own.length * 10)

    await signIn(page, testInfo)
    await page.goto('/leaderboard')
    await expectHydrated(page)
    await expect(page.getByRole('navigation', { name: 'Kind of work' })).toHaveCount(0)
    const period = page.getByRole('navigation', { name: 'Period' })
    const rivalPoints = () =>
      page
        .getByRole('table', { name: 'Top 10' })
        .getByRole('row')
        .filter({ hasText: `@${rival.login}` })
        .getByRole('cell')
        .last()
    await expect(period.getByRole('link', { name: 'All time' })).toHaveAttribute('aria-current', 'page')
    await expect(rivalPoints()).toHaveText(all)
    await expectNoAxeViolations(page)

    // The rival's points were all earned today: this week's and this month's boards have them too.
    await period.getByRole('link', { name: 'This week' }).click()
    await expect(page).toHaveURL('/leaderboard?period=week')
    await expect(period.getByRole('link', { name: 'This week' })).toHaveAttribute('aria-current', 'page')
    await expect(rivalPoints()).toHaveText(all)

    await period.getByRole('link', { name: 'This month' }).click()
    await expect(page).toHaveURL('/leaderboard?period=month')
    await expect(rivalPoints()).toHaveText(all)

    await period.getByRole('link', { name: 'All time' }).click()
    await expect(page).toHaveURL('/leaderboard')
    await expect(rivalPoints()).toHaveText(all)
  })

  test('the leaderboard with nobody scoring, and the default avatar', async ({ page }, testInfo) => {
    await signIn(page, testInfo)
    await page.route('**/api/leaderboard', (route) =>
      route.fulfill({
        json: {
          top: { rank: 1, username: 'no-picture', name: null, avatarUrl: null, points: 10, submission: 1 },
          entries: [
            { rank: 1, username: 'no-picture', name: null, avatarUrl: null, points: 10, submission: 1 },
          ],
        },
      }),
    )
    await page.goto('/leaderboard')
    const row = page
      .getByRole('table', { name: 'Top 10' })
      .getByRole('row')
      .filter({ hasText: '@no-picture' })
    await expect(row.getByRole('img')).toHaveAttribute('src', '/images/default-avatar.svg')
    await expect(row.getByRole('img')).toHaveJSProperty('complete', true)

    await page.unrouteAll()
    await page.route('**/api/leaderboard', (route) => route.fulfill({ json: { top: null, entries: [] } }))
    await page.goto('/leaderboard')
    await expect(page.getByText(NO_SCORERS, { exact: true })).toBeVisible()
    await expect(page.getByRole('table')).toHaveCount(0)
  })
})

test.describe('settings', () => {
  test('name and bio round trip to the profile with a one-time toast', async ({ page }, testInfo) => {
    const login = await signIn(page, testInfo)
    await sidebar(page).getByRole('link', { name: 'Settings' }).click()
    await expect(page).toHaveURL('/settings')
    await expect(page.getByRole('heading', { level: 2, name: 'Profile' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: 'Social' })).toBeVisible()

    await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace 李')
    await page.getByLabel('Bio', { exact: true }).fill('Building interfaces since 1843')
    await page.getByLabel('GitHub', { exact: true }).fill('https://github.com/ada')
    await page.getByRole('button', { name: 'Update' }).click()

    await expect(page).toHaveURL(`/profile/${login}`)
    await expect(toasts(page, PROFILE_UPDATED)).toHaveCount(1)
    await expect(page.getByRole('heading', { level: 1, name: 'Ada Lovelace 李' })).toBeVisible()
    await expect(page.getByText('Building interfaces since 1843')).toBeVisible()
    const github = page
      .getByRole('link', { name: /GitHub/ })
      .and(page.locator('[href="https://github.com/ada"]'))
    await expect(github).toHaveAttribute('rel', 'noopener noreferrer')

    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Ada Lovelace 李' })).toBeVisible()
    // A toast that outlived the reload would show once the app has hydrated.
    await expectHydrated(page)
    await expect(toasts(page, PROFILE_UPDATED)).toHaveCount(0)

    // The new name is what the sidebar shows, and Settings is seeded with the saved values.
    await page.goto('/settings')
    await expect(sidebar(page)).toContainText('Ada Lovelace 李')
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Ada Lovelace 李')
    await expect(page.getByLabel('Bio', { exact: true })).toHaveValue('Building interfaces since 1843')
  })

  test('names keep what is typed; a character outside the rule is refused on submit, and nothing is saved', async ({
    page,
  }, testInfo) => {
    test.slow()
    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    const login = await signIn(page, testInfo)
    await page.goto('/settings')
    await expectHydrated(page)
    const name = page.getByLabel('Name', { exact: true })
    const bio = page.getByLabel('Bio', { exact: true })
    const update = page.getByRole('button', { name: 'Update' })

    // Typed as it is, nothing stripped or refused while typing.
    await name.fill('')
    await name.pressSequentially("O'Neil <3")
    await expect(name).toHaveValue("O'Neil <3")
    await expect(name).toHaveAttribute('aria-invalid', 'false')

    // On submit: the message under the field, focus on it, and no request.
    let patches = 0
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().endsWith('/api/me/profile')) patches += 1
    })
    await update.click()
    const nameMessage =
      'Name cannot contain "<". Use letters, digits, spaces, apostrophes, hyphens and periods.'
    await expect(page.getByText(nameMessage, { exact: true })).toBeVisible()
    await expect(name).toHaveAttribute('aria-invalid', 'true')
    await expect(name).toBeFocused()
    await expect(page).toHaveURL('/settings')

    // An emoji is refused the same way, quoted whole (a flag is two code points); overlong values too.
    await name.fill('Ada 🇫🇷')
    await update.click()
    await expect(
      page.getByText(
        'Name cannot contain "🇫🇷". Use letters, digits, spaces, apostrophes, hyphens and periods.',
        {
          exact: true,
        },
      ),
    ).toBeVisible()
    await name.fill('a'.repeat(51))
    await update.click()
    await expect(page.getByText('Name cannot exceed 50 characters.', { exact: true })).toBeVisible()

    // A bio takes any visible text, but not an invisible character.
    await bio.fill('zero\u200bwidth')
    await update.click()
    await expect(
      page.getByText(
        'Bio cannot contain U+200B. A bio takes any text that can be seen, without control or invisible characters.',
        { exact: true },
      ),
    ).toBeVisible()
    expect(patches).toBe(0)
    // Nothing was saved: the profile still has the name GitHub gave.
    expect((await (await page.request.get('/api/me/profile')).json()).profile.name).not.toContain('<')

    // A pasted valid name (one insertion, as a paste is) is kept, and saves as it was pasted.
    await name.fill('')
    await name.focus()
    await page.keyboard.insertText("D’Angelo O'Neil-Smith 2")
    await expect(name).toHaveValue("D’Angelo O'Neil-Smith 2")
    await bio.fill('HTML & CSS, dev @ Acme (3 years) 🇫🇷')
    await expect(page.getByText('34/150', { exact: true })).toBeVisible()
    await page.getByLabel('LinkedIn', { exact: true }).fill('linkedin.com/in/dangelo')
    await update.click()
    await expect(page).toHaveURL(`/profile/${login}`)
    await expect(page.getByRole('heading', { level: 1, name: "D’Angelo O'Neil-Smith 2" })).toBeVisible()
    await expect(page.getByText('HTML & CSS, dev @ Acme (3 years) 🇫🇷')).toBeVisible()
    expect((await (await page.request.get('/api/me/profile')).json()).profile.linkedinUrl).toBe(
      'https://linkedin.com/in/dangelo',
    )
    await page.goto('/settings')
    await expectHydrated(page)

    // Links lose characters outside the set of docs/product.md §5 as they are typed.
    const linkedin = page.getByLabel('LinkedIn', { exact: true })
    await linkedin.fill('')
    await linkedin.pressSequentially('https://linkedin.com/in/<ada>')
    await expect(linkedin).toHaveValue('https://linkedin.com/in/ada')

    // The server sanitises first (markup goes), then refuses what is left if it has a character outside
    // the rule, such as an entity that decodes to an invisible one; the profile shows text only.
    const rejected = await mutate(
      page,
      '/api/me/profile',
      { name: 'Ada', bio: 'evil &#x202e; text', linkedinUrl: '', githubUrl: '' },
      'PATCH',
    )
    expect(rejected.status()).toBe(400)
    expect((await rejected.json()).error.message).toContain('Bio cannot contain U+202E.')
    const accepted = await mutate(
      page,
      '/api/me/profile',
      { name: 'Ada', bio: 'Plain img src x onerror alert 1', linkedinUrl: '', githubUrl: '' },
      'PATCH',
    )
    expect(accepted.ok()).toBe(true)
    await page.goto(`/profile/${login}`)
    await expect(page.getByText('Plain img src x onerror alert 1')).toBeVisible()
    await expect(page.locator('main img[src="x"]')).toHaveCount(0)
    expect(dialogs).toEqual([])
  })
})

test.describe('member sidebar', () => {
  test('collapses, expands, toggles its Challenges group and remembers the last challenge link', async ({
    page,
  }, testInfo) => {
    const login = await signIn(page, testInfo)
    const toggle = sidebarToggle(page)
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expect(sidebar(page)).toContainText(`@${login}`)
    const nav = sidebar(page).getByRole('navigation', { name: 'Member' })
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page')

    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed')
    await expect(nav.getByRole('button', { name: 'Challenges' })).toHaveCount(0)
    await expect(nav.getByRole('link', { name: 'Leaderboard' })).toBeVisible()
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')

    const group = nav.getByRole('button', { name: 'Challenges' })
    await expect(group).toHaveAttribute('aria-expanded', 'false')
    await expect(nav.getByRole('link', { name: 'Navbar' })).toBeHidden()
    await group.click()
    await expect(group).toHaveAttribute('aria-expanded', 'true')
    await expect(nav.getByRole('link', { name: 'All challenges' })).toBeVisible()
    await nav.getByRole('link', { name: 'Landing Page' }).click()
    await expect(page).toHaveURL('/challenges/landingpage')
    expect(await page.evaluate(() => localStorage.getItem('activeLink'))).toBe('/challenges/landingpage')

    // Still remembered within /challenges, forgotten once the member leaves it.
    await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Hero' }).click()
    await expect(page).toHaveURL('/challenges/hero')
    expect(await page.evaluate(() => localStorage.getItem('activeLink'))).toBe('/challenges/landingpage')
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click()
    await expect(page).toHaveURL('/my')
    await expect.poll(() => page.evaluate(() => localStorage.getItem('activeLink'))).toBeNull()
  })

  test('at 375 px the open sidebar sits above the page, never over it, and nothing scrolls sideways', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(VIEWPORTS.mobile)
    await signIn(page, testInfo)
    const toggle = sidebarToggle(page)
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')

    for (const [path, name] of [
      ['/my', 'Dashboard'],
      ['/user-challenges/ongoing', 'Ongoing Challenges'],
      ['/notifications', 'Notifications'],
      ['/settings', 'Settings'],
    ] as const) {
      await page.goto(path)
      const heading = page.getByRole('heading', { level: 1, name, exact: true })
      await expect(heading).toBeVisible()
      await expectHydrated(page)
      await sidebarToggle(page).click()
      await expect(sidebarToggle(page)).toHaveAttribute('aria-expanded', 'true')
      await expect(sidebar(page).getByRole('navigation', { name: 'Member' })).toBeVisible()
      // The open sidebar pushes the page down: the heading is still on the page, below it, not under it.
      await expect(heading).toBeVisible()
      await expect(page.getByTestId('member-content')).toBeVisible()
      const bar = await sidebar(page).boundingBox()
      const content = await page.getByTestId('member-content').boundingBox()
      const title = await heading.boundingBox()
      if (!bar || !content || !title) throw new Error(`${path}: the sidebar or the page has no box`)
      expect(bar.width, path).toBeLessThanOrEqual(VIEWPORTS.mobile.width)
      expect(bar.y + bar.height, path).toBeLessThanOrEqual(content.y)
      expect(bar.y + bar.height, path).toBeLessThanOrEqual(title.y)
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(
        VIEWPORTS.mobile.width,
      )
    }

    // A choice closes it again.
    await sidebar(page).getByRole('link', { name: 'Leaderboard' }).click()
    await expect(page).toHaveURL('/leaderboard')
    await expect(sidebarToggle(page)).toHaveAttribute('aria-expanded', 'false')
    await expect(page.getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  })

  test('every member page has the same sidebar, with its own link marked current', async ({
    page,
  }, testInfo) => {
    await signIn(page, testInfo)
    const links = [
      'Dashboard',
      'Ongoing challenges',
      'Completed challenges',
      'All challenges',
      'Navbar',
      'Footer',
      'Landing Page',
      'Hero',
      'Features',
      'Classrooms',
      'Leaderboard',
      'Notifications',
      'Settings',
    ]
    for (const [path, current, heading] of [
      ['/my', 'Dashboard', 'Dashboard'],
      ['/user-challenges/ongoing', 'Ongoing challenges', 'Ongoing Challenges'],
      ['/user-challenges/completed', 'Completed challenges', 'Completed Challenges'],
      ['/leaderboard', 'Leaderboard', 'Leaderboard'],
      ['/notifications', 'Notifications', 'Notifications'],
      ['/settings', 'Settings', 'Settings'],
    ] as const) {
      await page.goto(path)
      await expectHydrated(page)
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible()
      const nav = sidebar(page).getByRole('navigation', { name: 'Member' })
      await expect(nav.getByRole('link', { includeHidden: true })).toHaveText(links)
      await expect(nav.locator('[aria-current="page"]'), path).toHaveText([current])
    }

    // Collapsed, the rail names the same member pages, and the current one is still marked.
    await sidebarToggle(page).click()
    const rail = sidebar(page).getByRole('navigation', { name: 'Member' })
    await expect(rail.getByRole('link')).toHaveText([
      'Dashboard',
      'Ongoing challenges',
      'Completed challenges',
      'Challenges',
      'Classrooms',
      'Leaderboard',
      'Notifications',
      'Settings',
    ])
    await expect(rail.locator('[aria-current="page"]')).toHaveText(['Settings'])
  })
})

test.describe('member area: review states', () => {
  test('a failed review shows with its reason on the dashboard, the Ongoing card and the notifications; the profile counts it submitted', async ({
    page,
    request,
  }, testInfo) => {
    test.slow()
    const [challenge] = await listChallenges(request)
    if (!challenge) throw new Error('the catalogue is empty')
    const login = await signIn(page, testInfo)
    const failed = await submitFailing(page, challenge, someoneElsesSite(challenge))
    expect(failed.error?.code).toBe('not_own_site')
    const reason = failed.error?.message ?? ''
    const reportLink = { name: `View the review report (${challenge.title})` }
    /** axe in both themes at both sizes, back to light on a desktop after. */
    const expectAccessible = async () => {
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme })
        for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
          await page.setViewportSize(viewport)
          await expectNoAxeViolations(page)
        }
      }
      await page.emulateMedia({ colorScheme: 'light' })
      await page.setViewportSize(VIEWPORTS.desktop)
    }

    // The dashboard lists the submitted challenge with its failed review, not "No solution yet".
    await page.goto('/my')
    const latest = page.getByRole('region', { name: 'Your latest solutions' })
    const row = latest.getByTestId('latest-solution').filter({ hasText: challenge.title })
    await expect(row.getByTestId('latest-review')).toContainText('Failed')
    await expect(row).toContainText(reason)
    await expect(row.getByRole('link', reportLink)).toHaveAttribute('href', `/reviews/${failed.id}`)
    await expect(latest.getByText(NO_SOLUTIONS)).toHaveCount(0)
    await expectAccessible()

    // So does its card among the ongoing challenges.
    await page.goto('/user-challenges/ongoing')
    const card = page.getByTestId('member-content').getByRole('listitem').filter({ hasText: challenge.title })
    await expect(card.getByTestId('latest-review')).toContainText('Failed')
    await expect(card).toContainText(reason)
    await expect(card.getByRole('link', reportLink)).toHaveAttribute('href', `/reviews/${failed.id}`)
    await expectAccessible()

    // The notification says when, and why it did not pass.
    await page.goto('/notifications')
    const item = page.getByTestId('notification').first()
    await expect(item.getByRole('link')).toHaveAccessibleName(
      `Unread: Your review of ${challenge.title} did not pass`,
    )
    await expect(item.getByTestId('notification-detail')).toHaveText(reason)
    await expect(item.locator('time')).toHaveText(/^(just now|\d+ minutes? ago)$/)
    await expectAccessible()

    // The profile says what its numbers count: nothing completed, one challenge submitted.
    await page.goto(`/profile/${login}`)
    await expect(page.getByTestId('challenge-counts')).toHaveText('Completed 0 · Submitted 1')
    await expectHydrated(page)
    await expectAccessible()
  })
})

test.describe('member area: empty lists', () => {
  test('each empty list says so and links to the next step', async ({ page }, testInfo) => {
    await signIn(page, testInfo)

    // The dashboard: no solution yet, so the catalogue.
    const latest = page.getByRole('region', { name: 'Your latest solutions' })
    await expect(latest.getByText(NO_SOLUTIONS)).toBeVisible()
    await latest.getByRole('link', { name: 'Browse challenges' }).click()
    await expect(page).toHaveURL('/challenges')

    // No ongoing challenge: the catalogue.
    await page.goto('/user-challenges/ongoing')
    await expectHydrated(page)
    await expect(page.getByText(NO_ONGOING)).toBeVisible()
    await page.getByTestId('member-content').getByRole('link', { name: 'Browse challenges' }).click()
    await expect(page).toHaveURL('/challenges')

    // Nothing completed: the ongoing ones.
    await page.goto('/user-challenges/completed')
    await expectHydrated(page)
    await expect(page.getByText(NO_COMPLETED)).toBeVisible()
    await page
      .getByTestId('member-content')
      .getByRole('link', { name: 'See your ongoing challenges' })
      .click()
    await expect(page).toHaveURL('/user-challenges/ongoing')
    await expect(page.getByRole('heading', { level: 1, name: 'Ongoing Challenges' })).toBeVisible()

    // No notification: a solution to give feedback on.
    await page.goto('/notifications')
    await expectHydrated(page)
    await expect(page.getByText(NO_NOTIFICATIONS)).toBeVisible()
    await page
      .getByTestId('member-content')
      .getByRole('link', { name: 'Find a solution that needs feedback' })
      .click()
    await expect(page).toHaveURL('/needs-feedback')
  })
})

test.describe('member area accessibility', () => {
  test('axe finds no violation on the member pages at 1440 and 375 px', async ({ page }, testInfo) => {
    test.slow()
    const login = await signIn(page, testInfo)
    const pages: [string, (p: Page) => Promise<void>][] = [
      [
        '/my',
        async (p) => {
          await expect(p.getByTestId('count-total')).toContainText(/\d/)
          await expect(p.getByText('Loading new challenges...')).toHaveCount(0)
        },
      ],
      ['/user-challenges/ongoing', (p) => expect(p.getByText(NO_ONGOING)).toBeVisible()],
      ['/user-challenges/completed', (p) => expect(p.getByText(NO_COMPLETED)).toBeVisible()],
      ['/notifications', (p) => expect(p.getByText(NO_NOTIFICATIONS)).toBeVisible()],
      [
        '/leaderboard',
        (p) => expect(p.getByRole('table', { name: 'Top 10' }).or(p.getByText(NO_SCORERS))).toBeVisible(),
      ],
      [`/profile/${login}`, (p) => expect(p.getByRole('heading', { name: 'Submissions' })).toBeVisible()],
      ['/settings', (p) => expect(p.getByRole('button', { name: 'Update' })).toBeVisible()],
    ]
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
      await page.setViewportSize(viewport)
      for (const [path, ready] of pages) {
        await page.goto(path)
        await ready(page)
        await expectNoAxeViolations(page)
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(
          viewport.width,
        )
      }
    }
  })
})
