import { distance as levenshtein } from 'fastest-levenshtein'
import { munkres } from 'munkres'
import type { ElementBox, PageElement, PageElements } from '#shared/page-elements.ts'

/**
 * Pairs a member's page elements with the design's at one width, for the element-level review
 * (docs/product.md §10, docs/decisions/021-element-review.md). Pure: no browser, no database.
 *
 * Elements are paired within their kind only (text with text, image with image, control with control,
 * section with section): a heading the member made a link, or a button made plain text, is a different
 * element to a reader and to assistive technology, so it shows as missing and extra rather than as a
 * match. Each candidate pair has a cost (text, position, size and reading order, weighted per kind);
 * the pairs are chosen by an optimal assignment (munkres) that may leave an element unpaired, which
 * costs `MATCH_THRESHOLD[kind]`: a pair that costs that much or more is never chosen.
 */

export type ElementKind = PageElement['kind']

export type ElementPair = {
  /** Index in the design's `elements`. */
  design: number
  /** Index in the page's `elements`. */
  page: number
  /** The pair's cost, 0 (the same element in the same place) up to its kind's threshold. */
  cost: number
  /** How differently the two read, 0..1 (normalised edit distance of the whole normalised texts). */
  text: number
}

export type ElementMatch = {
  /** In the design's order. */
  pairs: ElementPair[]
  /** Design elements with no counterpart in the page, ascending. */
  missing: number[]
  /** Page elements with no counterpart in the design, ascending. */
  extra: number[]
}

/** How much each part of a pair's cost weighs, per kind. */
export const MATCH_WEIGHTS: Record<
  ElementKind,
  { text: number; position: number; size: number; order: number }
> = {
  // Words carry a text or a control: the same words anywhere within reach still pair (at most
  // 0.3 + 0.1 + 0.1 = 0.5 without the text, under the threshold).
  text: { text: 1, position: 0.3, size: 0.1, order: 0.1 },
  control: { text: 1, position: 0.3, size: 0.1, order: 0.1 },
  // An image is found by where it is and how large; its alternative text helps when both have one.
  image: { text: 0.15, position: 0.6, size: 0.3, order: 0.1 },
  section: { text: 0.3, position: 0.5, size: 0.3, order: 0.1 },
}

/** A pair costing this much or more is no pair: both elements are left unpaired. */
export const MATCH_THRESHOLD: Record<ElementKind, number> = {
  text: 0.55,
  control: 0.55,
  image: 0.4,
  section: 0.45,
}

/**
 * Page elements are looked for this far above and below a design element (px; the larger of this and
 * `MATCH_REACH_WIDTHS` × the page's width), plus anywhere with exactly the same normalised text.
 */
export const MATCH_REACH_MIN = 600
export const MATCH_REACH_WIDTHS = 0.5
/**
 * At most this many page elements, the nearest by height, are priced for one design element (and as
 * many with the same text further away; with both, fewer than 256).
 */
export const MATCH_WINDOW_MAX = 100
/** Of those, the cheapest this many stay candidates for the assignment. */
export const MATCH_CANDIDATES_MAX = 10
/**
 * Texts are compared on their first this many normalised characters (a heading, a label, the opening
 * of a paragraph) while pairing; a pair's `text` is then measured on the whole texts.
 */
export const MATCH_TEXT_COMPARED = 64
/**
 * At most this many edit distances are computed for one design element, the most promising first (by
 * a lower bound of the cost): 2000 paragraphs of one vocabulary, all in reach and all different,
 * would otherwise take seconds.
 */
export const MATCH_TEXT_COMPARISONS = 8
/**
 * A group of elements that compete for each other and is larger than this (design elements) is
 * assigned in bands of this many, top to bottom, each band exactly: munkres is O(n³), and 2000
 * identical links in one group would take seconds.
 */
export const MATCH_BAND = 120

/**
 * What the matcher compares texts on: Unicode NFKC, lower case, punctuation and format characters
 * (bidi marks, zero-width joiners) removed, whitespace collapsed. Only for comparing: findings quote
 * the element's own text.
 */
export function normaliseText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{P}\p{Cf}]+/gu, '')
    .replace(/\s+/gu, ' ')
    .trim()
}

