import { describe, expect, it } from 'vitest'
import type { ControlElement, PageElement, PageElements, TextElement } from '#shared/page-elements.ts'
import {
  box,
  changed,
  control,
  HEADING,
  image,
  landingElements,
  landingPage,
  PORTRAIT,
  page,
  section,
  text,
} from '#tests/support/element-fixtures.ts'
import { PATTERN_CORPUS } from '#tests/support/hostile-text.ts'
import { elementFindings, FINDINGS_MAX, QUOTE_MAX, quoteText } from './findings.ts'
import { matchElements } from './match.ts'

const isHeading = (element: PageElement) => element.kind === 'text' && element.text === HEADING
const isDemo = (element: PageElement) => element.kind === 'control' && element.text === 'Book a demo'

function findings(design: PageElements, member: PageElements, breakpoint?: 'desktop' | 'tablet' | 'mobile') {
  return elementFindings(design, member, matchElements(design, member), breakpoint ? { breakpoint } : {})
}

function moveAll(elements: PageElement[], dy: number): PageElement[] {
  return elements.map((element) => ({ ...element, box: { ...element.box, y: element.box.y + dy } }))
}

describe('elementFindings', () => {
  it('finds nothing on the design itself, nor on a page 3 px lower', () => {
    expect(findings(landingPage(), landingPage())).toEqual([])
    expect(findings(landingPage(), page(moveAll(landingElements(), 3)))).toEqual([])
  })

  it('says how far and how much smaller a heading is, with both font sizes', () => {
    const elements = landingElements()
    const member = changed(elements, isHeading, (element) => ({
      ...(element as TextElement),
      box: box(120, 248, 397, 41),
      fontSize: 34,
      lineHeight: 41,
    }))
    const [first, ...rest] = findings(page(elements), page(member))
    expect(rest).toEqual([])
    expect(first).toMatchObject({
      kind: 'layout',
      sentence:
        'The heading "Sound, shaped for you" is 48 px lower and 30 % smaller (font-size 34 px, design 48 px).',
      designIndex: elements.findIndex(isHeading),
      pageIndex: elements.findIndex(isHeading),
      designBox: box(120, 200, 560, 58),
      pageBox: box(120, 248, 397, 41),
      numbers: { dy: 48, sizePercent: -30, fontSize: 34, designFontSize: 48 },
    })
    expect(first?.severity).toBe('high')
  })

  it('does not call a centred heading that shrank moved sideways, and names a sideways move', () => {
    const design = page([text({ text: 'Centred', tag: 'h2', box: box(520, 100, 400, 44), fontSize: 36 })])
    const shrunk = page([text({ text: 'Centred', tag: 'h2', box: box(570, 100, 300, 33), fontSize: 27 })])
    expect(findings(design, shrunk).map((f) => f.sentence)).toEqual([
      'The heading "Centred" is 25 % smaller (font-size 27 px, design 36 px).',
    ])
    const left = page([text({ text: 'Centred', tag: 'h2', box: box(500, 90, 400, 44), fontSize: 36 })])
    expect(findings(design, left).map((f) => f.sentence)).toEqual([
      'The heading "Centred" is 10 px higher and 20 px to the left.',
    ])
  })

  it('gives a recoloured button both colours', () => {
    const elements = landingElements()
    const member = changed(elements, isDemo, (element) => ({
      ...(element as ControlElement),
      background: '#2f6feb',
    }))
    const found = findings(page(elements), page(member))
    expect(found.map((f) => f.sentence)).toEqual(['The button "Book a demo" is #2F6FEB, the design #1D4ED8.'])
    expect(found[0]).toMatchObject({
      kind: 'colour',
      numbers: { colour: '#2F6FEB', designColour: '#1D4ED8' },
    })
    expect(found[0]?.numbers.deltaE).toBeGreaterThan(3)
  })

  it('says which text colour, background or font differs, and not a colour nobody sees', () => {
    const elements = landingElements()
    const member = changed(
      changed(elements, isDemo, (element) => ({ ...(element as ControlElement), background: undefined })),
      isHeading,
      (element) => ({
        ...(element as TextElement),
        colour: '#7c2d12',
        fontFamily: 'Georgia',
        fontWeight: 400,
      }),
    )
    const sentences = findings(page(elements), page(member)).map((f) => f.sentence)
    expect(sentences).toContain('The button "Book a demo" has no background, the design #1D4ED8.')
    expect(sentences).toContain('The heading "Sound, shaped for you" is #7C2D12, the design #111827.')
    expect(sentences).toContain(
      'The heading "Sound, shaped for you" is set in Georgia 400, the design Inter 700.',
    )
    const faint = changed(elements, isHeading, (element) => ({
      ...(element as TextElement),
      colour: '#121828',
    }))
    expect(findings(page(elements), page(faint))).toEqual([])
  })

  it('says an image is missing at the breakpoint, its long alt text cut', () => {
    const design = page(
      [
        text({ text: HEADING, tag: 'h1', box: box(16, 100, 343, 40), fontSize: 32 }),
        image({ alt: PORTRAIT, box: box(16, 160, 343, 260) }),
      ],
      375,
    )
    const member = page([design.elements[0] as PageElement], 375)
    const found = findings(design, member, 'mobile')
    expect(found.map((f) => f.sentence)).toEqual([
      `The image "${PORTRAIT.slice(0, QUOTE_MAX - 1).trimEnd()}…" is missing at mobile.`,
    ])
    expect(found[0]).toMatchObject({
      kind: 'missing',
      breakpoint: 'mobile',
      designIndex: 1,
      designBox: box(16, 160, 343, 260),
    })
    expect(found[0]?.pageBox).toBeUndefined()
  })

  it('says a paragraph the design does not have is not in the design', () => {
    const elements = landingElements()
    const added = text({ text: 'Free shipping on every order.', box: box(120, 440, 400, 24) })
    const found = findings(page(elements), page([...elements, added]))
    expect(found).toMatchObject([
      {
        kind: 'extra',
        sentence: 'The text "Free shipping on every order." is not in the design.',
        pageIndex: elements.length,
        pageBox: added.box,
      },
    ])
  })

  it('forgives a typo but says when the words differ', () => {
    const elements = landingElements()
    const typo = changed(elements, isHeading, (element) => ({
      ...(element as TextElement),
      text: 'Sound, shapd for you',
    }))
    expect(findings(page(elements), page(typo))).toEqual([])
    const other = changed(elements, isDemo, (element) => ({
      ...(element as ControlElement),
      text: 'Book a call',
    }))
    expect(findings(page(elements), page(other)).map((f) => f.sentence)).toEqual([
      'The button "Book a demo" reads "Book a call".',
    ])
  })

  it('tells a page moved as a whole once, and what moved besides', () => {
    const elements = landingElements()
    const member = changed(moveAll(elements, 30), isHeading, (element) => ({
      ...element,
      box: { ...element.box, y: element.box.y + 40 },
    }))
    expect(findings(page(elements), page(member)).map((f) => f.sentence)).toEqual([
      'The heading "Sound, shaped for you" is 70 px lower.',
      'The page is 30 px lower than the design (22 of 23 elements).',
    ])
  })

  it('ranks a large heading above small text, and keeps at most the cap', () => {
    const elements = landingElements()
    const member = elements.map((element) =>
      element.kind === 'text' ? { ...element, fontSize: element.fontSize * 0.8 } : element,
    )
    const found = findings(page(elements), page(member))
    const heading = found.findIndex((f) => f.sentence.startsWith('The heading "Sound, shaped for you"'))
    const small = found.findIndex((f) => f.sentence.startsWith('The text "© 2026 Aurel Audio"'))
    expect(heading).toBeGreaterThanOrEqual(0)
    expect(small).toBeGreaterThan(heading)
    for (let i = 1; i < found.length; i++) {
      expect((found[i - 1] as { weight: number }).weight).toBeGreaterThanOrEqual(
        (found[i] as { weight: number }).weight,
      )
    }
    const many = Array.from({ length: 200 }, (_, i) =>
      text({ text: `Extra line ${i}`, box: box(40, 3000 + i * 40, 300, 20) }),
    )
    expect(findings(page(elements), page([...elements, ...many]))).toHaveLength(FINDINGS_MAX)
  })

  it('names elements without text by their size or their part of the page', () => {
    const design = page([
      image({ box: box(0, 0, 320, 200) }),
      section({ tag: 'footer', box: box(0, 2000, 1440, 300) }),
      control({ role: 'input', text: '', box: box(100, 500, 240, 40), background: '#ffffff' }),
    ])
    const found = findings(design, page([]))
    expect(found.map((f) => f.sentence).sort()).toEqual([
      'The field (240 × 40 px) is missing.',
      'The footer is missing.',
      'The image (320 × 200 px) is missing.',
    ])
  })
})

