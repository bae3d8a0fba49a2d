import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { PNG } from 'pngjs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  checkReferences,
  checkStates,
  checkZipEntries,
  compareImages,
  expectedZipEntries,
  extractHtmlReferences,
} from './content-check.ts'
import { statesSchema } from './content-render.ts'

/** A width×height PNG, white, with the first `changed` pixels black. */
function png(width: number, height: number, changed = 0): Buffer {
  const image = new PNG({ width, height })
  image.data.fill(255)
  for (let i = 0; i < changed; i++) image.data.fill(0, i * 4, i * 4 + 3)
  return PNG.sync.write(image)
}

let dir: string

async function write(files: Record<string, string | Buffer>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true })
    await writeFile(join(dir, path), content)
  }
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'content-check-test-'))
})

afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('compareImages', () => {
  it('passes identical images', async () => {
    const result = await compareImages(png(100, 100), png(100, 100))
    expect(result).toMatchObject({ sameSize: true, diffPixels: 0, ok: true })
  })

  it('passes exactly 1% of differing pixels and fails just over it', async () => {
    const atLimit = await compareImages(png(100, 100), png(100, 100, 100))
    expect(atLimit.diffPixels).toBe(100)
    expect(atLimit.ok).toBe(true)

    const over = await compareImages(png(100, 100), png(100, 100, 101))
    expect(over.ratio).toBeCloseTo(0.0101)
    expect(over.ok).toBe(false)
    expect(over.diff).toBeInstanceOf(Buffer)
  })

  it('fails when the sizes differ', async () => {
    const result = await compareImages(png(100, 100), png(100, 120))
    expect(result).toMatchObject({ sameSize: false, ok: false, height: 120 })
  })
})

describe('checkReferences', () => {
  it('reports missing local files and network loads, with path and field', async () => {
    await write({
      'images/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"><title>Logo</title></svg>',
      'fonts/a.woff2': '',
      'reference/index.html': [
        '<!doctype html><html lang="en"><head>',
        '<link rel="stylesheet" href="style.css">',
        '<link rel="stylesheet" href="https://cdn.example/x.css">',
        '</head><body>',
        '<img src="../images/logo.svg" alt=""><img src="../images/missing.svg" alt="">',
        '<a href="https://example.com">a link may go anywhere</a> <a href="#top">top</a>',
        '<!-- <img src="../images/commented-out.svg"> -->',
        '</body></html>',
      ].join('\n'),
      'reference/style.css':
        "@font-face { src: url('../fonts/a.woff2') }\n.x { background: url(../fonts/gone.woff2) }",
      'starter/index.html': '<img src="images/logo.svg" alt=""><img src="../images/logo.svg" alt="">',
      'starter/style.css': "/* url('fonts/nope.woff2') */ @font-face { src: url('fonts/a.woff2') }",
    })
    const problems = await checkReferences(dir)
    const lines = problems.map((p) => `${p.path.split('/').slice(-2).join('/')} ${p.field}: ${p.message}`)
    expect(lines).toEqual([
      expect.stringMatching(/^reference\/index.html:3 link href: loads https:\/\/cdn.example\/x.css/),
      expect.stringMatching(/^reference\/index.html:5 img src: \.\.\/images\/missing.svg does not exist/),
      expect.stringMatching(/^reference\/style.css:2 url\(\): \.\.\/fonts\/gone.woff2 does not exist/),
      expect.stringMatching(/^starter\/index.html:1 img src: \.\.\/images\/logo.svg points outside the zip/),
    ])
  })

  it('reads srcset candidates and inline styles', () => {
    const refs = extractHtmlReferences(
      '<img srcset="a.png 1x, b.png 2x" alt="">\n<div style="background: url(\'c.png\')"></div>',
    )
    expect(refs.map((r) => [r.field, r.value, r.line])).toEqual([
      ['img srcset', 'a.png', 1],
      ['img srcset', 'b.png', 1],
      ['div style url()', 'c.png', 2],
    ])
  })
})

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

describe('states', () => {
  it('requires names that start with their view and steps it knows', () => {
    const result = statesSchema.safeParse([
      { name: 'desktop-open', view: 'desktop', steps: [{ click: '#menu' }] },
      { name: 'hover', view: 'mobile', steps: [{ hover: 'a' }] },
      { name: 'desktop-Tap', view: 'desktop', steps: [{ tap: 'a' }] },
    ])
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      '1.name',
      '2.name',
      '2.steps.0',
    ])
  })

  it('requires unique names', () => {
    const state = { name: 'mobile-menu-open', view: 'mobile', steps: [{ click: '.menu' }] }
    const result = statesSchema.safeParse([state, state])
    expect(result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([
      '1.name: "mobile-menu-open" is used twice',
    ])
  })

  it('reports a missing state image, a wrong width and a stray design file', async () => {
    await write({
      'states.json': JSON.stringify([
        { name: 'mobile-menu-open', view: 'mobile', steps: [{ click: '.menu' }] },
        { name: 'desktop-hover', view: 'desktop', steps: [{ hover: '.cta' }] },
      ]),
      'design/desktop-hover.png': png(375, 10),
      'design/desktop-old.png': png(1440, 10),
    })
    const { states, problems } = await checkStates(dir)
    expect(states).toHaveLength(2)
    expect(problems.map((p) => `${p.path.split('/').pop()}: ${p.message}`)).toEqual([
      expect.stringMatching(/^mobile-menu-open.png: the image of state "mobile-menu-open" is missing/),
      'desktop-hover.png: must be 1440 px wide for view "desktop" (found 375 px)',
      expect.stringMatching(/^desktop-old.png: is neither a view nor a state/),
    ])
  })
})
