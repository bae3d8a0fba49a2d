import { differenceCiede2000 } from 'culori'
import type {
  ControlElement,
  ElementBox,
  PageElement,
  PageElements,
  TextElement,
} from '#shared/page-elements.ts'
import type { ReviewBreakpointName } from '#shared/review.ts'
import { boxOffset, type ElementMatch, type ElementPair } from './match.ts'

/**
 * What differs between a member's page and the design, element by element, as sentences with numbers
 * (docs/product.md §10, docs/decisions/021-element-review.md), most important first. Pure.
 *
 * Member text is data: it is only ever quoted, cleaned of control and bidi formatting characters (so a
 * quote cannot reorder or break the sentence around it) and cut to `QUOTE_MAX` characters. It is never
 * used as a pattern or markup; the page that shows a finding escapes it like any other text.
 */

export type FindingKind = 'layout' | 'text' | 'colour' | 'font' | 'missing' | 'extra'
export type FindingSeverity = 'high' | 'medium' | 'low'

/** The measured values behind a finding's sentence; px unless said otherwise. */
export type FindingNumbers = {
  /** Page minus design: right and down are positive. */
  dx?: number
  dy?: number
  /** Size change, signed, in % (−30 for 30 % smaller), as the sentence rounds it. */
  sizePercent?: number
  fontSize?: number
  designFontSize?: number
  width?: number
  height?: number
  designWidth?: number
  designHeight?: number
  colour?: string
  designColour?: string
  /** CIEDE2000 between the two colours. */
  deltaE?: number
  fontFamily?: string
  designFontFamily?: string
  fontWeight?: number
  designFontWeight?: number
  /** Text dissimilarity, 0..1. */
  textDistance?: number
}

export type Finding = {
  kind: FindingKind
  /** 0..1: how much it matters (the element's kind and size, how far off it is). Findings are sorted by it. */
  weight: number
  severity: FindingSeverity
  breakpoint?: ReviewBreakpointName
  sentence: string
  /** Index in the design's elements, for every kind but `extra`. */
  designIndex?: number
  /** Index in the page's elements, for every kind but `missing`. */
  pageIndex?: number
  designBox?: ElementBox
  pageBox?: ElementBox
  numbers: FindingNumbers
}

/** At most this many findings per breakpoint, the most important. */
export const FINDINGS_MAX = 50
/** A move of this many px or less is not reported (sub-pixel layout, rounding, a border). */
export const POSITION_TOLERANCE = 4
/** A size change under this share, or of at most `SIZE_TOLERANCE_PX` px (1 px of font-size), is not reported. */
export const SIZE_TOLERANCE = 0.05
export const SIZE_TOLERANCE_PX = 4
/** A colour closer than this (CIEDE2000) is the same colour to a reader. */
export const COLOUR_JND = 3
/** Texts paired with a dissimilarity above this read differently (below: a typo, forgiven). */
export const TEXT_TOLERANCE = 0.15
/** A font weight that differs by less than this is the same weight. */
export const WEIGHT_TOLERANCE = 100
/** Quoted text is cut to this many characters, then "…". */
export const QUOTE_MAX = 60
/** Severity from weight. */
export const SEVERITY_HIGH = 0.35
export const SEVERITY_MEDIUM = 0.12

const ciede2000 = differenceCiede2000()
const HEX = /^#[0-9a-f]{6}$/i

// Controls (Cc) and bidi formatting (embeddings, overrides, isolates, marks): dropped from quotes.
const UNQUOTABLE = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' })

/** Member text as it is quoted in a sentence: cleaned, whitespace collapsed, at most `max` characters. */
export function quoteText(text: string, max = QUOTE_MAX): string {
  // Only the first part of a long text is read, never all 10k characters of it: enough UTF-16 units for
  // `max` characters of up to 16 units each (an emoji sequence), and its last character may be cut.
  const head = text.slice(0, max * 16)
  const whole = head.length === text.length
  const clean = head.replace(UNQUOTABLE, '').replace(/\s+/gu, ' ').trim()
  // Fewer UTF-16 units than `max` are fewer characters too: nothing to cut.
  if (whole && clean.length <= max) return clean
  const parts: string[] = []
  for (const { segment } of graphemes.segment(clean)) {
    parts.push(segment)
    if (parts.length > max) break
  }
  if (whole && parts.length <= max) return parts.join('')
  // The slice may have cut the last character in half.
  if (!whole && parts.length <= max) parts.pop()
  return `${parts
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`
}