describe('member text in findings', () => {
  it('is quoted as it is, never read as a pattern or markup', () => {
    const design = landingPage()
    for (const hostile of PATTERN_CORPUS) {
      const member = page([...landingElements(), text({ text: hostile, box: box(120, 440, 400, 24) })])
      const [found] = findings(design, member)
      const spaced = hostile.replace(/\s+/gu, ' ')
      const quoted = spaced.length <= QUOTE_MAX ? spaced : `${spaced.slice(0, QUOTE_MAX - 1)}…`
      expect(found?.sentence).toBe(`The text "${quoted}" is not in the design.`)
    }
  })

  it('loses its bidi and control characters, and a long text is cut', () => {
    expect(quoteText('\u202eevil\u202c "quoted" $& <script>x</script>\u0007')).toBe(
      'evil "quoted" $& <script>x</script>',
    )
    expect(quoteText('abc\u2066def\u200f')).toBe('abcdef')
    const long = `${'a'.repeat(10_000)}`
    expect(quoteText(long)).toBe(`${'a'.repeat(QUOTE_MAX - 1)}…`)
    // A character of two code units, or with a combining mark, is never cut in half.
    const emoji = quoteText('👩‍🎤'.repeat(100))
    expect(emoji.endsWith('👩‍🎤…')).toBe(true)
    expect(Array.from(new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(emoji))).toHaveLength(
      QUOTE_MAX,
    )
    // Exactly as many characters as a quote holds, of several code units each: kept whole.
    expect(quoteText('👩‍🎤'.repeat(QUOTE_MAX))).toBe('👩‍🎤'.repeat(QUOTE_MAX))
    expect(quoteText('a'.repeat(QUOTE_MAX))).toBe('a'.repeat(QUOTE_MAX))

    const design = page([text({ text: 'Hello', box: box(0, 0, 100, 20) })])
    const member = page([
      text({ text: 'Hello', box: box(0, 0, 100, 20) }),
      text({ text: `\u202e${'x'.repeat(10_000)}`, box: box(0, 400, 1000, 2000) }),
    ])
    const [found] = findings(design, member)
    expect(found?.sentence).toBe(`The text "${'x'.repeat(QUOTE_MAX - 1)}…" is not in the design.`)
  })
})
