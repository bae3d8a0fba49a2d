import { describe, expect, it } from 'vitest'
import type { PageElement, PageElements } from '#shared/page-elements.ts'
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
import { type ElementAgreement, elementAgreement, OFFSET_SHARE, POSITION_SPAN_WIDTHS } from './agreement.ts'
import { POSITION_TOLERANCE } from './findings.ts'
import { matchElements } from './match.ts'

function agreement(design: PageElements, member: PageElements): ElementAgreement {
  return elementAgreement(design, member, matchElements(design, member))
}

function moveAll(elements: PageElement[], dy: number): PageElement[] {
  return elements.map((element) => ({ ...element, box: { ...element.box, y: element.box.y + dy } }))
}

/** Every colour of the page swapped for another: the layout and words kept. */
const PALETTE: Record<string, string> = {
  '#1f2937': '#9d174d',
  '#111827': '#065f46',
  '#ffffff': '#facc15',
  '#1d4ed8': '#ea580c',
}
function repainted(elements: PageElement[]): PageElement[] {
  return elements.map((element) => {
    if (element.kind === 'text') return { ...element, colour: PALETTE[element.colour] ?? '#ff00ff' }
    if (element.kind === 'control') {
      return {
        ...element,
        colour: PALETTE[element.colour] ?? '#ff00ff',
        ...(element.background ? { background: PALETTE[element.background] ?? '#ff00ff' } : {}),
      }
    }
    return element
  })
}

/** Another page: a pricing table with its own words, in other places. */
function pricingPage(): PageElements {
  return page([
    section({ tag: 'header', box: box(0, 0, 1440, 64) }),
    text({ text: 'Northwind', tag: 'span', box: box(40, 16, 140, 28), fontSize: 20, fontWeight: 700 }),
    control({ role: 'link', text: 'Sign in', box: box(1300, 20, 80, 24), colour: '#1f2937' }),
    text({ text: 'Plans for every team', tag: 'h1', box: box(420, 140, 600, 50), fontSize: 42 }),
    ...[0, 1, 2].flatMap((i) => [
      text({
        text: ['Starter', 'Growth', 'Scale'][i] as string,
        tag: 'h3',
        box: box(160 + i * 400, 300, 300, 30),
        fontSize: 24,
      }),
      text({ text: `$${[0, 29, 99][i]} per month`, box: box(160 + i * 400, 350, 300, 40), fontSize: 32 }),
      control({ text: 'Choose plan', box: box(160 + i * 400, 560, 300, 48), background: '#059669' }),
    ]),
    image({ tag: 'svg', alt: 'Customer logos', box: box(220, 800, 1000, 80) }),
    section({ tag: 'footer', box: box(0, 1000, 1440, 200) }),
  ])
}

