// Pixel drift: every view and state of the reference, re-rendered, matches its committed image in
// design/ (same size, at most 1% of the pixels differ), and each view's elements their committed
// design/<view>.elements.json (elements.ts). axe runs on each view's page as it renders.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import type { Browser } from '@playwright/test'
import pixelmatch from 'pixelmatch'
import { PNG } from 'pngjs'
import sharp from 'sharp'
import { renderChallenge } from '../content-render.ts'
import { axeProblems } from './accessibility.ts'
import { checkRenderedElements } from './elements.ts'
import { type Problem, shown } from './shared.ts'

/** More than this share of differing pixels fails the drift check. */
const MAX_DRIFT = 0.01
/** pixelmatch's per-pixel colour threshold (0 exact, 1 anything goes). */
const PIXEL_THRESHOLD = 0.1

export interface ImageComparison {
  width: number
  height: number
  sameSize: boolean
  diffPixels: number
  /** share of differing pixels, 0..1 (1 when the sizes differ) */
  ratio: number
  ok: boolean
  /** a PNG marking the differing pixels in red, when the sizes match */
  diff?: Buffer
}

/** RGBA pixels of a PNG, decoded natively (much faster than pngjs for full-page screenshots). */
async function decode(png: Uint8Array): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}

/**
 * Compares two PNGs: fails when the sizes differ or more than `maxDrift` of the pixels differ
 * (pixelmatch with `threshold` per pixel). `width` and `height` are those of `b`.
 */
export async function compareImages(
  a: Uint8Array,
  b: Uint8Array,
  { maxDrift = MAX_DRIFT, threshold = PIXEL_THRESHOLD } = {},
): Promise<ImageComparison> {
  const [left, right] = await Promise.all([decode(a), decode(b)])
  if (left.width !== right.width || left.height !== right.height) {
    return {
      width: right.width,
      height: right.height,
      sameSize: false,
      diffPixels: Math.max(left.width * left.height, right.width * right.height),
      ratio: 1,
      ok: false,
    }
  }
  const { width, height } = left
  const out = new PNG({ width, height })
  const diffPixels = pixelmatch(left.data, right.data, out.data, width, height, { threshold })
  const ratio = width * height === 0 ? 0 : diffPixels / (width * height)
  const ok = ratio <= maxDrift
  return { width, height, sameSize: true, diffPixels, ratio, ok, diff: ok ? undefined : PNG.sync.write(out) }
}

const percent = (ratio: number) => `${(ratio * 100).toFixed(2)}%`

/**
 * Re-renders every view and state into a temp folder and compares each with design/<name>.png, and
 * each view's elements with design/<view>.elements.json (the same render lists them).
 * With `axe`, also runs axe on each view's page right after its screenshot (one page load for both).
 */
export async function checkRendered(
  dir: string,
  browser: Browser,
  { blocked, diffDir, axe }: { blocked: Set<string>; diffDir: string; axe: boolean },
): Promise<Problem[]> {
  const problems: Problem[] = []
  const out = await mkdtemp(join(tmpdir(), 'content-check-'))
  try {
    let rendered: Awaited<ReturnType<typeof renderChallenge>>
    try {
      rendered = await renderChallenge(dir, out, browser, {
        optimise: false,
        onBlockedRequest: (url) => blocked.add(url),
        afterCapture: async (page, target) => {
          if (axe && !target.state) problems.push(...(await axeProblems(page, dir, target.view)))
        },
      })
    } catch (error) {
      problems.push({
        path: shown(join(dir, 'reference')),
        message: `does not render: ${(error as Error).message}`,
      })
      return problems
    }
    for (const image of rendered) {
      const committed = join(dir, 'design', `${image.name}.png`)
      const before = await readFile(committed).catch(() => null)
      if (!before) continue // reported by the loader or the states check
      const result = await compareImages(before, await readFile(image.file))
      if (!result.sameSize) {
        const info = await sharp(before).metadata()
        problems.push({
          path: shown(committed),
          field: 'size',
          message: `is ${info.width}×${info.height} px, but the reference now renders at ${result.width}×${result.height} px; re-render it`,
        })
      } else if (!result.ok) {
        const diffFile = join(diffDir, `${basename(dir)}-${image.name}.diff.png`)
        if (result.diff) await writeFile(diffFile, result.diff)
        problems.push({
          path: shown(committed),
          field: 'pixels',
          message: `differs from a fresh render in ${percent(result.ratio)} of its pixels (over ${percent(MAX_DRIFT)}); re-render it (diff: ${diffFile})`,
        })
      }
    }
    const elements = new Map<string, string>()
    for (const image of rendered)
      if (image.elements && !image.state) elements.set(image.name, image.elements.file)
    problems.push(...(await checkRenderedElements(dir, elements)))
    return problems
  } finally {
    await rm(out, { recursive: true, force: true })
  }
}
