import { describe, expect, it } from 'vitest'
import { groupZipEntries } from '#shared/assets.ts'

const ENTRIES = [
  'README.md',
  'design/desktop.png',
  'design/desktop.svg',
  'design/mobile.png',
  'design/mobile.svg',
  'design/tablet.png',
  'design/tablet.svg',
  'fonts/inter-400.woff2',
  'images/hero.svg',
  'images/logo.svg',
  'index.html',
  'style-guide.md',
  'style.css',
]

describe('asset list from the zip', () => {
  it('lists each kind of file the zip holds', () => {
    const groups = groupZipEntries(ENTRIES)
    expect(groups.map((g) => g.label)).toEqual([
      'PNG designs (3 files)',
      'Editable design (SVG) for Figma, Penpot or Inkscape',
      'Style guide with colours and fonts',
      'Font files (1 file)',
      'Required images (2 files)',
      'Starter files (index.html, style.css)',
      'README with the brief',
    ])
    expect(groups.flatMap((g) => g.files).sort()).toEqual([...ENTRIES].sort())
  })

  it('promises nothing the zip lacks', () => {
    const groups = groupZipEntries(['README.md', 'design/desktop.png'])
    expect(groups.map((g) => g.kind)).toEqual(['designs', 'readme'])
    expect(groupZipEntries(['design/desktop.svg']).map((g) => [g.kind, g.files])).toEqual([
      ['editable-designs', ['design/desktop.svg']],
    ])
  })

  it('mentions a Figma file only when the challenge has one', () => {
    expect(groupZipEntries(ENTRIES, 'https://figma.com/file/x')[0]?.kind).toBe('figma')
    expect(groupZipEntries(ENTRIES, null).some((g) => g.kind === 'figma')).toBe(false)
  })
})
