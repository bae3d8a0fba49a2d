import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { HEATMAP_LEGEND, heightSentence, scoreBand } from '#web/features/reviews/report.ts'

describe("the report's score colours", () => {
  it('is red below 50, amber from 50 to under 80, green from 80', () => {
    expect([0, 49.9, 50, 79.9, 80, 100].map(scoreBand)).toEqual([
      'poor',
      'poor',
      'fair',
      'fair',
      'good',
      'good',
    ])
  })
})

describe('the height sentence', () => {
  it('says how much taller or shorter the page is, from 5 % on', () => {
    expect(heightSentence({ breakpoint: 'tablet', heightRatio: 1.3 })).toBe(
      'Your page is 30% taller than the design at tablet width: the extra part counts against the score.',
    )
    expect(heightSentence({ breakpoint: 'mobile', heightRatio: 0.8 })).toBe(
      'Your page is 20% shorter than the design at mobile width: the missing part counts against the score.',
    )
    expect(heightSentence({ breakpoint: 'desktop', heightRatio: 1.05 })).toMatch(/^Your page is 5% taller/)
    expect(heightSentence({ breakpoint: 'desktop', heightRatio: 0.95 })).toMatch(/^Your page is 5% shorter/)
  })

  it('says nothing within 5 % of the design, or for a ratio that is not one', () => {
    for (const heightRatio of [1, 1.04, 0.96, 1.044, 0, Number.NaN, Number.POSITIVE_INFINITY])
      expect(heightSentence({ breakpoint: 'desktop', heightRatio })).toBeNull()
  })
})

describe('the heatmap legend', () => {
  it("names the colours the scoring draws (src/server/review/score.ts's, which the web cannot import)", async () => {
    const source = await readFile(new URL('../../../server/review/score.ts', import.meta.url), 'utf8')
    const [red, orange, yellow] = HEATMAP_LEGEND.map((entry) => entry.rgb.join(', '))
    expect(source).toContain(`diffColor: [${red}]`)
    expect(source).toContain(`SHIFTED_COLOUR = [${orange}]`)
    expect(source).toContain(`aaColor: [${yellow}]`)
    expect(source).toContain('includeAA: false')
    expect(source).toContain('SHIFT_TOLERANCE = 4')
  })
})
