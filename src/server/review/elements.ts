/**
 * A page's visible elements (src/shared/page-elements.ts), read in the open page for the element-level
 * review (docs/product.md §10): the design's, when content:render draws the reference, and the member's,
 * during the capture, from the same Chromium with the same settings. The walk runs in an isolated world
 * of the page: the page's scripts cannot reach it, and what they did to the DOM's prototypes (a getter
 * that throws, a `getBoundingClientRect` that lies) is not what it calls. It is bounded three ways: the
 * nodes it visits, its own time, and the elements and text it keeps; the caller bounds the call too.
 */

import type { Page } from 'playwright-core'
import { checkedElements } from '#server/review/elements-schema.ts'
import { ELEMENT_TEXT_MAX, ELEMENTS_MAX, type PageElements } from '#shared/page-elements.ts'

/** The nodes (elements and text) a walk visits at most; a page with more is listed as far as that. */
export const ELEMENTS_VISIT_MAX = 50_000
/** The walk's own time: past it, it stops and lists what it has. */
export const ELEMENTS_WALK_MS = 3000
/** On top of the walk's own time, before Chromium stops the script. */
const ELEMENTS_STOP_MARGIN_MS = 2000

export type CollectOptions = {
  /** The page's height as captured, px: what lies below it is off the page. */
  height: number
  /** The walk's own time, ms (default ELEMENTS_WALK_MS). */
  budgetMs?: number
  /** Tests lower these. */
  visitMax?: number
  elementsMax?: number
  textMax?: number
}

/**
 * The page's visible elements at its current width, checked against the shared shape. Rejects when the
 * page does not answer (a script holds its thread until Chromium stops ours) or the page went away: the
 * caller bounds the call in time and goes on without them.
 */
export async function collectElements(page: Page, options: CollectOptions): Promise<PageElements> {
  const budgetMs = options.budgetMs ?? ELEMENTS_WALK_MS
  const settings: WalkSettings = {
    height: Math.max(0, Math.floor(options.height)),
    budgetMs,
    visitMax: options.visitMax ?? ELEMENTS_VISIT_MAX,
    elementsMax: options.elementsMax ?? ELEMENTS_MAX,
    textMax: options.textMax ?? ELEMENT_TEXT_MAX,
  }
  const session = await page.context().newCDPSession(page)
  try {
    const { frameTree } = await session.send('Page.getFrameTree')
    const { executionContextId } = await session.send('Page.createIsolatedWorld', {
      frameId: frameTree.frame.id,
      worldName: 'element-review',
      grantUniveralAccess: false,
    })
    // tsx and vitest may compile with keepNames, which wraps named functions in a helper the page has not.
    const expression = `(() => { const __name = (f) => f; return (${walkPage.toString()})(${JSON.stringify(settings)}) })()`
    const answer = await session.send('Runtime.evaluate', {
      expression,
      contextId: executionContextId,
      returnByValue: true,
      timeout: budgetMs + ELEMENTS_STOP_MARGIN_MS,
    })
    if (answer.exceptionDetails)
      throw new Error(
        `The element walk failed: ${answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text}`,
      )
    return checkedElements(answer.result.value)
  } finally {
    await session.detach().catch(() => {})
  }
}

type WalkSettings = Required<CollectOptions>

/**
 * Runs in the page (serialised: it uses nothing from outside but its argument). Walks the DOM from
 * <body> in document order, without descending into what is not drawn, and lists its visible texts,
 * images, controls and sections.
 */