/**
 * 0 for the same normalised text, 1 for nothing in common: the edit distance over the longer text's
 * length, so a typo in a heading costs little. Both empty read the same. Past `limit` the exact value
 * does not matter: a cheap lower bound at or above it is returned instead.
 */
export function textDissimilarity(
  a: string,
  b: string,
  limit = 1,
  counts?: [Int32Array, Int32Array],
): number {
  if (a === b) return 0
  const longest = Math.max(a.length, b.length)
  if (a.length === 0 || b.length === 0) return 1
  const bound = Math.abs(a.length - b.length) / longest
  if (bound >= limit) return bound
  if (counts) {
    const letters = letterBound(counts[0], counts[1]) / longest
    if (letters >= limit) return letters
  }
  return levenshtein(a, b) / longest
}

/** The text an element is known by: a text's or control's words, an image's alt, a section's label. */
export function elementText(element: PageElement): string {
  switch (element.kind) {
    case 'text':
    case 'control':
      return element.text
    case 'image':
      return element.alt
    case 'section':
      return element.label ?? ''
  }
}

/** One element as the matcher sees it. */
export type PreparedElement = {
  element: PageElement
  kind: ElementKind
  box: ElementBox
  /** `normaliseText` of `elementText`. */
  text: string
  /** Its first `MATCH_TEXT_COMPARED` characters, what pairing compares. */
  compared: string
  /** Its place in reading order (top to bottom, then left to right) among its kind, 0..1. */
  order: number
  /** How many of `compared`'s characters fall in each of 32 buckets (by code point), for a quick bound. */
  letters: Int32Array
}

/** Characters counted per bucket: an edit changes at most one count up and one down. */
function letterCounts(text: string): Int32Array {
  const counts = new Int32Array(32)
  for (let i = 0; i < text.length; i++) {
    const bucket = text.charCodeAt(i) & 31
    counts[bucket] = (counts[bucket] as number) + 1
  }
  return counts
}

/**
 * A lower bound of the edit distance: the letters one text has more of, or the other, whichever is
 * more (each insertion, deletion or substitution changes at most one of each).
 */
function letterBound(a: Int32Array, b: Int32Array): number {
  let more = 0
  let fewer = 0
  for (let i = 0; i < 32; i++) {
    const difference = (a[i] as number) - (b[i] as number)
    if (difference > 0) more += difference
    else fewer -= difference
  }
  return Math.max(more, fewer)
}

export function prepareElements(elements: readonly PageElement[]): PreparedElement[] {
  const prepared: PreparedElement[] = elements.map((element) => ({
    element,
    kind: element.kind,
    box: finiteBox(element.box),
    text: '',
    compared: '',
    order: 0,
    letters: EMPTY_COUNTS,
  }))
  for (const item of prepared) {
    item.text = normaliseText(elementText(item.element))
    item.compared = item.text.slice(0, MATCH_TEXT_COMPARED)
    item.letters = letterCounts(item.compared)
  }
  for (const kind of KINDS) {
    const ofKind = prepared.filter((item) => item.kind === kind)
    ofKind.sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x)
    const last = Math.max(1, ofKind.length - 1)
    ofKind.forEach((item, rank) => {
      item.order = rank / last
    })
  }
  return prepared
}

const EMPTY_COUNTS = new Int32Array(32)

const KINDS: readonly ElementKind[] = ['text', 'image', 'control', 'section']

/**
 * How far the page's element is from the design's, px: vertically its top, horizontally the
 * smallest of its left edge's, centre's and right edge's offsets, so a centred or right-aligned
 * element that shrinks has not moved sideways.
 */
export function boxOffset(design: ElementBox, page: ElementBox): { dx: number; dy: number } {
  const left = page.x - design.x
  const right = page.x + page.width - (design.x + design.width)
  const centre = (left + right) / 2
  let dx = left
  if (Math.abs(centre) < Math.abs(dx)) dx = centre
  if (Math.abs(right) < Math.abs(dx)) dx = right
  return { dx, dy: page.y - design.y }
}

/** |ln(page / design)| over ln 2, at most 1: 0 for the same size, 1 for twice or half as large. */
function ratioCost(design: number, page: number): number {
  const cost = Math.min(1, Math.abs(Math.log(Math.max(page, 1) / Math.max(design, 1))) / Math.LN2)
  return Number.isNaN(cost) ? 1 : cost
}

