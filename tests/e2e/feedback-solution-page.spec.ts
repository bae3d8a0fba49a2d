import type { Page } from '@playwright/test'
import {
  COMMENT_EMPTY,
  COMMENT_KIND_INVALID,
  COMMENTING_SUSPENDED,
  REPORT_REASON_INVALID,
  REPORT_THANKS,
  SIGN_IN_TO_COMMENT,
} from '#shared/feedback.ts'
import { E2E_ADMIN_LOGIN } from './admin-login.ts'
import { challengeAt, newMember, passedSolution } from './feedback-journey.ts'
import { expect, expectHydrated, expectNoAxeViolations, test, VIEWPORTS } from './fixtures.ts'
import { mutate } from './sign-in-helper.ts'

/**
 * Feedback on the solution page (docs/product.md §12 "On the solution page"): likes, comments, replies,
 * edits, deletes, helpful marks, reports, and what visitors, suspended members, authors and admins see.
 * Each test's author completes a challenge of their own, so the solution starts with no like and no
 * comment.
 */

const comments = (page: Page, count: number) =>
  page.getByRole('heading', { level: 2, name: `Comments (${count})` })

async function openSolution(page: Page, id: string) {
  await page.goto(`/solutions/${id}`)
  await expectHydrated(page)
}

test('members like, comment, edit, reply, mark helpful and delete on a solution page; visitors read and are asked to sign in', async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000)
  const author = await newMember(browser, testInfo, 'author')
  const solutionId = await passedSolution(author, await challengeAt(author.page, testInfo.workerIndex + 2))
  const member = await newMember(browser, testInfo, 'critic')
  const page = member.page
  await openSolution(page, solutionId)
  await expect(comments(page, 0)).toBeVisible()
  await expect(page.getByText('No comments yet.', { exact: true })).toBeVisible()

  // Like and unlike: the toggle says its state, the count follows and the server keeps it.
  const like = page.getByRole('button', { name: 'Like', exact: true })
  const liked = page.getByRole('button', { name: 'Liked', exact: true })
  await expect(like).toHaveAttribute('aria-pressed', 'false')
  await expect(page.getByText('0 likes', { exact: true })).toBeVisible()
  await like.click()
  await expect(liked).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByText('1 like', { exact: true })).toBeVisible()
  await openSolution(page, solutionId)
  await expect(liked).toHaveAttribute('aria-pressed', 'true')
  // The count follows at once; the next click waits for the server's answer, as the toggle takes no
  // second click while one is on its way.
  const unliked = page.waitForResponse((response) =>
    response.url().endsWith(`/api/solutions/${solutionId}/like`),
  )
  await liked.click()
  await expect(like).toHaveAttribute('aria-pressed', 'false')
  await expect(page.getByText('0 likes', { exact: true })).toBeVisible()
  await unliked
  // A refusal undoes the change and says the server's sentence.
  const limited = 'You have reached the limit for now. You can like again in 12 min.'
  await page.route(`**/api/solutions/${solutionId}/like`, (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      headers: { 'Retry-After': '720' },
      body: JSON.stringify({ error: { code: 'rate_limited', message: limited } }),
    }),
  )
  await like.click()
  await expect(page.getByText(limited, { exact: true })).toBeVisible()
  await expect(like).toHaveAttribute('aria-pressed', 'false')
  await expect(page.getByText('0 likes', { exact: true })).toBeVisible()
  await page.unroute(`**/api/solutions/${solutionId}/like`)
  member.forgetErrors(/status of 429 \(Too Many Requests\)/)
  await like.click()
  await expect(page.getByText('1 like', { exact: true })).toBeVisible()

  // A comment: the form says what is missing, then the new comment is listed and focused.
  const form = page.getByRole('form', { name: 'New comment' })
  await form.getByRole('button', { name: 'Send' }).click()
  await expect(form.getByText(COMMENT_KIND_INVALID, { exact: true })).toBeVisible()
  await expect(form.getByText(COMMENT_EMPTY, { exact: true })).toBeVisible()
  await form.getByRole('radio', { name: 'Question' }).check()
  const text = 'How did you **centre** the grid?'
  await form.getByLabel('Your comment').fill(text)
  await expect(form.getByText(`${[...text].length} / 3,000 characters`, { exact: true })).toBeVisible()
  await form.getByRole('button', { name: 'Send' }).click()
  await expect(comments(page, 1)).toBeVisible()
  const mine = page.getByRole('article', { name: member.name })
  await expect(mine).toBeFocused()
  await expect(mine).toHaveAttribute('id', /^comment-[0-9a-f-]{36}$/)
  await expect(mine.locator('strong')).toHaveText('centre')
  await expect(mine.getByText('Question', { exact: true })).toBeVisible()
  await expect(mine.getByRole('link', { name: member.name })).toHaveAttribute(
    'href',
    `/profile/${member.login}`,
  )
  await expect(form.getByLabel('Your comment')).toHaveValue('')

  // Edit: the inline form starts on the comment's kind; Escape leaves it unchanged.
  const editButton = mine.getByRole('button', { name: 'Edit your comment' })
  await editButton.click()
  const edit = page.getByRole('form', { name: 'Edit your comment' })
  await expect(edit.getByRole('radio', { name: 'Question' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(edit).toHaveCount(0)
  await expect(editButton).toBeFocused()
  await editButton.click()
  await edit.getByRole('radio', { name: 'Code review' }).check()
  await edit.getByLabel('Your comment').fill('Try `gap` instead of margins.')
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(edit).toHaveCount(0)
  await expect(mine.locator('code')).toHaveText('gap')
  await expect(mine.getByText('Code review', { exact: true })).toBeVisible()
  await expect(mine.getByText('edited')).toBeVisible()

  // The author: the count without a Like button, no Report on their own solution; marks helpful, replies.
  const authorPage = author.page
  await openSolution(authorPage, solutionId)
  await expect(authorPage.getByText('1 like', { exact: true })).toBeVisible()
  await expect(authorPage.getByRole('button', { name: /^Like/ })).toHaveCount(0)
  await expect(authorPage.getByRole('button', { name: 'Report this solution' })).toHaveCount(0)
  const theirs = authorPage.getByRole('article', { name: member.name })
  await expect(theirs.getByRole('button', { name: /^Edit|^Delete/ })).toHaveCount(0)
  await theirs.getByRole('button', { name: 'Mark helpful' }).click()
  await expect(theirs.getByRole('button', { name: 'Unmark helpful' })).toHaveAttribute('aria-pressed', 'true')
  await expect(theirs.getByText('Helpful', { exact: true })).toBeVisible()
  const reply = theirs.getByRole('button', { name: `Reply to ${member.name}` })
  await reply.click()
  const replyForm = authorPage.getByRole('form', { name: `Reply to ${member.name}` })
  await expect(replyForm.getByRole('radio', { name: 'Question' })).toBeFocused()
  await expect(reply).toHaveAttribute('aria-expanded', 'true')
  await authorPage.keyboard.press('Escape')
  await expect(replyForm).toHaveCount(0)
  await expect(reply).toBeFocused()
  await authorPage.keyboard.press('Enter')
  await expect(replyForm.getByRole('radio', { name: 'Question' })).toBeFocused()
  await replyForm.getByRole('radio', { name: 'Praise' }).check()
  await replyForm.getByLabel('Your reply').fill('Thank you, done!')
  await replyForm.getByRole('button', { name: 'Send' }).click()
  const replies = authorPage.getByRole('list', { name: 'Replies' })
  const theReply = replies.getByRole('article', { name: author.name })
  await expect(theReply).toBeFocused()
  await expect(theReply).toContainText('Thank you, done!')
  await expect(theReply.getByText('Praise', { exact: true })).toBeVisible()
  await expect(theReply.getByRole('button', { name: /^Reply/ })).toHaveCount(0)
  await expect(comments(authorPage, 2)).toBeVisible()
  for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
    await authorPage.setViewportSize(viewport)
    await expectNoAxeViolations(authorPage)
  }
  await authorPage.setViewportSize(VIEWPORTS.desktop)

  // Delete: a confirmation (Escape keeps the comment), then "deleted comment" keeps the reply's place.
  await openSolution(page, solutionId)
  await expect(mine.getByRole('button', { name: 'Unmark helpful' })).toHaveCount(0)
  await expect(mine.getByText('Helpful', { exact: true })).toBeVisible()
  const deleteButton = mine.getByRole('button', { name: 'Delete your comment' })
  await deleteButton.click()
  const confirm = page.getByRole('dialog', { name: 'Delete this comment?' })
  await expect(confirm).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(confirm).toHaveCount(0)
  await expect(deleteButton).toBeFocused()
  await deleteButton.click()
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(page.getByText('Your comment was deleted.', { exact: true })).toBeVisible()
  await expect(comments(page, 1)).toBeVisible()
  await expect(page.getByRole('article', { name: 'deleted comment' })).toBeVisible()
  await expect(page.getByRole('article', { name: member.name })).toHaveCount(0)
  await expect(
    page.getByRole('list', { name: 'Replies' }).getByRole('article', { name: author.name }),
  ).toContainText('Thank you, done!')

  // A visitor reads the thread; the prompt signs in and comes back to this solution.
  const visitorContext = await browser.newContext({ viewport: VIEWPORTS.desktop })
  const visitor = await visitorContext.newPage()
  await visitor.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }))
  await openSolution(visitor, solutionId)
  await expect(comments(visitor, 1)).toBeVisible()
  await expect(visitor.getByRole('article', { name: author.name })).toContainText('Thank you, done!')
  await expect(visitor.getByRole('form', { name: 'New comment' })).toHaveCount(0)
  await expect(visitor.getByRole('button', { name: /^Reply|^Report/ })).toHaveCount(0)
  await expect(visitor.getByRole('link', { name: /^Like/ })).toHaveAttribute(
    'href',
    `/auth/github?returnTo=${encodeURIComponent(`/solutions/${solutionId}`)}`,
  )
  const prompt = visitor.getByRole('link', { name: SIGN_IN_TO_COMMENT })
  await expect(prompt).toHaveAttribute(
    'href',
    `/auth/github?returnTo=${encodeURIComponent(`/solutions/${solutionId}`)}`,
  )
  await prompt.click()
  await expect(visitor.getByRole('heading', { name: 'Sign in to GitHub' })).toBeVisible()
  await visitor
    .getByLabel('GitHub username')
    .fill(`visitor-${testInfo.workerIndex}-${Date.now().toString(36)}`)
  await visitor.getByRole('button', { name: 'Authorize' }).click()
  await expect(visitor).toHaveURL(`/solutions/${solutionId}`)
  await expect(visitor.getByRole('form', { name: 'New comment' })).toBeVisible()
  await visitorContext.close()

  await member.close()
  await author.close()
})

