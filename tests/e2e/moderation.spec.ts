import type { Browser, Page, TestInfo } from '@playwright/test'
import type { Challenge } from '#shared/challenge.ts'
import { commentResponse, commentsResponse } from '#shared/feedback.ts'
import { galleryResponse } from '#shared/solution.ts'
import { E2E_ADMIN_LOGIN } from './admin-login.ts'
import { listChallenges } from './catalogue.ts'
import { expect, expectHydrated, expectNoAxeViolations, test, VIEWPORTS } from './fixtures.ts'
import { completeChallenge } from './live-sites.ts'
import { mutate, signIn, uniqueLogin } from './sign-in-helper.ts'

/**
 * The admin page (docs/product.md §12): an admin finds an open report with what it points at, hides the
 * reported comment with a note, and the moderation log records it; a member who is not an admin is told
 * the page is not theirs, and the API refuses them.
 */

const NOT_ADMIN = 'Only admins can see this page.'

/** A member in a desktop context of their own, signed in. */
async function member(browser: Browser, testInfo: TestInfo, login: string) {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop })
  const page = await context.newPage()
  await signIn(page, testInfo, login)
  return { context, page }
}

async function solutionIdOf(page: Page, challenge: Challenge, login: string): Promise<string> {
  const response = await page.request.get(`/api/challenges/${challenge.id}/solutions?limit=48`)
  expect(response.ok()).toBe(true)
  const card = galleryResponse
    .parse(await response.json())
    .solutions.find((solution) => solution.member.username === login)
  if (!card) throw new Error(`no listed solution of ${login}`)
  return card.id
}

test('an admin hides a reported comment with a note; the report closes, the log records it and visitors no longer see the comment', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(240_000)
  const [challenge] = (await listChallenges(request)).slice(-3)
  if (!challenge) throw new Error('no challenge')

  // An author with a passed solution, a comment on it from someone else, and the author's report of it.
  const authorLogin = uniqueLogin(testInfo, 'author')
  const author = await member(browser, testInfo, authorLogin)
  await completeChallenge(author.page, authorLogin, challenge)
  const solutionId = await solutionIdOf(author.page, challenge, authorLogin)
  const commenterLogin = uniqueLogin(testInfo, 'rude')
  const commenter = await member(browser, testInfo, commenterLogin)
  const body = `This is rubbish ${commenterLogin}`
  const posted = await mutate(commenter.page, `/api/solutions/${solutionId}/comments`, {
    kind: 'code_review',
    body,
  })
  expect(posted.status(), await posted.text()).toBe(201)
  const commentId = commentResponse.parse(await posted.json()).comment.id
  await commenter.context.close()
  const reported = await mutate(author.page, '/api/reports', {
    target: { type: 'comment', id: commentId },
    reason: 'abuse',
    details: 'Insulting, not a review.',
  })
  expect(reported.ok(), await reported.text()).toBe(true)
  await author.context.close()

  // The admin reaches the page from the avatar's menu.
  await signIn(page, testInfo, E2E_ADMIN_LOGIN)
  await page.getByRole('button', { name: /^Account menu for/ }).click()
  await page.getByRole('menuitem', { name: 'Admin' }).click()
  await expect(page).toHaveURL('/admin')
  await expect(page).toHaveTitle('Admin | Frontend Dojo')
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Open reports' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Moderation log' })).toBeVisible()

  const report = page.getByTestId('admin-report').filter({ hasText: body })
  await expect(report).toHaveCount(1)
  await expect(report.getByRole('heading', { level: 3 })).toContainText(`@${commenterLogin}`)
  await expect(report).toContainText('Abusive or offensive')
  await expect(report).toContainText('Insulting, not a review.')
  await expect(report).toContainText(`@${authorLogin}`)
  await expect(report.getByRole('link', { name: 'Open the comment' })).toHaveAttribute(
    'href',
    `/solutions/${solutionId}#comment-${commentId}`,
  )
  await expect(
    report.getByRole('button', { name: `Suspend ${commenterLogin} from commenting` }),
  ).toBeVisible()
  await expect(report.getByRole('button', { name: 'Dismiss report' })).toBeVisible()
  await expectNoAxeViolations(page)

  const note = `Insults are not feedback ${commenterLogin}`
  await report.getByLabel('Note for the log (optional)').fill(note)
  await report.getByRole('button', { name: 'Hide comment' }).click()
  await expect(page.getByText('The comment is hidden.')).toBeVisible()
  // Hiding answers the report: it leaves the open ones, and focus goes to their heading.
  await expect(report).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 2, name: 'Open reports' })).toBeFocused()
  const row = page.getByRole('row').filter({ hasText: note })
  await expect(row).toHaveCount(1)
  await expect(row.getByRole('cell').nth(1)).toHaveText(E2E_ADMIN_LOGIN)
  await expect(row.getByRole('cell').nth(2)).toHaveText('Hid a comment')
  await expect(row.getByRole('cell').nth(0)).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}, \d{2}:\d{2} UTC$/)
  for (const name of ['When', 'Admin', 'Action', 'Target', 'Note']) {
    await expect(page.getByRole('columnheader', { name })).toBeVisible()
  }

  // A visitor's read of the solution's comments no longer holds it.
  const visitor = await request.get(`/api/solutions/${solutionId}/comments`)
  expect(visitor.ok()).toBe(true)
  const visible = commentsResponse.parse(await visitor.json()).comments
  expect(visible.map((comment) => comment.id)).not.toContain(commentId)

  await page.setViewportSize(VIEWPORTS.mobile)
  // The member sidebar starts collapsed on a small screen.
  await page.reload()
  await expectHydrated(page)
  await expect(page.getByRole('heading', { level: 2, name: 'Moderation log' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click()
  await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Admin' })).toBeVisible()
})

test('a member who is not an admin is told the page is not theirs, and the API refuses them', async ({
  page,
}, testInfo) => {
  await signIn(page, testInfo)
  await page.getByRole('button', { name: /^Account menu for/ }).click()
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible()
  await expect(page.getByRole('menuitem', { name: 'Admin' })).toHaveCount(0)
  await page.keyboard.press('Escape')

  await page.goto('/admin')
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible()
  await expect(page.getByText(NOT_ADMIN)).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Open reports' })).toHaveCount(0)
  await expectNoAxeViolations(page)
  await page.setViewportSize(VIEWPORTS.mobile)
  // The member sidebar starts collapsed on a small screen.
  await page.reload()
  await expect(page.getByText(NOT_ADMIN)).toBeVisible()
  await expectNoAxeViolations(page)

  for (const path of ['/api/admin/reports', '/api/admin/audit']) {
    const response = await page.request.get(path)
    expect(response.status(), path).toBe(403)
  }
})
