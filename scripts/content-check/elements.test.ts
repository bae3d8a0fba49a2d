import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Browser } from '@playwright/test'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatPageElements, parsePageElements } from '#server/review/elements-schema.ts'
import type { PageElements } from '#shared/page-elements.ts'
import { hasChromium } from '#tests/support/chromium-requirement.ts'
import { launchBrowser, renderChallenge } from '../content-render.ts'
import { checkRendered } from './drift.ts'
import { checkElementsFiles, compareElements } from './elements.ts'
import { checkStates } from './states.ts'
import { tempFolderPerTest } from './test-fixtures.ts'

const page: PageElements = {
  version: 1,
  width: 1440,
  height: 900,
  elements: [
    { kind: 'section', box: { x: 0, y: 0, width: 1440, height: 80 }, tag: 'header' },
    {
      kind: 'text',
      box: { x: 100, y: 200, width: 600, height: 60 },
      tag: 'h1',
      text: 'Grow your garden',
      fontFamily: 'Inter',
      fontSize: 48,
      fontWeight: 700,
      lineHeight: 57.6,
      colour: '#0b1b3f',
    },
    {
      kind: 'control',
      box: { x: 100, y: 300, width: 160, height: 48 },
      role: 'link',
      text: 'Book a demo',
      colour: '#ffffff',
      background: '#1d4ed8',
      radius: 24,
    },
  ],
}

const moved = (by: number): PageElements => ({
  ...page,
  elements: page.elements.map((e) => ({ ...e, box: { ...e.box, y: e.box.y + by } })),
})

describe('compareElements', () => {
  it('passes the same elements, and boxes a pixel apart', () => {
    expect(compareElements(page, structuredClone(page))).toEqual([])
    expect(compareElements(page, moved(1))).toEqual([])
    expect(compareElements(page, { ...page, height: 901 })).toEqual([])
  })

  it('names what moved more than a pixel, and every other change', () => {
    expect(compareElements(page, moved(2))).toEqual([
      'element 1 (section "header"): box.y is 0, a fresh render gives 2',
      'element 2 (text "Grow your garden"): box.y is 200, a fresh render gives 202',
      'element 3 (control "Book a demo"): box.y is 300, a fresh render gives 302',
    ])
    const recoloured = structuredClone(page)
    const { background: _, ...plain } = recoloured.elements[2] as Extract<
      PageElements['elements'][number],
      { kind: 'control' }
    >
    recoloured.elements[2] = { ...plain, colour: '#000000' }
    expect(compareElements(page, recoloured)).toEqual([
      'element 3 (control "Book a demo"): colour is "#ffffff", a fresh render gives "#000000"',
      'element 3 (control "Book a demo"): background is "#1d4ed8", a fresh render gives absent',
    ])
  })

  it('says when the lists or the page differ, and tells at most five differences', () => {
    expect(compareElements(page, { ...page, elements: page.elements.slice(1) })[0]).toBe(
      'it lists 3 elements, a fresh render 2',
    )
    expect(compareElements(page, { ...page, width: 768, height: 1000 })).toEqual([
      'it is for 1440 px, a fresh render is 768 px wide',
      'it gives the page 900 px, a fresh render 1000 px',
    ])
    const many = { ...page, elements: Array.from({ length: 10 }, () => page.elements[1]) } as PageElements
    const shifted = { ...many, elements: many.elements.map((e) => ({ ...e, box: { ...e.box, x: 0 } })) }
    expect(compareElements(many, shifted)).toHaveLength(5)
  })
})

describe('the elements files of a challenge', () => {
  const folder = tempFolderPerTest()

  it('fails a view without its file, or with one that does not read, and passes the three', async () => {
    await folder.write({
      'design/desktop.elements.json': formatPageElements(page),
      'design/tablet.elements.json': '{"version": 1',
    })
    const problems = await checkElementsFiles(folder.dir)
    expect(problems.map((p) => [p.path.split('/').slice(-2).join('/'), p.message])).toEqual([
      [
        'design/tablet.elements.json',
        expect.stringMatching(/^is not a page of elements \(.*JSON.*\); re-render it/),
      ],
      ['design/mobile.elements.json', expect.stringMatching(/^is missing: .*npm run content:render/)],
    ])
    await folder.write({
      'design/tablet.elements.json': formatPageElements(page),
      'design/mobile.elements.json': formatPageElements(page),
    })
    expect(await checkElementsFiles(folder.dir)).toEqual([])
  })

  it('counts them as files of the design, not strays', async () => {
    await folder.write({ 'design/desktop.elements.json': '{}', 'design/extra.elements.json': '{}' })
    const { problems } = await checkStates(folder.dir)
    expect(problems.map((p) => p.path.split('/').pop())).toEqual(['extra.elements.json'])
  })
})

describe.skipIf(!hasChromium())('the drift check of the elements', { timeout: 120_000 }, () => {
  const folder = tempFolderPerTest()
  let browser: Browser

  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  const REFERENCE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fixture</title>
<link rel="stylesheet" href="style.css"></head><body><header><h1>Grow your garden</h1></header>
<main><p>Plant now, harvest later.</p><a class="cta" href="#">Book a demo</a></main></body></html>`
  const STYLE = `body{margin:0;font:16px/1.5 "DejaVu Sans",sans-serif;color:#333}h1{margin:0;padding:24px;font-size:40px}
.cta{display:inline-block;margin:24px;padding:12px 24px;border-radius:8px;background:#1d4ed8;color:#fff}`

  const elementProblems = async () =>
    (
      await checkRendered(folder.dir, browser, { blocked: new Set(), diffDir: folder.dir, axe: false })
    ).filter((p) => p.path.endsWith('.elements.json'))

  it('passes a fresh recording, and fails a stale or a missing file', async () => {
    await folder.write({ 'reference/index.html': REFERENCE, 'reference/style.css': STYLE })
    const rendered = await renderChallenge(folder.dir, join(folder.dir, 'design'), browser)
    expect(rendered.filter((r) => r.elements).map((r) => r.name)).toEqual(['desktop', 'tablet', 'mobile'])
    const file = join(folder.dir, 'design', 'mobile.elements.json')
    const recorded = parsePageElements(await readFile(file, 'utf8'))
    expect(recorded.elements.map((e) => e.kind)).toEqual([
      'section',
      'text',
      'section',
      'text',
      'control',
      'text',
    ])
    expect(await elementProblems()).toEqual([])

    // The reference changed after the render: its heading is now 10 px lower.
    await writeFile(join(folder.dir, 'reference', 'style.css'), `${STYLE}header{padding-top:10px}`)
    const stale = await elementProblems()
    expect(stale).toHaveLength(3)
    const said = /element 2 \(text "Grow your garden"\): box\.y is (\d+), a fresh render gives (\d+)/.exec(
      stale[0]?.message ?? '',
    )
    expect(Number(said?.[2]) - Number(said?.[1])).toBe(10)
    expect(stale[0]?.message).toMatch(
      /^differs from a fresh render: .*; re-render it \(npm run content:render /,
    )

    await rm(file)
    const missing = await elementProblems()
    expect(missing.find((p) => p.path.endsWith('mobile.elements.json'))?.message).toMatch(/^is missing/)
  })
})
