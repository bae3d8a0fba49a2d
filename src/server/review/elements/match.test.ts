import { describe, expect, it } from 'vitest'
import type { PageElement } from '#shared/page-elements.ts'
import {
  box,
  changed,
  control,
  HEADING,
  image,
  landingElements,
  landingPage,
  page,
  random,
  section,
  text,
} from '#tests/support/element-fixtures.ts'
import {
  MATCH_BAND,
  MATCH_THRESHOLD,
  matchElements,
  normaliseText,
  pairCost,
  prepareElements,
  textDissimilarity,
} from './match.ts'

const isHeading = (element: PageElement) => element.kind === 'text' && element.text === HEADING

describe('normaliseText', () => {
  it('compares texts without case, punctuation, format characters or compatibility forms', () => {
    expect(normaliseText('  Sound,  shaped\nfor YOU!  ')).toBe('sound shaped for you')
    expect(normaliseText('ﬁne ＡＢＣ')).toBe('fine abc')
    expect(normaliseText('\u202eright\u200f-to-left\u2066')).toBe('righttoleft')
  })

  it('counts a typo as a small part of the text and different words as most of it', () => {
    expect(textDissimilarity('sound shaped for you', 'sound shapd for you')).toBeCloseTo(0.05)
    expect(textDissimilarity('home', 'shop')).toBeGreaterThan(0.5)
    expect(textDissimilarity('', '')).toBe(0)
    expect(textDissimilarity('a', '')).toBe(1)
  })
})

describe('matchElements', () => {
  it('pairs every element of a page with itself at no cost', () => {
    const design = landingPage()
    const match = matchElements(design, landingPage())
    expect(match.missing).toEqual([])
    expect(match.extra).toEqual([])
    expect(match.pairs.map((pair) => [pair.design, pair.page])).toEqual(
      design.elements.map((_, index) => [index, index]),
    )
    for (const pair of match.pairs) expect(pair.cost).toBe(0)
  })

  it('pairs by kind, text and place whatever the order of the page’s list', () => {
    const elements = landingElements()
    const reversed = [...elements].reverse()
    const match = matchElements(page(elements), page(reversed))
    expect(match.missing).toEqual([])
    for (const pair of match.pairs) expect(pair.page).toBe(elements.length - 1 - pair.design)
  })

  it('forgives a typo and finds a heading that moved and shrank', () => {
    const elements = landingElements()
    const moved = changed(elements, isHeading, (element) => ({
      ...(element as typeof element & { kind: 'text' }),
      text: 'Sound, shapd for you',
      box: box(120, 248, 400, 41),
      fontSize: 34,
    }))
    const match = matchElements(page(elements), page(moved))
    const heading = elements.findIndex(isHeading)
    const pair = match.pairs.find((p) => p.design === heading)
    expect(pair?.page).toBe(heading)
    expect(pair?.text).toBeGreaterThan(0)
    expect(match.missing).toEqual([])
  })

  it('pairs long texts on their openings and measures the whole texts', () => {
    const opening = 'Headphones tuned to your ears in two minutes, with a hearing test you take at home'
    const design = page([
      text({ text: `${opening}, then shipped to your door.`, box: box(120, 290, 520, 48) }),
    ])
    const member = page([
      text({ text: `${opening}. Returns are free for a year.`, box: box(120, 290, 520, 48) }),
    ])
    const [pair] = matchElements(design, member).pairs
    expect(pair?.cost).toBe(0)
    expect(pair?.text).toBeGreaterThan(0.15)
  })

  it('leaves a missing image missing and an added paragraph extra', () => {
    const elements = landingElements()
    const portrait = elements.findIndex((element) => element.kind === 'image' && element.alt !== '')
    const withoutPortrait = elements.filter((_, index) => index !== portrait)
    const added = text({ text: 'Free shipping on every order.', box: box(120, 440, 400, 24) })
    const match = matchElements(page(elements), page([...withoutPortrait, added]))
    expect(match.missing).toEqual([portrait])
    expect(match.extra).toEqual([withoutPortrait.length])
  })

  it('never pairs two kinds, nor different words in the same place', () => {
    const design = page([
      control({ text: 'Book a demo', box: box(120, 370, 160, 48) }),
      text({ text: 'Home', box: box(120, 40, 60, 24) }),
    ])
    const member = page([
      text({ text: 'Book a demo', box: box(120, 370, 160, 48) }),
      text({ text: 'Shop', box: box(120, 40, 60, 24) }),
    ])
    const match = matchElements(design, member)
    expect(match.pairs).toEqual([])
    expect(match.missing).toEqual([0, 1])
    expect(match.extra).toEqual([0, 1])
  })

  it('finds a text with the same words far away, and prefers the nearer of two copies', () => {
    const design = page([text({ text: 'Learn more', box: box(100, 100, 100, 24) })])
    const far = page([
      text({ text: 'Learn more', box: box(100, 2600, 100, 24) }),
      text({ text: 'Learn more', box: box(100, 1300, 100, 24) }),
    ])
    expect(matchElements(design, far).pairs.map((pair) => pair.page)).toEqual([1])
  })

  it('assigns a group larger than a band, band by band, to the right elements', () => {
    const links: PageElement[] = []
    for (let i = 0; i < MATCH_BAND * 3 + 7; i++) {
      links.push(
        control({
          role: 'link',
          text: 'Learn more',
          box: box(40 + (i % 4) * 340, 40 + Math.floor(i / 4) * 30, 90, 20),
        }),
      )
    }
    const shifted = links.map((link) => ({ ...link, box: { ...link.box, y: link.box.y + 6 } }))
    const match = matchElements(page(links, 1440, 4000), page(shifted, 1440, 4000))
    expect(match.missing).toEqual([])
    for (const pair of match.pairs) expect(pair.page).toBe(pair.design)
  })

  it('survives a broken list: numbers that are not finite, empty texts, no elements', () => {
    const broken = page([
      text({
        text: '',
        box: box(Number.NaN, Number.POSITIVE_INFINITY, -5, Number.NaN),
        fontSize: Number.NaN,
      }),
      image({ box: box(Number.NaN, Number.NaN, Number.NaN, Number.NaN) }),
      text({ text: 'Hello', box: box(0, 0, 100, 20) }),
    ])
    expect(matchElements(broken, broken).pairs.map((pair) => pair.design)).toEqual([0, 1, 2])
    expect(matchElements(broken, page([]))).toEqual({ pairs: [], missing: [0, 1, 2], extra: [] })
    expect(matchElements(page([]), broken)).toEqual({ pairs: [], missing: [], extra: [0, 1, 2] })
  })

  it('matches pages of the largest size', () => {
    const rand = random(7)
    const design: PageElement[] = []
    for (let i = 0; i < 2000; i++) {
      design.push(
        text({
          text: `Line ${i} of the page, ${Math.floor(rand() * 1e6)}`,
          box: box(40 + (i % 3) * 460, 20 + i * 8, 400, 20),
        }),
      )
    }
    const member = design.map((element) => ({ ...element, box: { ...element.box, y: element.box.y + 20 } }))
    const match = matchElements(page(design, 1440, 17000), page(member, 1440, 17000))
    expect(match.pairs).toHaveLength(2000)
    for (const pair of match.pairs) expect(pair.page).toBe(pair.design)
  })
})

