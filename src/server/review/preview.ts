import type { CapturedBreakpoint } from '#server/review/capture.ts'
import { loadSharp } from '#server/sharp.ts'
import { REVIEW_BREAKPOINTS } from '#shared/review.ts'

/**
 * A capture's preview (docs/product.md §11): the first screen of the page at its breakpoint (1440×900,
 * 768×1024, 375×812), at most PREVIEW_MAX_WIDTH pixels wide, as WebP. The galleries and the solution page
 * show only that first screen, a few hundred CSS pixels wide; the whole capture, a PNG of up to
 * CAPTURE_MAX_HEIGHT pixels, stays for the report and "Compare with the design".
 */
export const PREVIEW_MAX_WIDTH = 720
const PREVIEW_QUALITY = 80

/** The preview of `shot`, made from its PNG (in the review engine's child, with the other image work). */
export async function capturePreview(shot: Pick<CapturedBreakpoint, 'breakpoint' | 'png'>): Promise<Buffer> {
  const sharp = await loadSharp()
  const viewport = REVIEW_BREAKPOINTS.find((b) => b.breakpoint === shot.breakpoint)
  if (!viewport) throw new Error(`No breakpoint ${shot.breakpoint}`)
  const { width = viewport.width, height = viewport.height } = await sharp(shot.png).metadata()
  return sharp(shot.png)
    .extract({
      left: 0,
      top: 0,
      width,
      height: Math.min(height, Math.round((width * viewport.height) / viewport.width)),
    })
    .resize({ width: Math.min(width, PREVIEW_MAX_WIDTH) })
    .webp({ quality: PREVIEW_QUALITY })
    .toBuffer()
}
