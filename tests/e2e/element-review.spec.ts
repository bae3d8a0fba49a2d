import type { Page } from '@playwright/test'
import { listChallenges } from './catalogue.ts'
import { expect, expectHydrated, expectNoAxeViolations, test } from './fixtures.ts'
import { REVIEW_TIMEOUT_MS, reviewVerdict, submitThroughApi } from './live-sites.ts'
import { signIn } from './sign-in-helper.ts'
import { answerAsPassed, designsAsCaptures } from './stand-in-answers.ts'

/**
 * The element review in the report (docs/product.md §10, docs/decisions/021-element-review.md): a real
 * review of a challenge's reference with its main heading 48 px lower and smaller
 * (tests/support/challenge-sites.ts serves that variant) names that heading with the direction and the
 * pixels; each finding draws its two boxes over the comparison and says them to screen readers; member
 * text in a finding is shown as text.
 */

/** The hero whose design elements the catalogue holds, and whose h1 is its main heading. */
const SLUG = 'Aurel-Audio-Hero'

const desktopSection = (page: Page) => page.getByRole('region', { name: 'Desktop 1440 px', exact: true })
/**
 * The tablet's: there the hero's heading moves by the variant's 48 px alone (at desktop its smaller font
 * also recentres it, and it reads 62 px lower).
 */
const tabletSection = (page: Page) => page.getByRole('region', { name: 'Tablet 768 px', exact: true })

test('a real review of a page whose heading moved names it, 48 px lower, and draws its two boxes', async ({
  page,
}, testInfo) => {
  test.setTimeout(REVIEW_TIMEOUT_MS + 120_000)
  const challenge = (await listChallenges(page.request)).find((c) => c.slug === SLUG)
  if (!challenge) throw new Error(`the catalogue has no ${SLUG}`)
  const login = await signIn(page, testInfo)
  await submitThroughApi(
    page,
    challenge.id,
    `http://${login}.github.io/${challenge.slug}/reference/heading-lower.html`,
  )
  const verdict = await reviewVerdict(page, challenge.id)
  await page.goto(`/reviews/${verdict.id}`)
  await expectHydrated(page)

  const section = tabletSection(page)
  const findings = section.getByTestId('element-findings')
  await expect(findings.getByRole('heading', { name: 'What differs from the design (Tablet)' })).toBeVisible()
  // The heading, by its words, lower by the 48 px the variant moved it, and smaller.
  const heading = findings.getByRole('button', {
    name: /The heading "Sound, shaped around your.*48 px lower/,
  })
  await expect(heading).toBeVisible()
  await expect(heading).toContainText('smaller')
  await expect(heading).toHaveAttribute('aria-pressed', 'false')

  // Chosen with the keyboard: both boxes drawn over the comparison, the design's dashed and the page's
  // solid, 48 px apart at the images' scale; the toggle keeps the focus and says the boxes in words.
  await heading.focus()
  await page.keyboard.press('Enter')
  await expect(heading).toHaveAttribute('aria-pressed', 'true')
  await expect(heading).toBeFocused()
  await expect(heading).toHaveAccessibleDescription(
    /^Design: \d+, \d+, \d+ × \d+ px; your page: \d+, \d+, \d+ × \d+ px$/,
  )
  const overlay = section.getByTestId('finding-overlay')
  const design = overlay.getByTestId('design-box')
  const ours = overlay.getByTestId('page-box')
  await expect(design).toBeVisible()
  await expect(ours).toBeVisible()
  const frame = section.getByRole('region', { name: 'Tablet comparison' })
  const scale = await frame.evaluate((element) => element.getBoundingClientRect().width / 768)
  const [designTop, pageTop] = await Promise.all(
    [design, ours].map(async (box) => (await box.boundingBox())?.y ?? Number.NaN),
  )
  expect((pageTop as number) - (designTop as number)).toBeCloseTo(48 * scale, 0)
  await expectNoAxeViolations(page)

  // Pressed again: the boxes go.
  await page.keyboard.press('Space')
  await expect(heading).toHaveAttribute('aria-pressed', 'false')
  await expect(overlay).toHaveCount(0)
})

/** A finding's sentence quotes the member's text: markup and bidi overrides in it. */
const HOSTILE = 'The text "<img src=x onerror=alert(1)> \u202Eevil\u202C" is not in the design.'

test('a finding quoting markup and bidi overrides is shown as text', async ({ page }, testInfo) => {
  const challenge = (await listChallenges(page.request)).find((c) => c.slug === SLUG)
  if (!challenge) throw new Error(`the catalogue has no ${SLUG}`)
  const login = await signIn(page, testInfo)
  const { review } = await submitThroughApi(
    page,
    challenge.id,
    `http://${login}.github.io/${challenge.slug}/reference/index.html`,
  )
  if (!review) throw new Error('the submit queued no review')
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  await answerAsPassed(page, review.id, () => ({
    score: 90,
    breakpoints: designsAsCaptures(challenge, (breakpoint) => ({
      elements:
        breakpoint === 'desktop'
          ? {
              agreement: {
                content: 0.9,
                position: 1,
                size: 1,
                colour: 1,
                overall: 0.9,
                paired: 10,
                missing: 0,
                extra: 1,
              },
              findings: [
                {
                  kind: 'extra',
                  severity: 'medium',
                  weight: 0.3,
                  sentence: HOSTILE,
                  designBox: null,
                  pageBox: { x: 100, y: 200, width: 300, height: 40 },
                  numbers: {},
                },
              ],
            }
          : null,
    })),
  }))
  await page.goto(`/reviews/${review.id}`)
  await expectHydrated(page)
  const finding = desktopSection(page).getByRole('button', { name: /is not in the design/ })
  await expect(finding.getByTestId('finding-sentence')).toHaveText(HOSTILE)
  await finding.click()
  // An extra element has only the page's box.
  await expect(finding).toHaveAccessibleDescription('Not in the design; your page: 100, 200, 300 × 40 px')
  await expect(desktopSection(page).getByTestId('page-box')).toBeVisible()
  await expect(desktopSection(page).getByTestId('design-box')).toHaveCount(0)
  await expect(page.locator('img[src="x"]')).toHaveCount(0)
  expect(dialogs).toEqual([])
})
