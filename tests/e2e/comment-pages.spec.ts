import type { Page } from '@playwright/test'
import { COMMENT_THREADS_PAGE, commentResponse, FEEDBACK_LIMITS } from '#shared/feedback.ts'
import { challengeAt, type Member, newMember, passedSolution } from './feedback-journey.ts'
import { expect, expectHydrated, expectNoAxeViolations, test } from './fixtures.ts'
import { mutate } from './sign-in-helper.ts'

/**
 * A long discussion (docs/product.md §12 "Comments"): the page shows the first threads and `Show more
 * comments` loads the next ones; a link to a comment on a later page (a notification's) loads the pages
 * up to it and goes to it; a new thread, which comes last, is loaded and focused.
 */

const threads = (page: Page) => page.locator('section ol:not([aria-label="Replies"]) > li > article')

async function comment(member: Member, solutionId: string, body: string): Promise<string> {
  const response = await mutate(member.page, `/api/solutions/${solutionId}/comments`, {
    kind: 'praise',
    body,
  })
  expect(response.status(), await response.text()).toBe(201)
  return commentResponse.parse(await response.json()).comment.id
}

test('a long discussion loads a page of threads at a time, follows a link to a later one, and shows a new thread', async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000)
  const author = await newMember(browser, testInfo, 'long-talk')
  const solutionId = await passedSolution(author, await challengeAt(author.page, testInfo.workerIndex + 5))
  // One thread more than a page, from as many members as the comment limit asks for.
  const perMember = FEEDBACK_LIMITS.comment.limit
  const ids: string[] = []
  const commenters: Member[] = []
  while (ids.length < COMMENT_THREADS_PAGE + 1) {
    const commenter = await newMember(browser, testInfo, `talker${commenters.length}`)
    commenters.push(commenter)
    for (let i = 0; i < perMember && ids.length < COMMENT_THREADS_PAGE + 1; i += 1)
      ids.push(await comment(commenter, solutionId, `Thread number ${ids.length + 1}`))
  }
  const last = ids.at(-1) as string

  // A visitor: the first page, then the rest with the button, which then goes away.
  const visitorContext = await browser.newContext()
  const visitor = await visitorContext.newPage()
  await visitor.goto(`/solutions/${solutionId}`)
  await expectHydrated(visitor)
  await expect(threads(visitor)).toHaveCount(COMMENT_THREADS_PAGE)
  await expect(visitor.getByRole('heading', { name: `Comments (${ids.length})` })).toBeVisible()
  await expect(visitor.locator(`#comment-${last}`)).toHaveCount(0)
  const more = visitor.getByRole('button', { name: 'Show more comments' })
  await expectNoAxeViolations(visitor)
  await more.click()
  await expect(threads(visitor)).toHaveCount(ids.length)
  await expect(visitor.locator(`#comment-${last}`)).toContainText(`Thread number ${ids.length}`)
  await expect(more).toHaveCount(0)
  await visitorContext.close()

  // The author follows a link to the last comment, as its notification gives it: it is shown and focused.
  await author.page.goto(`/solutions/${solutionId}#comment-${last}`)
  await expectHydrated(author.page)
  const target = author.page.locator(`#comment-${last}`)
  await expect(target).toBeFocused()
  await expect(target).toBeInViewport()

  // A member with comments left writes a new thread with only the first page loaded: it is shown, focused.
  const writer = commenters.at(-1) as Member
  await writer.page.goto(`/solutions/${solutionId}`)
  await expectHydrated(writer.page)
  await expect(threads(writer.page)).toHaveCount(COMMENT_THREADS_PAGE)
  const form = writer.page.getByRole('form', { name: 'New comment' })
  await form.getByRole('radio', { name: 'Praise' }).check()
  await form.getByLabel('Your comment').fill('The newest thread of all')
  await form.getByRole('button', { name: 'Send' }).click()
  const newest = writer.page.locator('article.comment').filter({ hasText: 'The newest thread of all' })
  await expect(newest).toBeFocused()
  await expect(threads(writer.page)).toHaveCount(ids.length + 1)

  for (const member of [author, ...commenters]) await member.close()
})
