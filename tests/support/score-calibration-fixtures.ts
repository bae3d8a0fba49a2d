import { appendFile, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { converter, formatHex, type Oklch, parse } from 'culori'
import type { BrowserPool } from '#server/review/browser-pool.ts'
import { type CapturedBreakpoint, captureSite, renderDesign } from '#server/review/capture.ts'
import { parsePageElements } from '#server/review/elements-schema.ts'
import type { PageElements } from '#shared/page-elements.ts'
import { REVIEW_BREAKPOINTS, type ReviewBreakpointName } from '#shared/review.ts'
import { startStaticSite } from '../../scripts/static-site.ts'

/**
 * The score's calibration set (docs/decisions/023-element-score.md): for a few challenges of different
 * categories, the reference and the kinds of lesser work a person would rank below it, each made from
 * the real reference (a copy with CSS appended, its HTML edited or its colours rewritten), the
 * challenge's starter, another challenge's reference of the same category or an empty page. They are
 * served on loopback and captured by the review's own capture, so the score is judged on real renders
 * and real element lists.
 */

export const CHALLENGES_DIR = join(import.meta.dirname, '../../content/challenges')

/** One variant's capture at every width may take this long on a busy machine. */
export const CALIBRATION_CAPTURE_TIMEOUT_MS = 600_000

/** How a variant is made. */
export type VariantSource =
  /** The reference, with `css` appended to its style sheet, `html` replaced in its page, `palette` applied. */
  | {
      from: 'reference'
      css?: string
      html?: { find: string; replace: string }
      /** Every hex colour of the style sheet turned half way round the colour wheel (OKLCH hue + 180°). */
      palette?: 'rotated'
    }
  | { from: 'starter' }
  | { from: 'other'; challenge: string }
  | { from: 'blank' }

export type CalibrationVariant = VariantSource & {
  name: string
  /** Where a person puts it, 1 for the best; variants a person cannot tell apart share a rank. */
  rank: number
  /** Why a person puts it there, in a line. */
  why: string
}

export type CalibrationChallenge = {
  slug: string
  category: string
  variants: CalibrationVariant[]
}

/**
 * The rank of the variants that get one aspect of the design wrong throughout, or over a large part of
 * the page, and the rest right: its colours, its pictures or its arrangement. People do not agree on
 * which of these is worst (a page without its pictures, or the same page in other colours?), so the
 * person's order ties them and asks nothing of the score between them; each is below every smaller
 * change and above every other page.
 */
export const ONE_ASPECT_WRONG = 7

/** What every challenge's variants are made of, given the parts that differ per challenge. */
export function calibrationVariants(options: {
  /** CSS that gives an accent colour (a custom property of the page) another value. */
  accent: { css: string }
  /** The main heading's opening tag and words as the page's HTML has them, and what to put there instead. */
  heading: { find: string; replace: string }
  /** Another challenge of the same category (its folder name). */
  other: string
  /** Extra variants (with their ranks) for this challenge. */
  extra?: CalibrationVariant[]
  /** Ranks other than the default for some variants, by name, with the reason. */
  ranks?: Record<string, { rank: number; why: string }>
}): CalibrationVariant[] {
  const variants: CalibrationVariant[] = [
    { name: 'reference', from: 'reference', rank: 1, why: 'the design itself' },
    {
      name: '3 px shift',
      from: 'reference',
      css: 'html { padding-top: 3px; }',
      rank: 2,
      why: 'no person sees 3 px',
    },
    {
      name: 'accent colour changed',
      from: 'reference',
      css: options.accent.css,
      rank: 3,
      why: 'one colour of the palette, on a few details',
    },
    {
      name: '20 px shift',
      from: 'reference',
      css: 'html { padding-top: 20px; }',
      rank: 4,
      why: 'everything is there, a little lower',
    },
    {
      name: 'heading reworded',
      from: 'reference',
      html: options.heading,
      rank: 5,
      why: 'one text says other words; the rest is the design (a person weighs it against the fonts differently page by page)',
    },
    {
      name: 'fonts swapped',
      from: 'reference',
      css: '* { font-family: serif !important; }',
      rank: 5,
      why: 'every text in another face; words, layout, pictures and colours are right',
    },
    {
      name: 'palette rotated',
      from: 'reference',
      palette: 'rotated',
      rank: ONE_ASPECT_WRONG,
      why: 'every colour is another; layout, text and pictures are the design’s',
    },
    {
      name: 'dark scheme',
      from: 'reference',
      css: 'html { filter: invert(1) hue-rotate(180deg); }',
      rank: ONE_ASPECT_WRONG,
      why: 'light and dark swapped; layout, text and pictures are the design’s',
    },
    {
      name: 'images missing',
      from: 'reference',
      css: 'img, svg, picture, video { visibility: hidden !important; } * { background-image: none !important; }',
      rank: ONE_ASPECT_WRONG,
      why: 'the pictures are gone; layout, text and colours are the design’s',
    },
    {
      name: 'layout mirrored',
      from: 'reference',
      css: 'html { direction: rtl; }',
      rank: ONE_ASPECT_WRONG,
      why: 'laid out the other way round; text, pictures and colours are the design’s',
    },
    {
      name: 'another design',
      from: 'other',
      challenge: options.other,
      rank: 8,
      why: 'a finished page, but not this one',
    },
    { name: 'starter', from: 'starter', rank: 9, why: 'the content with no styling' },
    { name: 'blank page', from: 'blank', rank: 10, why: 'nothing' },
    ...(options.extra ?? []),
  ]
  for (const variant of variants) {
    const other = options.ranks?.[variant.name]
    if (other) Object.assign(variant, other)
  }
  return variants.sort((a, b) => a.rank - b.rank)
}

/** One variant at one breakpoint as the review captured it. */
export type VariantCapture = { png: Buffer; elements: PageElements | null }

export type CalibrationCaptures = {
  /** Design images as the review renders them, and the design's elements, per breakpoint. */
  designs: Map<ReviewBreakpointName, { png: Buffer; elements: PageElements }>
  /** Captures per variant name, per breakpoint. */
  captures: Map<string, Map<ReviewBreakpointName, VariantCapture>>
}

/**
 * Builds every variant in a temporary folder, serves it on 127.0.0.1, captures each once at
 * `breakpoints` (`concurrency` at a time, on the one browser of `pool`), and renders the challenge's
 * designs at the same widths. The folder is removed after.
 */
export async function captureVariants(
  pool: BrowserPool,
  challenge: string,
  variants: readonly (VariantSource & { name: string })[],
  breakpoints: readonly ReviewBreakpointName[],
  concurrency = 2,
): Promise<CalibrationCaptures> {
  const root = await mkdtemp(join(tmpdir(), 'score-calibration-'))
  try {
    const pages: string[] = []
    for (const [index, variant] of variants.entries()) {
      pages.push(await buildVariant(join(root, `v${index}`), challenge, variant))
    }
    const site = await startStaticSite(root)
    try {
      const captures = new Map<string, Map<ReviewBreakpointName, VariantCapture>>()
      let next = 0
      const worker = async () => {
        while (next < variants.length) {
          const index = next++
          const variant = variants[index] as CalibrationVariant
          const capture = await captureSite(pool, {
            url: `http://127.0.0.1:${site.port}/v${index}/${pages[index]}`,
            allowLoopback: { ports: [site.port] },
            breakpoints,
            // The set is about scores, not the review's time limit: a busy test machine may take longer.
            jobTimeoutMs: CALIBRATION_CAPTURE_TIMEOUT_MS,
          })
          captures.set(
            variant.name,
            new Map(capture.captures.map((c: CapturedBreakpoint) => [c.breakpoint, shot(c)])),
          )
        }
      }
      await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker))
      const designs: CalibrationCaptures['designs'] = new Map()
      for (const { breakpoint, width } of REVIEW_BREAKPOINTS) {
        if (!breakpoints.includes(breakpoint)) continue
        const dir = join(CHALLENGES_DIR, challenge, 'design')
        const png = await readFile(join(dir, `${breakpoint}.png`))
        const elements = parsePageElements(await readFile(join(dir, `${breakpoint}.elements.json`), 'utf8'))
        designs.set(breakpoint, { png: await renderDesign(pool, { png, width }), elements })
      }
      return { designs, captures }
    } finally {
      await site.close()
    }
  } finally {
    await rm(root, { recursive: true, force: true })
  }
}

