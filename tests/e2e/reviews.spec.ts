import type { APIRequestContext, Page } from '@playwright/test'
import type { Challenge } from '#shared/challenge.ts'
import type { MemberReviewsResponse, ReviewQuality } from '#shared/review.ts'
import { listChallenges, publicConfig } from './catalogue.ts'
import {
  expect,
  expectHydrated,
  expectNoAxeViolations,
  forgetNotFoundErrors,
  test,
  VIEWPORTS,
} from './fixtures.ts'
import {
  completeChallenge,
  qualitySummaries,
  REVIEW_TIMEOUT_MS,
  someoneElsesSite,
  submitFailing,
} from './live-sites.ts'
import { signIn, uniqueLogin } from './sign-in-helper.ts'
import { answerAsPassed, designsAsCaptures, rewriteAnswers } from './stand-in-answers.ts'

/**
 * Reviews (docs/product.md §10): a submit queues a review of the live site, and the challenge page,
 * the profile and the report page show it live. The browser tests' server resolves no name but
 * localhost and github.io hosts (playwright.config.ts), so on every machine, with DNS or without, a
 * review of a Netlify address stays queued, runs, or ends failed because the site's name could not be
 * found: the assertions hold for any of those. A member's own github.io site passes (live-sites.ts),
 * with axe and Lighthouse turned off on this server; real-review.spec.ts runs a whole review with both.
 */

const LIVE_URL = 'https://someone.netlify.app/project'
/** What the report and the panel say while a review waits, runs (its step), or after it failed. */
const NOT_DONE = /Reviewing (your|the) site\. Step \d of 6|Review failed/
/** What the panel says once a review ended. */
const ENDED = /Review failed|Review passed/
/** A review's public id. */
const REVIEW_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** Links to the addresses a member gave: nobody's ranking follows them. */
const MEMBER_LINK_REL = 'nofollow ugc noopener'

async function challengeAt(request: APIRequestContext, index: number): Promise<Challenge> {
  const challenges = await listChallenges(request)
  const challenge = challenges[index % challenges.length]
  if (!challenge) throw new Error('the catalogue is empty')
  return challenge
}

const reviewPanel = (page: Page) => page.getByRole('region', { name: 'Review', exact: true })
const requestButton = (page: Page) => page.getByRole('button', { name: 'Review again' })

/** The server's CSRF rule: mutations are JSON from our own origin. */
function sameOrigin(page: Page) {
  const origin = new URL(page.url()).origin
  return { headers: { Origin: origin, 'Content-Type': 'application/json' } }
}

/** Starts and submits a challenge through the API with the page's session; returns the queued review's id. */
async function startAndSubmit(page: Page, challenge: Challenge, liveUrl = LIVE_URL): Promise<string> {
  const started = await page.request.post(`/api/me/challenges/${challenge.id}/start`, {
    ...sameOrigin(page),
    data: {},
  })
  expect(started.ok()).toBe(true)
  const submitted = await page.request.post(`/api/me/challenges/${challenge.id}/submit`, {
    ...sameOrigin(page),
    data: { liveUrl },
  })
  expect(submitted.ok()).toBe(true)
  const id = (await latestReviews(page, challenge)).reviews[0]?.id ?? ''
  expect(id).toMatch(REVIEW_ID)
  return id
}

