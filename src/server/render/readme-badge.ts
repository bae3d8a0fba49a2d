/**
 * The embeddable profile badge (`/api/users/:username/badge.svg`): a two-part flat badge, brand on the
 * left and the member's figures on the right, in the shape README badges have. It is drawn from
 * numbers and the brand name only, every character escaped, and carries no script or external
 * reference, so it is safe wherever an image is.
 */

export type ReadmeBadgeFigures = { points: number; completed: number; verified: number }

const HEIGHT = 20
const PADDING = 7
const FONT_SIZE = 11

/**
 * Approximate advance widths at 11px in Verdana/DejaVu Sans, the fonts badges are drawn in. `textLength`
 * then fits the glyphs to exactly this width, so the text never overflows whatever font the viewer has.
 */
function textWidth(text: string): number {
  let width = 0
  for (const char of text) {
    if (/[0-9]/.test(char)) width += 7
    else if (char === ' ') width += 3.9
    else if (/[·.,:;|!il']/.test(char)) width += 3.6
    else if (/[mwMW]/.test(char)) width += 10.5
    else if (/[A-Z]/.test(char)) width += 7.6
    else width += 6.6
  }
  return Math.ceil(width)
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

const number = (value: number) => value.toLocaleString('en-US')

/** The right-hand text, also the badge's accessible name after the brand. */
function readmeBadgeText({ points, completed, verified }: ReadmeBadgeFigures): string {
  return `${number(points)} ${points === 1 ? 'pt' : 'pts'} · ${number(completed)} completed · ${number(verified)} verified`
}

export function readmeBadgeSvg(brand: string, figures: ReadmeBadgeFigures): string {
  const label = escapeXml(brand)
  const message = escapeXml(readmeBadgeText(figures))
  const labelWidth = textWidth(brand) + PADDING * 2
  const messageWidth = textWidth(readmeBadgeText(figures)) + PADDING * 2
  const width = labelWidth + messageWidth
  const text = (x: number, w: number, content: string) =>
    `<text x="${x + PADDING}" y="14" textLength="${w - PADDING * 2}" lengthAdjust="spacingAndGlyphs">${content}</text>`
  // Slate 900 and emerald 700 behind white text: both above 4.5:1.
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${HEIGHT}" viewBox="0 0 ${width} ${HEIGHT}" role="img" aria-label="${label}: ${message}">`,
    `<title>${label}: ${message}</title>`,
    `<clipPath id="r"><rect width="${width}" height="${HEIGHT}" rx="3"/></clipPath>`,
    `<g clip-path="url(#r)"><rect width="${labelWidth}" height="${HEIGHT}" fill="#0f172a"/><rect x="${labelWidth}" width="${messageWidth}" height="${HEIGHT}" fill="#047857"/></g>`,
    `<g fill="#fff" font-family="Verdana,'DejaVu Sans',Geneva,sans-serif" font-size="${FONT_SIZE}">`,
    text(0, labelWidth, label),
    text(labelWidth, messageWidth, message),
    '</g></svg>',
  ].join('')
}
