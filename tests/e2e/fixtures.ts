import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Page } from '@playwright/test'

export const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  mobile: { width: 375, height: 812 },
} as const

/**
 * Waits (at most 2 s) for the page's finite animations and transitions to end: a toast sliding in is
 * partly transparent, and axe would measure the contrast of its text mid-fade. A toast mounts first and
 * starts its transition a frame later, so the page is looked at again after each wait, until a frame
 * passes with nothing moving. Endless animations (spinners, skeletons) are left running.
 */
async function settleAnimations(page: Page) {
  await page.evaluate(async () => {
    const deadline = performance.now() + 2000
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)))
    while (performance.now() < deadline) {
      await nextFrame()
      await nextFrame()
      const finite = document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY,
        )
      if (finite.length === 0) return
      const settled = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)))
      await Promise.race([
        settled,
        new Promise((resolve) => setTimeout(resolve, deadline - performance.now())),
      ])
    }
  })
}

/** Runs axe (WCAG 2.x A/AA and best practices) on the page as it is now and fails on any violation. */
export async function expectNoAxeViolations(page: Page) {
  await settleAnimations(page)
  // Only violations are read: axe keeps one node of each other result type, which is faster.
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze()
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  )
  expect(summary, 'axe violations').toEqual([])
}

/**
 * Every test fails when the page logs a console error or throws: an error the user never sees is
 * still a bug.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text())
      })
      page.on('pageerror', (error) => errors.push(error.message))
      await use(errors)
      expect(errors, 'console errors').toEqual([])
    },
    { auto: true },
  ],
})

/**
 * Chrome logs an answer of 404 as a failed resource. Where that 404 is the point of the test (a
 * missing page, a failed image), those lines are not errors: this drops them before the check.
 */
export function forgetNotFoundErrors(consoleErrors: string[]): void {
  const others = consoleErrors.filter((error) => !/status of 404 \(Not Found\)/.test(error))
  consoleErrors.splice(0, consoleErrors.length, ...others)
}

/** Waits until the app has hydrated the server's page, its later slices too (`data-hydrated`). */
export async function expectHydrated(page: Page): Promise<void> {
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
}

export { expect }
