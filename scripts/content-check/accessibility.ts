// Accessibility: axe (WCAG 2.0/2.1 A and AA, best practice) finds no violation on the reference at
// every view width.
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { Browser, Page } from '@playwright/test'
import { openContext, openPage, referenceUrl, VIEWS, type View } from '../content-render.ts'
import { type Problem, shown } from './shared.ts'

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

/** axe on an open page of the reference; one problem per rule. */
export async function axeProblems(page: Page, dir: string, view: View): Promise<Problem[]> {
  const path = shown(join(dir, 'reference', 'index.html'))
  try {
    const results = await new AxeBuilder({ page })
      .options({ resultTypes: ['violations'] })
      .withTags(AXE_TAGS)
      .analyze()
    return results.violations.map((violation) => {
      const targets = violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(', ')
      const more = violation.nodes.length > 3 ? ` and ${violation.nodes.length - 3} more` : ''
      return {
        path,
        field: `axe ${violation.id} at ${view.width}px`,
        message: `${violation.help}: ${targets}${more}`,
      }
    })
  } catch (error) {
    return [{ path, field: `axe at ${view.width}px`, message: `could not run: ${(error as Error).message}` }]
  }
}

/** axe on the reference at every view width, on pages of its own (when not rendering). */
export async function checkAccessibility(
  dir: string,
  browser: Browser,
  blocked: Set<string>,
): Promise<Problem[]> {
  const problems: Problem[] = []
  for (const view of VIEWS) {
    const context = await openContext(browser, view, { onBlockedRequest: (url) => blocked.add(url) })
    try {
      problems.push(...(await axeProblems(await openPage(context, referenceUrl(dir)), dir, view)))
    } finally {
      await context.close()
    }
  }
  return problems
}
