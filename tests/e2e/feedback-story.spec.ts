import type { Page } from '@playwright/test'
import { REPORT_THANKS, SIGN_IN_TO_COMMENT } from '#shared/feedback.ts'
import { E2E_ADMIN_LOGIN } from './admin-login.ts'
import { challengeAt, newMember, passedSolution } from './feedback-journey.ts'
import { expect, expectHydrated, expectNoAxeViolations, test, VIEWPORTS } from './fixtures.ts'

/**
 * Feedback as one story (docs/product.md §12): a member's passed solution, another member's comment and
 * like, the author hearing of it in the navbar, a helpful mark and a reply that the commenter hears of in
 * turn, a visitor reading the conversation and asked to sign in, a report, and an admin hiding what was
 * reported, which the visitor then no longer sees.
 */

const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Notifications/ })
const comments = (page: Page, count: number) =>
  page.getByRole('heading', { level: 2, name: `Comments (${count})` })

test('two members hold a conversation on a solution, the author hears of it, and a report is acted on', async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000)
  const author = await newMember(browser, testInfo, 'story-author')
  const challenge = await challengeAt(author.page, 7)
  const solutionId = await passedSolution(author, challenge)
  const solutionPath = `/solutions/${solutionId}`

  // Another member likes the solution and asks a question about it.
  const peer = await newMember(browser, testInfo, 'story-peer')
  await peer.page.goto(solutionPath)
  await expectHydrated(peer.page)
  await peer.page.getByRole('button', { name: 'Like', exact: true }).click()
  await expect(peer.page.getByRole('button', { name: 'Liked', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(peer.page.getByText('1 like', { exact: true })).toBeVisible()
  const question = 'How did you keep the header sticky without JavaScript?'
  const form = peer.page.getByRole('form', { name: 'New comment' })
  await form.getByRole('radio', { name: 'Question' }).check()
  await form.getByLabel('Your comment').fill(question)
  await form.getByRole('button', { name: 'Send' }).click()
  await expect(comments(peer.page, 1)).toBeVisible()
  await expect(peer.page.getByRole('article', { name: peer.name })).toContainText(question)

  // The author hears of it in the navbar: the passed review and the comment.
  await author.page.goto('/my')
  await expectHydrated(author.page)
  await expect(bell(author.page)).toHaveAccessibleName('Notifications, 2 unread', { timeout: 30_000 })
  await bell(author.page).click()
  await expect(author.page).toHaveURL('/notifications')
  const commented = author.page.getByRole('link', {
    name: `Unread: ${peer.name} commented on your solution to ${challenge.title}`,
  })
  await commented.click()
  await expect(author.page).toHaveURL(new RegExp(`${solutionPath}#comment-[0-9a-f-]{36}$`))
  await expect(bell(author.page)).toHaveAccessibleName('Notifications, 1 unread')

  // The author marks the question helpful and answers it.
  const asked = author.page.getByRole('article', { name: peer.name })
  await asked.getByRole('button', { name: 'Mark helpful' }).click()
  await expect(asked.getByRole('button', { name: 'Unmark helpful' })).toHaveAttribute('aria-pressed', 'true')
  await asked.getByRole('button', { name: `Reply to ${peer.name}` }).click()
  const replyForm = author.page.getByRole('form', { name: `Reply to ${peer.name}` })
  await replyForm.getByRole('radio', { name: 'Code review' }).check()
  const answer = 'With `position: sticky` and `top: 0` on the header.'
  await replyForm.getByLabel('Your reply').fill(answer)
  await replyForm.getByRole('button', { name: 'Send' }).click()
  const replies = author.page.getByRole('list', { name: 'Replies' })
  await expect(replies.getByRole('article', { name: author.name })).toContainText(
    'With position: sticky and top: 0 on the header.',
  )
  await expect(comments(author.page, 2)).toBeVisible()

  // The commenter hears of both: the reply and the helpful mark.
  await peer.page.goto('/my')
  await expectHydrated(peer.page)
  await expect(bell(peer.page)).toHaveAccessibleName('Notifications, 2 unread', { timeout: 30_000 })
  await bell(peer.page).click()
  await expect(
    peer.page.getByRole('link', {
      name: `Unread: ${author.name} replied to your comment on ${challenge.title}`,
    }),
  ).toBeVisible()
  await expect(
    peer.page.getByRole('link', {
      name: `Unread: ${author.name} marked your comment on ${challenge.title} as helpful`,
    }),
  ).toBeVisible()
  await peer.page.getByRole('button', { name: 'Mark all as read' }).click()
  await expect(bell(peer.page)).toHaveAccessibleName('Notifications')

  // A visitor reads the conversation, with the like and the helpful mark, and is asked to sign in.
  const visitorContext = await browser.newContext({ viewport: VIEWPORTS.desktop })
  const visitor = await visitorContext.newPage()
  await visitor.goto(solutionPath)
  await expectHydrated(visitor)
  await expect(comments(visitor, 2)).toBeVisible()
  const thread = visitor.getByRole('article', { name: peer.name })
  await expect(thread).toContainText(question)
  await expect(thread.getByText('Helpful', { exact: true })).toBeVisible()
  await expect(visitor.getByRole('list', { name: 'Replies' })).toContainText('position: sticky')
  await expect(visitor.getByText('1 like', { exact: true })).toBeVisible()
  await expect(visitor.getByRole('link', { name: SIGN_IN_TO_COMMENT })).toHaveAttribute(
    'href',
    `/auth/github?returnTo=${encodeURIComponent(solutionPath)}`,
  )
  await expectNoAxeViolations(visitor)
  await visitor.setViewportSize(VIEWPORTS.mobile)
  await expect(comments(visitor, 2)).toBeVisible()
  await expectNoAxeViolations(visitor)

  // The author reports the comment (say it turned out to be spam); an admin hides it.
  await author.page.reload()
  await expectHydrated(author.page)
  await author.page
    .getByRole('article', { name: peer.name })
    .getByRole('button', { name: /^Report/ })
    .click()
  const dialog = author.page.getByRole('dialog', { name: 'Report this comment' })
  await dialog.getByRole('radio', { name: 'Spam' }).check()
  await dialog.getByLabel('Details (optional)').fill('Posted the same question on every solution.')
  await dialog.getByRole('button', { name: 'Submit' }).click()
  await expect(author.page.getByText(REPORT_THANKS, { exact: true })).toBeVisible()
  await expect(dialog).toBeHidden()

  const admin = await newMember(browser, testInfo, E2E_ADMIN_LOGIN, { exact: true })
  await admin.page.goto('/admin')
  await expectHydrated(admin.page)
  const report = admin.page
    .getByTestId('admin-report')
    .filter({ hasText: 'Posted the same question on every solution.' })
  await expect(report).toContainText(question)
  await report.getByRole('button', { name: 'Hide comment' }).click()
  await expect(admin.page.getByText('The comment is hidden.')).toBeVisible()
  await expect(report).toHaveCount(0)
  await expect(
    admin.page.getByRole('row').filter({ hasText: 'Hid a comment' }).filter({ hasText: peer.login }).first(),
  ).toBeVisible()

  // Hidden with its reply for everyone but its author and the admins.
  await visitor.reload()
  await expectHydrated(visitor)
  await expect(comments(visitor, 0)).toBeVisible()
  await expect(visitor.getByText(question)).toHaveCount(0)
  await expect(visitor.getByText('position: sticky')).toHaveCount(0)
  await peer.page.goto(solutionPath)
  await expect(peer.page.getByRole('article', { name: peer.name })).toContainText(
    'Hidden by an admin: only you and the admins can see it.',
  )

  await visitorContext.close()
  await admin.close()
  await peer.close()
  await author.close()
})
