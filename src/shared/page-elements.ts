/**
 * A page's visible elements at one review width, as the element-level review reads them
 * (docs/product.md §10): the design's, recorded from the challenge's reference when its images are
 * rendered, and the member's, collected in their page during the capture. The matcher pairs the two
 * lists and says what differs. Coordinates are CSS px from the page's top left, at the breakpoint's
 * width; colours are `#rrggbb` (transparent backgrounds are omitted).
 *
 * How the collector (src/server/review/elements.ts) reads a page: every visible text belongs to exactly
 * one text element, that of its nearest ancestor that is not `display: inline` (a paragraph holds the
 * text of its `<strong>` and inline `<a>`; an inline-block button is a text element of its own). A
 * control is listed besides the text element that holds its label; a section besides what it holds. A
 * translucent colour is given as it shows over white. The list is in document order, each element's
 * section, image and control before its text.
 */

/** Where an element is drawn, CSS px from the top left of the page (not the viewport). */
export type ElementBox = { x: number; y: number; width: number; height: number }

export type TextElement = {
  kind: 'text'
  box: ElementBox
  /** The element's tag, lower case: `h1`, `p`, `li`, `span`... */
  tag: string
  /** The visible text, whitespace collapsed, at most `ELEMENT_TEXT_MAX` characters. */
  text: string
  /** The first family of the computed `font-family`, unquoted. */
  fontFamily: string
  /** px */
  fontSize: number
  fontWeight: number
  /** px; `normal` is given as 1.2 × the font size. */
  lineHeight: number
  colour: string
}

export type ImageElement = {
  kind: 'image'
  box: ElementBox
  /**
   * `img`, `svg`, `picture` (an `<img>` in a `<picture>`), `video`, `canvas`, or `background` for an
   * element painted with a background image.
   */
  tag: string
  /** The alternative text, empty for a decorative image. */
  alt: string
}

export type ControlElement = {
  kind: 'control'
  box: ElementBox
  role: 'button' | 'link' | 'input'
  /** Its label: the text, `aria-label`, a placeholder or an input's value. */
  text: string
  colour: string
  /** Omitted when the control's background is transparent. */
  background?: string
  /** The top border as `1px solid #rrggbb`, omitted when it has none. */
  border?: string
  /** The top-left corner's radius, px. */
  radius: number
}

export type SectionElement = {
  kind: 'section'
  box: ElementBox
  /** `header`, `nav`, `main`, `section`, `article`, `aside` or `footer`. */
  tag: string
  /** Its accessible name or first heading's text, when it has one. */
  label?: string
}

export type PageElement = TextElement | ImageElement | ControlElement | SectionElement

/** One page at one width. */
export type PageElements = {
  version: 1
  /** The viewport's width, px. */
  width: number
  /** The page's height, px. */
  height: number
  elements: PageElement[]
  /**
   * The walk stopped early (too many nodes, or its time ran out): what the page holds further down is
   * not listed, so an element of the design missing here may only not have been reached.
   */
  truncated?: true
}

/** At most this many characters of an element's text are kept. */
export const ELEMENT_TEXT_MAX = 200
/** At most this many elements are kept per page and width, the largest first. */
export const ELEMENTS_MAX = 2000
