import sanitizeHtml from 'sanitize-html'

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
}

/**
 * SPEC §5: profile values are HTML-sanitised before saving. Every tag is removed (its text kept), and
 * the entities the sanitiser writes are turned back into characters: we store plain text, and the app
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
