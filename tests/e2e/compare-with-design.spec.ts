import type { Locator, Page } from '@playwright/test'
import { reviewResponse } from '#shared/review.ts'
import { type SolutionResponse, solutionResponse } from '#shared/solution.ts'
import { listChallenges } from './catalogue.ts'
import { challengeAt, newMember, passedSolution } from './feedback-journey.ts'
import { expect, expectHydrated, expectNoAxeViolations, test, VIEWPORTS } from './fixtures.ts'
import { memberReviews, ownSite, reviewVerdict, submitThroughApi } from './live-sites.ts'
import { signIn } from './sign-in-helper.ts'
import { answerAsPassed, designsAsCaptures } from './stand-in-answers.ts'

/**
 * "Compare with the design" (docs/product.md §10, §11): on a review report and on a solution page, a
 * button per breakpoint opens the compare dialog, built on the design viewer's image viewer: breakpoint
 * tabs, the views Side by side, Slider and Overlay, the heatmap, zoom, and focus back on the button that
 * opened it after Escape.
 */

type Shown = {
  breakpoint: 'desktop' | 'tablet' | 'mobile'
  width: number
  designUrl: string
  captureUrl: string
  diffUrl: string
}

const LABEL = { desktop: 'Desktop', tablet: 'Tablet', mobile: 'Mobile' } as const

const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Compare with the design' })

async function loaded(image: Locator) {
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true)
}

async function box(locator: Locator) {
  const found = await locator.boundingBox()
  if (!found) throw new Error('not displayed')
  return found
}

/** The value the browser's accessibility tree gives a control (a slider's aria-valuenow), by role and name. */
async function accessibleValue(page: Page, role: string, name: string): Promise<string | undefined> {
  const cdp = await page.context().newCDPSession(page)
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: { role?: { value?: unknown }; name?: { value?: unknown }; value?: { value?: unknown } }[]
    }
    const node = nodes.find((n) => n.role?.value === role && n.name?.value === name)
    return node?.value?.value === undefined ? undefined : String(node.value.value)
  } finally {
    await cdp.detach()
  }
}

/**
 * Opens the dialog from the first breakpoint's button and goes through it with the keyboard: the slider,
 * the breakpoints, the overlay, side by side and the heatmap; axe at 1440 and 375 px; Escape.
 */
