import type { AssetGroup } from '#shared/challenge.ts'

const DESIGN_PNG = /^design\/.+\.png$/
const DESIGN_SVG = /^design\/.+\.svg$/
const IMAGES = /^images\//
const FONTS = /^fonts\//
const STARTER = /^(index\.html|style\.css|script\.js)$/

function plural(count: number, one: string, many: string) {
  return `${count} ${count === 1 ? one : many}`
}

/**
 * Groups a zip's entries into the asset list the challenge page shows (docs/product.md §2, Challenge detail:
 * Figma file, PNG designs, the editable SVG designs, style guide with colours and fonts, required images). Derived from what the zip
 * holds, so the page never promises a file the download lacks.
 */
export function groupZipEntries(entries: readonly string[], figmaUrl?: string | null): AssetGroup[] {
  const files = entries.filter((e) => !e.endsWith('/'))
  const groups: AssetGroup[] = []
  if (figmaUrl) groups.push({ kind: 'figma', label: 'Figma file (link in README.md)', files: [] })
  const designs = files.filter((f) => DESIGN_PNG.test(f))
  if (designs.length > 0) {
    groups.push({
      kind: 'designs',
      label: `PNG designs (${plural(designs.length, 'file', 'files')})`,
      files: designs,
    })
  }
  const editable = files.filter((f) => DESIGN_SVG.test(f))
  if (editable.length > 0) {
    groups.push({
      kind: 'editable-designs',
      label: 'Editable design (SVG) for Figma, Penpot or Inkscape',
      files: editable,
    })
  }
  if (files.includes('style-guide.md')) {
    groups.push({
      kind: 'style-guide',
      label: 'Style guide with colours and fonts',
      files: ['style-guide.md'],
    })
  }
  const fonts = files.filter((f) => FONTS.test(f))
  if (fonts.length > 0) {
    groups.push({
      kind: 'fonts',
      label: `Font files (${plural(fonts.length, 'file', 'files')})`,
      files: fonts,
    })
  }
  const images = files.filter((f) => IMAGES.test(f))
  if (images.length > 0) {
    groups.push({
      kind: 'images',
      label: `Required images (${plural(images.length, 'file', 'files')})`,
      files: images,
    })
  }
  const starter = files.filter((f) => STARTER.test(f))
  if (starter.length > 0) {
    groups.push({ kind: 'starter', label: `Starter files (${starter.join(', ')})`, files: starter })
  }
  if (files.includes('README.md')) {
    groups.push({ kind: 'readme', label: 'README with the brief', files: ['README.md'] })
  }
  return groups
}
