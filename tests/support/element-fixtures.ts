import type {
  ControlElement,
  ElementBox,
  ImageElement,
  PageElement,
  PageElements,
  SectionElement,
  TextElement,
} from '#shared/page-elements.ts'

/**
 * Hand-built element lists for the element review's tests (docs/decisions/021-element-review.md):
 * factories with overrides, and a small landing page at desktop width to vary.
 */

export function box(x: number, y: number, width: number, height: number): ElementBox {
  return { x, y, width, height }
}

export function text(overrides: Partial<TextElement> & { text: string; box: ElementBox }): TextElement {
  return {
    kind: 'text',
    tag: 'p',
    fontFamily: 'Inter',
    fontSize: 16,
    fontWeight: 400,
    lineHeight: 24,
    colour: '#1f2937',
    ...overrides,
  }
}

export function image(overrides: Partial<ImageElement> & { box: ElementBox }): ImageElement {
  return { kind: 'image', tag: 'img', alt: '', ...overrides }
}

export function control(
  overrides: Partial<ControlElement> & { text: string; box: ElementBox },
): ControlElement {
  return { kind: 'control', role: 'button', colour: '#ffffff', radius: 8, ...overrides }
}

export function section(overrides: Partial<SectionElement> & { box: ElementBox }): SectionElement {
  return { kind: 'section', tag: 'section', ...overrides }
}

export function page(elements: PageElement[], width = 1440, height = 2400): PageElements {
  return { version: 1, width, height, elements }
}

export const HEADING = 'Sound, shaped for you'
export const PORTRAIT = 'Portrait of a woman wearing headphones in a sunlit studio, smiling at the camera'

/** A landing page at 1440: a header, a hero (heading, text, button, portrait), three features, a footer. */
export function landingElements(): PageElement[] {
  return [
    section({ tag: 'header', box: box(0, 0, 1440, 80) }),
    text({ text: 'Aurel Audio', tag: 'span', box: box(120, 24, 160, 32), fontSize: 24, fontWeight: 700 }),
    control({ role: 'link', text: 'Products', box: box(900, 28, 90, 24), colour: '#1f2937' }),
    control({ role: 'link', text: 'Pricing', box: box(1010, 28, 80, 24), colour: '#1f2937' }),
    control({ role: 'link', text: 'Support', box: box(1110, 28, 80, 24), colour: '#1f2937' }),
    section({ tag: 'main', box: box(0, 80, 1440, 2000) }),
    text({
      text: HEADING,
      tag: 'h1',
      box: box(120, 200, 560, 58),
      fontSize: 48,
      fontWeight: 700,
      lineHeight: 58,
      colour: '#111827',
    }),
    text({
      text: 'Headphones tuned to your ears in two minutes, with a hearing test you take at home.',
      box: box(120, 290, 520, 48),
    }),
    control({ text: 'Book a demo', box: box(120, 370, 160, 48), background: '#1d4ed8' }),
    image({ alt: PORTRAIT, box: box(760, 160, 560, 420) }),
    text({ text: 'Why Aurel', tag: 'h2', box: box(120, 700, 400, 44), fontSize: 36, fontWeight: 700 }),
    text({ text: 'Tuned to you', tag: 'h3', box: box(120, 800, 360, 30), fontSize: 24, fontWeight: 600 }),
    text({ text: 'A hearing test shapes every pair.', box: box(120, 840, 360, 48) }),
    text({
      text: 'Quiet when you want',
      tag: 'h3',
      box: box(540, 800, 360, 30),
      fontSize: 24,
      fontWeight: 600,
    }),
    text({ text: 'Noise cancelling that adapts to the room.', box: box(540, 840, 360, 48) }),
    text({ text: 'Forty hours', tag: 'h3', box: box(960, 800, 360, 30), fontSize: 24, fontWeight: 600 }),
    text({ text: 'A week of listening on one charge.', box: box(960, 840, 360, 48) }),
    image({ tag: 'svg', box: box(120, 760, 32, 32) }),
    image({ tag: 'svg', box: box(540, 760, 32, 32) }),
    image({ tag: 'svg', box: box(960, 760, 32, 32) }),
    section({ tag: 'footer', box: box(0, 2080, 1440, 320) }),
    text({ text: '© 2026 Aurel Audio', box: box(120, 2300, 240, 24), fontSize: 14 }),
    control({ role: 'link', text: 'Privacy', box: box(1100, 2300, 80, 24), colour: '#1f2937' }),
  ]
}

export function landingPage(): PageElements {
  return page(landingElements())
}

/** The same page with one element replaced by `change(element)`, found by its text. */
export function changed(
  elements: PageElement[],
  find: (element: PageElement) => boolean,
  change: (element: PageElement) => PageElement,
): PageElement[] {
  return elements.map((element) => (find(element) ? change(element) : element))
}

/** A small seeded random generator (mulberry32), so a failing case can be replayed. */
export function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
