import sanitizeHtml from 'sanitize-html'
import { isAllowedWriteUpLink, renderWriteUpMarkdown, WRITE_UP_LINK_REL } from '#shared/write-up.ts'

/**
 * The write-up's HTML as every page serves it (docs/product.md "Solutions"): the shared Markdown renderer
 * (no raw HTML, http(s) and mailto links only) and then sanitize-html with an allowlist of exactly what
 * that renderer writes, so a parser bug cannot bring a script, an event handler or another scheme in.
 * write-up.test.ts holds the sanitiser to changing nothing the renderer writes, which is why the form's
 * preview (the renderer alone) shows what is served.
 */
const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'em',
    's',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel'], ol: ['start'], code: ['class'] },
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
  exclusiveFilter: (frame) => frame.tag === 'a' && !isAllowedWriteUpLink(frame.attribs.href ?? ''),
  // Whatever the markup said, a link is a member's: rel is ours.
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: WRITE_UP_LINK_REL } }),
  },
}

export function sanitizeWriteUpHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS)
}

/** A stored write-up as HTML; an empty or missing one is an empty string. */
export function renderWriteUp(source: string | null): string {
  if (!source?.trim()) return ''
  return sanitizeWriteUpHtml(renderWriteUpMarkdown(source))
}

const TEXT_ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
}

/**
 * The write-up's first sentence as plain text, at most 200 characters, for a link preview's description
 * (docs/product.md §11); null when there is no write-up.
 */
export function writeUpFirstSentence(source: string | null): string | null {
  const rendered = renderWriteUp(source)
  // Headings are titles, not sentences: the description starts with the text under them.
  const body = rendered.replace(/<h([3-6])>[\s\S]*?<\/h\1>/g, '')
  const html = body.trim() === '' ? rendered : body
  const text = sanitizeHtml(html.replace(/<\/(p|h[3-6]|li|pre|blockquote)>/g, ' '), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => TEXT_ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim()
  if (text === '') return null
  const sentence = /^.+?[.!?](?=\s|$)/.exec(text)?.[0] ?? text
  return sentence.length <= 200 ? sentence : `${sentence.slice(0, 199).trimEnd()}…`
}
