import sharp from 'sharp'

/**
 * Synthetic designs and captures for the scoring tests, all drawn by one function so a variant differs
 * from the design only in what its options say: a header bar, a hero, rows of cards and text-like lines
 * of "words" on white, repeated down to the requested height.
 */
export type PageOptions = {
  width?: number
  height?: number
  /** Moves all content (not the white page) right and down, in pixels. */
  dx?: number
  dy?: number
  /** `rearranged`: the same blocks and colours in another order and mirrored, as a wrong layout would. */
  layout?: 'design' | 'rearranged'
  /** Device pixel ratio: the same page drawn with `scale` × as many pixels each way. */
  scale?: number
  /** The page's background (default white), as a wrong background colour would be. */
  background?: string
  /** The accent colours of the hero, cards and logo, in place of ACCENTS: a changed palette. */
  accents?: string[]
}

const NAVY = '#0b1b3f'
const ACCENTS = ['#e4572e', '#29335c', '#f3a712', '#669bbc', '#a8c686']
const INK = '#3a3a3a'

export async function pagePng(options: PageOptions = {}): Promise<Buffer> {
  return sharp(Buffer.from(pageSvg(options)))
    .png()
    .toBuffer()
}

export async function blankPng(width: number, height: number, colour = '#ffffff'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer()
}

/** Stacks two PNGs of the same width, `top` above `bottom`. */
/** `png` with `height` white rows put in at row `at`: what follows is that much lower, what precedes is not. */
export async function withRowsPutIn(png: Buffer, at: number, height: number): Promise<Buffer> {
  const { width = 0, height: total = 0 } = await sharp(png).metadata()
  const part = (top: number, rows: number) =>
    sharp(png).extract({ left: 0, top, width, height: rows }).png().toBuffer()
  const white = await sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer()
  return stackPngs(await stackPngs(await part(0, at), white), await part(at, total - at))
}

export async function stackPngs(top: Buffer, bottom: Buffer): Promise<Buffer> {
  const [a, b] = await Promise.all([sharp(top).metadata(), sharp(bottom).metadata()])
  return sharp({
    create: { width: a.width, height: a.height + b.height, channels: 3, background: '#ffffff' },
  })
    .composite([
      { input: top, top: 0, left: 0 },
      { input: bottom, top: a.height, left: 0 },
    ])
    .png()
    .toBuffer()
}

function pageSvg({
  width = 768,
  height = 1600,
  dx = 0,
  dy = 0,
  layout = 'design',
  scale = 1,
  background = '#ffffff',
  accents = ACCENTS,
}: PageOptions): string {
  const random = seeded(7)
  const mirrored = layout === 'rearranged'
  const x = (left: number, w: number) => (mirrored ? width - left - w : left)
  const parts: string[] = []
  const margin = Math.round(width * 0.06)
  const inner = width - 2 * margin

  // Header: full-width bar with a round logo (anti-aliased edges) and nav items.
  parts.push(`<rect x="0" y="0" width="${width}" height="72" fill="${NAVY}"/>`)
  parts.push(`<circle cx="${x(margin, 36) + 18}" cy="36" r="18" fill="${accents[2]}"/>`)
  for (let i = 0; i < 4; i++) {
    parts.push(rect(x(width - margin - (i + 1) * 90, 64), 30, 64, 12, '#dfe6f3'))
  }

  let y = 112
  let section = 0
  while (y < height) {
    const kind = mirrored ? (section + 1) % 3 : section % 3
    if (kind === 0) y = hero(y)
    else if (kind === 1) y = cards(y)
    else y = prose(y)
    section += 1
  }

  function hero(top: number): number {
    const half = Math.floor(inner / 2) - 16
    const accent = accents[section % accents.length] ?? NAVY
    parts.push(
      `<rect x="${x(margin, half)}" y="${top}" width="${half}" height="320" rx="12" fill="${accent}"/>`,
    )
    const textLeft = margin + half + 32
    const textWidth = inner - half - 32
    parts.push(rect(x(textLeft, textWidth * 0.9), top + 24, textWidth * 0.9, 28, NAVY))
    parts.push(rect(x(textLeft, textWidth * 0.6), top + 64, textWidth * 0.6, 28, NAVY))
    lines(textLeft, textWidth, top + 120, 6)
    parts.push(
      `<rect x="${x(textLeft, 160)}" y="${top + 240}" width="160" height="48" rx="24" fill="${accent}"/>`,
    )
    return top + 320 + 64
  }

  function cards(top: number): number {
    const gap = 24
    const cardWidth = Math.floor((inner - 2 * gap) / 3)
    for (let i = 0; i < 3; i++) {
      const left = margin + i * (cardWidth + gap)
      const colour = accents[(section + i) % accents.length] ?? NAVY
      parts.push(rect(x(left, cardWidth), top, cardWidth, 140, colour))
      parts.push(rect(x(left, cardWidth * 0.7), top + 156, cardWidth * 0.7, 16, NAVY))
      lines(left, cardWidth, top + 188, 4)
    }
    return top + 188 + 4 * 18 + 64
  }

  function prose(top: number): number {
    parts.push(rect(x(margin, inner * 0.5), top, inner * 0.5, 24, NAVY))
    lines(margin, inner, top + 48, 8)
    return top + 48 + 8 * 18 + 64
  }

  /** Lines of "words": dark bars 8 px tall at an 18 px pitch, like body text seen from afar. */
  function lines(left: number, maxWidth: number, top: number, count: number) {
    for (let line = 0; line < count; line++) {
      const end = line === count - 1 ? maxWidth * 0.6 : maxWidth
      let at = 0
      while (true) {
        const word = 14 + Math.floor(random() * 56)
        if (at + word > end) break
        parts.push(rect(x(left + at, word), top + line * 18, word, 8, INK))
        at += word + 7
      }
    }
  }

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width * scale}" height="${height * scale}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="${background}"/>`,
    `<g transform="translate(${dx} ${dy})">`,
    ...parts,
    '</g></svg>',
  ].join('\n')
}

function rect(left: number, top: number, width: number, height: number, fill: string): string {
  return `<rect x="${Math.round(left)}" y="${Math.round(top)}" width="${Math.round(width)}" height="${height}" fill="${fill}"/>`
}

/** A small deterministic generator, so every drawing of a page is the same page. */
function seeded(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state / 2_147_483_648
  }
}
