import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BrowserPool, createBrowserPool } from '#server/review/browser-pool.ts'
import { type CaptureScore, scoreCapture } from '#server/review/score.ts'
import type { ReviewBreakpointName } from '#shared/review.ts'
import { captureLadder, footerLadder } from '#tests/support/score-ladder-fixtures.ts'

/**
 * The score ranks real work as a person would (docs/decisions/012-structure-and-colour-score.md): a
 * footer challenge's reference and eight kinds of lesser work, made from it, its starter or another
 * challenge, captured by the review's own capture and scored against the design as a review renders it.
 */

const LADDER = footerLadder({
  accent: { property: '--wheat', colour: '#7ab8eb' },
  footer: '.footer',
  background: '#2b3a67',
  other: 'Tidepool-Aquarium-Footer',
})
const BREAKPOINTS: ReviewBreakpointName[] = ['desktop', 'tablet', 'mobile']

describe('the score ladder on Saltmarsh Coffee Footer', () => {
  let pool: BrowserPool
  const scores = new Map<ReviewBreakpointName, Map<string, CaptureScore>>()
  const score = (breakpoint: ReviewBreakpointName, variant: string): number => {
    const result = scores.get(breakpoint)?.get(variant)
    if (!result) throw new Error(`no score for ${variant} at ${breakpoint}`)
    return result.score
  }

  beforeAll(async () => {
    pool = createBrowserPool()
    const { designs, captures } = await captureLadder(pool, 'Saltmarsh-Coffee-Footer', LADDER, BREAKPOINTS)
    for (const breakpoint of BREAKPOINTS) {
      const design = designs.get(breakpoint) as Buffer
      const byVariant = new Map<string, CaptureScore>()
      for (const { name } of LADDER) {
        const capture = captures.get(name)?.get(breakpoint)
        if (!capture) throw new Error(`no ${breakpoint} capture of ${name}`)
        byVariant.set(name, await scoreCapture({ design, capture }))
      }
      scores.set(breakpoint, byVariant)
    }
  }, 300_000)

  afterAll(async () => {
    await pool?.close()
  })

  it.each(BREAKPOINTS)('scores the reference at least 99 and a blank page at most 5 (%s)', (breakpoint) => {
    expect(score(breakpoint, 'reference')).toBeGreaterThanOrEqual(99)
    expect(score(breakpoint, 'blank page')).toBeLessThanOrEqual(5)
  })

  it.each(BREAKPOINTS)('scores the starter at least 10 above a blank page (%s)', (breakpoint) => {
    expect(score(breakpoint, 'starter')).toBeGreaterThanOrEqual(score(breakpoint, 'blank page') + 10)
  })

  it.each(BREAKPOINTS)('ranks every variant in order (%s)', (breakpoint) => {
    const ranked = LADDER.map(({ name }) => ({ name, score: score(breakpoint, name) }))
    for (let i = 1; i < ranked.length; i++) {
      const [better, worse] = [ranked[i - 1], ranked[i]]
      expect(worse?.score, `${better?.name} ${better?.score} > ${worse?.name} ${worse?.score}`).toBeLessThan(
        better?.score ?? 0,
      )
    }
  })

  it('keeps the structure of a page with another background and the colours of a shifted page', () => {
    const desktop = scores.get('desktop')
    const background = desktop?.get('background colour changed')
    const shifted = desktop?.get('20 px shift')
    expect(background?.structure).toBeGreaterThan(95)
    expect(background?.colour).toBeLessThan(80)
    expect(shifted?.colour).toBeGreaterThan(90)
  })
})
