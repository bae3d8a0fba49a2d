import { describe, expect, it } from 'vitest'
import { qualityReport } from '#server/review/quality/report.ts'
import type { AxeAudit } from '#shared/review.ts'

/**
 * Which audits a review's quality report says ran (docs/product.md §10): a part a server turned off
 * (REVIEW_AXE, REVIEW_LIGHTHOUSE) says so, and one that was on keeps what the capture found.
 */

const FINAL_URL = 'https://member.github.io/site/'
const OFF = { status: 'unavailable', reason: 'This check is turned off on this server.' }

const done = (ruleId: string): AxeAudit => ({
  status: 'done',
  findings: [
    {
      ruleId,
      impact: 'serious',
      count: 1,
      selector: 'p.faint',
      help: 'Elements must meet minimum color contrast ratio thresholds',
      helpUrl: `https://dequeuniversity.com/rules/axe/4.13/${ruleId}`,
    },
  ],
})

describe('the quality report', () => {
  it('marks accessibility as not run at both widths when axe is off, as Lighthouse when it is', async () => {
    const { quality, timings } = await qualityReport({
      site: { finalUrl: FINAL_URL, axe: {} },
      axe: false,
      html: false,
      lighthouse: null,
    })
    expect(quality.axe).toEqual({ desktop: OFF, mobile: OFF })
    expect(quality.lighthouse).toEqual(OFF)
    expect(quality.html).toEqual(OFF)
    // The version is named whether the tool ran or not, as Lighthouse's is.
    expect(quality.versions['axe-core']).toMatch(/^\d+\.\d+\.\d+$/)
    expect(Object.keys(timings)).not.toContain('desktop.axe')
  })

  it("keeps axe's findings of each width when it is on, and says which width it could not check", async () => {
    const { quality } = await qualityReport({
      site: { finalUrl: FINAL_URL, axe: { desktop: done('color-contrast') } },
      axe: true,
      html: false,
      lighthouse: null,
    })
    expect(quality.axe.desktop).toEqual(done('color-contrast'))
    expect(quality.axe.mobile).toEqual({
      status: 'unavailable',
      reason: 'The accessibility check did not run on this page.',
    })
  })
})