const HEADING = /^h[1-6]$/

function noun(element: PageElement): string {
  switch (element.kind) {
    case 'text':
      return HEADING.test(element.tag) ? 'heading' : 'text'
    case 'image':
      return 'image'
    case 'control':
      return element.role === 'input' ? 'field' : element.role
    case 'section':
      return (
        { header: 'header', nav: 'navigation', main: 'main content', footer: 'footer', aside: 'aside' }[
          element.tag
        ] ?? 'section'
      )
  }
}

function px(value: number): string {
  return `${Math.round(value * 10) / 10}`
}

function dimensions(box: ElementBox): string {
  return `${Math.round(box.width)} × ${Math.round(box.height)} px`
}

/** How a sentence names an element: `The heading "…"`, `The image (320 × 200 px)`, `The footer`. */
export function elementName(element: PageElement): string {
  const name = `The ${noun(element)}`
  const text =
    element.kind === 'image' ? element.alt : element.kind === 'section' ? element.label : element.text
  const quoted = text ? quoteText(text) : ''
  if (quoted) return `${name} "${quoted}"`
  if (element.kind === 'section') return name
  return `${name} (${dimensions(element.box)})`
}

/** 3 %, 7 %, then in steps of 5 %: a reader compares sizes, not reads them to the unit. */
function roundPercent(share: number): number {
  const percent = share * 100
  return percent < 10 ? Math.round(percent) : Math.round(percent / 5) * 5
}

function joinPhrases(phrases: readonly string[]): string {
  if (phrases.length <= 1) return phrases.join('')
  return `${phrases.slice(0, -1).join(', ')} and ${phrases.at(-1)}`
}

/** A text's or control's kind weighs this much: headings and controls above small text. */
function kindWeight(element: PageElement): number {
  switch (element.kind) {
    case 'text': {
      if (element.tag === 'h1' || element.tag === 'h2') return 1
      if (element.tag === 'h3') return 0.9
      return HEADING.test(element.tag) ? 0.8 : 0.5
    }
    case 'control':
      return 0.9
    case 'image':
      return 0.8
    case 'section':
      return 0.5
  }
}

/** 0.1..1: a box 15 % of the page's width square (or the same area) or larger weighs fully. */
function areaWeight(box: ElementBox, width: number): number {
  const side = Math.sqrt(Math.max(0, box.width) * Math.max(0, box.height))
  return Number.isFinite(side) ? Math.min(1, Math.max(0.1, side / (0.15 * width))) : 0.1
}

function severityOf(weight: number): FindingSeverity {
  if (weight >= SEVERITY_HIGH) return 'high'
  if (weight >= SEVERITY_MEDIUM) return 'medium'
  return 'low'
}

/** A finding before ranking: its sentence is written only if it makes the list. */
type Draft = Omit<Finding, 'severity' | 'breakpoint' | 'sentence'> & { say: () => string }

/** A page moved as a whole: most pairs share this vertical offset (rounded px), beyond the tolerance. */
export const SHIFT_SHARE = 0.6

/**
 * The vertical offset most paired elements share, when at least `SHIFT_SHARE` of them (and three or
 * more) are within the tolerance of it and it is beyond the tolerance: the page moved as a whole
 * (a taller header, a margin). Undefined otherwise.
 */
function commonShift(design: PageElements, page: PageElements, match: ElementMatch): number | undefined {
  const offsets: number[] = []
  for (const pair of match.pairs) {
    const theirs = design.elements[pair.design]
    const ours = page.elements[pair.page]
    if (theirs && ours) offsets.push(ours.box.y - theirs.box.y)
  }
  if (offsets.length < 3) return undefined
  offsets.sort((a, b) => a - b)
  const median = offsets[Math.floor(offsets.length / 2)] as number
  if (!(Math.abs(median) > POSITION_TOLERANCE)) return undefined
  const along = offsets.filter((offset) => Math.abs(offset - median) <= POSITION_TOLERANCE).length
  return along >= SHIFT_SHARE * offsets.length ? Math.round(median) : undefined
}

