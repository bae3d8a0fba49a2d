// The reference scored as a review scores a member's site (docs/product.md §10): served on loopback,
// captured at the three review breakpoints by the review's own capture, and each capture scored against
// the challenge's committed design. A reference below REFERENCE_MIN_SCORE means the design and the
// review do not see the page alike (another viewport, another font), and no member could match it.
// It is reviewed with every Chromium the platform may review with (the system's and the one the npm
// package ships), and the two must agree within CHROMIUM_MAX_SCORE_GAP at each breakpoint: a member's
// score must not depend on the machine that reviewed it (docs/decisions/014-one-rendering-for-every-chromium.md).
// Each capture's list of elements must also be the design's (design/<view>.elements.json), boxes within
// a pixel, for the element review to find nothing to say of the reference.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { scoreBreakpoint } from '#server/review/breakpoint-score.ts'
import type { BrowserPool } from '#server/review/browser-pool.ts'
import { captureSite, renderDesign } from '#server/review/capture.ts'
import type { PageElements } from '#shared/page-elements.ts'
import { REVIEW_BREAKPOINTS, type ReviewBreakpointName } from '#shared/review.ts'
import { elementsFileName } from '../content-render.ts'
import { startStaticSite } from '../static-site.ts'
import { compareElements, readElementsFile } from './elements.ts'
import { type Problem, shown } from './shared.ts'

/** The least a reference may score at any breakpoint against its own design, with any Chromium. */
export const REFERENCE_MIN_SCORE = 99
/** Two Chromiums' scores of one reference at one breakpoint must differ by less than this. */
export const CHROMIUM_MAX_SCORE_GAP = 0.5

/** A Chromium the reference is reviewed with: its name in the report and its browser pool. */
export type ReviewingPool = { name: string; pool: BrowserPool }

/** Scores per Chromium (by name), then per breakpoint. */
export type ReferenceScores = Record<string, Partial<Record<ReviewBreakpointName, number>>>

/**
 * The problems in a reference's scores: each breakpoint below REFERENCE_MIN_SCORE with any Chromium, and
 * each breakpoint where two Chromiums' scores differ by CHROMIUM_MAX_SCORE_GAP or more. `designDir` is
 * the challenge's design/ folder, which the problems point at.
 */
export function scoreProblems(designDir: string, scores: ReferenceScores): Problem[] {
  const problems: Problem[] = []
  const chromiums = Object.keys(scores)
  const several = chromiums.length > 1
  for (const { breakpoint } of REVIEW_BREAKPOINTS) {
    const path = shown(join(designDir, `${breakpoint}.png`))
    for (const chromium of chromiums) {
      const score = scores[chromium]?.[breakpoint]
      if (score !== undefined && score < REFERENCE_MIN_SCORE)
        problems.push({
          path,
          field: 'review score',
          message: `the reference scores ${score} at ${breakpoint}${several ? ` with the ${chromium} Chromium` : ''} against its own design in a review (at least ${REFERENCE_MIN_SCORE}); render the designs again (npm run content:render) or fix what differs`,
        })
    }
    for (const [i, first] of chromiums.entries())
      for (const second of chromiums.slice(i + 1)) {
        const a = scores[first]?.[breakpoint]
        const b = scores[second]?.[breakpoint]
        if (a === undefined || b === undefined) continue
        // Rounded first: scores come with one decimal, and 0.1 + 0.4 is not 0.5 in floating point.
        const gap = Math.round(Math.abs(a - b) * 1000) / 1000
        if (gap >= CHROMIUM_MAX_SCORE_GAP)
          problems.push({
            path,
            field: 'review score',
            message: `the reference scores ${a} with the ${first} Chromium and ${b} with the ${second} one at ${breakpoint} (they may differ by less than ${CHROMIUM_MAX_SCORE_GAP}); a member's score would depend on the machine: find what the two draw differently (docs/decisions/014-one-rendering-for-every-chromium.md)`,
          })
      }
  }
  return problems
}

/**
 * One Chromium's score of the reference at each breakpoint, and where the elements its capture listed
 * differ from the design's (design/<view>.elements.json): the element review must see the reference
 * as its design, or a perfect copy would be told it differs.
 */
async function scoreWith(dir: string, pool: BrowserPool, port: number, chromium: string) {
  const capture = await captureSite(pool, {
    url: `http://127.0.0.1:${port}/reference/index.html`,
    allowLoopback: { ports: [port] },
  })
  const problems: Problem[] = []
  const designElements = new Map<ReviewBreakpointName, PageElements>()
  for (const shot of capture.captures) {
    const design = await readElementsFile(dir, shot.breakpoint)
    // A missing or unreadable file is the elements check's to report.
    if (!('page' in design)) continue
    designElements.set(shot.breakpoint, design.page)
    const path = shown(join(dir, 'design', elementsFileName(shot.breakpoint)))
    if (!shot.elements) {
      problems.push({
        path,
        field: 'review elements',
        message: `the review's capture of the reference at ${shot.breakpoint} with the ${chromium} Chromium listed no elements`,
      })
      continue
    }
    const differences = compareElements(design.page, shot.elements, { other: 'the capture' })
    if (differences.length > 0)
      problems.push({
        path,
        field: 'review elements',
        message: `the review's capture of the reference at ${shot.breakpoint} with the ${chromium} Chromium lists other elements: ${differences.join('; ')}`,
      })
  }
  const scores: Partial<Record<ReviewBreakpointName, number>> = {}
  for (const { breakpoint, width } of REVIEW_BREAKPOINTS) {
    const shot = capture.captures.find((c) => c.breakpoint === breakpoint)
    if (!shot) throw new Error(`the capture has no ${breakpoint} screenshot`)
    const design = await renderDesign(pool, {
      png: await readFile(join(dir, 'design', `${breakpoint}.png`)),
      width,
    })
    // Scored as a review scores it: the pixels and the elements (docs/decisions/023-element-score.md).
    const scored = await scoreBreakpoint({
      breakpoint,
      design,
      capture: shot.png,
      designElements: designElements.get(breakpoint),
      pageElements: shot.elements,
    })
    scores[breakpoint] = scored.score
  }
  return { scores, problems }
}

/**
 * The reference's score per Chromium and breakpoint, and the problems scoreProblems finds in them. The
 * Chromiums review one after the other: the check already runs two references at a time, and on two
 * cores four reviews at once only make each slower, up to the capture's bounded waits.
 */
export async function checkReferenceScores(
  dir: string,
  pools: readonly ReviewingPool[],
): Promise<{ scores: ReferenceScores; problems: Problem[] }> {
  const site = await startStaticSite(dir)
  try {
    const scores: ReferenceScores = {}
    const elementProblems: Problem[] = []
    for (const { name, pool } of pools) {
      try {
        const reviewed = await scoreWith(dir, pool, site.port, name)
        scores[name] = reviewed.scores
        elementProblems.push(...reviewed.problems)
      } catch (error) {
        throw new Error(`with the ${name} Chromium: ${error instanceof Error ? error.message : error}`)
      }
    }
    return { scores, problems: [...scoreProblems(join(dir, 'design'), scores), ...elementProblems] }
  } finally {
    await site.close()
  }
}