/** A box with every number finite (a broken list must not break the matcher): anything else is 0. */
function finiteBox(box: ElementBox): ElementBox {
  const finite = (value: number) => (Number.isFinite(value) ? value : 0)
  return { x: finite(box.x), y: finite(box.y), width: finite(box.width), height: finite(box.height) }
}

function sizeCost(design: PreparedElement, page: PreparedElement): number {
  if (design.element.kind === 'text' && page.element.kind === 'text') {
    return ratioCost(design.element.fontSize, page.element.fontSize)
  }
  return (ratioCost(design.box.width, page.box.width) + ratioCost(design.box.height, page.box.height)) / 2
}

/** The cost of everything but the text, which is the expensive part. */
function layoutCost(design: PreparedElement, page: PreparedElement, width: number): number {
  const weights = MATCH_WEIGHTS[design.kind]
  const { dx, dy } = boxOffset(design.box, page.box)
  const position = Math.min(1, Math.hypot(dx, dy) / width)
  return (
    weights.position * position +
    weights.size * sizeCost(design, page) +
    weights.order * Math.abs(design.order - page.order)
  )
}

/** An image's or section's text weighs only when both have one: a missing alt is no other image. */
function textWeighsFor(design: PreparedElement, page: PreparedElement): boolean {
  if (design.kind === 'text' || design.kind === 'control') return true
  return design.text.length > 0 && page.text.length > 0
}

/**
 * The cost of pairing two elements of one kind, and their text dissimilarity; the cost is `Infinity`
 * for different kinds and at or above the kind's threshold for no pair. `width` is the page's, px.
 */
export function pairCost(
  design: PreparedElement,
  page: PreparedElement,
  width: number,
): { cost: number; text: number } {
  if (design.kind !== page.kind) return { cost: Infinity, text: 1 }
  return withText(design, page, layoutCost(design, page, Math.max(width, 1)), MATCH_THRESHOLD[design.kind])
}

/** The pair's cost given its layout cost; past `limit` only a bound at or above it. */
function withText(
  design: PreparedElement,
  page: PreparedElement,
  layout: number,
  limit: number,
): { cost: number; text: number } {
  if (layout >= limit) return { cost: layout, text: 1 }
  if (!textWeighsFor(design, page)) return { cost: layout, text: 0 }
  const weight = MATCH_WEIGHTS[design.kind].text
  const text = textDissimilarity(design.compared, page.compared, (limit - layout) / weight, [
    design.letters,
    page.letters,
  ])
  return { cost: layout + weight * text, text }
}

/** A lower bound of the text part of a pair's cost, without an edit distance. */
function textBound(design: PreparedElement, page: PreparedElement): number {
  if (design.compared === page.compared || !textWeighsFor(design, page)) return 0
  const longest = Math.max(design.compared.length, page.compared.length)
  if (design.compared.length === 0 || page.compared.length === 0) return MATCH_WEIGHTS[design.kind].text
  const bound = Math.max(
    Math.abs(design.compared.length - page.compared.length),
    letterBound(design.letters, page.letters),
  )
  return (MATCH_WEIGHTS[design.kind].text * bound) / longest
}

type Candidate = { page: number; cost: number; text: number }

/** Indices of `items` sorted by `y`, the nearest `max` to `y` within `reach`, nearest first. */
function nearest(sorted: readonly number[], ys: Float64Array, y: number, reach: number, max: number) {
  let hi = 0
  let top = sorted.length
  while (hi < top) {
    const mid = (hi + top) >> 1
    if ((ys[sorted[mid] as number] as number) < y) hi = mid + 1
    else top = mid
  }
  let lo = hi - 1
  const found: number[] = []
  while (found.length < max && (hi < sorted.length || lo >= 0)) {
    const below = hi < sorted.length ? (ys[sorted[hi] as number] as number) - y : Infinity
    const above = lo >= 0 ? y - (ys[sorted[lo] as number] as number) : Infinity
    if (below <= above) {
      if (below > reach) break
      found.push(sorted[hi] as number)
      hi++
    } else {
      if (above > reach) break
      found.push(sorted[lo] as number)
      lo--
    }
  }
  return found
}