function layoutFinding(
  design: PageElement,
  page: PageElement,
  pair: ElementPair,
  width: number,
  shift: number | undefined,
): Draft | undefined {
  const { dx, dy } = boxOffset(design.box, page.box)
  const phrases: string[] = []
  const numbers: FindingNumbers = {}
  // An element that moved with the whole page is told once, by the page's finding.
  const withPage = shift !== undefined && Math.abs(dy - shift) <= POSITION_TOLERANCE
  if (Math.abs(dy) > POSITION_TOLERANCE && !withPage) {
    phrases.push(`${Math.round(Math.abs(dy))} px ${dy > 0 ? 'lower' : 'higher'}`)
    numbers.dy = Math.round(dy)
  }
  if (Math.abs(dx) > POSITION_TOLERANCE) {
    phrases.push(`${Math.round(Math.abs(dx))} px to the ${dx > 0 ? 'right' : 'left'}`)
    numbers.dx = Math.round(dx)
  }
  let sizeChange = 0
  let detail = ''
  if (design.kind === 'text' && page.kind === 'text') {
    const ratio = page.fontSize / Math.max(design.fontSize, 1)
    if (Math.abs(ratio - 1) >= SIZE_TOLERANCE && Math.abs(page.fontSize - design.fontSize) >= 1) {
      const percent = roundPercent(Math.abs(ratio - 1))
      phrases.push(`${percent} % ${ratio < 1 ? 'smaller' : 'larger'}`)
      numbers.sizePercent = ratio < 1 ? -percent : percent
      numbers.fontSize = page.fontSize
      numbers.designFontSize = design.fontSize
      detail = ` (font-size ${px(page.fontSize)} px, design ${px(design.fontSize)} px)`
      sizeChange = Math.abs(ratio - 1)
    }
  } else {
    const changed = (pageSide: number, designSide: number) =>
      Math.abs(pageSide / Math.max(designSide, 1) - 1) >= SIZE_TOLERANCE &&
      Math.abs(pageSide - designSide) > SIZE_TOLERANCE_PX
    const wr = page.box.width / Math.max(design.box.width, 1)
    const hr = page.box.height / Math.max(design.box.height, 1)
    const wide = changed(page.box.width, design.box.width)
    const tall = changed(page.box.height, design.box.height)
    if (wide && tall && wr < 1 === hr < 1) {
      const scale = Math.sqrt(wr * hr)
      const percent = roundPercent(Math.abs(scale - 1))
      phrases.push(`${percent} % ${scale < 1 ? 'smaller' : 'larger'}`)
      numbers.sizePercent = scale < 1 ? -percent : percent
      sizeChange = Math.abs(scale - 1)
    } else {
      if (wide) {
        phrases.push(`${roundPercent(Math.abs(wr - 1))} % ${wr < 1 ? 'narrower' : 'wider'}`)
        sizeChange = Math.abs(wr - 1)
      }
      if (tall) {
        phrases.push(`${roundPercent(Math.abs(hr - 1))} % ${hr < 1 ? 'shorter' : 'taller'}`)
        sizeChange = Math.max(sizeChange, Math.abs(hr - 1))
      }
    }
    if (wide || tall) {
      Object.assign(numbers, {
        width: Math.round(page.box.width),
        height: Math.round(page.box.height),
        designWidth: Math.round(design.box.width),
        designHeight: Math.round(design.box.height),
      })
      detail = ` (${dimensions(page.box)}, design ${dimensions(design.box)})`
    }
  }
  if (phrases.length === 0) return undefined
  const moved = Math.hypot(numbers.dx ?? 0, numbers.dy ?? 0) / Math.max(48, 0.05 * width)
  // Moved and resized: each adds to what is left of the other.
  const magnitude = 1 - (1 - Math.min(1, moved)) * (1 - Math.min(1, sizeChange * 2))
  return {
    kind: 'layout',
    weight: kindWeight(design) * areaWeight(design.box, width) * magnitude,
    say: () => `${elementName(design)} is ${joinPhrases(phrases)}${detail}.`,
    designIndex: pair.design,
    pageIndex: pair.page,
    designBox: design.box,
    pageBox: page.box,
    numbers,
  }
}

function colourDistance(a: string, b: string): number {
  return ciede2000(a, b)
}

