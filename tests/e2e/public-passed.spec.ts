import { paths } from '#shared/paths.ts'
import type { MemberReviewsResponse } from '#shared/review.ts'
import { challengeAt, newMember, passedSolution } from './feedback-journey.ts'
import { expect, expectHydrated, expectNoAxeViolations, test, VIEWPORTS } from './fixtures.ts'
import { ownSite, someoneElsesSite, submitFailing } from './live-sites.ts'
import { rewriteAnswers } from './stand-in-answers.ts'

/**
 * Public = passed (docs/product.md §11): a member passes with their own site, then submits someone
 * else's, whose review fails. Visitors still see the passed site everywhere; the member sees both on
 * the challenge page, and the solution page marks which iteration is public.
 */
test("a failed later submit is its member's own business: visitors see the passed site, the member sees both", async ({
  browser,
}, testInfo) => {
  test.slow()
  const author = await newMember(browser, testInfo, 'passer')
  const challenge = await challengeAt(author.page, testInfo.workerIndex + 11)
  const solutionId = await passedSolution(author, challenge)
  const passed = ownSite(author.login, challenge)
  const elsewhere = someoneElsesSite(challenge)
  await submitFailing(author.page, challenge, elsewhere)

  // A visitor: the solution page, as served and once hydrated, and the profile link to the passed site.
  const visitor = await browser.newContext({ viewport: VIEWPORTS.desktop })
  const page = await visitor.newPage()
  for (const path of [paths.solution(solutionId), paths.profile(author.login)]) {
    const html = await (await page.request.get(path)).text()
    expect(html, path).toContain(passed)
    expect(html, path).not.toContain('someone-else')
  }
  await page.goto(paths.solution(solutionId))
  await expectHydrated(page)
  await expect(page.getByRole('link', { name: /View live site/ })).toHaveAttribute('href', passed)
  await expect(page.getByText('· Public')).toHaveCount(1)
  await page.goto(paths.profile(author.login))
  // The profile lists this one submission: its one live-site link.
  await expect(page.getByRole('link').filter({ hasText: 'View live site' })).toHaveAttribute('href', passed)
  await visitor.close()

  // The member: the public site in the start area, the failed submit in the review panel, said to be
  // not public.
  const own = author.page
  await own.goto(paths.challenge(challenge.slug))
  await expectHydrated(own)
  await expect(own.getByText(/^Public: /)).toContainText(passed)
  const panel = own.getByTestId('review-panel')
  await expect(panel).toContainText(`Submitted: ${elsewhere}`)
  await expect(panel.getByTestId('review-panel-not-public')).toHaveText(
    'Not public: visitors still see your passed site.',
  )
  await expectNoAxeViolations(own)

  // While a later submit waits for its review, the panel says it is not public yet. (The answer is
  // rewritten to a waiting review: a real one may end before the page reads it.)
  await rewriteAnswers<MemberReviewsResponse>(
    own,
    `**/api/me/challenges/${challenge.id}/reviews`,
    (answer) => {
      const [latest, ...earlier] = answer.reviews
      if (!latest) throw new Error('no review')
      const waiting = { ...latest, status: 'queued', stage: null, score: null, error: null } as const
      return { ...answer, reviews: [waiting, ...earlier] }
    },
  )
  await own.reload()
  await expect(own.getByTestId('review-panel-not-public')).toHaveText(
    'Not public yet: visitors see your passed site until this review passes.',
  )
  await own.unroute(`**/api/me/challenges/${challenge.id}/reviews`)

  // Its solution page lists every iteration to its member, the public one marked.
  await own.goto(paths.solution(solutionId))
  await expectHydrated(own)
  const iterations = own.getByRole('listitem').filter({ hasText: /^Iteration \d/ })
  await expect(iterations).toHaveCount(2)
  await expect(iterations.filter({ hasText: '· Public' })).toHaveCount(1)
  await expect(iterations.filter({ hasText: '· Public' })).toContainText('Iteration 1')
  await expect(iterations.filter({ hasText: 'failed' })).toContainText('Iteration 2')
  await author.close()
})
