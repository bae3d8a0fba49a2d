/**
 * The HTML document around a server-rendered page (docs/decisions/003-server-rendered-public-pages.md).
 * The built index.html is cut once, at start, at the four places a page fills: the title, the
 * description, the end of <head> and the app's root. A page is then the template's fixed parts joined
 * with its values, each escaped for where it goes. No value is ever read as a pattern: in a replacement
 * string of `String.prototype.replace`, `$'`, `` $` ``, `$&` and `$<name>` insert parts of the template,
 * so a member's write-up could copy the document into itself (docs/product.md §11).
 */

/** What a page puts into the template: markup its caller built from escaped values. */
export type DocumentParts = {
  /** The <title> element's text, escaped (escapeHtml). */
  title: string
  /** The description meta's content, escaped (escapeHtml). */
  description: string
  /** Tags that go last in <head>. */
  head: string
  /** What goes inside the app's root element: the rendered app and the data block after it. */
  root: string
  /** What goes right after the app's root element. */
  afterRoot: string
}

type Slot = keyof Omit<DocumentParts, 'afterRoot'>

/** Where each slot sits in index.html, and what of the template it replaces. */
const SLOTS: { slot: Slot; pattern: RegExp }[] = [
  { slot: 'title', pattern: /<title>[^<]*<\/title>/ },
  { slot: 'description', pattern: /<meta name="description" content="[^"]*"\s*\/?>/ },
  { slot: 'head', pattern: /<\/head>/ },
  { slot: 'root', pattern: /<div id="root"><\/div>/ },
]

/** `&`, `<`, `>`, `"` and `'` as character references: safe in text and in quoted attribute values. */
export function escapeHtml(text: string): string {
  let out = ''
  for (const char of text) {
    switch (char) {
      case '&':
        out += '&amp;'
        break
      case '<':
        out += '&lt;'
        break
      case '>':
        out += '&gt;'
        break
      case '"':
        out += '&quot;'
        break
      case "'":
        out += '&#39;'
        break
      default:
        out += char
    }
  }
  return out
}

const SCRIPT_UNSAFE: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
}

/**
 * JSON for a `<script type="application/json">` block: no `<` (so no `</script` and no `<!--`), `>` or
 * `&`, and the line separators escaped, whatever the data holds. JSON.parse reads it back unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => SCRIPT_UNSAFE[char] ?? char)
}

/**
 * Cuts `indexHtml` at its slots. Throws when one is missing: the build changed index.html, and a page
 * without its title or root must not be served.
 */
export function documentTemplate(indexHtml: string): (parts: DocumentParts) => string {
  const found = SLOTS.map(({ slot, pattern }) => {
    const match = pattern.exec(indexHtml)
    if (!match) throw new Error(`index.html has no ${slot} to fill (${pattern.source})`)
    return { slot, start: match.index, end: match.index + match[0].length }
  }).sort((a, b) => a.start - b.start)
  const pieces: string[] = []
  let at = 0
  for (const { start, end } of found) {
    if (start < at) throw new Error('index.html has overlapping slots')
    pieces.push(indexHtml.slice(at, start))
    at = end
  }
  pieces.push(indexHtml.slice(at))
  const order = found.map(({ slot }) => slot)

  return (parts) => {
    const values: Record<Slot, string> = {
      title: `<title>${parts.title}</title>`,
      description: `<meta name="description" content="${parts.description}" />`,
      head: `${parts.head}\n  </head>`,
      root: `<div id="root">${parts.root}</div>${parts.afterRoot}`,
    }
    let html = pieces[0] ?? ''
    for (const [i, slot] of order.entries()) html += values[slot] + (pieces[i + 1] ?? '')
    return html
  }
}

/** The description meta's content in index.html, as text (its character references read back). */
export function templateDescription(indexHtml: string): string | undefined {
  const content = /<meta name="description" content="([^"]*)"/.exec(indexHtml)?.[1]
  if (content === undefined) return undefined
  const references: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" }
  return content.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (reference, name: string) => references[name] ?? reference,
  )
}