test('the report dialog works from the keyboard; suspended members and hidden solutions say so', async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000)
  const author = await newMember(browser, testInfo, 'reported')
  const solutionId = await passedSolution(author, await challengeAt(author.page, testInfo.workerIndex + 5))
  const member = await newMember(browser, testInfo, 'reporter')
  const page = member.page
  await openSolution(page, solutionId)

  const report = page.getByRole('button', { name: 'Report this solution' })
  const dialog = page.getByRole('dialog', { name: 'Report this solution' })
  await report.focus()
  await page.keyboard.press('Enter')
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('radio', { name: 'Spam' })).toBeFocused()
  await expectNoAxeViolations(page)
  // The radio group is one stop, then the details, Cancel and Submit.
  await page.keyboard.press('Tab')
  await expect(dialog.getByLabel('Details (optional)')).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('button', { name: 'Submit' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(dialog.getByText(REPORT_REASON_INVALID, { exact: true })).toBeVisible()
  await expect(dialog.getByRole('radio', { name: 'Spam' })).toBeFocused()
  // Escape closes it and focus returns to Report.
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(report).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(dialog.getByRole('radio', { name: 'Spam' })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(dialog.getByRole('radio', { name: 'Abusive or offensive' })).toBeChecked()
  await page.keyboard.press('Tab')
  const details = 'Rude words in the footer.'
  await page.keyboard.type(details)
  await expect(dialog.getByText(`${details.length} / 500 characters`, { exact: true })).toBeVisible()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expect(page.getByText(REPORT_THANKS, { exact: true })).toBeVisible()
  await expect(dialog).toHaveCount(0)
  await expect(report).toBeFocused()

  // An admin sees the report, suspends the member from commenting, then hides the solution.
  const admin = await newMember(browser, testInfo, E2E_ADMIN_LOGIN, { exact: true })
  const reports = await admin.page.request.get('/api/admin/reports')
  expect(reports.ok()).toBe(true)
  expect(JSON.stringify(await reports.json())).toContain(details)
  const suspend = await mutate(admin.page, `/api/admin/members/${member.login}/suspend`, {})
  expect(suspend.ok(), `suspend answered ${suspend.status()}`).toBe(true)
  await openSolution(page, solutionId)
  await expect(page.getByText(COMMENTING_SUSPENDED, { exact: true })).toBeVisible()
  await expect(page.getByRole('form', { name: 'New comment' })).toHaveCount(0)
  const restore = await mutate(admin.page, `/api/admin/members/${member.login}/restore`, {})
  expect(restore.ok(), `restore answered ${restore.status()}`).toBe(true)
  await openSolution(page, solutionId)
  await expect(page.getByRole('form', { name: 'New comment' })).toBeVisible()

  const hide = await mutate(admin.page, `/api/admin/solutions/${solutionId}/hide`, {})
  expect(hide.ok(), `hide answered ${hide.status()}`).toBe(true)
  await openSolution(author.page, solutionId)
  await expect(
    author.page.getByText('An admin hid this solution: only you and the admins can see it.', { exact: true }),
  ).toBeVisible()
  await openSolution(admin.page, solutionId)
  await expect(admin.page.getByText('Hidden by an admin.', { exact: true })).toBeVisible()
  const unhide = await mutate(admin.page, `/api/admin/solutions/${solutionId}/restore`, {})
  expect(unhide.ok(), `restore answered ${unhide.status()}`).toBe(true)
  // The server renders a hidden solution's page as visitors see it, a 404 the browser logs; signed in,
  // the page asks again and shows it to its author and the admins.
  for (const who of [author, admin]) who.forgetErrors(/status of 404 \(Not Found\)/)

  await admin.close()
  await member.close()
  await author.close()
})