function colourFindings(design: PageElement, page: PageElement, pair: ElementPair, width: number): Draft[] {
  const found: Draft[] = []
  const name = () => elementName(design)
  const base = kindWeight(design) * areaWeight(design.box, width)
  const add = (say: () => string, magnitude: number, numbers: FindingNumbers) =>
    found.push({
      kind: 'colour',
      weight: base * Math.min(1, magnitude),
      say,
      designIndex: pair.design,
      pageIndex: pair.page,
      designBox: design.box,
      pageBox: page.box,
      numbers,
    })
  /** Both `#rrggbb` and noticeably apart: the distance; otherwise undefined. */
  const apart = (colour: string, designColour: string) => {
    if (!HEX.test(colour) || !HEX.test(designColour)) return undefined
    const deltaE = colourDistance(colour, designColour)
    return deltaE >= COLOUR_JND ? deltaE : undefined
  }
  const hex = (colour: string) => colour.toUpperCase()
  if (design.kind === 'text' && page.kind === 'text') {
    const deltaE = apart(page.colour, design.colour)
    if (deltaE !== undefined) {
      add(() => `${name()} is ${hex(page.colour)}, the design ${hex(design.colour)}.`, deltaE / 25, {
        colour: hex(page.colour),
        designColour: hex(design.colour),
        deltaE: Math.round(deltaE * 10) / 10,
      })
    }
  }
  if (design.kind === 'control' && page.kind === 'control') {
    controlBackground(design, page, name, add)
    const deltaE = apart(page.colour, design.colour)
    if (deltaE !== undefined) {
      add(
        () => `${name()} has ${hex(page.colour)} text, the design ${hex(design.colour)}.`,
        (0.8 * deltaE) / 25,
        { colour: hex(page.colour), designColour: hex(design.colour), deltaE: Math.round(deltaE * 10) / 10 },
      )
    }
  }
  return found
}

function controlBackground(
  design: ControlElement,
  page: ControlElement,
  name: () => string,
  add: (say: () => string, magnitude: number, numbers: FindingNumbers) => void,
) {
  const ours = page.background && HEX.test(page.background) ? page.background.toUpperCase() : undefined
  const theirs =
    design.background && HEX.test(design.background) ? design.background.toUpperCase() : undefined
  if (ours && theirs) {
    const deltaE = colourDistance(ours, theirs)
    if (deltaE >= COLOUR_JND) {
      add(() => `${name()} is ${ours}, the design ${theirs}.`, deltaE / 25, {
        colour: ours,
        designColour: theirs,
        deltaE: Math.round(deltaE * 10) / 10,
      })
    }
  } else if (ours) {
    add(() => `${name()} is ${ours}, the design has no background.`, 0.8, { colour: ours })
  } else if (theirs) {
    add(() => `${name()} has no background, the design ${theirs}.`, 0.8, { designColour: theirs })
  }
}

function fontFinding(
  design: TextElement,
  page: TextElement,
  pair: ElementPair,
  width: number,
): Draft | undefined {
  const family = (name: string) => quoteText(name, 40)
  const otherFamily = page.fontFamily.trim().toLowerCase() !== design.fontFamily.trim().toLowerCase()
  const otherWeight = Math.abs(page.fontWeight - design.fontWeight) >= WEIGHT_TOLERANCE
  if (!otherFamily && !otherWeight) return undefined
  const say = () => {
    const name = elementName(design)
    if (otherFamily && otherWeight) {
      return `${name} is set in ${family(page.fontFamily)} ${page.fontWeight}, the design ${family(design.fontFamily)} ${design.fontWeight}.`
    }
    if (otherFamily)
      return `${name} is set in ${family(page.fontFamily)}, the design ${family(design.fontFamily)}.`
    return `${name} is weight ${page.fontWeight}, the design ${design.fontWeight}.`
  }
  const magnitude =
    (otherFamily ? 0.6 : 0) +
    (otherWeight ? 0.4 * Math.min(1, Math.abs(page.fontWeight - design.fontWeight) / 300) : 0)
  return {
    kind: 'font',
    weight: kindWeight(design) * areaWeight(design.box, width) * Math.min(1, magnitude),
    say,
    designIndex: pair.design,
    pageIndex: pair.page,
    designBox: design.box,
    pageBox: page.box,
    numbers: {
      ...(otherFamily
        ? { fontFamily: family(page.fontFamily), designFontFamily: family(design.fontFamily) }
        : {}),
      ...(otherWeight ? { fontWeight: page.fontWeight, designFontWeight: design.fontWeight } : {}),
    },
  }
}

