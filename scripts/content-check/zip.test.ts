import { describe, expect, it } from 'vitest'
import { checkZipEntries, expectedZipEntries } from './zip.ts'

describe('zip entries', () => {
  const files = [
    'README.md',
    'challenge.json',
    'design/desktop.png',
    'design/desktop-hover.png',
    'fonts/a.woff2',
    'images/logo.svg',
    'reference/index.html',
    'starter/index.html',
    'starter/style.css',
    'states.json',
    'style-guide.md',
  ]

  it('expects the brief, style guide, assets and the starter at the root', () => {
    expect(expectedZipEntries(files)).toEqual([
      'README.md',
      'design/desktop-hover.png',
      'design/desktop.png',
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
