import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Browser } from '@playwright/test'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hasChromium } from '#tests/support/chromium-requirement.ts'
import { CHALLENGES_DIR, launchBrowser, renderChallenge, VIEWS } from '../content-render.ts'
import { checkDesignSvgs, declaredFamilies, headlineOf, svgContentProblems } from './design-svg.ts'
import { tempFolderPerTest } from './test-fixtures.ts'

const desktop = VIEWS[0] as (typeof VIEWS)[number]
const expected = { view: desktop, headline: 'Fly higher', families: ['Space Grotesk'] }
const text = (family: string, words: string) =>
  `<text font-family="&quot;${family}&quot;, sans-serif">${words}</text>`

describe('a design SVG as a file', () => {
  it('finds the first h1, else the first heading, as the page shows it', () => {
    expect(headlineOf('<h2>Second</h2><h1>Fly <em>higher</em>\n &amp; on</h1><h1>Other</h1>')).toBe(
      'Fly higher & on',
    )
    expect(headlineOf('<p>x</p><h3>Only <b>this</b></h3><h2>Later</h2>')).toBe('Later')
    expect(headlineOf('<p>No heading</p>')).toBe('')
  })

  it('reads the families of the @font-face rules', () => {
    const css = `@font-face { font-family: 'Space Grotesk'; src: url(a.woff2) }
      @font-face { font-family: "JetBrains Mono"; src: url(b.woff2) } body { font-family: x }`
    expect(declaredFamilies(css)).toEqual(['Space Grotesk', 'JetBrains Mono'])
  })

  it('passes text in the families with the headline, split over lines and runs, in capitals', () => {
    const svg = `<svg width="1440" height="900">${text('Space Grotesk', 'Fly')}${text('Space Grotesk', '<tspan>higher</tspan>')}</svg>`
    expect(svgContentProblems('a.svg', svg, expected)).toEqual([])
    const runs = `<svg width="1440" height="900">${text('Space Grotesk', 'FLY HIGH')}${text('Space Grotesk', 'ER')}</svg>`
    expect(svgContentProblems('a.svg', runs, expected)).toEqual([])
    const shuffled = `<svg width="1440" height="900">${text('Space Grotesk', 'higher')}${text('Space Grotesk', 'Fly')}</svg>`
    expect(svgContentProblems('a.svg', shuffled, expected).map((p) => p.field)).toEqual(['text'])
  })

  it('fails an SVG without the headline as text, the family, its width, or with HTML or remote files', () => {
    const svg = `<svg width="1200" height="900"><path d="M0 0h10"/>${text('Inter', 'Fly')}
      <foreignObject><p>Fly higher</p></foreignObject><image href="https://cdn.example/a.png"/></svg>`
    expect(svgContentProblems('a.svg', svg, expected).map((p) => p.field)).toEqual([
      'width',
      'foreignObject',
      'text',
      'font-family',
      'links',
    ])
    expect(svgContentProblems('a.svg', '<html></html>', expected)).toEqual([
      { path: 'a.svg', message: 'is not an SVG' },
    ])
  })
})

/** A small challenge whose reference uses one of the catalogue's fonts. */
const FONT = `${CHALLENGES_DIR}Kitebase-Navbar/fonts/space-grotesk-latin-700-normal.woff2`
const REFERENCE = `<!doctype html><html lang="en"><head><title>Ref</title>
<link rel="stylesheet" href="style.css"></head>
<body><header><img src="../images/dot.svg" alt="" width="40" height="40"></header>
<main><h1>Fly higher</h1><p>Kites for every wind.</p><a href="#top" class="cta">Start</a></main></body></html>`
const STYLE = `@font-face { font-family: 'Space Grotesk'; src: url('../fonts/sg.woff2') format('woff2'); font-weight: 700; }
body { margin: 0; background: #0c0f14; color: #e8edf2; font: 700 18px/1.5 'Space Grotesk', sans-serif }
header { padding: 16px 24px; border-bottom: 1px solid #262e3a }
main { padding: 48px 24px; min-height: 60vh }
h1 { font-size: 64px; margin: 0 0 16px }
.cta { display: inline-block; padding: 12px 20px; border-radius: 8px; background: #c6f36b; color: #0c0f14 }`
const DOT = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><title>Dot</title><circle cx="20" cy="20" r="18" fill="#7dd3fc"/></svg>`

describe.runIf(hasChromium())('a design SVG drawn in Chromium', () => {
  let browser: Browser
  const folder = tempFolderPerTest()
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  async function renderedChallenge() {
    await folder.write({
      'reference/index.html': REFERENCE,
      'reference/style.css': STYLE,
      'images/dot.svg': DOT,
      'fonts/sg.woff2': await readFile(FONT),
    })
    await renderChallenge(folder.dir, join(folder.dir, 'design'), browser, { svg: true })
  }

  it('passes the SVGs the renderer draws: text in the font, the image inlined, the page’s pixels', async () => {
    await renderedChallenge()
    const svg = await readFile(join(folder.dir, 'design', 'desktop.svg'), 'utf8')
    expect(svg).toMatch(/<text[^>]*font-family="&quot;Space Grotesk&quot;[^>]*><tspan[^>]*>Fly higher</)
    expect(svg).toContain("url('../fonts/sg.woff2')")
    expect(svg).toContain('data:image/svg+xml;base64,')
    expect(svg).not.toContain('file:')
    expect(await checkDesignSvgs(folder.dir, browser)).toEqual([])
  })

  it('fails an SVG that no longer looks like its PNG, and one without its headline as text', async () => {
    await renderedChallenge()
    const file = join(folder.dir, 'design', 'desktop.svg')
    const svg = await readFile(file, 'utf8')
    // The same file, its drawing covered by a white sheet: every word is still there.
    await writeFile(
      file,
      svg.replace(/<\/svg>\s*$/, '<rect width="100%" height="100%" fill="#fff"/></svg>\n'),
    )
    const covered = await checkDesignSvgs(folder.dir, browser)
    expect(covered.map((p) => `${p.path.split('/').pop()} ${p.field}`)).toEqual(['desktop.svg pixels'])
    expect(covered[0]?.message).toMatch(/matches desktop\.png in \d+\.\d% of its pixels \(under 95%\)/)

    // The headline drawn as shapes instead of text.
    await writeFile(file, svg.replace('Fly higher', ''))
    const untexted = await checkDesignSvgs(folder.dir, browser)
    expect(untexted.map((p) => p.field)).toContain('text')
  })
})