describe('elementAgreement', () => {
  it('is 1 in every part for the design itself', () => {
    expect(agreement(landingPage(), landingPage())).toEqual({
      content: 1,
      position: 1,
      size: 1,
      colour: 1,
      overall: 1,
      paired: landingElements().length,
      missing: 0,
      extra: 0,
    })
    expect(agreement(page([]), page([]))).toMatchObject({ content: 1, overall: 1 })
    const broken = page([image({ box: box(Number.NaN, 0, Number.NaN, 10) })])
    for (const value of Object.values(agreement(landingPage(), broken)))
      expect(Number.isFinite(value)).toBe(true)
  })

  it('keeps the words and layout of a repainted page and loses its colour', () => {
    const result = agreement(landingPage(), page(repainted(landingElements())))
    expect(result.content).toBe(1)
    expect(result.position).toBe(1)
    expect(result.size).toBe(1)
    expect(result.colour).toBeLessThan(0.5)
    expect(result.overall).toBeGreaterThan(0.75)
  })

  it('scores another page low', () => {
    const result = agreement(landingPage(), pricingPage())
    expect(result.content).toBeLessThan(0.15)
    expect(result.overall).toBeLessThan(0.15)
    expect(agreement(landingPage(), page([])).overall).toBe(0)
  })

  it('charges what moved against the rest of the page, not the page’s own offset', () => {
    const three = agreement(landingPage(), page(moveAll(landingElements(), 3)))
    const twenty = agreement(landingPage(), page(moveAll(landingElements(), 20)))
    // The page a little lower is the same layout: only the offset's share is charged (decision 023).
    expect(three.position).toBe(1)
    expect(twenty.position).toBeCloseTo(
      1 - OFFSET_SHARE * ((20 - POSITION_TOLERANCE) / (POSITION_SPAN_WIDTHS * 1440)),
      6,
    )
    expect(twenty.content).toBe(1)
    const isHeading = (element: PageElement) => element.kind === 'text' && element.text === HEADING
    const headingDown = (dy: number) =>
      agreement(
        landingPage(),
        page(changed(landingElements(), isHeading, (element) => moveAll([element], dy)[0] as PageElement)),
      )
    expect(headingDown(3).position).toBe(1)
    expect(headingDown(20).position).toBeLessThan(1)
    expect(headingDown(20).position).toBeGreaterThan(0.9)
    expect(headingDown(100).position).toBeLessThan(headingDown(20).position)
    // The page's offset is the median move: one block out of place does not set it.
    const mirrored = landingElements().map((element) =>
      element.kind === 'section'
        ? element
        : { ...element, box: { ...element.box, x: 1440 - element.box.x - element.box.width } },
    )
    expect(agreement(landingPage(), page(mirrored)).position).toBeLessThan(0.7)
  })

  it('keeps the layout of a text that runs longer: what follows keeps its gap to it', () => {
    const isHeading = (element: PageElement) => element.kind === 'text' && element.text === HEADING
    // The lead and the button under the heading, in its column.
    const under = (element: PageElement) =>
      element.box.x === 120 && element.box.y > 200 && element.box.y < 450
    const down = (element: PageElement) => moveAll([element], 58)[0] as PageElement
    // The heading set in a wider face takes a third line: the lead and the button follow it down.
    const longer = landingElements().map((element) =>
      isHeading(element)
        ? { ...element, box: { ...element.box, height: element.box.height + 58 } }
        : under(element)
          ? down(element)
          : element,
    )
    expect(agreement(landingPage(), page(longer)).position).toBe(1)
    // The same two moved with the heading as it was: the lead's gap above it grew and is charged; the
    // button kept its gap to the lead, so it costs what the lead alone moved costs.
    const pushed = agreement(landingPage(), page(changed(landingElements(), under, down)))
    const leadOnly = agreement(
      landingPage(),
      page(changed(landingElements(), (element) => under(element) && element.kind === 'text', down)),
    )
    expect(pushed.position).toBeLessThan(1)
    expect(pushed.position).toBe(leadOnly.position)
  })

  it('counts a missing image and an added paragraph against the content', () => {
    const elements = landingElements()
    const withoutPortrait = elements.filter((element) => !(element.kind === 'image' && element.alt))
    expect(agreement(page(elements), page(withoutPortrait)).content).toBeLessThan(0.9)
    const added = text({ text: 'Free shipping on every order.', box: box(120, 440, 400, 24) })
    const extra = agreement(page(elements), page([...elements, added]))
    expect(extra.content).toBeLessThan(1)
    expect(extra.content).toBeGreaterThan(0.95)
    expect(extra.extra).toBe(1)
  })

  it('keeps part of a reworded text that stands in the design’s place and style', () => {
    const design = landingPage()
    const isHeading = (element: PageElement) => element.kind === 'text' && element.text === HEADING
    const reword = (more: Partial<PageElement>) =>
      page(
        changed(
          landingElements(),
          isHeading,
          (element) => ({ ...element, text: 'Headphones that hear you', ...more }) as PageElement,
        ),
      )
    const inPlace = agreement(design, reword({}))
    const restyled = agreement(design, reword({ fontSize: 30, fontWeight: 400, colour: '#9d174d' }))
    const moved = agreement(design, reword({ box: box(120, 600, 560, 58) }))
    const gone = agreement(design, page(landingElements().filter((element) => !isHeading(element))))
    // The heading is another element to the matcher either way; in place and style it keeps part of its weight.
    expect(inPlace).toMatchObject({ missing: 1, extra: 1 })
    expect(inPlace.content).toBeLessThan(1)
    expect(inPlace.content).toBeGreaterThan(gone.content)
    expect(restyled.content).toBeLessThan(gone.content)
    expect(moved.content).toBe(restyled.content)
  })

  it('gives another page’s texts nothing for sitting in the design’s places', () => {
    // Every word another, the pictures gone: what stands in the design's places is all there is.
    let n = 0
    const other = landingElements()
      .filter((element) => element.kind !== 'image')
      .map((element) =>
        element.kind === 'text' || element.kind === 'control'
          ? { ...element, text: `Other words, line ${n++}` }
          : element,
      )
    expect(agreement(landingPage(), page(other)).content).toBe(0)
  })

  it('orders variants as a person would: a 3 px shift, an accent colour, a block out of place, another page, nothing', () => {
    const design = landingPage()
    const accent = changed(
      landingElements(),
      (element) => element.kind === 'control' && element.text === 'Book a demo',
      (element) => ({ ...element, background: '#0891b2' }) as PageElement,
    )
    const portraitDown = changed(
      landingElements(),
      (element) => element.kind === 'image' && element.alt === PORTRAIT,
      (element) => moveAll([element], 60)[0] as PageElement,
    )
    const ladder = [
      agreement(design, page(moveAll(landingElements(), 3))),
      agreement(design, page(accent)),
      agreement(design, page(portraitDown)),
      agreement(design, page(repainted(landingElements()))),
      agreement(design, pricingPage()),
      agreement(design, page([])),
    ].map((result) => result.overall)
    for (let i = 1; i < ladder.length; i++)
      expect(ladder[i], `step ${i}`).toBeLessThan(ladder[i - 1] as number)
  })
})
