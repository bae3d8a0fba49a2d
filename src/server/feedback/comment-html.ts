/**
 * Comment bodies as HTML (docs/product.md §12), remembered. Rendering and sanitising one body costs about
 * a third of a millisecond, and a solution's comments answer renders up to a thousand of them on every
 * read (docs/decisions/018-galleries-at-scale.md). The HTML depends on the text alone, so a remembered
 * one is the one a new rendering would give; the most recently used are kept, up to a budget of
 * characters (text and HTML), the least recently used going first.
 */
import { renderWriteUp } from '#server/solutions/write-up.ts'

/** `render`, remembering its answers for the most recently used texts, `budget` characters in all. */
export function rememberRenderings(render: (source: string) => string, budget: number) {
  // A Map iterates in insertion order: a hit is moved to the end, so the first entry is the least recent.
  const kept = new Map<string, string>()
  let used = 0
  return (source: string): string => {
    const hit = kept.get(source)
    if (hit !== undefined) {
      kept.delete(source)
      kept.set(source, hit)
      return hit
    }
    const html = render(source)
    const size = source.length + html.length
    if (size > budget) return html
    kept.set(source, html)
    used += size
    for (const [oldest, oldestHtml] of kept) {
      if (used <= budget) break
      kept.delete(oldest)
      used -= oldest.length + oldestHtml.length
    }
    return html
  }
}

/** About 8 MB at most: thousands of comments, a busy solution's whole answer several times over. */
const COMMENT_HTML_BUDGET = 4_000_000

/** A comment's body as every answer serves it: renderWriteUp's HTML. */
export const commentHtml = rememberRenderings(renderWriteUp, COMMENT_HTML_BUDGET)
