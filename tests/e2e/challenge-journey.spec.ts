import { readFile } from 'node:fs/promises'
import type { BrowserContext, Page } from '@playwright/test'
import { unzipSync } from 'fflate'
import type { Challenge } from '#shared/challenge.ts'
import { submitResponse } from '#shared/user.ts'
import { listChallenges } from './catalogue.ts'
import { expect, expectHydrated, expectNoAxeViolations, test, VIEWPORTS } from './fixtures.ts'
import { memberReviews, ownSite, REVIEW_TIMEOUT_MS } from './live-sites.ts'
import { signIn } from './sign-in-helper.ts'

const SHARE_HOSTS = ['www.linkedin.com', 'twitter.com', 'www.facebook.com']

async function challengeAt(request: Parameters<typeof listChallenges>[0], index: number): Promise<Challenge> {
  const challenges = await listChallenges(request)
  const challenge = challenges[index % challenges.length]
  if (!challenge) throw new Error('the catalogue is empty')
  return challenge
}

/** Opens the challenge's page and waits for the app to take it over, so that its buttons answer. */
async function openChallenge(page: Page, challenge: Challenge) {
  const response = await page.goto(`/challenge/${encodeURIComponent(challenge.slug)}`)
  await expectHydrated(page)
  return response
}

const about = (page: Page) => page.getByRole('region', { name: 'About this challenge' })
const urlField = (page: Page) => page.getByLabel('Live site URL')
const overlay = (page: Page) => page.getByRole('dialog', { name: 'Congratulations!' })
const pointsBadge = (page: Page) => page.getByRole('banner').getByTestId('points-badge')
const panelState = (page: Page) => page.getByTestId('review-panel').getByTestId('review-panel-state')
/** A write-up with a heading, emphasis and typed HTML (which must stay text). */
const WRITE_UP = '## What I built\n\nA **responsive** menu that opens with a button. Is <b>bold?</b> text?'

/** What the review panel says while a review waits or runs. */
const REVIEWING = /^Reviewing your site\. Step [1-6] of 6: /

/** Starts the challenge with the Start button and returns the downloaded file's name and entries. */
async function startAndDownload(page: Page) {
  const download = page.waitForEvent('download')
  await about(page).getByRole('button', { name: 'Start', exact: true }).click()
  const file = await download
  const path = await file.path()
  return { name: file.suggestedFilename(), entries: Object.keys(unzipSync(await readFile(path))) }
}

/** Fires a paste of `text` into the focused field, as a person pasting from the clipboard would. */
async function paste(page: Page, text: string) {
  await urlField(page).focus()
  await urlField(page).evaluate((input, value) => {
    const data = new DataTransfer()
    data.setData('text/plain', value)
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  }, text)
}

/** Answers share windows with an empty page, so nothing leaves the machine; records what they asked. */
async function interceptShares(context: BrowserContext) {
  const requested: string[] = []
  for (const host of SHARE_HOSTS) {
    await context.route(`https://${host}/**`, (route) => {
      requested.push(route.request().url())
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>share</title>' })
    })
  }
  return requested
}

