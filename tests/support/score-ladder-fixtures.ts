import { appendFile, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserPool } from '#server/review/browser-pool.ts'
import { captureSite, renderDesign } from '#server/review/capture.ts'
import { REVIEW_BREAKPOINTS, type ReviewBreakpointName } from '#shared/review.ts'
import { startStaticSite } from '../../scripts/static-site.ts'

/**
 * The score's ladder (docs/decisions/012-structure-and-colour-score.md): a challenge's reference and the
 * kinds of work a person would rank below it, each made from the real reference (a copy with some CSS
 * added), the challenge's starter, another challenge's reference or an empty page, served on loopback
 * and captured by the review's own capture, so the score is judged on real renders.
 */

export const CHALLENGES_DIR = join(import.meta.dirname, '../../content/challenges')

/** What a variant is made from: the reference with CSS appended, the starter, another reference, nothing. */
export type LadderVariant =
  | { name: string; from: 'reference'; css?: string }
  | { name: string; from: 'starter' }
  | { name: string; from: 'other'; challenge: string }
  | { name: string; from: 'blank' }

/** The ladder for a footer challenge, best first, as a person would rank the work. */
export function footerLadder(options: {
  /** The custom property holding the accent colour, and a colour to put there instead. */
  accent: { property: string; colour: string }
  /** A selector for the footer, whose background changes. */
  footer: string
  background: string
  /** Another footer challenge (its folder name). */
  other: string
}): LadderVariant[] {
  return [
    { name: 'reference', from: 'reference' },
    { name: '3 px shift', from: 'reference', css: 'html { padding-top: 3px; }' },
    {
      name: 'accent colour changed',
      from: 'reference',
      css: `:root { ${options.accent.property}: ${options.accent.colour}; }`,
    },
    { name: '20 px shift', from: 'reference', css: 'html { padding-top: 20px; }' },
    {
      name: 'fonts swapped',
      from: 'reference',
      css: '* { font-family: serif !important; }',
    },
    {
      name: 'background colour changed',
      from: 'reference',
      css: `${options.footer} { background: ${options.background} !important; }`,
    },
    { name: 'another design', from: 'other', challenge: options.other },
    { name: 'starter', from: 'starter' },
    { name: 'blank page', from: 'blank' },
  ]
}

export type LadderCaptures = {
  /** Design images as the review renders them, per breakpoint. */
  designs: Map<ReviewBreakpointName, Buffer>
  /** Captures per variant name, per breakpoint. */
  captures: Map<string, Map<ReviewBreakpointName, Buffer>>
}

/**
 * Builds every variant in a temporary folder, serves it on 127.0.0.1, captures each once at
 * `breakpoints`, and renders the challenge's designs at the same widths. The folder is removed after.
 */
export async function captureLadder(
  pool: BrowserPool,
  challenge: string,
  variants: LadderVariant[],
  breakpoints: readonly ReviewBreakpointName[],
): Promise<LadderCaptures> {
  const root = await mkdtemp(join(tmpdir(), 'score-ladder-'))
  try {
    const pages = new Map<string, string>()
    for (const [index, variant] of variants.entries()) {
      pages.set(variant.name, await buildVariant(join(root, `v${index}`), challenge, variant))
    }
    const site = await startStaticSite(root)
    try {
      const captures = new Map<string, Map<ReviewBreakpointName, Buffer>>()
      for (const [index, variant] of variants.entries()) {
        const capture = await captureSite(pool, {
          url: `http://127.0.0.1:${site.port}/v${index}/${pages.get(variant.name)}`,
          allowLoopback: { ports: [site.port] },
          breakpoints,
        })
        captures.set(variant.name, new Map(capture.captures.map((c) => [c.breakpoint, c.png])))
      }
      const designs = new Map<ReviewBreakpointName, Buffer>()
      for (const { breakpoint, width } of REVIEW_BREAKPOINTS) {
        if (!breakpoints.includes(breakpoint)) continue
        const png = await readFile(join(CHALLENGES_DIR, challenge, 'design', `${breakpoint}.png`))
        designs.set(breakpoint, await renderDesign(pool, { png, width }))
      }
      return { designs, captures }
    } finally {
      await site.close()
    }
  } finally {
    await rm(root, { recursive: true, force: true })
  }
}

/** Copies what `variant` needs into `dir`; returns its page's path under `dir`. */
async function buildVariant(dir: string, challenge: string, variant: LadderVariant): Promise<string> {
  await mkdir(dir, { recursive: true })
  switch (variant.from) {
    case 'reference': {
      await copyChallenge(challenge, dir)
      if (variant.css) await appendFile(join(dir, 'reference', 'style.css'), `\n${variant.css}\n`)
      return 'reference/index.html'
    }
    case 'other':
      await copyChallenge(variant.challenge, dir)
      return 'reference/index.html'
    case 'starter': {
      // The starter names its files as a member's repository holds them: beside the page.
      await copyChallenge(challenge, dir)
      await cp(join(dir, 'images'), join(dir, 'starter', 'images'), { recursive: true })
      await cp(join(dir, 'fonts'), join(dir, 'starter', 'fonts'), { recursive: true })
      return 'starter/index.html'
    }
    case 'blank':
      await writeFile(join(dir, 'index.html'), '<!doctype html><html><head></head><body></body></html>')
      return 'index.html'
  }
}

async function copyChallenge(challenge: string, dir: string): Promise<void> {
  const from = join(CHALLENGES_DIR, challenge)
  for (const part of ['reference', 'starter', 'images', 'fonts']) {
    await cp(join(from, part), join(dir, part), { recursive: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error
    })
  }
}