/** The best total saving (threshold − cost over the pairs) of any matching, by trying them all. */
function bruteForce(savings: number[][]): number {
  const used = new Array<boolean>(savings[0]?.length ?? 0).fill(false)
  const best = (row: number): number => {
    if (row === savings.length) return 0
    let value = best(row + 1)
    const options = savings[row] as number[]
    for (let column = 0; column < options.length; column++) {
      const saving = options[column] as number
      if (used[column] || saving <= 0) continue
      used[column] = true
      value = Math.max(value, saving + best(row + 1))
      used[column] = false
    }
    return value
  }
  return best(0)
}

describe('the assignment', () => {
  it('is optimal on small random pages (against trying every matching)', () => {
    const words = ['Book a demo', 'Book a dem', 'Pricing', 'Prices', 'About us', 'Contact', 'Contacts']
    const rand = random(2026)
    const element = (): PageElement => {
      const at = box(
        Math.floor(rand() * 1200),
        Math.floor(rand() * 500),
        60 + Math.floor(rand() * 300),
        20 + Math.floor(rand() * 60),
      )
      const word = words[Math.floor(rand() * words.length)] as string
      const pick = rand()
      if (pick < 0.2) return image({ box: at, alt: rand() < 0.5 ? word : '' })
      if (pick < 0.35) return control({ text: word, box: at })
      if (pick < 0.45) return section({ box: at, ...(rand() < 0.5 ? { label: word } : {}) })
      return text({
        text: words[Math.floor(rand() * words.length)] as string,
        box: at,
        fontSize: 14 + Math.floor(rand() * 30),
      })
    }
    let paired = 0
    for (let round = 0; round < 150; round++) {
      const design = page(Array.from({ length: 1 + Math.floor(rand() * 7) }, element))
      const member = page(Array.from({ length: 1 + Math.floor(rand() * 7) }, element))
      const a = prepareElements(design.elements)
      const b = prepareElements(member.elements)
      const savings = a.map((d) =>
        b.map((p) => {
          const cost = pairCost(d, p, 1440).cost
          return cost < MATCH_THRESHOLD[d.kind] ? MATCH_THRESHOLD[d.kind] - cost : 0
        }),
      )
      const match = matchElements(design, member)
      const total = match.pairs.reduce(
        (sum, pair) =>
          sum + (MATCH_THRESHOLD[(a[pair.design] as { kind: PageElement['kind'] }).kind] - pair.cost),
        0,
      )
      expect(total, `round ${round}`).toBeCloseTo(bruteForce(savings), 9)
      paired += match.pairs.length
    }
    // The cases are not all trivial: many elements were paired.
    expect(paired).toBeGreaterThan(100)
  })
})
