import { unzipSync } from 'fflate'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildZip } from '#server/content/build.ts'
import { loadCatalogue } from '#server/content/load.ts'
import { SUBMITTING_SECTION } from '#server/content/readme.ts'
import { CHALLENGES_DIR } from '../content-render.ts'
import { ALWAYS_IN_ZIP, checkZipEntries, checkZipLayout, expectedZipEntries } from './zip.ts'

describe('zip entries', () => {
  const files = [
    'README.md',
    'challenge.json',
    'design/desktop.png',
    'design/desktop.svg',
    'design/desktop.elements.json',
    'design/desktop-hover.png',
    'fonts/a.woff2',
    'images/logo.svg',
    'reference/index.html',
    'starter/index.html',
    'starter/style.css',
    'states.json',
    'style-guide.md',
  ]

  it('expects the brief, style guide, assets and the starter inside the folder, not the design’s elements', () => {
    expect(expectedZipEntries(files)).toEqual([
      'README.md',
      'design/desktop-hover.png',
      'design/desktop.png',
      'design/desktop.svg',
      'fonts/a.woff2',
      'images/logo.svg',
      'index.html',
      'style-guide.md',
      'style.css',
    ])
  })

  it('passes the expected entries and reports extra, missing and unlisted ones', () => {
    expect(checkZipEntries('zip', files, expectedZipEntries(files))).toEqual([])
    const entries = [...expectedZipEntries(files).filter((e) => e !== 'fonts/a.woff2'), 'notes.txt']
    const problems = checkZipEntries('zip', files, entries)
    expect(problems.map((p) => `${p.field}: ${p.message}`)).toEqual([
      'fonts/a.woff2: is missing from the zip',
      'notes.txt: should not be in the zip',
      'notes.txt: is in the zip but not in the asset list the challenge page shows',
    ])
  })
})

describe('zip layout', () => {
  const good = ['Kite-Navbar/', ...ALWAYS_IN_ZIP.map((file) => `Kite-Navbar/${file}`)]

  it('passes one folder named after the slug holding every file', () => {
    expect(checkZipLayout('zip', 'Kite-Navbar', good)).toEqual([])
  })

  it('fails files at the root, another folder, spaces in names and a missing file', () => {
    const problems = checkZipLayout('zip', 'Kite-Navbar', [
      ...good.filter((name) => name !== 'Kite-Navbar/design/mobile.svg'),
      'README.md',
      'Kite-Navbar/images/hero image.png',
    ])
    expect(problems.map((p) => `${p.field}: ${p.message}`)).toEqual([
      'folder: must hold one top-level folder, "Kite-Navbar/", not "Kite-Navbar", "README.md"',
      'Kite-Navbar/images/hero image.png: has a space in its name',
      'Kite-Navbar/design/mobile.svg: is missing',
    ])
  })

  it('holds a built zip to it, entry by entry: the slug’s folder, no spaces, the expected files', async () => {
    const slug = 'Kitebase-Navbar'
    const challenge = (await loadCatalogue(CHALLENGES_DIR)).find((c) => c.slug === slug)
    if (!challenge) throw new Error(`no ${slug} in the catalogue`)
    const { zip } = await buildZip(challenge)
    const unzipped = unzipSync(zip)
    const names = Object.keys(unzipped)
    for (const name of names) {
      expect(name.startsWith(`${slug}/`), name).toBe(true)
      expect(name, name).not.toMatch(/\s/)
    }
    expect(names.map((name) => name.slice(slug.length + 1))).toEqual(expect.arrayContaining(ALWAYS_IN_ZIP))
    expect(names).not.toContain(`${slug}/reference/index.html`)
    // The design's elements are the review's, not the member's.
    expect(challenge.files).toContain('design/desktop.elements.json')
    expect(names.filter((name) => name.endsWith('.elements.json'))).toEqual([])
    expect(checkZipLayout('zip', slug, names)).toEqual([])
    // The brief ends with the standard "Submitting" section.
    const readme = new TextDecoder().decode(unzipped[`${slug}/README.md`])
    expect(readme.startsWith('# Kitebase Navbar')).toBe(true)
    expect(readme.endsWith(SUBMITTING_SECTION)).toBe(true)
  })

  it('builds the same bytes at any time: every entry, the folder too, carries the challenge’s date', async () => {
    const challenge = (await loadCatalogue(CHALLENGES_DIR))[0]
    if (!challenge) throw new Error('the catalogue is empty')
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-01-01T10:00:00Z') })
    const first = (await buildZip(challenge)).zip
    vi.setSystemTime(new Date('2031-06-15T17:45:13Z'))
    const second = (await buildZip(challenge)).zip
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true)
  })
  afterEach(() => {
    vi.useRealTimers()
  })
})