/** Each design element's candidates: the cheapest page elements of its kind under the threshold. */
function candidates(design: PreparedElement[], page: PreparedElement[], width: number): Candidate[][] {
  const reach = Math.max(MATCH_REACH_MIN, MATCH_REACH_WIDTHS * width)
  const ys = new Float64Array(page.map((item) => item.box.y))
  const byKind = new Map<ElementKind, number[]>()
  const byText = new Map<string, number[]>()
  page.forEach((item, index) => {
    const kindList = byKind.get(item.kind) ?? []
    kindList.push(index)
    byKind.set(item.kind, kindList)
    if (item.text.length > 0) {
      const key = `${item.kind}\u0000${item.text}`
      const textList = byText.get(key) ?? []
      textList.push(index)
      byText.set(key, textList)
    }
  })
  const byY = (a: number, b: number) => (ys[a] as number) - (ys[b] as number)
  for (const list of byKind.values()) list.sort(byY)
  for (const list of byText.values()) list.sort(byY)

  const seen = new Int32Array(page.length).fill(-1)
  return design.map((item, index) => {
    // Every page element in reach is priced on its layout (cheap), then, cheapest layout first, on its
    // text (an edit distance) only while it can still be among the cheapest `MATCH_CANDIDATES_MAX`.
    const near: number[] = []
    const add = (pageIndex: number) => {
      if (seen[pageIndex] === index) return
      seen[pageIndex] = index
      near.push(pageIndex)
    }
    const y = item.box.y
    for (const pageIndex of nearest(byKind.get(item.kind) ?? [], ys, y, reach, MATCH_WINDOW_MAX))
      add(pageIndex)
    const sameText = item.text.length > 0 ? byText.get(`${item.kind}\u0000${item.text}`) : undefined
    if (sameText) for (const pageIndex of nearest(sameText, ys, y, Infinity, MATCH_WINDOW_MAX)) add(pageIndex)

    const layouts = near.map((pageIndex) => layoutCost(item, page[pageIndex] as PreparedElement, width))
    const bounds = near.map(
      (pageIndex, i) => (layouts[i] as number) + textBound(item, page[pageIndex] as PreparedElement),
    )
    // Sorted by bound, then index, natively: both packed into one number (an index is below 256).
    const keys = new Float64Array(near.length)
    for (let i = 0; i < near.length; i++) keys[i] = Math.floor((bounds[i] as number) * 2 ** 40) * 256 + i
    keys.sort()
    const order = Array.from(keys, (key) => key % 256)
    const found: Candidate[] = []
    let limit = MATCH_THRESHOLD[item.kind]
    let comparisons = 0
    for (const i of order) {
      if ((bounds[i] as number) >= limit) break
      const pageIndex = near[i] as number
      const layout = layouts[i] as number
      const other = page[pageIndex] as PreparedElement
      if (item.compared !== other.compared && textWeighsFor(item, other)) {
        if (comparisons === MATCH_TEXT_COMPARISONS) continue
        comparisons++
      }
      const { cost, text } = withText(item, other, layout, limit)
      if (cost >= limit) continue
      found.push({ page: pageIndex, cost, text })
      if (found.length >= MATCH_CANDIDATES_MAX) {
        found.sort((a, b) => a.cost - b.cost || a.page - b.page)
        found.length = MATCH_CANDIDATES_MAX
        limit = (found[MATCH_CANDIDATES_MAX - 1] as Candidate).cost
      }
    }
    found.sort((a, b) => a.cost - b.cost || a.page - b.page)
    return found
  })
}

/**
 * The optimal assignment of `rows` (design indices) to their candidates, each pair's saving being
 * threshold − cost and an unpaired row saving nothing; columns in `taken` are not offered.
 */
