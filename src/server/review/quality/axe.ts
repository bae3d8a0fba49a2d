import { createRequire } from 'node:module'
import type { AxeResults } from 'axe-core'
import type { Page } from 'playwright-core'
import { AXE_IMPACTS, type AxeAudit, type AxeFinding } from '#shared/review.ts'

/**
 * axe-core on a page the capture has open: the rules it breaks, one finding per rule with the
 * elements counted, most severe first. Run after the capture's screenshot, on the same page, so axe
 * judges what the screenshot shows (colour contrast included).
 */

export const AXE_CORE_VERSION: string = createRequire(import.meta.url)('axe-core/package.json').version

/** axe on a big page takes seconds; a page that makes it hang must not hold the review. */
const AXE_TIMEOUT_MS = 30_000
/** A selector or text from the page is kept to this many characters: the page decides their length. */
const MAX_TEXT = 300

const clip = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text)

/** Most severe first, then the rule with the most elements, then by id (a stable order). */
function compareAxeFindings(a: AxeFinding, b: AxeFinding): number {
  const rank = (finding: AxeFinding) =>
    finding.impact === null ? AXE_IMPACTS.length : AXE_IMPACTS.indexOf(finding.impact)
  return rank(a) - rank(b) || b.count - a.count || a.ruleId.localeCompare(b.ruleId)
}

/** axe's violations as findings: one per rule, counted, with the first element's selector. */
export function axeFindings(results: Pick<AxeResults, 'violations'>): AxeFinding[] {
  return results.violations
    .map((violation) => {
      const target = violation.nodes[0]?.target
      // A target is a list of selectors, one per frame or shadow root on the way to the element.
      const selector = target
        ? target.map((part) => (Array.isArray(part) ? part.join(' ') : part)).join(' ')
        : ''
      return {
        ruleId: violation.id,
        impact:
          violation.impact && (AXE_IMPACTS as readonly string[]).includes(violation.impact)
            ? (violation.impact as AxeFinding['impact'])
            : null,
        count: violation.nodes.length,
        selector: selector ? clip(selector) : null,
        help: clip(violation.help),
        helpUrl: clip(violation.helpUrl),
      }
    })
    .sort(compareAxeFindings)
}

/** axe on `page` as it is now; a failure (the page broke axe, or it took too long) is reported, not thrown. */
export async function auditAccessibility(
  page: Page,
  options: { timeoutMs?: number } = {},
): Promise<AxeAudit> {
  const timeoutMs = options.timeoutMs ?? AXE_TIMEOUT_MS
  let timer: NodeJS.Timeout | undefined
  try {
    // Loaded with the first audit: the server bundle holds this file, and a web-only process runs none.
    const { default: AxeBuilder } = await import('@axe-core/playwright')
    const results = await Promise.race([
      // Only violations become findings: axe then keeps one node of each other result type, which
      // spares it serialising every passing element of a big page.
      new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`axe did not finish within ${Math.round(timeoutMs / 1000)} seconds.`)),
          timeoutMs,
        )
      }),
    ])
    return { status: 'done', findings: axeFindings(results) }
  } catch (error) {
    return {
      status: 'unavailable',
      reason: clip(
        `The accessibility check could not run on this page: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
      ),
    }
  } finally {
    clearTimeout(timer)
  }
}