async function compareFromKeyboard(page: Page, shown: Shown[]) {
  const [first, last] = [shown[0], shown.at(-1)]
  if (!first || !last || first === last) throw new Error('two breakpoints are needed')
  await expectHydrated(page)
  // Nothing of the dialog loads before it opens.
  await expect(dialogOf(page)).toHaveCount(0)
  const opener = page.getByRole('button', {
    name: `Compare with the design at ${LABEL[first.breakpoint]} width`,
  })
  await opener.focus()
  await page.keyboard.press('Enter')
  const dialog = dialogOf(page)
  await expect(dialog).toBeVisible()
  const tabs = dialog.getByRole('tablist', { name: 'Breakpoint' })
  await expect(tabs.getByRole('tab')).toHaveText(shown.map((b) => LABEL[b.breakpoint]))
  await expect(tabs.getByRole('tab', { selected: true })).toHaveText(LABEL[first.breakpoint])
  const views = dialog.getByRole('group', { name: 'View' })
  await expect(views.getByRole('radio')).toHaveCount(3)
  await expect(views.getByRole('radio', { name: 'Slider' })).toBeChecked()

  // Slider: the site over the design, uncovered from the left; the keys move the split.
  const area = dialog.getByTestId('compared-area')
  const top = dialog.getByTestId('top-layer')
  const design = area.getByRole('img', { name: `The design at ${LABEL[first.breakpoint]} width` })
  const capture = area.getByRole('img', { name: `Your site at ${LABEL[first.breakpoint]} width` })
  await expect(design).toHaveAttribute('src', first.designUrl)
  await expect(capture).toHaveAttribute('src', first.captureUrl)
  const slider = dialog.getByRole('slider', { name: 'Your site shown' })
  await expect(slider).toHaveValue('50')
  await expect(slider).toHaveAttribute('aria-valuetext', '50% of your site shown, 50% of the design')
  await expect(top).toHaveCSS('clip-path', 'inset(0px 50% 0px 0px)')
  await slider.focus()
  await page.keyboard.press('ArrowRight')
  await expect(slider).toHaveValue('51')
  await expect.poll(() => accessibleValue(page, 'slider', 'Your site shown')).toBe('51')
  await expect(slider).toHaveAttribute('aria-valuetext', '51% of your site shown, 49% of the design')
  await expect(top).toHaveCSS('clip-path', 'inset(0px 49% 0px 0px)')
  await page.keyboard.press('Home')
  await expect(slider).toHaveValue('0')
  await expect(top).toHaveCSS('clip-path', 'inset(0px 100% 0px 0px)')
  await page.keyboard.press('PageUp')
  await page.keyboard.press('PageUp')
  const split = await slider.inputValue()
  expect(Number(split)).toBeGreaterThan(0)
  // The line marks the split where the value puts it.
  await loaded(design)
  await loaded(capture)
  const line = await box(dialog.getByTestId('split-line'))
  const drawn = await box(area)
  expect(line.x + line.width / 2 - drawn.x).toBeCloseTo((drawn.width * Number(split)) / 100, 0)

  // At 100 %, both are drawn at their CSS pixel width from the same top left; the area is the taller.
  await dialog.getByRole('button', { name: '100 %' }).click()
  await expect(area).toHaveJSProperty('offsetWidth', first.width)
  const [designBox, captureBox, areaBox] = [await box(design), await box(capture), await box(area)]
  expect(designBox.width).toBeCloseTo(first.width, 0)
  expect(captureBox.width).toBeCloseTo(first.width, 0)
  expect([designBox.x, designBox.y]).toEqual([areaBox.x, areaBox.y])
  expect([captureBox.x, captureBox.y]).toEqual([areaBox.x, areaBox.y])
  expect(areaBox.height).toBeCloseTo(Math.max(designBox.height, captureBox.height), 0)

  // The breakpoint tabs, with the keyboard; zoom and split stay.
  await tabs.getByRole('tab', { selected: true }).focus()
  await page.keyboard.press('End')
  await expect(tabs.getByRole('tab', { selected: true })).toHaveText(LABEL[last.breakpoint])
  await expect(tabs.getByRole('tab', { selected: true })).toBeFocused()
  await expect(
    area.getByRole('img', { name: `Your site at ${LABEL[last.breakpoint]} width` }),
  ).toHaveAttribute('src', last.captureUrl)
  await expect(area).toHaveJSProperty('offsetWidth', last.width)
  await expect(slider).toHaveValue(split)

  // Overlay: the site at an opacity over the design, changed with the keys.
  await views.getByRole('radio', { name: 'Slider' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(views.getByRole('radio', { name: 'Overlay' })).toBeChecked()
  await expect(slider).toHaveCount(0)
  await expect(dialog.getByTestId('split-line')).toHaveCount(0)
  const opacity = dialog.getByRole('slider', { name: 'Your site’s opacity' })
  await expect(opacity).toHaveValue('50')
  await expect(top).toHaveCSS('opacity', '0.5')
  await opacity.focus()
  await page.keyboard.press('ArrowRight')
  await expect(opacity).toHaveValue('55')
  await expect.poll(() => accessibleValue(page, 'slider', 'Your site’s opacity')).toBe('55')
  await expect(opacity).toHaveAttribute('aria-valuetext', 'Your site at 55% opacity over the design')
  await expect(top).toHaveCSS('opacity', '0.55')
  await expect(top).toHaveCSS('clip-path', 'none')

  // Side by side: the design, then the site, at one scale.
  await views.getByRole('radio', { name: 'Overlay' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(views.getByRole('radio', { name: 'Side by side' })).toBeChecked()
  await expect(area).toHaveCount(0)
  const images = dialog.getByTestId('image-area').getByRole('img')
  await expect(images).toHaveCount(2)
  await loaded(images.first())
  await loaded(images.last())
  const [left, right] = [await box(images.first()), await box(images.last())]
  expect(left.width).toBeCloseTo(last.width, 0)
  expect(right.width).toBeCloseTo(last.width, 0)
  expect(right.x).toBeGreaterThan(left.x + left.width)

  // The heatmap the review stored, with what its colours mean.
  const heatmap = dialog.getByRole('button', { name: 'Show differences' })
  await heatmap.focus()
  await page.keyboard.press('Enter')
  await expect(heatmap).toHaveAttribute('aria-pressed', 'true')
  const differences = dialog.getByRole('img', {
    name: `Differences between the design and your site at ${LABEL[last.breakpoint]} width, changed pixels highlighted`,
  })
  await expect(differences).toHaveAttribute('src', last.diffUrl)
  await expect(dialog.getByTestId('heatmap-legend').getByRole('listitem')).toHaveCount(4)
  await expect(views.getByRole('radio', { name: 'Slider' })).toBeDisabled()
  await loaded(differences)

  await expectNoAxeViolations(page)
  await page.setViewportSize(VIEWPORTS.mobile)
  await page.keyboard.press('Enter')
  await expect(heatmap).toHaveAttribute('aria-pressed', 'false')
  await views.getByRole('radio', { name: 'Side by side' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(dialog.getByRole('slider', { name: 'Your site shown' })).toBeVisible()
  expect((await box(dialog)).width).toBeLessThanOrEqual(VIEWPORTS.mobile.width)
  await expectNoAxeViolations(page)
  await page.setViewportSize(VIEWPORTS.desktop)

  // Escape closes it and gives focus back to the button that opened it.
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(opener).toBeFocused()
}

test.describe('compare with the design', () => {
  test('on a review report: every view, the breakpoints and the heatmap from the keyboard', async ({
    page,
    request,
  }, testInfo) => {
    const challenges = await listChallenges(request)
    const challenge = challenges[(testInfo.workerIndex + 6) % challenges.length]
    if (!challenge) throw new Error('the catalogue is empty')
    await signIn(page, testInfo)
    // A review of a site this server cannot reach: its report is answered as a passed one, the
    // challenge's own designs standing in for the captures and heatmaps (as in reviews.spec.ts).
    await submitThroughApi(page, challenge.id, 'https://someone.netlify.app/compare')
    const reviewId = (await memberReviews(page, challenge.id)).reviews[0]?.id
    if (!reviewId) throw new Error('no review')
    const breakpoints = designsAsCaptures(challenge)
    const shown: Shown[] = breakpoints.map(({ breakpoint, width, designUrl, captureUrl, diffUrl }) => ({
      breakpoint,
      width,
      designUrl,
      captureUrl,
      diffUrl,
    }))
    await answerAsPassed(page, reviewId, (review) => ({
      score: 81.3,
      startedAt: review.createdAt,
      finishedAt: review.createdAt,
      breakpoints,
      quality: null,
    }))
    await page.goto(`/reviews/${reviewId}`)
    await expect(page.getByRole('button', { name: /^Compare with the design at / })).toHaveText([
      'Compare with the design at Desktop width',
      'Compare with the design at Tablet width',
      'Compare with the design at Mobile width',
    ])
    await compareFromKeyboard(page, shown)
  })

  test('on a solution page: a real review’s design, capture and heatmap', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(180_000)
    const author = await newMember(browser, testInfo, 'compare')
    const solutionId = await passedSolution(author, await challengeAt(author.page, testInfo.workerIndex + 7))
    await author.close()
    const read = await page.request.get(`/api/solutions/${solutionId}`)
    expect(read.ok()).toBe(true)
    const { solution }: SolutionResponse = solutionResponse.parse(await read.json())
    const captures = solution.latestReview?.captures ?? []
    expect(captures.map((c) => c.breakpoint)).toEqual(['desktop', 'tablet', 'mobile'])
    await page.goto(`/solutions/${solutionId}`)
    await compareFromKeyboard(page, captures)
  })

  test('a page taller than its design: the report says by how much, and the dialog draws the extra part below the design, at one scale', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(180_000)
    const challenges = await listChallenges(request)
    // A hero's design is one screen tall; a landing page runs to several. A member who puts a landing
    // page on their own site for a hero gets a real review whose captures are taller than the design.
    const hero = challenges.find((c) => c.category === 'hero')
    const landingPage = challenges.find((c) => c.category === 'landing-page')
    if (!hero || !landingPage) throw new Error('the catalogue needs a hero and a landing page')
    const login = await signIn(page, testInfo)
    await submitThroughApi(page, hero.id, ownSite(login, landingPage))
    const { id } = await reviewVerdict(page, hero.id)
    const read = await page.request.get(`/api/reviews/${id}`)
    expect(read.ok()).toBe(true)
    const { review } = reviewResponse.parse(await read.json())
    const desktop = review.breakpoints.find((b) => b.breakpoint === 'desktop')
    if (!desktop) throw new Error('no desktop capture')
    expect(desktop.captureHeight).toBeGreaterThan(desktop.designHeight * 1.5)

    await page.goto(`/reviews/${id}`)
    await expectHydrated(page)
    const percent = Math.round((desktop.heightRatio - 1) * 100)
    await expect(page.getByTestId('height-sentence').first()).toHaveText(
      `Your page is ${percent}% taller than the design at desktop width: the extra part counts against the score.`,
    )
    const opener = page.getByRole('button', { name: 'Compare with the design at Desktop width' })
    await opener.click()
    const dialog = dialogOf(page)
    const area = dialog.getByTestId('compared-area')
    const design = area.getByRole('img', { name: 'The design at Desktop width' })
    const capture = area.getByRole('img', { name: 'Your site at Desktop width' })
    await loaded(design)
    await loaded(capture)
    const natural = (image: Locator) =>
      image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])
    expect(await natural(design)).toEqual([1440, desktop.designHeight])
    expect(await natural(capture)).toEqual([1440, desktop.captureHeight])

    // Fitted to the dialog: one scale for both, from the same top left; the area is as tall as the site.
    const [designBox, captureBox, areaBox] = [await box(design), await box(capture), await box(area)]
    expect(designBox.width).toBeLessThan(1440)
    expect([designBox.x, designBox.y]).toEqual([areaBox.x, areaBox.y])
    expect([captureBox.x, captureBox.y]).toEqual([areaBox.x, areaBox.y])
    expect(Math.abs(captureBox.width - designBox.width)).toBeLessThanOrEqual(1)
    expect(captureBox.height / designBox.height).toBeCloseTo(desktop.heightRatio, 1)
    expect(Math.abs(areaBox.height - captureBox.height)).toBeLessThanOrEqual(1)

    // At 100 %: each at its own pixel size; below the design's last row the site goes on.
    await dialog.getByRole('button', { name: '100 %' }).click()
    await expect(area).toHaveJSProperty('offsetWidth', 1440)
    await expect(area).toHaveJSProperty('offsetHeight', desktop.captureHeight)
    expect((await box(design)).height).toBeCloseTo(desktop.designHeight, 0)
    expect((await box(capture)).height).toBeCloseTo(desktop.captureHeight, 0)
    // Scrolled to the end with the whole site uncovered, the site's last row is in view: the part
    // below the design is drawn, not cut off at the design's height.
    const slider = dialog.getByRole('slider', { name: 'Your site shown' })
    await slider.focus()
    await page.keyboard.press('End')
    await expect(dialog.getByTestId('top-layer')).toHaveCSS('clip-path', 'inset(0px 0% 0px 0px)')
    const scroller = dialog.getByTestId('image-area')
    await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }))
    const [view, end] = [await box(scroller), await box(capture)]
    expect(end.y + end.height).toBeGreaterThan(view.y)
    expect(end.y + end.height).toBeLessThanOrEqual(view.y + view.height + 1)
    expect((await box(design)).y + desktop.designHeight).toBeLessThan(view.y)

    // Side by side at 100 %: the design beside the site, each as tall as it is.
    const views = dialog.getByRole('group', { name: 'View' })
    await views.getByText('Side by side').click()
    await expect(views.getByRole('radio', { name: 'Side by side' })).toBeChecked()
    const images = dialog.getByTestId('image-area').getByRole('img')
    await expect(images).toHaveCount(2)
    await loaded(images.last())
    expect((await box(images.first())).height).toBeCloseTo(desktop.designHeight, 0)
    expect((await box(images.last())).height).toBeCloseTo(desktop.captureHeight, 0)

    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(opener).toBeFocused()
  })
})
