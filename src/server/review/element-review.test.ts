import { describe, expect, it } from 'vitest'
import { reviewElements } from '#server/review/element-review.ts'
import { FINDINGS_MAX } from '#server/review/elements/findings.ts'
import type { PageElements, TextElement } from '#shared/page-elements.ts'
import { readStoredElements, reviewElementsSchema } from '#shared/review.ts'

const text = (y: number, words: string, fontSize = 18, tag = 'p'): TextElement => ({
  kind: 'text',
  box: { x: 100, y, width: 400, height: fontSize * 1.3 },
  tag,
  text: words,
  fontFamily: 'Inter',
  fontSize,
  fontWeight: 400,
  lineHeight: fontSize * 1.2,
  colour: '#222222',
})
const page = (elements: PageElements['elements']): PageElements => ({
  version: 1,
  width: 1440,
  height: 3000,
  elements,
})

describe('the element step of a breakpoint', () => {
  it('is null when either side has no elements', () => {
    const some = page([text(10, 'Hello')])
    expect(reviewElements(null, some, 'desktop')).toBeNull()
    expect(reviewElements(some, undefined, 'desktop')).toBeNull()
    expect(reviewElements(page([]), some, 'desktop')).toBeNull()
    expect(reviewElements(some, page([]), 'mobile')).toBeNull()
  })

  it('gives the agreement and the findings as the report reads them: boxes, no element indices', () => {
    const design = page([text(340, 'Sound, shaped for you', 48, 'h1'), text(600, 'Listen closely.')])
    const ours = page([text(388, 'Sound, shaped for you', 34, 'h1')])
    const result = reviewElements(design, ours, 'tablet')?.review
    expect(reviewElementsSchema.parse(result)).toEqual(result)
    expect(result?.agreement).toMatchObject({ paired: 1, missing: 1, extra: 0 })
    const [first, ...rest] = result?.findings ?? []
    expect(first).toMatchObject({
      kind: 'layout',
      designBox: design.elements[0]?.box,
      pageBox: ours.elements[0]?.box,
    })
    expect(first?.sentence).toMatch(/^The heading "Sound, shaped for you" is 48 px lower and \d+ % smaller/)
    expect(first).not.toHaveProperty('designIndex')
    expect(first).not.toHaveProperty('breakpoint')
    const missing = rest.find((finding) => finding.kind === 'missing')
    expect(missing).toMatchObject({ pageBox: null, designBox: design.elements[1]?.box })
    expect(missing?.sentence).toContain('is missing at tablet')
  })

  it('keeps at most FINDINGS_MAX findings', () => {
    const design = page(Array.from({ length: 80 }, (_, i) => text(i * 40, `Paragraph number ${i} of many`)))
    const result = reviewElements(design, page([text(0, 'Something else entirely')]), 'desktop')?.review
    expect(result?.findings).toHaveLength(FINDINGS_MAX)
  })
})

describe('a stored element review', () => {
  const agreement = {
    content: 1,
    position: 1,
    size: 1,
    colour: 1,
    overall: 1,
    paired: 1,
    missing: 0,
    extra: 0,
  }
  it('reads in version 1, and as none when absent, of another version or of another shape', () => {
    expect(readStoredElements({ version: 1, agreement, findings: [] })).toEqual({ agreement, findings: [] })
    expect(readStoredElements(null)).toBeNull()
    expect(readStoredElements(undefined)).toBeNull()
    expect(readStoredElements({ version: 2, agreement, findings: [] })).toBeNull()
    expect(readStoredElements({ version: 1, agreement })).toBeNull()
    expect(readStoredElements('findings')).toBeNull()
  })
})
