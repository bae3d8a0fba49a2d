import sanitizeHtml from 'sanitize-html'

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
}

/**
 * docs/product.md §5: profile values are HTML-sanitised before saving. Every tag is removed (its text kept),
 * and the entities the sanitiser writes are turned back into characters: we store plain text, and the app
 * renders it as text, never as HTML.
 */
export function sanitizePlainText(value: string): string {
  const stripped = sanitizeHtml(value, {
    allowedTags: [],
    allowedAttributes: {},
    disallowedTagsMode: 'discard',
  })
  return stripped.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
}

/** A JSON object with every string value sanitised; anything else is returned as it is, for the schema to judge. */
export function sanitizeStringValues(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [
      key,
      typeof value === 'string' ? sanitizePlainText(value) : value,
    ]),
  )
}
