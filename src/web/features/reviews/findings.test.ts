import { describe, expect, it } from 'vitest'
import { boxesDescription, boxText, hasBoxes } from '#web/features/reviews/findings.ts'

describe('a finding’s boxes in words', () => {
  const design = { x: 120, y: 340, width: 560, height: 64 }
  const page = { x: 120.4, y: 387.6, width: 392, height: 44.8 }

  it('says both boxes, in whole px', () => {
    expect(boxText(page)).toBe('120, 388, 392 × 45 px')
    expect(boxesDescription({ designBox: design, pageBox: page })).toBe(
      'Design: 120, 340, 560 × 64 px; your page: 120, 388, 392 × 45 px',
    )
  })

  it('says what a missing or an extra element lacks', () => {
    expect(boxesDescription({ designBox: design, pageBox: null })).toBe(
      'Design: 120, 340, 560 × 64 px; not on your page',
    )
    expect(boxesDescription({ designBox: null, pageBox: page })).toBe(
      'Not in the design; your page: 120, 388, 392 × 45 px',
    )
    expect(hasBoxes({ designBox: null, pageBox: null })).toBe(false)
    expect(hasBoxes({ designBox: design, pageBox: null })).toBe(true)
  })
})
