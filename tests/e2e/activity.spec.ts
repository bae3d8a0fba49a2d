import type { Page } from '@playwright/test'
import { challengeAt, newMember, passedSolution } from './feedback-journey.ts'
import { expect, expectHydrated, expectNoAxeViolations, test, VIEWPORTS } from './fixtures.ts'

/**
 * Activity and streaks (docs/product.md §14): a member sets a weekly goal in Settings,
 * sees it on the dashboard, passes a challenge, and finds today filled in their profile's calendar with
 * the streak line; the calendar is one tab stop whose arrow keys move between days and show each day's
 * figures; hidden activity leaves the public profile. Every page involved passes axe at both widths, in
 * the light and the dark theme.
 */

const grid = (page: Page) => page.getByRole('grid', { name: 'Activity calendar' })
const focusedDay = (page: Page) => grid(page).locator('td[tabindex="0"]')

test('a weekly goal on the dashboard, today filled in the calendar, the streak and the figures of each day', async ({
  browser,
}, testInfo) => {
  // A review to pass, then the pages checked by axe in four combinations.
  test.setTimeout(360_000)
  const member = await newMember(browser, testInfo, 'streak')
  const { page, login } = member

  await test.step('the goal is set in Settings and shows on the dashboard', async () => {
    await page.goto('/settings')
    await expectHydrated(page)
    const section = page.getByRole('region', { name: 'Activity and goal' })
    await section.getByLabel('Weekly goal').selectOption('2')
    await section.getByRole('button', { name: 'Save activity settings' }).click()
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: 'Your activity settings have been saved.' }),
    ).toBeVisible()
    await page.goto('/my')
    await expect(page.getByTestId('weekly-goal-text')).toHaveText('0 of 2 challenges passed this week.')
  })

  await passedSolution(member, await challengeAt(page, testInfo.workerIndex + 5))

  await test.step('the passed challenge counts towards the goal', async () => {
    await page.goto('/my')
    await expect(page.getByTestId('weekly-goal-text')).toHaveText('1 of 2 challenges passed this week.')
  })

  await test.step('the profile shows today filled, the streak and the summary', async () => {
    await page.goto(`/profile/${login}`)
    await expectHydrated(page)
    await expect(grid(page)).toBeVisible()
    // Today is the calendar's tab stop: a submit and its passed review, the second level of five.
    const today = focusedDay(page)
    await expect(today).toHaveCount(1)
    await expect(today).toHaveAttribute('data-level', '2')
    await expect(today).toHaveAccessibleName(/: 1 passed review, 1 submit, 0 comments$/)
    await expect(grid(page).locator('td[data-level]:not([data-level="0"])')).toHaveCount(1)
    await expect(page.getByTestId('streak-line')).toHaveText('You are on a 1-day streak.')
    await expect(page.getByTestId('activity-summary')).toHaveText(
      '1 active day in the last year; longest streak 1 day; current streak 1 day.',
    )
  })

  await test.step('the arrow keys move between days and show their figures', async () => {
    const today = focusedDay(page)
    const todayDate = await today.getAttribute('data-date')
    await today.focus()
    await expect(page.getByTestId('activity-detail')).toHaveText(/: 1 passed review, 1 submit, 0 comments$/)
    await page.keyboard.press('ArrowLeft')
    // A week earlier, now the one tab stop, focused, and its figures in the line under the grid.
    const earlier = focusedDay(page)
    await expect(earlier).toBeFocused()
    await expect(earlier).not.toHaveAttribute('data-date', todayDate ?? '')
    await expect(page.getByTestId('activity-detail')).toHaveText(/: no activity$/)
    await page.keyboard.press('End')
    await expect(focusedDay(page)).toHaveAttribute('data-date', todayDate ?? '')
    await expect(focusedDay(page)).toBeFocused()
    await expect(page.getByTestId('activity-detail')).toHaveText(/: 1 passed review, 1 submit, 0 comments$/)
    // Tab leaves the grid at once: one tab stop.
    await page.keyboard.press('Tab')
    await expect(grid(page).locator('td:focus')).toHaveCount(0)
  })

  await test.step('axe finds nothing at 1440 and 375, light and dark', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
        await page.setViewportSize(viewport)
        for (const path of [`/profile/${login}`, '/my', '/settings']) {
          await page.goto(path)
          await expect(page.locator('html')).toHaveAttribute('data-theme', scheme)
          await expectHydrated(page)
          await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible()
          if (path.startsWith('/profile')) await expect(grid(page)).toBeVisible()
          if (path === '/my') await expect(page.getByTestId('weekly-goal-text')).toBeVisible()
          if (path === '/settings') await expect(page.getByLabel('Weekly goal')).toBeVisible()
          await expectNoAxeViolations(page)
        }
      }
    }
    await page.emulateMedia({ colorScheme: 'light' })
    await page.setViewportSize(VIEWPORTS.desktop)
  })

  await test.step('hidden activity leaves the public profile; its owner still sees it', async () => {
    await page.goto('/settings')
    await expectHydrated(page)
    const section = page.getByRole('region', { name: 'Activity and goal' })
    await section.getByLabel('Hide my activity from my public profile').check()
    await section.getByRole('button', { name: 'Save activity settings' }).click()
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: 'Your activity settings have been saved.' }),
    ).toBeVisible()
    await page.goto(`/profile/${login}`)
    await expect(page.getByText('Only you see this: your activity is hidden from others.')).toBeVisible()
    await expect(grid(page)).toBeVisible()

    const visitor = await browser.newContext({ viewport: VIEWPORTS.desktop })
    const visitorPage = await visitor.newPage()
    const answered = visitorPage.waitForResponse((response) =>
      response.url().includes(`/api/users/${login}/activity`),
    )
    await visitorPage.goto(`/profile/${login}`)
    expect(await (await answered).json()).toEqual({ hidden: true })
    await expectHydrated(visitorPage)
    await expect(visitorPage.getByRole('heading', { name: 'Badges' })).toBeVisible()
    await expect(visitorPage.getByRole('heading', { name: 'Activity' })).toHaveCount(0)
    await visitor.close()
  })

  await member.close()
})
