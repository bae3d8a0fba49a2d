import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { combineScore, MAX_HEIGHT_RATIO, measuresAlongRows, scoreCapture } from '#server/review/score.ts'
import { blankPng, pagePng, stackPngs, withRowsPutIn } from '#tests/support/score-fixtures.ts'

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
    expect(result).toMatchObject({ colour: 100, structure: 100 })
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

  it('marks small moves as shifted in the heatmap, which the score does not depend on', async () => {
    const capture = await pagePng({ dy: 4 })
    const [strict, tolerant] = await Promise.all([
      scoreCapture({ design, capture, shiftTolerance: 0 }),
      scoreCapture({ design, capture }),
    ])

    expect(strict.shiftedPixels).toBe(0)
    expect(tolerant.shiftedPixels).toBeGreaterThan(0)
    expect(tolerant.rawMismatch + tolerant.shiftedPixels).toBe(strict.rawMismatch)
    expect(strict.score).toBe(tolerant.score)
  })

  it('loses more the further content moved', async () => {
    const moved = async (dy: number) => (await scoreCapture({ design, capture: await pagePng({ dy }) })).score
    const [one, twelve, forty] = await Promise.all([moved(1), moved(12), moved(40)])

    expect(twelve).toBeLessThan(one)
    expect(forty).toBeLessThan(twelve)
    expect(forty).toBeLessThan(80)
  })

  it('measures a page at its own offset as the design itself, and at another as a moved page', async () => {
    const capture = await pagePng({ dy: 40 })
    const at = (image: Buffer, dy: number) =>
      measuresAlongRows({ design, capture: image, rows: [{ y: 0, dy }] })
    const [asCaptured, atItsOffset, atAnother, upward] = await Promise.all([
      scoreCapture({ design, capture }),
      at(capture, 40),
      at(capture, 12),
      at(design, -40),
    ])

    expect(asCaptured.score).toBeLessThan(80)
    // Its top 40 rows dropped, the page is the design's down to its last 40 rows, which are white.
    expect(atItsOffset?.score).toBeGreaterThan(95)
    expect(atItsOffset?.judged).toEqual({ colour: true, structure: true })
    expect(atAnother?.score).toBeLessThan(atItsOffset?.score ?? 0)
    // White rows above the design itself: the design moved down, as a moved page.
    expect(upward?.score).toBeLessThan(80)
    expect(await at(capture, 5000)).toBeNull()
    // A page's elements may say anything: what is read stops at the height the score compares.
    const far = await at(capture, -1e9)
    expect(far?.score).toBeLessThan(10)
    expect((await at(capture, Number.NaN))?.score).toBe(asCaptured.score)
  })

  it('measures a page lower by more down the page along its own rows', async () => {
    // The design with 48 white rows put in at row 800: what follows is 48 px lower, what precedes is not.
    const capture = await withRowsPutIn(design, 800, 48)
    const [asCaptured, alongItsRows, atOneOffset] = await Promise.all([
      scoreCapture({ design, capture }),
      measuresAlongRows({ design, capture, rows: [{ y: 800, dy: 48 }] }),
      measuresAlongRows({ design, capture, rows: [{ y: 0, dy: 48 }] }),
    ])

    expect(alongItsRows?.score).toBeGreaterThan(99)
    expect(asCaptured.score).toBeLessThan(90)
    expect(atOneOffset?.score).toBeLessThan(90)
  })

  it('judges colour apart from structure: changed accents cost colour, not structure', async () => {
    const result = await scoreCapture({
      design,
      capture: await pagePng({ accents: ['#2e9be4', '#5c2935', '#12a7f3', '#bc6669', '#c686a8'] }),
    })

    expect(result.structure).toBeGreaterThanOrEqual(95)
    expect(result.colour).toBeLessThan(90)
    expect(result.score).toBeLessThan(95)
  })

  it('scores a page with another background below a small move and above a wrong layout', async () => {
    const [background, moved, rearranged] = await Promise.all([
      scoreCapture({ design, capture: await pagePng({ background: '#dcecf7' }) }),
      scoreCapture({ design, capture: await pagePng({ dy: 3 }) }),
      scoreCapture({ design, capture: await pagePng({ layout: 'rearranged' }) }),
    ])

    expect(background.structure).toBeGreaterThanOrEqual(95)
    expect(background.score).toBeLessThan(moved.score)
    expect(background.score).toBeGreaterThan(rearranged.score)
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

  it('scores against a design it has seen as against a new one, and never against another design', async () => {
    // Two designs of one size, not used by the tests above: each first score works the design's side
    // out, each second one finds it kept. Kept by size alone, the second scores would swap designs.
    const designs = [
      await pagePng({ accents: ['#1d4ed8', '#0f766e', '#b45309', '#7c3aed', '#be123c'] }),
      await pagePng({ background: '#f4f1ea' }),
    ]
    const capture = await pagePng({ dy: 3 })
    const first = [
      await scoreCapture({ design: designs[0] as Buffer, capture }),
      await scoreCapture({ design: designs[1] as Buffer, capture }),
    ]
    const second = [
      await scoreCapture({ design: designs[0] as Buffer, capture }),
      await scoreCapture({ design: designs[1] as Buffer, capture }),
    ]

    expect(first[0]?.score).not.toBe(first[1]?.score)
    for (const [index, again] of second.entries()) {
      const { diff, ...measures } = again
      const { diff: firstDiff, ...firstMeasures } = first[index] as typeof again
      expect(measures).toEqual(firstMeasures)
      expect(diff.equals(firstDiff)).toBe(true)
    }
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

  it('judges a design of one flat colour on colour alone: a white page scores 0, the colour 100', async () => {
    const flat = await blankPng(768, 600, '#1f6f8b')
    const [white, same, near] = await Promise.all([
      scoreCapture({ design: flat, capture: await blankPng(768, 600) }),
      scoreCapture({ design: flat, capture: await blankPng(768, 600, '#1f6f8b') }),
      scoreCapture({ design: flat, capture: await blankPng(768, 600, '#2a7a95') }),
    ])

    expect(white.score).toBe(0)
    expect(same.score).toBe(100)
    expect(near.score).toBeGreaterThan(0)
    expect(near.score).toBeLessThan(100)
  })

  it('takes the speckle lossy WebP leaves on a flat design for noise, not structure', async () => {
    // Designs are stored as WebP (quality 82): this colour comes back as a few neighbouring shades.
    const stored = await sharp(await blankPng(375, 1200, '#56789a'))
      .webp({ quality: 82, effort: 4 })
      .toBuffer()
    const design = await sharp(stored).png().toBuffer()
    const { data } = await sharp(design).raw().toBuffer({ resolveWithObject: true })
    const shades = new Set<number>()
    for (let i = 0; i < data.length; i += 3)
      shades.add(((data[i] ?? 0) << 16) | ((data[i + 1] ?? 0) << 8) | (data[i + 2] ?? 0))
    expect(shades.size).toBeGreaterThan(1)

    const result = await scoreCapture({ design, capture: await blankPng(375, 1200, '#56789a') })
    expect(result.structure).toBe(100)
    expect(result.score).toBeGreaterThanOrEqual(99)
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

  // How long this takes is measured by `npm run bench:review`, not asserted here.
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

describe('combineScore', () => {
  it('weighs colour and structure, rounded to one decimal', () => {
    expect(combineScore({ colour: 1, structure: 0, identical: false })).toBe(70)
    expect(combineScore({ colour: 0, structure: 1, identical: false })).toBe(30)
    expect(combineScore({ colour: 0.8765, structure: 0.5, identical: false })).toBe(76.4)
  })

  it('keeps 100 for an identical capture, so a near miss never reads as perfect', () => {
    expect(combineScore({ colour: 1, structure: 1, identical: false })).toBe(99.9)
    expect(combineScore({ colour: 1, structure: 1, identical: true })).toBe(100)
  })

  it('leaves out a measure with nothing to judge, and scores 0 when neither has anything', () => {
    expect(combineScore({ colour: 0.5, structure: null, identical: false })).toBe(50)
    expect(combineScore({ colour: null, structure: 0.5, identical: false })).toBe(50)
    expect(combineScore({ colour: null, structure: null, identical: false })).toBe(0)
    expect(combineScore({ colour: null, structure: null, identical: true })).toBe(100)
  })

  it('clamps each measure to 0-1, so a capture worse than a blank page scores 0', () => {
    expect(combineScore({ colour: -0.5, structure: -2, identical: false })).toBe(0)
    expect(combineScore({ colour: 1.5, structure: 1, identical: false })).toBe(99.9)
  })
})
