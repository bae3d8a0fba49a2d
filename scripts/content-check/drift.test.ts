import { describe, expect, it } from 'vitest'
import { compareImages } from './drift.ts'
import { png } from './test-fixtures.ts'

describe('compareImages', () => {
  it('passes identical images', async () => {
    const result = await compareImages(png(100, 100), png(100, 100))
    expect(result).toMatchObject({ sameSize: true, diffPixels: 0, ok: true })
  })

  it('passes exactly 1% of differing pixels and fails just over it', async () => {
    const atLimit = await compareImages(png(100, 100), png(100, 100, 100))
    expect(atLimit.diffPixels).toBe(100)
    expect(atLimit.ok).toBe(true)

    const over = await compareImages(png(100, 100), png(100, 100, 101))
    expect(over.ratio).toBeCloseTo(0.0101)
    expect(over.ok).toBe(false)
    expect(over.diff).toBeInstanceOf(Buffer)
  })

  it('fails when the sizes differ', async () => {
    const result = await compareImages(png(100, 100), png(100, 120))
    expect(result).toMatchObject({ sameSize: false, ok: false, height: 120 })
  })
})