function shot(capture: CapturedBreakpoint): VariantCapture {
  return { png: capture.png, elements: capture.elements ?? null }
}

const toOklch = converter('oklch')

/** `colour` (any CSS hex) half way round the colour wheel, lightness and chroma kept, as #rrggbb. */
export function rotatedColour(colour: string): string {
  const parsed = parse(colour)
  if (!parsed) return colour
  const lch = toOklch(parsed) as Oklch
  return formatHex({ ...lch, h: ((lch.h ?? 0) + 180) % 360 })
}

/** Copies what `variant` needs into `dir`; returns its page's path under `dir`. */
async function buildVariant(dir: string, challenge: string, variant: VariantSource): Promise<string> {
  await mkdir(dir, { recursive: true })
  switch (variant.from) {
    case 'reference': {
      await copyChallenge(challenge, dir)
      const style = join(dir, 'reference', 'style.css')
      if (variant.palette === 'rotated') {
        const css = await readFile(style, 'utf8')
        await writeFile(style, css.replace(/#[0-9a-f]{6}\b|#[0-9a-f]{3}\b/gi, rotatedColour))
      }
      if (variant.css) await appendFile(style, `\n${variant.css}\n`)
      if (variant.html) {
        const page = join(dir, 'reference', 'index.html')
        const html = await readFile(page, 'utf8')
        if (!html.includes(variant.html.find))
          throw new Error(`${challenge}'s page has no "${variant.html.find}"`)
        await writeFile(page, html.replace(variant.html.find, variant.html.replace))
      }
      return 'reference/index.html'
    }
    case 'other':
      await copyChallenge(variant.challenge, dir)
      return 'reference/index.html'
    case 'starter': {
      // The starter names its files as a member's repository holds them: beside the page.
      await copyChallenge(challenge, dir)
      await cp(join(dir, 'images'), join(dir, 'starter', 'images'), { recursive: true })
      await cp(join(dir, 'fonts'), join(dir, 'starter', 'fonts'), { recursive: true }).catch(ignoreMissing)
      return 'starter/index.html'
    }
    case 'blank':
      await writeFile(join(dir, 'index.html'), '<!doctype html><html><head></head><body></body></html>')
      return 'index.html'
  }
}

function ignoreMissing(error: NodeJS.ErrnoException): void {
  if (error.code !== 'ENOENT') throw error
}

async function copyChallenge(challenge: string, dir: string): Promise<void> {
  const from = join(CHALLENGES_DIR, challenge)
  for (const part of ['reference', 'starter', 'images', 'fonts']) {
    await cp(join(from, part), join(dir, part), { recursive: true }).catch(ignoreMissing)
  }
}

/**
 * Kendall's tau-b between two rankings of the same items (higher is better in both): 1 for the same
 * order, −1 for the reverse. Pairs tied in either ranking count as neither agreeing nor disagreeing,
 * and the denominator leaves them out as tau-b does, so a tie in the person's order (variants a person
 * cannot tell apart) asks nothing of the score.
 */
export function kendallTau(a: readonly number[], b: readonly number[]): number {
  let concordant = 0
  let discordant = 0
  let tiedA = 0
  let tiedB = 0
  for (let i = 0; i < a.length; i++) {
    for (let j = i + 1; j < a.length; j++) {
      const x = Math.sign((a[i] as number) - (a[j] as number))
      const y = Math.sign((b[i] as number) - (b[j] as number))
      if (x === 0 && y === 0) continue
      if (x === 0) tiedA++
      else if (y === 0) tiedB++
      else if (x === y) concordant++
      else discordant++
    }
  }
  const denominator = Math.sqrt((concordant + discordant + tiedA) * (concordant + discordant + tiedB))
  return denominator === 0 ? 1 : (concordant - discordant) / denominator
}
