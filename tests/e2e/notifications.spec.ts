import type { Browser, Page, TestInfo } from '@playwright/test'
import type { Challenge } from '#shared/challenge.ts'
import { commentResponse, NOTIFICATION_POLL_MS } from '#shared/feedback.ts'
import { galleryResponse } from '#shared/solution.ts'
import { sessionResponse } from '#shared/user.ts'
import { listChallenges } from './catalogue.ts'
import { expect, expectHydrated, expectNoAxeViolations, test, VIEWPORTS } from './fixtures.ts'
import { completeChallenge } from './live-sites.ts'
import { mutate, signIn } from './sign-in-helper.ts'

/**
 * Notifications (docs/product.md §12): the navbar's bell counts what is unread, polled only while the tab
 * is visible, and /notifications lists each with its sentence and link, marks one or all read, and the
 * bell follows.
 */

const TEXTS = {
  empty: 'No notifications yet. When someone comments on your solutions, you will hear of it here.',
  commented: (actor: string, challenge: string) => `${actor} commented on your solution to ${challenge}`,
  reviewPassed: (challenge: string) => `Your review of ${challenge} passed`,
} as const

const UNREAD_COUNT_PATH = '/api/me/notifications/unread-count'

const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Notifications/ })

/** A member in a desktop context of their own, signed in. */
async function member(browser: Browser, testInfo: TestInfo, prefix: string) {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  const login = await signIn(page, testInfo, `${prefix}-${testInfo.workerIndex}-${Date.now().toString(36)}`)
  const session = sessionResponse.parse(await (await page.request.get('/api/session')).json())
  // Notifications name a member by their name, else their username.
  const name = session.user?.name?.trim() || login
  return { context, page, login, name, errors }
}

/** The member's passed solution to the challenge, by its id in the challenge's gallery. */
async function solutionIdOf(page: Page, challenge: Challenge, login: string): Promise<string> {
  const response = await page.request.get(`/api/challenges/${challenge.id}/solutions?limit=48`)
  expect(response.ok()).toBe(true)
  const card = galleryResponse
    .parse(await response.json())
    .solutions.find((solution) => solution.member.username === login)
  if (!card) throw new Error(`no listed solution of ${login}`)
  return card.id
}

async function comment(page: Page, solutionId: string, body: string): Promise<string> {
  const response = await mutate(page, `/api/solutions/${solutionId}/comments`, { kind: 'praise', body })
  expect(response.status(), await response.text()).toBe(201)
  return commentResponse.parse(await response.json()).comment.id
}

test('the bell counts another member’s comments; /notifications marks one, follows one and marks all read, and the bell follows', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(240_000)
  const [challenge] = (await listChallenges(request)).slice(-2)
  if (!challenge) throw new Error('no challenge')

  const login = await signIn(page, testInfo)
  await completeChallenge(page, login, challenge)
  const solutionId = await solutionIdOf(page, challenge, login)
  // The passed review is the first notification.
  await page.goto('/my')
  await expectHydrated(page)
  // The member's controls load after the page; a busy machine takes its time.
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 30_000 })
  await expect(bell(page).getByTestId('notification-badge')).toHaveText('1')

  const other = await member(browser, testInfo, 'commenter')
  const commentIds = [
    await comment(other.page, solutionId, 'Neat layout, the grid reads well.'),
    await comment(other.page, solutionId, 'The focus styles are a nice touch.'),
    await comment(other.page, solutionId, 'Clean markup throughout.'),
  ]
  await other.context.close()
  expect(other.errors).toEqual([])

  // The open tab learns of them when it becomes visible again, without a reload.
  await page.evaluate(() => {
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))
  })
  await expect(bell(page)).toHaveAccessibleName('Notifications, 4 unread')

  await bell(page).click()
  await expect(page).toHaveURL('/notifications')
  await expect(page).toHaveTitle('Notifications | Frontend Dojo')
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible()
  const items = page.getByTestId('notification')
  await expect(items).toHaveCount(4)
  // Newest first: the last comment, then the others, then the review.
  const sentence = TEXTS.commented(other.name, challenge.title)
  await expect(items.nth(0).getByRole('link')).toHaveAccessibleName(`Unread: ${sentence}`)
  await expect(items.nth(0).getByRole('link')).toHaveAttribute(
    'href',
    `/solutions/${solutionId}#comment-${commentIds[2]}`,
  )
  await expect(items.nth(3).getByRole('link')).toHaveAccessibleName(
    `Unread: ${TEXTS.reviewPassed(challenge.title)}`,
  )
  await expect(items.nth(3).getByRole('link')).toHaveAttribute('href', /^\/reviews\/[\w-]+$/)
  // Today's are told relatively, the date and time of day kept for a pointer's hover.
  await expect(items.nth(0).locator('time')).toHaveText(/^(just now|\d+ minutes? ago|\d+ hours? ago)$/)
  await expect(items.nth(0).locator('time')).toHaveAttribute(
    'title',
    /^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}/,
  )
  // A finished review says its score; a comment adds nothing to its sentence.
  await expect(items.nth(3).getByTestId('notification-detail')).toHaveText(/^Score: \d{1,3}\.\d \/ 100$/)
  await expect(items.nth(0).getByTestId('notification-detail')).toHaveCount(0)
  await expectNoAxeViolations(page)

  // Mark as read: the row turns read, focus stays on its link, the bell counts one fewer.
  const first = items.nth(0)
  await first.getByRole('button', { name: 'Mark as read' }).click()
  await expect(first).toHaveAttribute('data-read', 'true')
  await expect(first.getByRole('button', { name: 'Mark as read' })).toHaveCount(0)
  await expect(first.getByRole('link')).toBeFocused()
  await expect(first.getByRole('link')).toHaveAccessibleName(sentence)
  await expect(bell(page)).toHaveAccessibleName('Notifications, 3 unread')

  // Following a link marks it read.
  await items.nth(1).getByRole('link').click()
  await expect(page).toHaveURL(`/solutions/${solutionId}#comment-${commentIds[1]}`)
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread')
  await page.goBack()
  await expect(items.nth(1)).toHaveAttribute('data-read', 'true')

  // Mark all as read: nothing unread is left, the button goes and focus moves to the heading.
  await page.getByRole('button', { name: 'Mark all as read' }).click()
  await expect(bell(page)).toHaveAccessibleName('Notifications')
  await expect(bell(page).getByTestId('notification-badge')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeFocused()
  for (const item of await items.all()) await expect(item).toHaveAttribute('data-read', 'true')
  await expect(page.getByRole('main').getByText('Unread', { exact: false })).toHaveCount(0)

  // It holds after a reload.
  await page.reload()
  await expect(items).toHaveCount(4)
  await expect(page.getByRole('button', { name: 'Mark as read' })).toHaveCount(0)
  await expect(bell(page)).toHaveAccessibleName('Notifications')
  // The commenter's profile counts their comments marked helpful.
  await page.goto(`/profile/${other.login}`)
  await expect(page.getByTestId('helpful-comments')).toHaveText('Helpful comments: 0')
  const marked = await page.request.fetch(`/api/comments/${commentIds[0]}/helpful`, {
    method: 'PUT',
    headers: { Origin: new URL(page.url()).origin, 'Content-Type': 'application/json' },
    data: '{}',
  })
  expect(marked.ok(), await marked.text()).toBe(true)
  await page.reload()
  await expect(page.getByTestId('helpful-comments')).toHaveText('Helpful comments: 1')
})