/** A quality report with findings of every impact, listed out of order on purpose. */
const QUALITY: ReviewQuality = {
  axe: {
    desktop: {
      status: 'done',
      findings: [
        {
          ruleId: 'region',
          impact: 'moderate',
          count: 4,
          selector: 'div.promo',
          help: 'All page content should be contained by landmarks',
          helpUrl: 'https://dequeuniversity.com/rules/axe/4.13/region',
        },
        {
          ruleId: 'image-alt',
          impact: 'critical',
          count: 2,
          selector: 'img.hero',
          help: 'Images must have alternative text',
          helpUrl: 'https://dequeuniversity.com/rules/axe/4.13/image-alt',
        },
      ],
    },
    mobile: {
      status: 'done',
      findings: [
        {
          ruleId: 'meta-viewport-large',
          impact: 'minor',
          count: 1,
          selector: 'meta[name="viewport"]',
          help: 'Users should be able to zoom and scale the text up to 500%',
          helpUrl: 'https://dequeuniversity.com/rules/axe/4.13/meta-viewport-large',
        },
        {
          ruleId: 'color-contrast',
          impact: 'serious',
          count: 6,
          selector: '.card > p:nth-child(2) > span.a-very-long-class-name-that-should-wrap-on-a-phone',
          help: 'Elements must meet minimum color contrast ratio thresholds',
          helpUrl: 'https://dequeuniversity.com/rules/axe/4.13/color-contrast',
        },
      ],
    },
  },
  html: {
    status: 'done',
    documents: [
      {
        source: 'served',
        errors: 1,
        warnings: 0,
        findings: [
          {
            ruleId: 'no-dup-id',
            severity: 'error',
            count: 1,
            message: 'Duplicate ID "menu"',
            line: 12,
            column: 15,
            ruleUrl: 'https://html-validate.org/rules/no-dup-id.html',
          },
        ],
      },
    ],
  },
  lighthouse: {
    status: 'done',
    scores: { performance: 0.92, accessibility: 0.87, 'best-practices': 1, seo: 0.9 },
    failing: [
      {
        id: 'document-title',
        title: "Document doesn't have a <title> element",
        description:
          'The title gives screen reader users an overview of the page, and search engine users rely on it heavily to determine if a page is relevant to their search.',
        url: 'https://dequeuniversity.com/rules/axe/4.10/document-title',
      },
      {
        id: 'largest-contentful-paint',
        title: 'Largest Contentful Paint',
        description: 'Largest Contentful Paint marks the time at which the largest text or image is painted.',
      },
    ],
  },
  versions: { 'axe-core': '4.13.0', 'html-validate': '10.17.0', lighthouse: '12.8.2' },
}

async function latestReviews(page: Page, challenge: Challenge): Promise<MemberReviewsResponse> {
  const response = await page.request.get(`/api/me/challenges/${challenge.id}/reviews`)
  expect(response.ok()).toBe(true)
  return (await response.json()) as MemberReviewsResponse
}

