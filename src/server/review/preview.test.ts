import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { capturePreview, PREVIEW_MAX_WIDTH } from '#server/review/preview.ts'

/** A capture `width` wide and `height` high: the top `band` pixels red, the rest blue. */
async function capture(width: number, height: number, band: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" fill="#0000ff"/><rect width="${width}" height="${band}" fill="#ff0000"/></svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

describe('a capture’s preview', () => {
  it('is the first screen of a tall desktop capture, 720 wide, as WebP', async () => {
    const preview = await capturePreview({ breakpoint: 'desktop', png: await capture(1440, 3000, 900) })
    const { format, width, height } = await sharp(preview).metadata()
    expect({ format, width, height }).toEqual({ format: 'webp', width: PREVIEW_MAX_WIDTH, height: 450 })
    // Only the first screen: the red band fills it, the blue below it is left out.
    const { dominant } = await sharp(preview).stats()
    expect(dominant.r).toBeGreaterThan(200)
    expect(dominant.b).toBeLessThan(60)
    expect(preview.byteLength).toBeLessThan(20_000)
  })

  it('keeps a narrow capture’s width and a short page’s height', async () => {
    const mobile = await sharp(
      await capturePreview({ breakpoint: 'mobile', png: await capture(375, 2000, 812) }),
    ).metadata()
    expect([mobile.width, mobile.height]).toEqual([375, 812])
    const short = await sharp(
      await capturePreview({ breakpoint: 'tablet', png: await capture(768, 600, 600) }),
    ).metadata()
    expect([short.width, short.height]).toEqual([720, 563])
  })
})
