import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { MAX_HEIGHT_RATIO, SHIFT_TOLERANCE, scoreCapture, scoreFrom } from '#server/review/score.ts'
import { blankPng, pagePng, stackPngs } from '#server/review/score-fixtures.ts'

/** The colour of one pixel of a PNG, as [r, g, b]. */
async function pixelAt(png: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true })
  const at = (y * info.width + x) * info.channels
  return [...data.subarray(at, at + 3)]
}

describe('scoreCapture', () => {
  let design: Buffer

  beforeAll(async () => {
    design = await pagePng()
  })

  it('scores an identical capture 100 with no mismatch', async () => {
    const result = await scoreCapture({ design, capture: design })

    expect(result.score).toBe(100)
    expect(result.rawMismatch).toBe(0)
    expect(result.baselineMismatch).toBeGreaterThan(0)
    expect(result).toMatchObject({
      designHeight: 1600,
      captureHeight: 1600,
      comparedHeight: 1600,
      heightRatio: 1,
    })
  })

  it.each([
    { dx: 0, dy: 1 },
    { dx: 0, dy: 2 },
    { dx: 0, dy: 3 },
    { dx: 0, dy: 4 },
    { dx: 1, dy: 0 },
    { dx: 2, dy: 0 },
    { dx: 3, dy: 0 },
    { dx: 4, dy: 0 },
    { dx: 3, dy: 3 },
  ])('scores content moved by ($dx, $dy) px at least 97, below 100', async ({ dx, dy }) => {
    const result = await scoreCapture({ design, capture: await pagePng({ dx, dy }) })

    expect(result.score).toBeGreaterThanOrEqual(97)
    expect(result.score).toBeLessThan(100)
    expect(result.shiftedPixels).toBeGreaterThan(0)
  })

  it('without the shift tolerance, loses far more to a 4 px move (why the tolerance exists)', async () => {
    const capture = await pagePng({ dy: 4 })
    const [strict, tolerant] = await Promise.all([
      scoreCapture({ design, capture, shiftTolerance: 0 }),
      scoreCapture({ design, capture }),
    ])

    expect(strict.shiftedPixels).toBe(0)
    expect(strict.score).toBeLessThan(90)
    expect(tolerant.rawMismatch + tolerant.shiftedPixels).toBe(strict.rawMismatch)
  })

  it('does not forgive moves beyond the tolerance', async () => {
    const result = await scoreCapture({ design, capture: await pagePng({ dy: 3 * SHIFT_TOLERANCE }) })

    expect(result.score).toBeLessThan(90)
  })

  it('scores a blank white capture at most 5, tall or viewport-high', async () => {
    const [sameHeight, viewportHigh] = await Promise.all([
      scoreCapture({ design, capture: await blankPng(768, 1600) }),
      scoreCapture({ design, capture: await blankPng(768, 1024) }),
    ])

    expect(sameHeight.score).toBeLessThanOrEqual(5)
    expect(viewportHigh.score).toBeLessThanOrEqual(5)
    expect(viewportHigh.comparedHeight).toBe(1600)
  })

  it('scores a wrong layout (same blocks and colours, rearranged) at most 60', async () => {
    const result = await scoreCapture({ design, capture: await pagePng({ layout: 'rearranged' }) })

    expect(result.score).toBeLessThanOrEqual(60)
  })

  it('caps the compared height of a capture twice as long and counts the extra length against it', async () => {
    const capture = await stackPngs(design, await pagePng({ layout: 'rearranged' }))
    const result = await scoreCapture({ design, capture })

    expect(result.heightRatio).toBe(2)
    expect(result.captureHeight).toBe(3200)
    expect(result.comparedHeight).toBe(1600 * MAX_HEIGHT_RATIO)
    expect(result.score).toBeLessThanOrEqual(70)
    const diff = await sharp(result.diff).metadata()
    expect([diff.width, diff.height]).toEqual([768, 2400])
    // Below the design's end everything the page draws is a mismatch, even its white space.
    expect(await pixelAt(result.diff, 2, 2300)).toEqual([255, 0, 0])
  })

  it('scores a capture half as tall by what the missing half of the design holds', async () => {
    const [half, full] = await Promise.all([
      scoreCapture({ design, capture: await pagePng({ height: 800 }) }),
      scoreCapture({ design, capture: await blankPng(768, 1600) }),
    ])

    expect(half.heightRatio).toBe(0.5)
    expect(half.comparedHeight).toBe(1600)
    // The top half is exact, so the score is the top half's share of the design's content.
    expect(half.score).toBeGreaterThan(35)
    expect(half.score).toBeLessThan(65)
    expect(half.baselineMismatch).toBe(full.baselineMismatch)
  })

  it('gives the same score and heatmap on every run', async () => {
    const capture = await pagePng({ dx: 2, dy: 3, layout: 'rearranged' })
    const [first, second] = await Promise.all([
      scoreCapture({ design, capture }),
      scoreCapture({ design, capture }),
    ])

    expect(second.score).toBe(first.score)
    expect(second.rawMismatch).toBe(first.rawMismatch)
    expect(second.shiftedPixels).toBe(first.shiftedPixels)
    expect(second.diff.equals(first.diff)).toBe(true)
  })

  it('scores against a blank design: 100 for a blank capture, 0 for any content', async () => {
    const blankDesign = await blankPng(768, 1600)
    const [blank, content] = await Promise.all([
      scoreCapture({ design: blankDesign, capture: await blankPng(768, 1600) }),
      scoreCapture({ design: blankDesign, capture: design }),
    ])

    expect(blank).toMatchObject({ score: 100, rawMismatch: 0, baselineMismatch: 0 })
    expect(content).toMatchObject({ score: 0, baselineMismatch: 0 })
    expect(content.rawMismatch).toBeGreaterThan(0)
  })

  it('scales a capture of another width to the design width, keeping its aspect', async () => {
    const result = await scoreCapture({ design, capture: await pagePng({ scale: 2 }) })

    expect(result).toMatchObject({
      captureWidth: 1536,
      captureHeight: 1600,
      designWidth: 768,
      heightRatio: 1,
    })
    expect(result.score).toBeGreaterThanOrEqual(97)
  })

  it('counts the squeeze against a page that overflows sideways', async () => {
    // A 40 px overflow: a full-page screenshot grows to 808 px, which is scaled down to 768.
    const overflowing = await sharp(design).extend({ right: 40, background: '#ffffff' }).png().toBuffer()
    const result = await scoreCapture({ design, capture: overflowing })

    expect(result.captureWidth).toBe(808)
    expect(result.captureHeight).toBe(Math.round((1600 * 768) / 808))
    expect(result.score).toBeLessThan(90)
  })

  it('says which image it cannot read', async () => {
    await expect(scoreCapture({ design, capture: Buffer.from('not a png') })).rejects.toThrow(
      'The capture is not a readable image.',
    )
  })

  // How long this takes is measured by hand (see the note), not asserted here.
  it('scores a 1440 × 8000 design', async () => {
    const [bigDesign, capture] = await Promise.all([
      pagePng({ width: 1440, height: 8000 }),
      pagePng({ width: 1440, height: 8000, dy: 2 }),
    ])
    const result = await scoreCapture({ design: bigDesign, capture })

    expect(result.comparedHeight).toBe(8000)
    expect(result.score).toBeGreaterThanOrEqual(97)
  })
})

describe('scoreFrom', () => {
  it('clamps a capture worse than a blank page to 0', () => {
    expect(scoreFrom(150, 100)).toBe(0)
  })

  it('rounds to one decimal and keeps 100 for no mismatch at all', () => {
    expect(scoreFrom(1234, 10_000)).toBe(87.7)
    expect(scoreFrom(1, 1_000_000)).toBe(99.9)
    expect(scoreFrom(0, 1_000_000)).toBe(100)
  })

  it('scores a blank design 100 only when the capture is blank too', () => {
    expect(scoreFrom(0, 0)).toBe(100)
    expect(scoreFrom(1, 0)).toBe(0)
  })
})
