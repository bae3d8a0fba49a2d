/**
 * The shape of a page's elements (src/shared/page-elements.ts) as the server checks it: what the walk in
 * the member's page answered (elements.ts), and what a challenge's `design/<view>.elements.json` holds.
 * Also how those files are written: one element a line, keys in one order, so a render of an unchanged
 * reference gives the same bytes.
 */

import { z } from 'zod'
import { ELEMENT_TEXT_MAX, ELEMENTS_MAX, type PageElements } from '#shared/page-elements.ts'

/** Pages are at most this tall or wide, px (the capture cuts at 16,000; designs are no taller). */
const COORDINATE_MAX = 100_000
const coordinate = z.number().finite().min(-COORDINATE_MAX).max(COORDINATE_MAX)
const size = z.number().finite().min(0).max(COORDINATE_MAX)
const hex = z.string().regex(/^#[0-9a-f]{6}$/, 'must be a colour as #rrggbb')
const text = z.string().max(ELEMENT_TEXT_MAX)
const tag = z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'must be a tag name')

const box = z.strictObject({ x: coordinate, y: coordinate, width: size, height: size })

const textElement = z.strictObject({
  kind: z.literal('text'),
  box,
  tag,
  text,
  fontFamily: z.string().max(100),
  fontSize: size,
  fontWeight: z.number().finite().min(1).max(1000),
  lineHeight: size,
  colour: hex,
})

const imageElement = z.strictObject({
  kind: z.literal('image'),
  box,
  tag: z.enum(['img', 'svg', 'picture', 'video', 'canvas', 'background']),
  alt: text,
})

const controlElement = z.strictObject({
  kind: z.literal('control'),
  box,
  role: z.enum(['button', 'link', 'input']),
  text,
  colour: hex,
  background: hex.optional(),
  border: z
    .string()
    .regex(/^\d+(\.\d+)? ?px [a-z]+ #[0-9a-f]{6}$/, 'must be a border as "1px solid #rrggbb"')
    .optional(),
  radius: size,
})

const sectionElement = z.strictObject({
  kind: z.literal('section'),
  box,
  tag: z.enum(['header', 'nav', 'main', 'section', 'article', 'aside', 'footer']),
  label: text.optional(),
})

const pageElement = z.discriminatedUnion('kind', [textElement, imageElement, controlElement, sectionElement])

export const pageElementsSchema = z.strictObject({
  version: z.literal(1),
  width: size,
  height: size,
  elements: z.array(pageElement).max(ELEMENTS_MAX),
  truncated: z.literal(true).optional(),
})

const walkAnswerSchema = pageElementsSchema.extend({ elements: z.array(z.unknown()).max(ELEMENTS_MAX) })

/**
 * What the walk in a page answered, as the shared shape: an element that does not fit it (a page can
 * put anything in a tag's name or a colour's text) is left out, the rest kept. Throws when the answer
 * is not a page of elements at all.
 */
export function checkedElements(answer: unknown): PageElements {
  const page = walkAnswerSchema.parse(answer)
  const elements: PageElements['elements'] = []
  for (const element of page.elements) {
    const checked = pageElement.safeParse(element)
    if (checked.success) elements.push(checked.data as PageElements['elements'][number])
  }
  return { ...page, elements } as PageElements
}

/** The keys of each kind, in the order the files write them. */
const KEY_ORDER: Record<string, readonly string[]> = {
  text: ['kind', 'box', 'tag', 'text', 'fontFamily', 'fontSize', 'fontWeight', 'lineHeight', 'colour'],
  image: ['kind', 'box', 'tag', 'alt'],
  control: ['kind', 'box', 'role', 'text', 'colour', 'background', 'border', 'radius'],
  section: ['kind', 'box', 'tag', 'label'],
}

/**
 * `design/<view>.elements.json` as written: the page's fields, then its elements one a line, each with
 * its keys in KEY_ORDER (a box as x, y, width, height). Readable in a diff, and the same bytes for the
 * same elements.
 */
export function formatPageElements(page: PageElements): string {
  const lines = page.elements.map((element) => {
    const ordered: Record<string, unknown> = {}
    for (const key of KEY_ORDER[element.kind] ?? []) {
      const value = (element as Record<string, unknown>)[key]
      if (value === undefined) continue
      ordered[key] =
        key === 'box'
          ? { x: element.box.x, y: element.box.y, width: element.box.width, height: element.box.height }
          : value
    }
    return `    ${JSON.stringify(ordered)}`
  })
  const head = [
    `  "version": ${page.version}`,
    `  "width": ${page.width}`,
    `  "height": ${page.height}`,
    ...(page.truncated ? ['  "truncated": true'] : []),
  ]
  const list = lines.length > 0 ? `[\n${lines.join(',\n')}\n  ]` : '[]'
  return `{\n${head.join(',\n')},\n  "elements": ${list}\n}\n`
}

/** A `design/<view>.elements.json`'s text, checked; throws with the first problem. */
export function parsePageElements(json: string): PageElements {
  const parsed = pageElementsSchema.safeParse(JSON.parse(json))
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new Error(
      `${issue?.path.join('.') || 'the file'}: ${issue?.message ?? 'is not a page of elements'}`,
    )
  }
  return parsed.data as PageElements
}
