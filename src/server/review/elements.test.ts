import { serialize } from 'node:v8'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BrowserPool, createBrowserPool } from '#server/review/browser-pool.ts'
import { PAGE_SETTINGS } from '#server/review/capture.ts'
import { type CollectOptions, collectElements, ELEMENTS_VISIT_MAX } from '#server/review/elements.ts'
import { checkedElements, formatPageElements, parsePageElements } from '#server/review/elements-schema.ts'
import { bounded } from '#server/review/in-page.ts'
import {
  type ControlElement,
  ELEMENT_TEXT_MAX,
  ELEMENTS_MAX,
  type ImageElement,
  type PageElement,
  type PageElements,
  type SectionElement,
  type TextElement,
} from '#shared/page-elements.ts'
import { hasChromium } from '#tests/support/chromium-requirement.ts'

const PIXEL = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'

const page = (body: string, css = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fixture</title><style>
body{margin:0;font:16px/24px "DejaVu Sans",sans-serif;color:#333333}${css}</style></head><body>${body}</body></html>`

const texts = (found: PageElements) => found.elements.filter((e): e is TextElement => e.kind === 'text')
const images = (found: PageElements) => found.elements.filter((e): e is ImageElement => e.kind === 'image')
const controls = (found: PageElements) =>
  found.elements.filter((e): e is ControlElement => e.kind === 'control')
const sections = (found: PageElements) =>
  found.elements.filter((e): e is SectionElement => e.kind === 'section')
const textOf = (found: PageElements, text: string) => texts(found).find((e) => e.text === text)

describe.skipIf(!hasChromium())('collectElements', { timeout: 60_000 }, () => {
  let pool: BrowserPool
  let context: BrowserContext

  beforeAll(async () => {
    pool = createBrowserPool()
    // One context for the file: each test opens its own page in it.
    await pool.use(async (browser) => {
      context = await browser.newContext({ ...PAGE_SETTINGS, viewport: { width: 800, height: 600 } })
    })
  })
  afterAll(async () => {
    await context?.close().catch(() => {})
    await pool?.close()
  })

  const open = async (html: string, width = 800): Promise<Page> => {
    const opened = await context.newPage()
    await opened.setViewportSize({ width, height: 600 })
    await opened.setContent(html)
    return opened
  }
  const collect = async (html: string, options: Partial<CollectOptions> = {}) => {
    const opened = await open(html)
    try {
      return await collectElements(opened, { height: 2000, ...options })
    } finally {
      await opened.close()
    }
  }

  it("reads a heading's box, font and colour, and a paragraph's text with its inline parts", async () => {
    const found = await collect(
      page(
        '<h1>Grow your <em>garden</em></h1><p>Plant <strong>now</strong>,<br>harvest later</p>',
        'h1{margin:40px 0 0 30px;font:700 48px/60px "DejaVu Serif",serif;color:#0b1b3f}p{margin:20px 30px;color:rgba(0,0,0,0.5)}',
      ),
    )
    expect(found).toMatchObject({ version: 1, width: 800, height: 2000 })
    expect(found.truncated).toBeUndefined()
    const heading = textOf(found, 'Grow your garden')
    expect(heading).toMatchObject({
      tag: 'h1',
      fontFamily: 'DejaVu Serif',
      fontSize: 48,
      fontWeight: 700,
      lineHeight: 60,
      colour: '#0b1b3f',
    })
    // The text's own extent: from the left margin, within its 60 px line, as wide as the words.
    expect(heading?.box.x).toBe(30)
    expect(heading?.box.y).toBeGreaterThanOrEqual(40)
    expect(heading?.box.y).toBeLessThan(50)
    expect(heading?.box.height).toBeGreaterThan(40)
    expect(heading?.box.height).toBeLessThanOrEqual(60)
    expect(heading?.box.width).toBeGreaterThan(300)
    expect(heading?.box.width).toBeLessThan(770)
    // The inline <strong> is part of the paragraph, not a text of its own; the line break parts words.
    const paragraph = textOf(found, 'Plant now, harvest later')
    expect(paragraph).toMatchObject({ tag: 'p', fontSize: 16, lineHeight: 24, colour: '#808080' })
    expect(paragraph?.box.height).toBeGreaterThan(40)
    expect(texts(found).map((t) => t.text)).toEqual(['Grow your garden', 'Plant now, harvest later'])
  })

  it('gives `normal` line height as 1.2 × the size, and modern colours as #rrggbb', async () => {
    const found = await collect(
      page(
        '<p class="a">Colour function</p><p class="b">Oklch</p><p class="c">Normal</p>',
        '.a{color:color(srgb 1 0 0)}.b{color:oklch(62.8% 0.2577 29.23)}.c{font-size:20px;line-height:normal;color:hsl(120 100% 25%)}',
      ),
    )
    expect(textOf(found, 'Colour function')?.colour).toBe('#ff0000')
    // oklch(62.8% 0.2577 29.23) is sRGB red, give or take a rounding.
    expect(textOf(found, 'Oklch')?.colour).toMatch(/^#(fe|ff)0{4}$/)
    expect(textOf(found, 'Normal')).toMatchObject({ lineHeight: 24, colour: '#008000' })
  })

  it("reads an image's alt, an svg's title and a background image", async () => {
    const found = await collect(
      page(
        `<img src="${PIXEL}" alt="A lamp on a desk" width="200" height="100">
<picture><img src="${PIXEL}" alt="In a picture" width="50" height="50"></picture>
<svg width="24" height="24" aria-hidden="true"><title>Leaf</title><rect width="24" height="24"/></svg>
<div class="hero"></div>`,
        `.hero{height:120px;background:url("${PIXEL}") center/cover}`,
      ),
    )
    expect(images(found).map(({ tag, alt }) => ({ tag, alt }))).toEqual([
      { tag: 'img', alt: 'A lamp on a desk' },
      { tag: 'picture', alt: 'In a picture' },
      { tag: 'svg', alt: 'Leaf' },
      { tag: 'background', alt: '' },
    ])
    expect(images(found)[0]?.box).toEqual({ x: 0, y: 0, width: 200, height: 100 })
    expect(images(found)[3]?.box).toMatchObject({ x: 0, width: 800, height: 120 })
  })

  it("reads a button's colours, top border and radius, a link's and a field's label", async () => {
    const found = await collect(
      page(
        `<a class="demo" href="/demo">Book a demo</a>
<button class="ghost">Sign in</button><a href="/plain">Plain link</a>
<input placeholder="Your email"><input type="submit" value="Subscribe">
<button aria-label="Open the menu"><svg width="16" height="16"></svg></button>`,
        `.demo{display:inline-block;padding:12px 24px;background:#2f6feb;color:#fff;border:1px solid #1d4ed8;border-radius:9999px}
.ghost{background:transparent;border:none;border-top:2px dashed rgba(255,0,0,1);border-radius:6px;color:#111}`,
      ),
    )
    const demo = controls(found).find((c) => c.text === 'Book a demo')
    // The pill's radius is what it draws: half its height.
    expect(demo).toMatchObject({
      role: 'link',
      colour: '#ffffff',
      background: '#2f6feb',
      border: '1px solid #1d4ed8',
      radius: (demo?.box.height ?? 0) / 2,
    })
    const ghost = controls(found).find((c) => c.text === 'Sign in')
    expect(ghost).toMatchObject({
      role: 'button',
      colour: '#111111',
      border: '2px dashed #ff0000',
      radius: 6,
    })
    expect(ghost).not.toHaveProperty('background')
    expect(controls(found).find((c) => c.text === 'Plain link')).not.toHaveProperty('border')
    expect(controls(found).map((c) => [c.role, c.text])).toEqual([
      ['link', 'Book a demo'],
      ['button', 'Sign in'],
      ['link', 'Plain link'],
      ['input', 'Your email'],
      ['button', 'Subscribe'],
      ['button', 'Open the menu'],
    ])
    // An inline-block control's label is a text of its own too.
    expect(textOf(found, 'Book a demo')?.tag).toBe('a')
  })

  it('lists sections with their label or first heading', async () => {
    const found = await collect(
      page(
        `<header><nav aria-label="Main"><a href="/">Home</a></nav></header>
<main><section><div><h2>Our rooms</h2></div><p>Text</p></section><article aria-labelledby="t"><p id="t">Named by id</p></article></main>
<div role="contentinfo">Footer text</div>`,
      ),
    )
    expect(sections(found).map(({ tag, label }) => ({ tag, label }))).toEqual([
      { tag: 'header', label: undefined },
      { tag: 'nav', label: 'Main' },
      // The first heading inside names every open section without a name.
      { tag: 'main', label: 'Our rooms' },
      { tag: 'section', label: 'Our rooms' },
      { tag: 'article', label: 'Named by id' },
      { tag: 'footer', label: undefined },
    ])
    expect(sections(found)[0]?.box).toMatchObject({ x: 0, y: 0, width: 800 })
  })

  it('leaves out what is not seen', async () => {
    const found = await collect(
      page(
        `<p>Seen</p>
<p style="display:none">Display none</p>
<div style="display:none"><img src="${PIXEL}" alt="inside display none" width="10" height="10"></div>
<p style="visibility:hidden">Visibility hidden <span style="visibility:visible">but this is shown</span></p>
<div style="opacity:0"><button>Opacity zero</button></div>
<img src="${PIXEL}" alt="zero size" width="0" height="0">
<p style="position:absolute;left:-9999px">Off the page</p>
<p style="position:absolute;top:5000px">Below the captured height</p>
<div style="max-height:0;overflow:hidden"><a href="/x">In a closed menu</a></div>
<span class="sr-only">Screen readers only</span>
<div style="height:40px;overflow:hidden"><div style="position:absolute;top:300px">Escapes the clip</div></div>`,
        '.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}',
      ),
      { height: 2000 },
    )
    expect(texts(found).map((t) => t.text)).toEqual(['Seen', 'but this is shown', 'Escapes the clip'])
    expect(images(found)).toEqual([])
    expect(controls(found)).toEqual([])
  })

  it('keeps the largest elements when there are more than the cap, in document order', async () => {
    const boxes = [10, 60, 20, 50, 30, 40].map(
      (size) => `<div style="width:${size}px;height:${size}px;background:url(${PIXEL})"></div>`,
    )
    const found = await collect(page(boxes.join('')), { elementsMax: 3 })
    expect(found.elements.map((e) => e.box.width)).toEqual([60, 50, 40])
    expect(found.elements.every((e) => e.kind === 'image')).toBe(true)
  })

  it('stops at the node cap and says so, and cuts long texts', async () => {
    const many = Array.from({ length: 300 }, (_, i) => `<p>Paragraph ${i}</p>`).join('')
    const found = await collect(page(many), { visitMax: 100 })
    expect(found.truncated).toBe(true)
    expect(texts(found).length).toBeGreaterThan(10)
    expect(texts(found).length).toBeLessThan(100)

    const long = await collect(page(`<p>${'word '.repeat(10_000)}</p>`))
    expect(texts(long)[0]?.text).toHaveLength(ELEMENT_TEXT_MAX)
    expect(long.truncated).toBeUndefined()
  })

  it('is not fooled by a page that rewrites the DOM prototypes, and caps a huge page', async () => {
    const hostile = page(
      `<h1>Still read</h1><a class="b" href="/">A control</a><div id="many"></div>
<script>
  const boom = { get() { throw new Error('no') } }
  Object.defineProperty(Element.prototype, 'localName', boom)
  Object.defineProperty(Node.prototype, 'firstChild', boom)
  Element.prototype.getBoundingClientRect = () => ({ left: 1e12, top: NaN, right: 'x', bottom: {} })
  Range.prototype.getBoundingClientRect = () => { throw new Error('no') }
  window.getComputedStyle = () => { throw new Error('no') }
  Array.prototype.sort = function () { for (;;) {} }
  JSON.stringify = () => 'x'.repeat(1e6)
  performance.now = () => 0
  const many = document.getElementById('many')
  many.innerHTML = '<p>' + 'y'.repeat(10_000_000) + '</p>' + '<span style="display:block">z</span>'.repeat(60000)
</script>`,
      '.b{display:inline-block;background:#ff0000}',
    )
    const opened = await open(hostile)
    try {
      const found = await collectElements(opened, { height: 4000 })
      expect(textOf(found, 'Still read')).toMatchObject({ tag: 'h1', fontWeight: 700 })
      expect(controls(found)[0]).toMatchObject({ text: 'A control', background: '#ff0000' })
      expect(found.truncated).toBe(true)
      expect(found.elements.length).toBeLessThanOrEqual(ELEMENTS_MAX)
      expect(found.elements.length).toBeGreaterThan(50)
      expect(texts(found).find((t) => t.text.startsWith('yyy'))?.text).toHaveLength(ELEMENT_TEXT_MAX)
      // Every box is on the page: the lying getBoundingClientRect was never called.
      for (const element of found.elements) expect(element.box.y).toBeLessThanOrEqual(4000)
    } finally {
      await opened.close()
    }
  })

  // A million nodes take Chromium a while to lay out on a busy machine, before the walk starts.
  it('walks no more than the cap of a page with a million nodes', { timeout: 180_000 }, async () => {
    const opened = await open(page('<div id="root"></div>'))
    try {
      await opened.evaluate(() => {
        const root = document.getElementById('root') as HTMLElement
        const chunk = '<i>a</i>'.repeat(1000)
        root.innerHTML = `<div>${chunk}</div>`.repeat(500)
      })
      const found = await collectElements(opened, { height: 16_000 })
      expect(found.truncated).toBe(true)
      expect(found.elements.length).toBeLessThanOrEqual(Math.ceil(ELEMENTS_VISIT_MAX / 2))
    } finally {
      await opened.close()
    }
  })

  it('does not answer while a script holds the page, which the caller bounds', async () => {
    const opened = await open(page('<p>Busy</p>'))
    try {
      await opened.evaluate(() => {
        setTimeout(() => {
          for (;;) {}
        }, 0)
      })
      const result = await bounded(collectElements(opened, { height: 600 }), 3000)
      expect(result.done).toBe(false)
    } finally {
      await opened.close({ runBeforeUnload: false }).catch(() => {})
    }
  })
})

describe('the elements files', () => {
  const sample: PageElements = {
    version: 1,
    width: 375,
    height: 900,
    elements: [
      { kind: 'section', box: { x: 0, y: 0, width: 375, height: 64 }, tag: 'header', label: 'Main' },
      {
        kind: 'control',
        box: { x: 16, y: 12, width: 120, height: 40 },
        role: 'button',
        text: 'Book a "demo"',
        colour: '#ffffff',
        background: '#1d4ed8',
        border: '1px solid #0f172a',
        radius: 20,
      },
      {
        kind: 'text',
        box: { x: 16, y: 80, width: 200, height: 40 },
        tag: 'h1',
        text: 'Hello </script>',
        fontFamily: 'Inter',
        fontSize: 32,
        fontWeight: 700,
        lineHeight: 38.4,
        colour: '#0b1b3f',
      },
      { kind: 'image', box: { x: 0, y: 140, width: 375, height: 200 }, tag: 'img', alt: '' },
    ],
  }

  it('writes one element a line, keys in one order, and reads back the same', () => {
    // Keys given in another order are written in the same one.
    const shuffled = {
      ...sample,
      elements: sample.elements.map((e) => Object.fromEntries(Object.entries(e).reverse()) as PageElement),
    }
    const text = formatPageElements(sample)
    expect(formatPageElements(shuffled)).toBe(text)
    expect(text.split('\n')).toHaveLength(sample.elements.length + 8)
    expect(text.split('\n')[5]).toBe(
      '    {"kind":"section","box":{"x":0,"y":0,"width":375,"height":64},"tag":"header","label":"Main"},',
    )
    expect(parsePageElements(text)).toEqual(sample)
    expect(formatPageElements({ ...sample, elements: [] })).toContain('"elements": []')
  })

  it('bounds what crosses to the server from the engine: the largest page the shape allows is under 3 MB a breakpoint', () => {
    // Four-byte characters, every text and family at its cap: what a hostile page could make of a list.
    const wide = '\u{1F600}'.repeat(ELEMENT_TEXT_MAX / 2)
    const largest: PageElements = {
      version: 1,
      width: 1440,
      height: 16_000,
      truncated: true,
      elements: Array.from({ length: ELEMENTS_MAX }, (_, i) => ({
        kind: 'text' as const,
        box: { x: i + 0.5, y: i + 0.25, width: 1439.5, height: 15_999.5 },
        tag: `custom-element-${'x'.repeat(24)}`,
        text: wide,
        fontFamily: '\u{1F600}'.repeat(50),
        fontSize: 123.45,
        fontWeight: 950,
        lineHeight: 148.14,
        colour: '#abcdef',
      })),
    }
    expect(checkedElements(largest).elements).toHaveLength(ELEMENTS_MAX)
    // The engine's channel is the V8 serialiser's; a review has three breakpoints.
    expect(serialize(largest).length).toBeLessThan(3 * 1024 * 1024)
    expect(() =>
      checkedElements({ ...largest, elements: [...largest.elements, largest.elements[0]] }),
    ).toThrow()
  })

  it('refuses a file that is not a page of elements, naming the field', () => {
    const broken = {
      ...sample,
      elements: [{ ...sample.elements[0], box: { x: 0, y: 0, width: -1, height: 1 } }],
    }
    expect(() => parsePageElements(JSON.stringify(broken))).toThrow(/elements\.0\.box\.width/)
    expect(() => parsePageElements(JSON.stringify({ ...sample, version: 2 }))).toThrow(/version/)
  })

  it("leaves out an element of a page's answer that does not fit the shape, and keeps the rest", () => {
    const answer = {
      ...sample,
      elements: [
        ...sample.elements,
        { kind: 'text', box: { x: 0, y: 0, width: 1, height: 1 }, tag: 'h1', text: 'x'.repeat(10_000) },
        { kind: 'image', box: { x: 0, y: 0, width: 1, height: 1 }, tag: 'constructor', alt: '' },
        { kind: 'control', box: { x: Number.NaN, y: 0, width: 1, height: 1 } },
      ],
    }
    expect(checkedElements(answer)).toEqual(sample)
    expect(() => checkedElements({ ...sample, elements: new Array(ELEMENTS_MAX + 1).fill(null) })).toThrow()
    expect(() => checkedElements('nothing')).toThrow()
  })
})