export function walkPage(settings: WalkSettings) {
  const started = performance.now()
  const root = document.documentElement
  const width = root.clientWidth || window.innerWidth
  const scrollX = window.scrollX
  const scrollY = window.scrollY
  type Rect = { l: number; t: number; r: number; b: number }
  type Entry = { order: number; rank: number; area: number; element: Record<string, unknown> }
  type Acc = {
    tag: string
    order: number
    raw: string
    box: Rect | null
    style: CSSStyleDeclaration | null
    longest: number
  }
  type Frame = {
    clip: Rect
    abs: Rect
    fixed: Rect
    visible: boolean
    style: CSSStyleDeclaration
    acc: Acc | null
    finish: Acc | null
    section: Record<string, unknown> | null
  }
  const pageRect: Rect = { l: 0, t: 0, r: width, b: settings.height }
  const entries: Entry[] = []
  let order = 0
  let visits = 0
  let truncated = false
  /** Open sections without a label yet, outermost first: the next heading names them. */
  const unnamed: Record<string, unknown>[] = []

  const round = (n: number) => Math.round(n * 100) / 100
  const meet = (a: Rect, b: Rect): Rect | null => {
    const rect = {
      l: Math.max(a.l, b.l),
      t: Math.max(a.t, b.t),
      r: Math.min(a.r, b.r),
      b: Math.min(a.b, b.b),
    }
    return rect.r - rect.l >= 2 && rect.b - rect.t >= 2 ? rect : null
  }
  const boxOf = (rect: Rect) => {
    const x = Math.round(rect.l)
    const y = Math.round(rect.t)
    return { x, y, width: Math.round(rect.r) - x, height: Math.round(rect.b) - y }
  }
  const onPage = (r: DOMRect): Rect => ({
    l: r.left + scrollX,
    t: r.top + scrollY,
    r: r.right + scrollX,
    b: r.bottom + scrollY,
  })

  // Colours: `rgb()` read directly, anything else (`color(srgb …)`, `oklch()`…) drawn on a pixel.
  const canvas = document.createElement('canvas')
  canvas.width = 1
  canvas.height = 1
  const paint = canvas.getContext('2d', { willReadFrequently: true })
  const colours = new Map<string, { hex: string; alpha: number }>()
  const RGB = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)\s*(?:[,/]\s*([\d.]+)(%?)\s*)?\)$/
  const colour = (value: string): { hex: string; alpha: number } => {
    const known = colours.get(value)
    if (known) return known
    let rgba = [0, 0, 0, 1]
    const match = RGB.exec(value)
    if (match) {
      const alpha = match[4] === undefined ? 1 : Number(match[4]) / (match[5] ? 100 : 1)
      rgba = [Number(match[1]), Number(match[2]), Number(match[3]), alpha]
    } else if (paint) {
      paint.clearRect(0, 0, 1, 1)
      paint.fillStyle = '#000'
      paint.fillStyle = value
      paint.fillRect(0, 0, 1, 1)
      const data = paint.getImageData(0, 0, 1, 1).data
      rgba = [data[0] ?? 0, data[1] ?? 0, data[2] ?? 0, (data[3] ?? 255) / 255]
    }
    const alpha = Math.min(1, Math.max(0, rgba[3] ?? 1))
    // As it shows over white.
    const hex = `#${rgba
      .slice(0, 3)
      .map((c) =>
        Math.round(Math.min(255, Math.max(0, c)) * alpha + 255 * (1 - alpha))
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`
    const result = { hex, alpha }
    if (colours.size > 2000) colours.clear()
    colours.set(value, result)
    return result
  }

  const collapse = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, settings.textMax)
  /** An element's text, reading at most a few dozen text nodes and textMax characters of them. */
  const textOf = (element: Element): string => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    let text = ''
    let nodes = 0
    for (let node = walker.nextNode(); node && nodes < 64; node = walker.nextNode()) {
      nodes += 1
      text += (node as Text).data.slice(0, settings.textMax * 2 + 16)
      if (text.length > settings.textMax * 2) break
    }
    return collapse(text)
  }
  const attribute = (element: Element, name: string) =>
    collapse((element.getAttribute(name) ?? '').slice(0, settings.textMax * 2))
  const labelledBy = (element: Element): string => {
    const ids = (element.getAttribute('aria-labelledby') ?? '').slice(0, 512).split(/\s+/).slice(0, 4)
    return collapse(
      ids
        .map((id) => {
          const target = id ? document.getElementById(id) : null
          return target ? textOf(target) : ''
        })
        .join(' '),
    )
  }

  const emit = (order: number, rank: number, rect: Rect, element: Record<string, unknown>) => {
    const box = boxOf(rect)
    // The object itself: a section's label is set on it when its first heading ends.
    element.box = box
    entries.push({ order, rank, area: box.width * box.height, element })
  }

  const SKIPPED = new Set([
    'head',
    'script',
    'style',
    'noscript',
    'template',
    'title',
    'meta',
    'link',
    'option',
    'optgroup',
    'datalist',
    'iframe',
    'object',
    'embed',
    'audio',
    'map',
    'area',
  ])
  /** Drawn whole by the element itself: their children are not walked. */
  const LEAVES = new Set(['svg', 'img', 'video', 'canvas', 'select', 'textarea', 'input', 'math'])
  const SECTIONS = new Set(['header', 'nav', 'main', 'section', 'article', 'aside', 'footer'])
  const SECTION_ROLES = new Map([
    ['banner', 'header'],
    ['navigation', 'nav'],
    ['main', 'main'],
    ['region', 'section'],
    ['article', 'article'],
    ['complementary', 'aside'],
    ['contentinfo', 'footer'],
  ])
  const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'])
  const BUTTON_INPUTS = new Set(['button', 'submit', 'reset', 'image'])

  const controlOf = (element: Element, tag: string): 'button' | 'link' | 'input' | null => {
    const role = element.getAttribute('role')
    if (tag === 'a' && element.hasAttribute('href')) return 'link'
    if (role === 'link') return 'link'
    if (tag === 'button' || tag === 'summary' || role === 'button') return 'button'
    if (tag === 'input')
      return BUTTON_INPUTS.has(((element as HTMLInputElement).type ?? '').toLowerCase()) ? 'button' : 'input'
    if (tag === 'select' || tag === 'textarea') return 'input'
    return null
  }
  const controlText = (element: Element, tag: string): string => {
    if (tag === 'input' || tag === 'textarea') {
      const field = element as HTMLInputElement
      return (
        attribute(element, 'aria-label') ||
        collapse(String(field.value ?? '').slice(0, settings.textMax * 2)) ||
        attribute(element, 'placeholder') ||
        attribute(element, 'title')
      )
    }
    if (tag === 'select') {
      const select = element as HTMLSelectElement
      const option = select.selectedIndex >= 0 ? select.options[select.selectedIndex] : null
      return attribute(element, 'aria-label') || (option ? textOf(option) : '')
    }
    const label =
      textOf(element) ||
      attribute(element, 'aria-label') ||
      labelledBy(element) ||
      attribute(element, 'title')
    if (label) return label
    const image = element.querySelector('img[alt]')
    return image ? attribute(image, 'alt') : ''
  }
  const radiusOf = (style: CSSStyleDeclaration, rect: Rect) => {
    const first = (style.borderTopLeftRadius || '0').split(' ')[0] ?? '0'
    const value = parseFloat(first) || 0
    const px = first.endsWith('%') ? (value / 100) * (rect.r - rect.l) : value
    return round(Math.max(0, Math.min(px, (rect.r - rect.l) / 2, (rect.b - rect.t) / 2)))
  }

  const finishText = (acc: Acc) => {
    if (!acc.box || !acc.style) return
    const text = collapse(acc.raw)
    if (!text) return
    const style = acc.style
    const fontSize = parseFloat(style.fontSize) || 0
    const lineHeight = parseFloat(style.lineHeight)
    const family = (style.fontFamily.split(',')[0] ?? '').trim().replace(/^["']|["']$/g, '')
    emit(acc.order, 3, acc.box, {
      kind: 'text',
      tag: /^[a-z][a-z0-9-]{0,39}$/.test(acc.tag) ? acc.tag : 'element',
      text,
      fontFamily: family.slice(0, 100),
      fontSize: round(fontSize),
      fontWeight: Number(style.fontWeight) || 400,
      lineHeight: round(Number.isFinite(lineHeight) ? lineHeight : fontSize * 1.2),
      colour: colour(style.color).hex,
    })
    if (HEADINGS.has(acc.tag)) {
      for (const section of unnamed) section.label = text
      unnamed.length = 0
    }
  }
  const leave = (frame: Frame) => {
    if (frame.finish) finishText(frame.finish)
    if (frame.section && unnamed[unnamed.length - 1] === frame.section) unnamed.pop()
  }

  /** The frame of an element that is drawn (its children are walked if `descend`), or null. */
  const enter = (element: Element, parent: Frame): { frame: Frame; descend: boolean } | null => {
    const tag = element.localName
    if (SKIPPED.has(tag)) return null
    // A line break parts the words on either side of it.
    if (tag === 'br') {
      if (parent.acc) parent.acc.raw += ' '
      return null
    }
    const style = getComputedStyle(element)
    const display = style.display
    if (display === 'none' || Number(style.opacity) <= 0 || style.contentVisibility === 'hidden') return null
    const position = style.position
    const base = position === 'fixed' ? parent.fixed : position === 'absolute' ? parent.abs : parent.clip
    const rect = onPage(element.getBoundingClientRect())
    let clip = base
    if (tag !== 'body' && tag !== 'html' && display !== 'contents') {
      if (style.overflowX !== 'visible')
        clip = { ...clip, l: Math.max(clip.l, rect.l), r: Math.min(clip.r, rect.r) }
      if (style.overflowY !== 'visible')
        clip = { ...clip, t: Math.max(clip.t, rect.t), b: Math.min(clip.b, rect.b) }
    }
    const transformed = style.transform !== 'none'
    const visible = style.visibility === 'visible'
    const frame: Frame = {
      clip,
      abs: position !== 'static' || transformed ? clip : parent.abs,
      fixed: transformed ? clip : parent.fixed,
      visible,
      style,
      acc: parent.acc,
      finish: null,
      section: null,
    }
    const at = order++
    if (display !== 'inline' && display !== 'contents') {
      frame.acc = { tag, order: at, raw: '', box: null, style: null, longest: 0 }
      frame.finish = frame.acc
    }
    const shown = display === 'contents' ? null : meet(rect, base)
    if (visible && shown) {
      const sectionTag = SECTIONS.has(tag) ? tag : SECTION_ROLES.get(element.getAttribute('role') ?? '')
      if (sectionTag) {
        const label = attribute(element, 'aria-label') || labelledBy(element)
        const section: Record<string, unknown> = { kind: 'section', tag: sectionTag }
        if (label) section.label = label
        else {
          frame.section = section
          unnamed.push(section)
        }
        emit(at, 0, shown, section)
      }
      const pictured = tag === 'img' && element.parentElement?.localName === 'picture'
      if (tag === 'img' || tag === 'video' || tag === 'canvas' || tag === 'svg') {
        const title = tag === 'svg' ? element.querySelector(':scope > title') : null
        const alt =
          tag === 'img'
            ? attribute(element, 'alt')
            : attribute(element, 'aria-label') || (title ? textOf(title) : '') || attribute(element, 'title')
        emit(at, 1, shown, { kind: 'image', tag: pictured ? 'picture' : tag, alt })
      }
      if (style.backgroundImage.includes('url(')) {
        emit(at, 1, shown, {
          kind: 'image',
          tag: 'background',
          alt: element.getAttribute('role') === 'img' ? attribute(element, 'aria-label') : '',
        })
      }
      const role = controlOf(element, tag)
      if (role) {
        const control: Record<string, unknown> = {
          kind: 'control',
          role,
          text: controlText(element, tag),
          colour: colour(style.color).hex,
        }
        const background = colour(style.backgroundColor)
        if (background.alpha > 0) control.background = background.hex
        const borderWidth = parseFloat(style.borderTopWidth) || 0
        const borderColour = colour(style.borderTopColor)
        if (
          borderWidth > 0 &&
          style.borderTopStyle !== 'none' &&
          style.borderTopStyle !== 'hidden' &&
          borderColour.alpha > 0
        )
          control.border = `${round(borderWidth)}px ${style.borderTopStyle} ${borderColour.hex}`
        control.radius = radiusOf(style, rect)
        emit(at, 2, shown, control)
      }
    }
    return { frame, descend: !LEAVES.has(tag) }
  }

  const text = (node: Text, frame: Frame) => {
    const acc = frame.acc
    if (!acc || !frame.visible) return
    const data = node.data
    const head = data.length > 4096 ? data.slice(0, 4096) : data
    // Whitespace between inline elements still parts their words.
    if (!/\S/.test(head)) {
      if (acc.raw && acc.raw.length <= settings.textMax * 2) acc.raw += ' '
      return
    }
    const range = document.createRange()
    range.selectNodeContents(node)
    const shown = meet(onPage(range.getBoundingClientRect()), frame.clip)
    if (!shown) return
    acc.box = acc.box
      ? {
          l: Math.min(acc.box.l, shown.l),
          t: Math.min(acc.box.t, shown.t),
          r: Math.max(acc.box.r, shown.r),
          b: Math.max(acc.box.b, shown.b),
        }
      : shown
    if (acc.raw.length <= settings.textMax * 2) acc.raw += head.slice(0, settings.textMax * 2 + 16)
    if (head.length > acc.longest) {
      acc.longest = head.length
      acc.style = frame.style
    }
  }

  const start = document.body ?? root
  const top: Frame = {
    clip: pageRect,
    abs: pageRect,
    fixed: pageRect,
    visible: true,
    style: getComputedStyle(root),
    acc: null,
    finish: null,
    section: null,
  }
  const frames: Frame[] = []
  let node: Node | null = start
  walk: while (node) {
    visits += 1
    if (
      visits > settings.visitMax ||
      (visits % 64 === 0 && performance.now() - started > settings.budgetMs)
    ) {
      truncated = true
      break
    }
    let entered = false
    const parent = frames[frames.length - 1] ?? top
    try {
      if (node.nodeType === Node.TEXT_NODE) text(node as Text, parent)
      else if (node.nodeType === Node.ELEMENT_NODE) {
        const result = enter(node as Element, parent)
        if (result) {
          frames.push(result.frame)
          entered = true
          if (result.descend && node.firstChild) {
            node = node.firstChild
            continue
          }
          leave(frames.pop() as Frame)
        }
      }
    } catch {
      // A node the walk cannot read is left out; an element entered is still left.
      if (entered && frames.length > 0) leave(frames.pop() as Frame)
    }
    while (node !== start && !node.nextSibling) {
      node = node.parentNode
      if (!node) break walk
      const frame = frames.pop()
      if (frame) leave(frame)
    }
    if (node === start) break
    node = node.nextSibling
  }
  // Stopped early: the texts of the elements still open are what was read of them.
  while (frames.length > 0) leave(frames.pop() as Frame)

  const kept = [...entries]
    .sort((a, b) => b.area - a.area || a.order - b.order || a.rank - b.rank)
    .slice(0, settings.elementsMax)
    .sort((a, b) => a.order - b.order || a.rank - b.rank)
  return {
    version: 1,
    width,
    height: settings.height,
    elements: kept.map((entry) => entry.element),
    ...(truncated ? { truncated: true } : {}),
  }
}
