import { beforeAll, describe, expect, it } from 'vitest'
import type { PageElement } from '#shared/page-elements.ts'
import { box, landingElements, page, section } from '#tests/support/element-fixtures.ts'
import { pagePng, withRowsPutIn } from '#tests/support/score-fixtures.ts'
import { scoreBreakpoint } from './breakpoint-score.ts'

const moved = (dy: number): PageElement[] =>
  landingElements().map((element) => ({ ...element, box: { ...element.box, y: element.box.y + dy } }))

describe('scoreBreakpoint', () => {
  let design: Buffer
  let lower: Buffer
  /** The capture 40 px lower, against the design's elements and the page's as given. */
  const scoreLower = (designElements: PageElement[] | null, pageElements: PageElement[]) =>
    scoreBreakpoint({
      breakpoint: 'desktop',
      design,
      capture: lower,
      designElements: designElements && page(designElements),
      pageElements: page(pageElements),
    })

  beforeAll(async () => {
    ;[design, lower] = await Promise.all([pagePng(), pagePng({ dy: 40 })])
  })

  it('measures a page whose elements share an offset at that offset, and scores the better', async () => {
    // The whole page 40 px lower: its elements say so, and its pixels at that offset are the design's.
    const scored = await scoreLower(landingElements(), moved(40))
    expect(scored.measures.score).toBeGreaterThan(scored.pixel.score)
    expect(scored.measures.score).toBeGreaterThan(95)
    // The offset still costs: its share of the element position (docs/decisions/023-element-score.md).
    expect(scored.elements?.agreement.position).toBeLessThan(1)
    expect(scored.score).toBeGreaterThan(95)
    expect(scored.score).toBeLessThan(99.9)
  })

  it('measures a page whose heading runs a line longer along its rows', async () => {
    // The hero (80-640) as a section of its own. Its heading (200-258) takes a third line: the hero and
    // the main section grow by 48 px, and what is under the heading, and below the hero, is 48 px lower;
    // the portrait beside the heading is not. So are the capture's rows from 258 down.
    const hero = section({ tag: 'section', box: box(0, 80, 1440, 560) })
    const designElements = [...landingElements(), hero]
    const longer = designElements.map((element) => {
      const { y, height } = element.box
      const grows =
        (element.kind === 'text' && element.tag === 'h1') ||
        (element.kind === 'section' && y < 258 && y + height > 258)
      if (grows) return { ...element, box: { ...element.box, height: height + 48 } }
      return y >= 258 ? { ...element, box: { ...element.box, y: y + 48 } } : element
    })
    const capture = await withRowsPutIn(design, 258, 48)
    const scored = await scoreBreakpoint({
      breakpoint: 'desktop',
      design,
      capture,
      designElements: page(designElements),
      pageElements: page(longer),
    })
    expect(scored.pixel.score).toBeLessThan(90)
    expect(scored.measures.score).toBeGreaterThan(95)
    // The layout is the design's: everything kept its gap to what is above it.
    expect(scored.elements?.agreement.position).toBe(1)
  })

  it('keeps the capture’s own measures when the elements did not move together', async () => {
    // The pixels moved but the elements did not: nothing says the page began lower.
    const scored = await scoreLower(landingElements(), landingElements())
    expect(scored.measures).toBe(scored.pixel)
    const withoutElements = await scoreLower(null, moved(40))
    expect(withoutElements.measures).toBe(withoutElements.pixel)
    expect(withoutElements.score).toBe(withoutElements.pixel.score)
  })
})
