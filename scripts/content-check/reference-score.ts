// The reference scored as a review scores a member's site (docs/product.md §10): served on loopback,
// captured at the three review breakpoints by the review's own capture, and each capture scored against
// the challenge's committed design. A reference below REFERENCE_MIN_SCORE means the design and the
// review do not see the page alike (another viewport, another font), and no member could match it.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { BrowserPool } from '#server/review/browser-pool.ts'
import { captureSite, renderDesign } from '#server/review/capture.ts'
import { scoreCapture } from '#server/review/score.ts'
import { REVIEW_BREAKPOINTS } from '#shared/review.ts'
import { startStaticSite } from '../static-site.ts'
import { type Problem, shown } from './shared.ts'

/** The least a reference may score at any breakpoint against its own design. */
export const REFERENCE_MIN_SCORE = 99

/** The reference's score per breakpoint, and a problem for each below REFERENCE_MIN_SCORE. */
export async function checkReferenceScores(
  dir: string,
  pool: BrowserPool,
): Promise<{ scores: Record<string, number>; problems: Problem[] }> {
  const site = await startStaticSite(dir)
  try {
    const capture = await captureSite(pool, {
      url: `http://127.0.0.1:${site.port}/reference/index.html`,
      allowLoopback: { ports: [site.port] },
    })
    const scores: Record<string, number> = {}
    const problems: Problem[] = []
    for (const { breakpoint, width } of REVIEW_BREAKPOINTS) {
      const shot = capture.captures.find((c) => c.breakpoint === breakpoint)
      if (!shot) throw new Error(`the capture has no ${breakpoint} screenshot`)
      const designFile = join(dir, 'design', `${breakpoint}.png`)
      const design = await renderDesign(pool, { png: await readFile(designFile), width })
      const { score } = await scoreCapture({ design, capture: shot.png })
      scores[breakpoint] = score
      if (score < REFERENCE_MIN_SCORE)
        problems.push({
          path: shown(designFile),
          field: 'review score',
          message: `the reference scores ${score} at ${breakpoint} against its own design in a review (at least ${REFERENCE_MIN_SCORE}); render the designs again (npm run content:render) or fix what differs`,
        })
    }
    return { scores, problems }
  } finally {
    await site.close()
  }
}