test.describe('challenge journey', () => {
  test('a member starts, downloads, submits, earns the points when the review passes, shares and resubmits', async ({
    browser,
    page,
    context,
    request,
  }, testInfo) => {
    test.slow()
    const challenge = await challengeAt(request, 0)
    const login = await signIn(page, testInfo)
    await openChallenge(page, challenge)

    // Before starting: "Start", no status, no form.
    await expect(about(page).getByRole('button', { name: 'Start', exact: true })).toBeVisible()
    await expect(page.locator('[data-status]')).toHaveCount(0)
    await expect(page.getByRole('heading', { name: 'Submit Solution' })).toHaveCount(0)

    // Start records the challenge and downloads "{title}.zip", a real zip holding one folder named
    // after the slug, with the README and the editable designs in it (docs/content-format.md "Paths").
    const download = await startAndDownload(page)
    expect(download.name).toBe(`${challenge.title}.zip`)
    expect(download.entries).toContain(`${challenge.slug}/README.md`)
    expect(download.entries).toContain(`${challenge.slug}/design/desktop.svg`)
    expect(download.entries.filter((entry) => !entry.startsWith(`${challenge.slug}/`))).toEqual([])
    await expect(about(page).getByRole('button', { name: 'Download Requirements' })).toBeEnabled()
    await expect(about(page).locator('[data-status]')).toHaveText('Ongoing')
    await expect(page.getByRole('heading', { level: 2, name: 'Submit Solution' })).toBeVisible()
    await expect(page.getByText(/when the review passes you earn 10 points/)).toBeVisible()

    // The form: nothing is sent until the URL is valid.
    const submits: string[] = []
    page.on('request', (r) => r.url().endsWith('/submit') && submits.push(r.url()))
    const field = urlField(page)
    await expect(field).toHaveAttribute('placeholder', 'https://your-site.netlify.app')
    const submit = page.getByRole('button', { name: 'Submit', exact: true })

    await submit.click()
    await expect(page.getByRole('alert').filter({ hasText: 'Live site URL is required.' })).toBeVisible()
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(field).toBeFocused()
    await expect(field).toHaveAccessibleDescription(/Live site URL is required\./)

    // Any public host is accepted; each refused address says what is wrong (docs/product.md §5).
    const localOnly =
      'localhost and local addresses (.local, .test, …) only work on your computer. Deploy the site and use its public address.'
    await field.fill('http://localhost:3000')
    await submit.click()
    await expect(page.getByRole('alert').filter({ hasText: localOnly })).toBeVisible()
    await field.fill('https://github.io')
    await submit.click()
    await expect(page.getByText("Use your site's own address: github.io alone is GitHub's.")).toBeVisible()
    expect(submits).toEqual([])

    // Typing clears the error.
    await field.press('End')
    await field.pressSequentially('x')
    await expect(page.getByText("Use your site's own address")).toBeHidden()
    await expect(field).not.toHaveAttribute('aria-invalid')

    // An address typed without a scheme: the form says what it understood.
    await field.fill('my-site.netlify.app/project/')
    await expect(page.getByText("We'll review https://my-site.netlify.app/project")).toBeVisible()
    await expect(field).toHaveAccessibleDescription(/We'll review https:\/\/my-site\.netlify\.app\/project/)

    // Pasting trims and drops trailing slashes.
    await field.fill('')
    await paste(page, '  https://someone.github.io/project/  ')
    await expect(field).toHaveValue('https://someone.github.io/project')

    // The repository is optional; an address that names no repository says so, and nothing is sent.
    const repository = page.getByLabel('Repository URL (optional)')
    await repository.fill(`https://github.com/${login}`)
    await submit.click()
    await expect(
      page.getByRole('alert').filter({ hasText: 'Add the repository to the address, not only its owner' }),
    ).toBeVisible()
    await expect(repository).toHaveAttribute('aria-invalid', 'true')
    expect(submits).toEqual([])
    await repository.fill(`https://github.com/${login}/${challenge.slug}`)

    // The write-up (docs/product.md §11): Markdown, counted, with a preview of what its page will show;
    // typed HTML stays text.
    const writeUp = page.getByLabel('Write-up (optional)')
    await writeUp.fill(WRITE_UP)
    await expect(page.getByText(`${WRITE_UP.length} / 5,000 characters`)).toBeVisible()
    const preview = page.getByRole('region', { name: 'Preview', exact: true })
    await expect(preview.getByRole('heading', { level: 4, name: 'What I built' })).toBeVisible()
    await expect(preview.locator('strong')).toHaveText('responsive')
    await expect(preview).toContainText('<b>bold?</b>')

    // Sites on other hosts prove they are the member's with the verification tag the form shows.
    await expect(
      page.getByRole('region', { name: 'Not on your own github.io? Add your verification tag' }),
    ).toContainText('<meta name="frontend-dojo-verification" content="')

    // The member's site, published on their own GitHub Pages. The submit queues its review and changes
    // nothing else (docs/product.md §4): still ongoing, no points, no overlay; the form is reset.
    const liveUrl = ownSite(login, challenge)
    await field.fill(liveUrl)
    const answered = page.waitForResponse((r) => r.url().endsWith('/submit'))
    await submit.click()
    const answer = submitResponse.parse(await (await answered).json())
    expect(answer.progress.status).toBe('ongoing')
    expect(answer.user.points).toBe(0)
    expect(answer.review.status).toBe('queued')
    expect(submits).toHaveLength(1)
    await expect(page.getByText('Solution submitted: its review has started.')).toBeVisible()
    await expect(field).toHaveValue('')
    await expect(repository).toHaveValue('')
    await expect(about(page).locator('[data-status]')).toHaveText('Ongoing')

    // The review panel follows the review; when it passes, the overlay opens and the navbar has the points.
    await expect(panelState(page)).toHaveText(REVIEWING)
    const dialog = overlay(page)
    await expect(dialog).toBeVisible({ timeout: REVIEW_TIMEOUT_MS })
    await expect(dialog).toContainText(
      `Your site passed its review: you completed ${challenge.title} and earned 10 points.`,
    )
    await expect(dialog).toContainText('+10 points')
    await expect(pointsBadge(page)).toHaveText('10 points')
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden')

    // The share buttons open share windows for the solution's own page, whose preview shows this work.
    const { solutionId } = await memberReviews(page, challenge.id)
    if (!solutionId) throw new Error('the submission has no solution id')
    const pageUrl = new URL(`/solutions/${solutionId}`, page.url()).href
    const requested = await interceptShares(context)
    const shares = [
      ['LinkedIn', `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(pageUrl)}`],
      [
        'X',
        `https://twitter.com/intent/tweet?text=${encodeURIComponent(
          `I just completed the ${challenge.title} challenge on Frontend Dojo!`,
        )}&url=${encodeURIComponent(pageUrl)}`,
      ],
      ['Facebook', `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(pageUrl)}`],
    ] as const
    for (const [network, expected] of shares) {
      const popup = context.waitForEvent('page')
      await dialog.getByRole('button', { name: `Share on ${network}` }).click()
      const share = await popup
      await share.waitForLoadState()
      expect(share.url()).toBe(expected)
      // noopener: the share window cannot reach back into this page.
      expect(await share.evaluate(() => window.opener)).toBeNull()
      await share.close()
    }
    expect(requested).toEqual(shares.map(([, url]) => url))
    await expect(dialog).toBeVisible()

    // Escape closes it and goes to the member's profile, which counts the submission.
    await page.keyboard.press('Escape')
    await expect(page).toHaveURL(`/profile/${login}`)
    await expect(overlay(page)).toHaveCount(0)
    await expect(page.getByRole('definition')).toHaveText(['10', 'Completed 1 · Submitted 1'])
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden')

    // The profile links the solution; a visitor opens it and sees the work, its links and the write-up.
    await expect(page.getByRole('link', { name: `View solution (${challenge.title})` })).toHaveAttribute(
      'href',
      `/solutions/${solutionId}`,
    )
    const visitor = await browser.newContext({ baseURL: new URL(page.url()).origin })
    try {
      const solutionPage = await visitor.newPage()
      await solutionPage.goto(`/solutions/${solutionId}`)
      await expect(solutionPage.getByRole('heading', { level: 1 })).toContainText(
        `'s ${challenge.title} solution`,
      )
      await expect(solutionPage.getByRole('link', { name: /^View live site/ })).toHaveAttribute(
        'href',
        liveUrl,
      )
      await expect(solutionPage.getByRole('link', { name: /^View code/ })).toHaveAttribute(
        'href',
        `https://github.com/${login}/${challenge.slug}`,
      )
      const captures = solutionPage.getByRole('region', { name: 'Captures' }).getByRole('img')
      await expect(captures).toHaveCount(3)
      for (const capture of await captures.all()) {
        await capture.scrollIntoViewIfNeeded()
        await expect
          .poll(() => capture.evaluate((img: HTMLImageElement) => img.naturalWidth))
          .toBeGreaterThan(0)
      }
      const writeUpSection = solutionPage.getByRole('region', { name: 'Write-up' })
      await expect(writeUpSection.locator('strong')).toHaveText('responsive')
      await expect(writeUpSection).toContainText('<b>bold?</b>')
      // Its link preview: the desktop capture, as an absolute address, and the write-up's first sentence.
      const ogImage = await solutionPage.locator('meta[property="og:image"]').getAttribute('content')
      expect(ogImage).toMatch(/^http:\/\/[^/]+\/files\/reviews\/.+desktop-capture\.png$/)
      await expect(solutionPage.locator('meta[property="og:description"]')).toHaveAttribute(
        'content',
        'A responsive menu that opens with a button.',
      )
      // Not theirs: no editing.
      await expect(solutionPage.getByRole('heading', { name: 'Edit your solution' })).toHaveCount(0)
    } finally {
      await visitor.close()
    }

    // Back on the challenge: completed, the passed review with its score and points; "Review again" is
    // for a review that failed.
    await openChallenge(page, challenge)
    await expect(page.getByRole('heading', { level: 2, name: 'Refine and Resubmit' })).toBeVisible()
    await expect(about(page).locator('[data-status]')).toHaveText('Completed')
    await expect(
      about(page).getByRole('link', { name: new RegExp(`${login}\\.github\\.io`) }),
    ).toHaveAttribute('href', liveUrl)
    await expect(about(page).getByRole('button', { name: 'Download Requirements' })).toBeVisible()
    await expect(panelState(page)).toContainText('Review passed')
    await expect(panelState(page)).toContainText('+10 points')
    expect(Number(await page.getByTestId('review-panel-score').textContent())).toBeGreaterThan(0)
    await expect(page.getByRole('button', { name: 'Review again' })).toHaveCount(0)

    // A resubmission is reviewed again and passes, but awards nothing more: no overlay, still 10 points.
    await urlField(page).fill(`${liveUrl}?v=2`)
    await page.getByRole('button', { name: 'Resubmit', exact: true }).click()
    await expect(panelState(page)).toHaveText(REVIEWING)
    await expect(panelState(page)).toContainText('Review passed', { timeout: REVIEW_TIMEOUT_MS })
    await expect(panelState(page)).not.toContainText('points')
    await expect(page.getByTestId('earlier-review')).toHaveCount(1)
    const [resubmitted] = (await memberReviews(page, challenge.id)).reviews
    expect(resubmitted).toMatchObject({ status: 'passed', pointsAwarded: 0, requestedUrl: `${liveUrl}?v=2` })
    await expect(overlay(page)).toHaveCount(0)
    await expect(pointsBadge(page)).toHaveText('10 points')
    await page.goto(`/profile/${login}`)
    await expect(page.getByRole('definition')).toHaveText(['10', 'Completed 1 · Submitted 1'])
  })

  test('failures leave the buttons ready and say what happened', async ({
    page,
    request,
    consoleErrors,
  }, testInfo) => {
    const challenge = await challengeAt(request, 1)
    await signIn(page, testInfo)
    await openChallenge(page, challenge)
    const failWith = (status: number, message = 'Temporarily unavailable.') => ({
      status,
      json: { error: { code: 'test', message } },
    })

    // Start fails: still "Start", ready again, and a toast.
    await page.route('**/api/me/challenges/*/start', (route) => route.fulfill(failWith(503)))
    await about(page).getByRole('button', { name: 'Start', exact: true }).click()
    await expect(page.getByText('We could not start this challenge. Please try again.')).toBeVisible()
    await expect(about(page).getByRole('button', { name: 'Start', exact: true })).toBeEnabled()
    await expect(about(page).locator('[data-status]')).toHaveCount(0)
    await page.unroute('**/api/me/challenges/*/start')

    // Start works but the download fails: the start is kept, the download can be retried.
    await page.route('**/api/me/challenges/*/download', (route) => route.fulfill(failWith(503)))
    await about(page).getByRole('button', { name: 'Start', exact: true }).click()
    await expect(page.getByText('The download failed. Please try again.')).toBeVisible()
    await expect(about(page).getByRole('button', { name: 'Download Requirements' })).toBeEnabled()
    await expect(about(page).locator('[data-status]')).toHaveText('Ongoing')
    await page.unroute('**/api/me/challenges/*/download')

    const download = page.waitForEvent('download')
    await about(page).getByRole('button', { name: 'Download Requirements' }).click()
    expect((await download).suggestedFilename()).toBe(`${challenge.title}.zip`)

    // The server's 400 message shows on the field; other failures keep the URL and toast.
    const field = urlField(page)
    const submit = page.getByRole('button', { name: 'Submit', exact: true })
    await page.route('**/api/me/challenges/*/submit', (route) =>
      route.fulfill(failWith(400, 'Please enter a valid live site URL.')),
    )
    await field.fill('https://someone.github.io/project')
    await submit.click()
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please enter a valid live site URL.' }),
    ).toBeVisible()
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await page.unroute('**/api/me/challenges/*/submit')

    await page.route('**/api/me/challenges/*/submit', (route) => route.fulfill(failWith(500)))
    await field.fill('https://someone.github.io/project')
    await submit.click()
    await expect(page.getByText('We could not submit your solution. Please try again.')).toBeVisible()
    await expect(submit).toBeEnabled()
    await expect(field).toHaveValue('https://someone.github.io/project')
    await expect(overlay(page)).toHaveCount(0)
    await page.unroute('**/api/me/challenges/*/submit')

    // A session that ended: the next member call answers 401 and the app signs out.
    await page.context().clearCookies()
    await submit.click()
    await expect(page.getByText('Your session has ended. Please log in again.')).toBeVisible()
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
    await expect(about(page).getByRole('link', { name: 'Login to start' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Submit Solution' })).toHaveCount(0)

    consoleErrors.splice(0) // the provoked 4xx and 5xx answers are logged by the browser
  })

  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    test(`the signed-in challenge page and the overlay have no axe violations (${viewportName})`, async ({
      page,
      request,
    }, testInfo) => {
      test.slow()
      await page.setViewportSize(viewport)
      const challenge = await challengeAt(request, viewportName === 'desktop' ? 2 : 3)
      const login = await signIn(page, testInfo)
      await openChallenge(page, challenge)
      await expect(about(page).getByRole('button', { name: 'Start', exact: true })).toBeVisible()
      await expect(page.getByRole('list', { name: 'Assets included' })).toBeVisible()
      await expectNoAxeViolations(page)

      await startAndDownload(page)
      await expect(page.getByRole('heading', { level: 2, name: 'Submit Solution' })).toBeVisible()
      await page.getByRole('button', { name: 'Submit', exact: true }).click()
      await expect(page.getByText('Live site URL is required.')).toBeVisible()
      await expectNoAxeViolations(page)
      if (viewportName === 'mobile') {
        // The narrowest supported screen: nothing may widen the page.
        await page.setViewportSize({ width: 320, height: 640 })
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
        await page.setViewportSize(viewport)
      }

      // The member's own site: the panel follows its review, and the overlay opens when it passes.
      await urlField(page).fill(ownSite(login, challenge))
      await page.getByRole('button', { name: 'Submit', exact: true }).click()
      await expect(panelState(page)).toHaveText(REVIEWING)
      await expectNoAxeViolations(page)
      const dialog = overlay(page)
      await expect(dialog).toBeVisible({ timeout: REVIEW_TIMEOUT_MS })
      await expect(dialog.getByRole('button', { name: /^Share on / })).toHaveCount(3)
      for (const button of await dialog.getByRole('button').all()) await expect(button).toBeInViewport()
      await expectNoAxeViolations(page)

      // "View your solution" closes it and opens the solution's page, which is axe-clean too.
      const { solutionId } = await memberReviews(page, challenge.id)
      await dialog.getByRole('button', { name: 'View your solution' }).click()
      await expect(page).toHaveURL(`/solutions/${solutionId}`)
      await expect(page.getByRole('heading', { name: 'Edit your solution' })).toBeVisible()
      await expect(page.getByRole('region', { name: 'Captures' }).getByRole('img')).toHaveCount(3)
      await expectNoAxeViolations(page)
    })
  }
})