function textFinding(
  design: PageElement,
  page: PageElement,
  pair: ElementPair,
  width: number,
): Draft | undefined {
  if (pair.text <= TEXT_TOLERANCE) return undefined
  if (design.kind !== 'text' && design.kind !== 'control') return undefined
  if (page.kind !== 'text' && page.kind !== 'control') return undefined
  return {
    kind: 'text',
    weight: kindWeight(design) * areaWeight(design.box, width) * Math.min(1, pair.text * 1.5),
    say: () => `${elementName(design)} reads "${quoteText(page.text)}".`,
    designIndex: pair.design,
    pageIndex: pair.page,
    designBox: design.box,
    pageBox: page.box,
    numbers: { textDistance: Math.round(pair.text * 100) / 100 },
  }
}

const KIND_ORDER: Record<FindingKind, number> = {
  missing: 0,
  extra: 1,
  layout: 2,
  text: 3,
  colour: 4,
  font: 5,
}

/**
 * The findings of one breakpoint, most important first, at most `max`. `breakpoint` is named in a
 * missing element's sentence (`… is missing at mobile.`) and carried on each finding.
 */
export function elementFindings(
  design: PageElements,
  page: PageElements,
  match: ElementMatch,
  options: { breakpoint?: ReviewBreakpointName; max?: number } = {},
): Finding[] {
  const width = Math.max(1, design.width)
  const drafts: Draft[] = []
  const shift = commonShift(design, page, match)
  if (shift !== undefined) {
    const along = match.pairs.filter((pair) => {
      const theirs = design.elements[pair.design]
      const ours = page.elements[pair.page]
      return theirs && ours && Math.abs(ours.box.y - theirs.box.y - shift) <= POSITION_TOLERANCE
    }).length
    drafts.push({
      kind: 'layout',
      weight: Math.min(1, Math.abs(shift) / Math.max(48, 0.05 * width)),
      say: () =>
        `The page is ${Math.abs(shift)} px ${shift > 0 ? 'lower' : 'higher'} than the design (${along} of ${match.pairs.length} elements).`,
      numbers: { dy: shift },
    })
  }
  for (const pair of match.pairs) {
    const ours = page.elements[pair.page]
    const theirs = design.elements[pair.design]
    if (!ours || !theirs) continue
    const layout = layoutFinding(theirs, ours, pair, width, shift)
    if (layout) drafts.push(layout)
    const text = textFinding(theirs, ours, pair, width)
    if (text) drafts.push(text)
    drafts.push(...colourFindings(theirs, ours, pair, width))
    if (theirs.kind === 'text' && ours.kind === 'text') {
      const font = fontFinding(theirs, ours, pair, width)
      if (font) drafts.push(font)
    }
  }
  const at = options.breakpoint ? ` at ${options.breakpoint}` : ''
  for (const index of match.missing) {
    const element = design.elements[index]
    if (!element) continue
    drafts.push({
      kind: 'missing',
      weight: kindWeight(element) * areaWeight(element.box, width),
      say: () => `${elementName(element)} is missing${at}.`,
      designIndex: index,
      designBox: element.box,
      numbers: {},
    })
  }
  for (const index of match.extra) {
    const element = page.elements[index]
    if (!element) continue
    drafts.push({
      kind: 'extra',
      weight: 0.8 * kindWeight(element) * areaWeight(element.box, width),
      say: () => `${elementName(element)} is not in the design.`,
      pageIndex: index,
      pageBox: element.box,
      numbers: {},
    })
  }
  drafts.sort(
    (a, b) =>
      b.weight - a.weight ||
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      (a.designIndex ?? Infinity) - (b.designIndex ?? Infinity) ||
      (a.pageIndex ?? Infinity) - (b.pageIndex ?? Infinity),
  )
  return drafts.slice(0, options.max ?? FINDINGS_MAX).map(({ say, ...draft }) => ({
    ...draft,
    sentence: say(),
    weight: Math.round(draft.weight * 1000) / 1000,
    severity: severityOf(draft.weight),
    ...(options.breakpoint ? { breakpoint: options.breakpoint } : {}),
  }))
}