test('a new member sees the empty state, at both widths without axe violations; the small-screen menu has the bell', async ({
  page,
}, testInfo) => {
  await signIn(page, testInfo)
  await page.goto('/notifications')
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible()
  await expect(page.getByText(TEXTS.empty)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toHaveCount(0)
  await expectNoAxeViolations(page)

  await page.setViewportSize(VIEWPORTS.mobile)
  // The member sidebar starts collapsed on a small screen.
  await page.reload()
  await expectHydrated(page)
  await expect(page.getByText(TEXTS.empty)).toBeVisible()
  await expect(bell(page)).toBeVisible()
  await expect(bell(page)).toHaveAccessibleName('Notifications')
  await expectNoAxeViolations(page)
  await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click()
  const menu = page.getByRole('dialog', { name: 'Menu' })
  await expect(menu.getByRole('link', { name: 'Notifications' })).toBeVisible()
  await expect(menu.getByRole('link', { name: 'Admin' })).toHaveCount(0)
})

test('a visitor on /notifications is asked to sign in, coming back there', async ({ page }) => {
  await page.goto('/notifications')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Log in to see your notifications' }),
  ).toBeVisible()
  await expect(page).toHaveURL('/notifications')
  await expect(page.getByRole('main').getByRole('link', { name: 'Login with GitHub' })).toHaveAttribute(
    'href',
    '/auth/github?returnTo=%2Fnotifications',
  )
})

test('the bell asks every NOTIFICATION_POLL_MS while the tab is visible, never while it is hidden, and at once when it is shown again', async ({
  page,
}, testInfo) => {
  await signIn(page, testInfo)
  // Away from the signed-in page first: its bell must not ask while the counting below starts.
  await page.goto('about:blank')
  // A fake clock: minutes of polling run in moments.
  await page.clock.install()
  const asked: string[] = []
  let answered = 0
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === UNREAD_COUNT_PATH) asked.push(request.url())
  })
  page.on('requestfinished', (request) => {
    if (new URL(request.url()).pathname === UNREAD_COUNT_PATH) answered += 1
  })
  /**
   * Waits for `count` requests and their answers: the next one is due an interval after the last answer,
   * so the clock moves on only once the page has it.
   */
  const askedTimes = async (count: number) => {
    await expect.poll(() => asked.length).toBe(count)
    await expect.poll(() => answered).toBe(count)
    await page.waitForTimeout(500)
  }
  await page.goto('/my')
  await expect(bell(page)).toBeVisible({ timeout: 30_000 })
  await askedTimes(1)

  // Visible: one request per interval (a second's slack).
  const interval = NOTIFICATION_POLL_MS + 1000
  await page.clock.runFor(interval)
  await askedTimes(2)
  await page.clock.runFor(interval)
  await askedTimes(3)

  // Hidden: three intervals pass without a request.
  await setVisibility(page, 'hidden')
  await page.clock.runFor(NOTIFICATION_POLL_MS * 3)
  // Give a request that should not exist the time to show up.
  await page.waitForTimeout(1000)
  expect(asked).toHaveLength(3)

  // Visible again: one request at once, then the interval again.
  await setVisibility(page, 'visible')
  await askedTimes(4)
  await page.clock.runFor(interval)
  await askedTimes(5)
})

/** What the page believes of its tab, as a switch to another tab and back would tell it. */
async function setVisibility(page: Page, state: 'hidden' | 'visible') {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value })
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => value === 'hidden' })
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))
  }, state)
}