test.describe('submission reviews', () => {
  test('a submit queues a review that the challenge page follows and the report shows', async ({
    page,
    request,
  }, testInfo) => {
    test.slow()
    const challenge = await challengeAt(request, 1)
    const { brandName } = await publicConfig(request)
    const login = await signIn(page, testInfo)

    // Submit through the form, as a member does.
    await page.goto(`/challenge/${encodeURIComponent(challenge.slug)}`)
    await expectHydrated(page)
    await page
      .getByRole('region', { name: 'About this challenge' })
      .getByRole('button', { name: 'Start', exact: true })
      .click()
    await expect(page.getByRole('heading', { level: 2, name: 'Submit Solution' })).toBeVisible()
    await page.getByLabel('Live site URL').fill(LIVE_URL)
    await page.getByRole('button', { name: 'Submit', exact: true }).click()

    // The review panel follows the queued review step by step; no points (and no overlay) before it passes.
    const panel = reviewPanel(page)
    await expect(panel.getByTestId('review-panel-state')).toHaveAttribute('aria-live', 'polite')
    await expect(panel.getByTestId('review-panel-state')).toHaveText(NOT_DONE)
    await expect(page.getByRole('dialog', { name: 'Congratulations!' })).toHaveCount(0)
    const reviewLink = panel.getByRole('link', { name: 'View the review report' })
    const reportPath = (await reviewLink.getAttribute('href')) ?? ''
    expect(reportPath.replace(/^\/reviews\//, '')).toMatch(REVIEW_ID)
    await reviewLink.click()

    // The report: who, which site, when, and the state in words.
    await expect(page).toHaveURL(reportPath)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Review of ${challenge.title}`)
    await expect(page).toHaveTitle(`Review of ${challenge.title} | ${brandName}`)
    await expect(page.getByRole('main').getByRole('link', { name: new RegExp(`@${login}`) })).toHaveAttribute(
      'href',
      `/profile/${login}`,
    )
    const site = page.getByTestId('review-submitted-url')
    await expect(site).toHaveAttribute('href', LIVE_URL)
    await expect(site).toHaveAttribute('rel', MEMBER_LINK_REL)
    await expect(page.getByRole('main').locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/)
    const state = page.getByTestId('review-state')
    await expect(state).toHaveAttribute('aria-live', 'polite')
    await expect(state).toHaveText(NOT_DONE)

    // A direct load of the report (the server sends the app shell) shows the same page.
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Review of ${challenge.title}`)
    await expect(page.getByTestId('review-state')).toHaveText(NOT_DONE)
    // No name resolves for this server: the review ends in a clear failure, never a spinner forever.
    await expect(page.getByRole('main')).toContainText("The site's name could not be found", {
      timeout: 90_000,
    })

    // The challenge page: the failed review says why, links its report and offers "Review again".
    await page.goto(`/challenge/${encodeURIComponent(challenge.slug)}`)
    await expect(panel).toBeVisible()
    await expect(panel.getByTestId('review-panel-state')).toContainText('Review failed')
    await expect(panel.getByTestId('review-panel-state')).toContainText("The site's name could not be found")
    await expect(panel.getByRole('link', { name: 'View the review report' })).toHaveAttribute(
      'href',
      reportPath,
    )
    await expect(requestButton(page)).toBeVisible()
    await expect(panel.getByTestId('review-requests-left')).toHaveText(
      /reviews? left today|Next review possible at/,
    )
  })

  test('"Review again" counts down, and the server refuses past the day\'s limit', async ({
    page,
    request,
    consoleErrors,
  }, testInfo) => {
    // Each request waits for the previous review to end: here, failing as not the member's own site. The
    // name must resolve: "Review again" of a name that does not is refused for nothing (submit-loop.spec.ts).
    // Six reviews in turn, each of which may wait behind the other worker's on the one review worker.
    test.setTimeout(6 * REVIEW_TIMEOUT_MS)
    const challenge = await challengeAt(request, 2)
    await signIn(page, testInfo)
    await startAndSubmit(page, challenge, someoneElsesSite(challenge))
    await page.goto(`/challenge/${encodeURIComponent(challenge.slug)}`)
    await expectHydrated(page)
    const panel = reviewPanel(page)
    const left = panel.getByTestId('review-requests-left')

    // While a review is on its way the panel shows its steps and no "Review again" (read at once: the
    // worker may end it any moment).
    const first = await panel.evaluate((element) => ({
      pending: element.querySelector('[data-testid="review-steps"]') !== null,
      button: [...element.querySelectorAll('button')].some((button) => button.textContent === 'Review again'),
    }))
    if (first.pending) expect(first.button).toBe(false)

    for (let round = 0; round < 5; round++) {
      // The worker ends the review (not the member's own site); the panel follows it without a reload.
      await expect(panel.getByTestId('review-panel-state')).toHaveText(ENDED, { timeout: REVIEW_TIMEOUT_MS })
      // Shown once the review failed: enabled with reviews left, disabled with none.
      await expect(requestButton(page)).toBeVisible()
      const { requestsLeftToday } = await latestReviews(page, challenge)
      if (requestsLeftToday === 0) break
      await expect(left).toHaveText(
        `${requestsLeftToday} ${requestsLeftToday === 1 ? 'review' : 'reviews'} left today.`,
      )
      await requestButton(page).click()
      await expect(panel.getByTestId('review-panel-state')).toHaveText(NOT_DONE)
      await expect
        .poll(async () => (await latestReviews(page, challenge)).requestsLeftToday)
        .toBe(requestsLeftToday - 1)
    }

    // None left: the button is off and says when the next review is possible.
    await expect(panel.getByTestId('review-panel-state')).toHaveText(ENDED, { timeout: REVIEW_TIMEOUT_MS })
    await expect(left).toHaveText(/^Next review possible at .+\.$/)
    await expect(left.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/)
    await expect(requestButton(page)).toBeDisabled()

    // The sixth, asked by a page whose count is stale (another tab used the last one): the server
    // refuses it and its sentence shows beside the button.
    const refused = await page.request.post(`/api/me/challenges/${challenge.id}/reviews`, {
      ...sameOrigin(page),
      data: {},
    })
    expect(refused.status()).toBe(429)
    const { error } = (await refused.json()) as { error: { code: string; message: string } }
    expect(error.code).toBe('review_limit')
    // Away from the page first: a poll it sent while the route was being added would be fetched by the
    // route and then cut off by the reload ("Response has been disposed").
    await page.goto('about:blank')
    await rewriteAnswers<MemberReviewsResponse>(
      page,
      `**/api/me/challenges/${challenge.id}/reviews`,
      (body) => ({
        ...body,
        requestsLeftToday: 1,
      }),
    )
    await page.goto(`/challenge/${encodeURIComponent(challenge.slug)}`)
    await expectHydrated(page)
    await expect(left).toHaveText('1 review left today.')
    await requestButton(page).click()
    // The same sentence, its wait counted again at the second refusal: a minute may have passed.
    const wait = / in (\d+ h)?( ?\d+ min)?\.$/
    expect(error.message).toMatch(wait)
    const sentence = error.message.replace(wait, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    await expect(panel.getByTestId('review-refused')).toHaveText(new RegExp(`^${sentence}${wait.source}`))
    // A request the closing page leaves in the route must not fail the test after it passed.
    await page.unrouteAll({ behavior: 'ignoreErrors' })
    // The browser logs the 429 as a failed resource: provoked on purpose here.
    const others = consoleErrors.filter((message) => !/status of 429/.test(message))
    consoleErrors.splice(0, consoleErrors.length, ...others)
  })

  test("a passed review's report is public; a failed one is its member's only", async ({
    page,
    browser,
    request,
    baseURL,
    consoleErrors,
  }, testInfo) => {
    const [passing, failing] = [await challengeAt(request, 6), await challengeAt(request, 7)]
    const login = await signIn(page, testInfo)
    const passed = await completeChallenge(page, login, passing)
    const failed = await submitFailing(page, failing, LIVE_URL)
    expect(failed.error?.message).toContain("The site's name could not be found")

    // The member sees both.
    await page.goto(`/reviews/${passed.id}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Review of ${passing.title}`)
    await expect(page.getByTestId('review-state')).toContainText('Review passed')
    // This server runs neither axe nor Lighthouse (playwright.config.ts), and the report says so.
    await expect(qualitySummaries(page)).toHaveText([
      /^Accessibility \(axe [\d.]+\): not available\. This check is turned off on this server\.$/,
      /^HTML \(html-validate [\d.]+\): /,
      /^Lighthouse [\d.]+: not available\. This check is turned off on this server\.$/,
    ])
    await page.goto(`/reviews/${failed.id}`)
    await expectHydrated(page)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Review of ${failing.title}`)
    await expect(page.getByTestId('review-state')).toContainText('Review failed')

    // A visitor sees the passed one, and the failed one is the 404 page for them.
    const visitor = await browser.newPage({ baseURL })
    try {
      const visitorErrors: string[] = []
      visitor.on('console', (message) => {
        if (message.type() === 'error') visitorErrors.push(message.text())
      })
      await visitor.goto(`/reviews/${passed.id}`)
      await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(`Review of ${passing.title}`)
      await expect(visitor.getByTestId('review-state')).toContainText('Review passed')
      await expect(visitor.getByRole('meter', { name: 'Overall score' })).toBeVisible()
      await visitor.goto(`/reviews/${failed.id}`)
      await expect(visitor.getByRole('heading', { level: 1, name: '404 - Not Found' })).toBeVisible()
      // The browser logs the API's 404 answer as a failed resource: that answer is the point.
      forgetNotFoundErrors(visitorErrors)
      expect(visitorErrors).toEqual([])
    } finally {
      await visitor.close()
    }
    expect(consoleErrors).toEqual([])
  })

  test('an unknown review is the 404 page', async ({ page, consoleErrors }) => {
    await page.goto('/reviews/00000000-0000-4000-8000-000000000000')
    await expect(page.getByRole('heading', { level: 1, name: '404 - Not Found' })).toBeVisible()
    await page.goto('/reviews/not%20a%20review')
    await expect(page.getByRole('heading', { level: 1, name: '404 - Not Found' })).toBeVisible()
    // The browser logs the API's 404 answer as a failed resource: that answer is what this test is about.
    consoleErrors.splice(0)
  })

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    test(`the report page has no axe violations (${name})`, async ({ page, request }, testInfo) => {
      const challenge = await challengeAt(request, 3)
      await signIn(page, testInfo, uniqueLogin(testInfo, `axe-${name}`))
      const reviewId = await startAndSubmit(page, challenge)
      await page.setViewportSize(viewport)
      await page.goto(`/reviews/${reviewId}`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Review of ${challenge.title}`)
      await expect(page.getByTestId('review-state')).toHaveText(NOT_DONE)
      await expectNoAxeViolations(page)
    })
  }

  /**
   * A finished review needs a reachable site, which this server has none of (real-review.spec.ts runs
   * one on a server of its own): the report's answer is replaced with a done review of the same
   * submission (the challenge's own designs standing in for the captures and diffs) to check the
   * scores, every kind of finding and the comparison controls.
   */
  test('a done report shows the scores, the quality report and a keyboard-operable comparison', async ({
    page,
    request,
  }, testInfo) => {
    const challenge = await challengeAt(request, 4)
    await signIn(page, testInfo)
    const reviewId = await startAndSubmit(page, challenge)
    await answerAsPassed(page, reviewId, (review) => ({
      finalUrl: `${LIVE_URL}/`,
      score: 81.3,
      startedAt: review.createdAt,
      finishedAt: review.createdAt,
      versions: { chromium: '140.0.0.0', playwright: '1.55.0', pixelmatch: '7.1.0' },
      breakpoints: designsAsCaptures(challenge, (breakpoint, index) => ({
        score: [92.5, 80, 71.4][index] ?? 0,
        failedFonts: breakpoint === 'mobile' ? ['Inter'] : [],
      })),
      quality: QUALITY,
      ownership: 'verified',
      linkStatus: 'offline',
    }))
    await page.goto(`/reviews/${reviewId}`)
    await expectHydrated(page)

    await expect(page.getByRole('meter', { name: 'Overall score' })).toHaveAttribute('value', '81.3')
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
      'Overall score',
      'Desktop 1440 px',
      'Tablet 768 px',
      'Mobile 375 px',
      'Quality report',
      'Engine versions',
    ])
    await expect(page.getByRole('meter', { name: /Desktop score/ })).toHaveAttribute('value', '92.5')
    // The meter's colour follows the score's band, which a word beside the number says too.
    await expect(page.getByRole('meter', { name: 'Overall score' })).toHaveAttribute('data-band', 'good')
    await expect(page.getByRole('meter', { name: /Mobile score/ })).toHaveAttribute('data-band', 'fair')
    await expect(page.getByTestId('score-band')).toHaveText(['Good', 'Good', 'Good', 'Fair'])
    await expect(page.getByText('Fonts that failed to load')).toHaveCount(1)
    await expect(page.getByText('1.30× the design').first()).toBeVisible()
    await expect(page.getByTestId('height-sentence').first()).toHaveText(
      'Your page is 30% taller than the design at desktop width: the extra part counts against the score.',
    )
    // The engines that ran are there, folded away.
    const engines = page.getByTestId('engine-versions')
    await expect(engines.getByText('140.0.0.0')).toBeHidden()
    await engines.getByRole('heading', { name: 'Engine versions' }).click()
    await expect(engines.getByText('140.0.0.0')).toBeVisible()
    await expect(page.getByTestId('review-submitted-url')).toHaveAttribute('rel', MEMBER_LINK_REL)
    await expect(page.getByTestId('review-final-url')).toHaveText(`The capture ended on: ${LIVE_URL}/`)
    await expect(page.getByTestId('review-final-url').getByRole('link')).toHaveCount(0)

    const desktop = page.getByRole('region', { name: 'Desktop 1440 px', exact: true })
    const capture = desktop.getByRole('img', { name: 'Your site at Desktop width' })
    await expect(capture).toHaveAttribute('loading', 'lazy')
    await expect(capture).toHaveAttribute('width', '1440')
    await expect(capture).toHaveAttribute('height', '2600')
    const slider = desktop.getByRole('slider', { name: 'Your site over the design (Desktop)' })
    await expect(slider).toHaveValue('50')
    await expect(capture).toHaveCSS('clip-path', 'inset(0px 50% 0px 0px)')
    await slider.focus()
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('End')
    await expect(slider).toHaveValue('100')
    await expect(capture).toHaveCSS('clip-path', 'inset(0px 0% 0px 0px)')

    const heatmap = desktop.getByRole('button', { name: 'Show differences' })
    await expect(heatmap).toHaveAttribute('aria-pressed', 'false')
    await heatmap.press('Enter')
    await expect(heatmap).toHaveAttribute('aria-pressed', 'true')
    await expect(
      desktop.getByRole('img', { name: /Differences between the design and your site at Desktop/ }),
    ).toBeVisible()
    await expect(slider).toBeDisabled()
    // What the heatmap's colours mean, in words beside their swatches.
    await expect(desktop.getByTestId('heatmap-legend').getByRole('listitem')).toHaveText([
      /^Red: differs from the design/,
      /^Orange: forgiven: the content only moved, by 4 px or less/,
      /^Yellow: anti-aliasing only/,
      /^Faded grey: the same as the design/,
    ])
    // Each image opens at full size.
    await expect(
      desktop.getByRole('link', { name: /^Design: open the design at Desktop width/ }),
    ).toHaveAttribute('href', challenge.templateImg)
    await expect(desktop.getByRole('link', { name: /^Your site: open your site/ })).toHaveAttribute(
      'href',
      challenge.templateImg,
    )
    await expect(desktop.getByRole('link', { name: /^Differences: open the differences/ })).toHaveAttribute(
      'target',
      '_blank',
    )

    // Whose site it is and whether it answers, in words.
    const siteStatus = page.getByRole('list', { name: 'Site status' })
    await expect(siteStatus.getByTestId('ownership-badge')).toHaveText("Verified (the member's own site)")
    await expect(siteStatus.getByTestId('ownership-badge')).toBeVisible()
    await expect(siteStatus.getByTestId('link-offline')).toHaveText(
      'Offline (the site did not answer the last checks)',
    )

    // The quality report: one line per tool, then axe's findings of both widths by impact.
    const quality = page.getByRole('region', { name: 'Quality report' })
    await expect(qualitySummaries(page)).toHaveText([
      'Accessibility (axe 4.13.0): 4 rules, 13 elements',
      'HTML (html-validate 10.17.0): 1 error',
      'Lighthouse 12.8.2: Performance 92, Accessibility 87, Best practices 100, SEO 90',
    ])
    // Lighthouse's failing audits, with what to fix and, where Lighthouse has one, the page explaining it.
    const audits = quality.getByTestId('lighthouse-audit')
    await expect(audits).toHaveCount(2)
    await expect(audits.first()).toContainText("Document doesn't have a <title> element")
    await expect(audits.first()).toContainText('The title gives screen reader users an overview of the page')
    await expect(audits.first().getByRole('link', { name: /^How to fix it/ })).toHaveAttribute(
      'href',
      'https://dequeuniversity.com/rules/axe/4.10/document-title',
    )
    await expect(audits.nth(1).getByRole('link')).toHaveCount(0)
    const findings = quality.getByTestId('axe-finding')
    await expect(findings).toHaveCount(4)
    expect(
      await findings.evaluateAll((items) => items.map((item) => item.getAttribute('data-impact'))),
    ).toEqual(['critical', 'serious', 'moderate', 'minor'])
    const first = findings.first()
    await expect(first).toContainText('Critical')
    await expect(first).toContainText('Images must have alternative text')
    await expect(first).toContainText('2 elements at Desktop')
    await expect(first.locator('code', { hasText: 'img.hero' })).toBeVisible()
    const fix = first.getByRole('link', { name: /^How to fix it: Images must have alternative text/ })
    await expect(fix).toHaveAttribute('href', 'https://dequeuniversity.com/rules/axe/4.13/image-alt')
    await expect(fix).toHaveAttribute('rel', 'noopener noreferrer')
    await expect(quality.getByTestId('html-finding')).toContainText('Duplicate ID "menu"')
    await expect(quality.getByTestId('html-finding')).toContainText('line 12, column 15')
    await expect(
      quality.getByTestId('html-finding').getByRole('link', { name: /^How to fix it: Duplicate ID "menu"/ }),
    ).toHaveAttribute('href', 'https://html-validate.org/rules/no-dup-id.html')

    // "Copy as Markdown" puts the summary on the clipboard and says so.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    const copy = page.getByRole('button', { name: 'Copy as Markdown' })
    await copy.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByText('Copied the report as Markdown.')).toBeVisible()
    const markdown = await page.evaluate(() => navigator.clipboard.readText())
    expect(markdown).toContain(`## Review of ${challenge.title}`)
    expect(markdown).toContain('| Desktop (1440 px) | 92.5 |')
    expect(markdown).toContain('- Lighthouse 12.8.2: Performance 92, Accessibility 87')
    expect(markdown).toContain(
      "- **Lighthouse**: [Document doesn't have a \\<title\\> element](https://dequeuniversity.com/rules/axe/4.10/document-title)",
    )
    expect(markdown).toContain(
      '- **Critical**: [Images must have alternative text](https://dequeuniversity.com/rules/axe/4.13/image-alt)',
    )
    expect(markdown).toContain(`[Full report](${new URL(`/reviews/${reviewId}`, page.url()).href})`)

    await expectNoAxeViolations(page)

    // A phone: nothing wider than the screen, the comparison as wide as the screen, still axe-clean.
    await page.setViewportSize(VIEWPORTS.mobile)
    await expect(first).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.mobile.width,
    )
    for (const name of ['Desktop', 'Tablet', 'Mobile']) {
      const frame = page.getByRole('region', { name: `${name} comparison` })
      await frame.scrollIntoViewIfNeeded()
      expect((await frame.boundingBox())?.width, name).toBeCloseTo(VIEWPORTS.mobile.width, 0)
    }
    await expectNoAxeViolations(page)
  })

  test('"Copy as Markdown" shows the text to copy by hand where the clipboard refuses, and the site notes', async ({
    page,
    request,
  }, testInfo) => {
    const challenge = await challengeAt(request, 5)
    await signIn(page, testInfo)
    const reviewId = await startAndSubmit(page, challenge)
    await answerAsPassed(page, reviewId, () => ({
      score: 50,
      breakpoints: [],
      quality: {
        ...QUALITY,
        lighthouse: { status: 'unavailable', reason: 'Lighthouse did not finish within 60 seconds.' },
      },
      ownership: 'unverified',
      linkStatus: 'live',
    }))
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) },
      })
    })
    await page.goto(`/reviews/${reviewId}`)
    await expectHydrated(page)

    await expect(page.getByTestId('ownership-note')).toHaveText(
      "Unverified: the site is not the member's GitHub Pages site and carries no verification tag of theirs.",
    )
    await expect(page.getByTestId('ownership-badge')).toHaveCount(0)
    await expect(page.getByTestId('link-offline')).toHaveCount(0)
    await expect(page.getByRole('region', { name: 'Quality report' })).toContainText(
      'Not available. Lighthouse did not finish within 60 seconds.',
    )

    await page.getByRole('button', { name: 'Copy as Markdown' }).click()
    const field = page.getByLabel('The browser did not allow copying: select the text below and copy it.')
    await expect(field).toBeFocused()
    await expect(field).toHaveValue(/^## Review of /)
    await expect(field).toHaveValue(/Lighthouse 12\.8\.2: not available\./)
    await expectNoAxeViolations(page)
  })
})