function assign(
  rows: readonly number[],
  options: readonly Candidate[][],
  design: readonly PreparedElement[],
  taken: Set<number>,
): ElementPair[] {
  const columns: number[] = []
  const columnOf = new Map<number, number>()
  for (const row of rows) {
    for (const option of options[row] as Candidate[]) {
      if (taken.has(option.page) || columnOf.has(option.page)) continue
      columnOf.set(option.page, columns.length)
      columns.push(option.page)
    }
  }
  if (columns.length === 0) return []
  // munkres is O(r² c) for r ≤ c rows: the smaller side are the rows. Every row also has the choice of
  // a zero (no pair): a column of its own beyond the real ones.
  const transpose = columns.length < rows.length
  const rowCount = transpose ? columns.length : rows.length
  const columnCount = (transpose ? rows.length : columns.length) + rowCount
  const matrix = Array.from({ length: rowCount }, () => new Float64Array(columnCount))
  rows.forEach((row, r) => {
    const threshold = MATCH_THRESHOLD[(design[row] as PreparedElement).kind]
    for (const option of options[row] as Candidate[]) {
      const c = columnOf.get(option.page)
      if (c === undefined) continue
      const saving = option.cost - threshold
      if (transpose) (matrix[c] as Float64Array)[r] = saving
      else (matrix[r] as Float64Array)[c] = saving
    }
  })
  const pairs: ElementPair[] = []
  for (const [y, x] of munkres(matrix)) {
    if (((matrix[y] as Float64Array)[x] as number) >= 0) continue
    const r = transpose ? x : y
    const c = transpose ? y : x
    const row = rows[r] as number
    const option = (options[row] as Candidate[]).find((o) => o.page === columns[c]) as Candidate
    pairs.push({ design: row, page: option.page, cost: option.cost, text: option.text })
  }
  return pairs
}

/** Groups of design elements whose candidates overlap (connected through shared page elements). */
function groups(options: readonly Candidate[][], pageCount: number): number[][] {
  const designCount = options.length
  const parent = Int32Array.from({ length: designCount + pageCount }, (_, i) => i)
  const find = (node: number): number => {
    let root = node
    while (parent[root] !== root) root = parent[root] as number
    let at = node
    while (parent[at] !== root) {
      const next = parent[at] as number
      parent[at] = root
      at = next
    }
    return root
  }
  options.forEach((list, row) => {
    for (const option of list) {
      const a = find(row)
      const b = find(designCount + option.page)
      if (a !== b) parent[a] = b
    }
  })
  const byRoot = new Map<number, number[]>()
  options.forEach((list, row) => {
    if (list.length === 0) return
    const root = find(row)
    const group = byRoot.get(root) ?? []
    group.push(row)
    byRoot.set(root, group)
  })
  return [...byRoot.values()]
}

export function matchElements(design: PageElements, page: PageElements): ElementMatch {
  const width = Math.max(1, design.width)
  const designItems = prepareElements(design.elements)
  const pageItems = prepareElements(page.elements)
  const options = candidates(designItems, pageItems, width)

  const pairs: ElementPair[] = []
  for (const group of groups(options, pageItems.length)) {
    if (group.length <= MATCH_BAND) {
      pairs.push(...assign(group, options, designItems, new Set()))
      continue
    }
    group.sort(
      (a, b) =>
        (designItems[a] as PreparedElement).box.y - (designItems[b] as PreparedElement).box.y || a - b,
    )
    const taken = new Set<number>()
    for (let start = 0; start < group.length; start += MATCH_BAND) {
      for (const pair of assign(group.slice(start, start + MATCH_BAND), options, designItems, taken)) {
        taken.add(pair.page)
        pairs.push(pair)
      }
    }
  }

  pairs.sort((a, b) => a.design - b.design)
  // What the pair's texts differ by, on the whole texts (pairing compared their openings).
  for (const pair of pairs) {
    const theirs = designItems[pair.design] as PreparedElement
    const ours = pageItems[pair.page] as PreparedElement
    const longer = Math.max(theirs.text.length, ours.text.length) > MATCH_TEXT_COMPARED
    if (longer && textWeighsFor(theirs, ours)) pair.text = textDissimilarity(theirs.text, ours.text)
  }
  const pairedDesign = new Set(pairs.map((pair) => pair.design))
  const pairedPage = new Set(pairs.map((pair) => pair.page))
  return {
    pairs,
    missing: designItems.map((_, i) => i).filter((i) => !pairedDesign.has(i)),
    extra: pageItems.map((_, i) => i).filter((i) => !pairedPage.has(i)),
  }
}
