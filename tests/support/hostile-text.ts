import { DomUtils, parseDocument } from 'htmlparser2'
import { SSR_DATA_ID } from '#web/lib/ssr-data.ts'

/**
 * Text that members (or the catalogue's content) may put in any field a server-rendered page shows
 * (docs/product.md §11): in a replacement string of `String.prototype.replace`, `$'`, `` $` ``, `$&`,
 * `$1`, `$$` and `$<x>` are patterns that copy parts of the document; the rest ends a script block or a
 * comment, breaks a quoted attribute, or splits a line inside JavaScript. Each entry must come out of a
 * page as text, and the page whole.
 */
export const PATTERN_CORPUS = [
  "$'",
  '$`',
  '$&',
  '$1',
  '$$',
  '$<x>',
  "$'$'$'$`$&",
  '</script><script>alert(1)</script>',
  '</SCRIPT ><!--',
  '<!-- x </script -->',
  'one\u2028two\u2029three',
  `$' <meta http-equiv="refresh" content="1;url=https://evil.example/"> $\``,
  '"><img src=x onerror=alert(1)>',
  "' onmouseover='alert(1)",
] as const

/** What a served document must be whatever the page shows: see expectWholeDocument. */
export type DocumentShape = {
  htmlElements: number
  appRoots: number
  h1s: number
  httpEquivMetas: number
  /** <script> elements that would run: inline ones other than the JSON data block. */
  inlineScripts: number
  /** Whether the data block is there and JSON.parse reads it. */
  dataParses: boolean
  /** The text a reader sees: the app root's text, the title, and the description meta's content. */
  text: string
}

export function documentShape(html: string): DocumentShape {
  const document = parseDocument(html)
  const elements = DomUtils.findAll(() => true, document.children)
  const named = (name: string) => elements.filter((element) => element.name === name)
  const root = elements.filter((element) => element.attribs.id === 'root')
  const data = elements.find((element) => element.name === 'script' && element.attribs.id === SSR_DATA_ID)
  let dataParses = false
  try {
    JSON.parse(data ? DomUtils.textContent(data) : '')
    dataParses = data !== undefined
  } catch {
    dataParses = false
  }
  const description = named('meta').find((meta) => meta.attribs.name === 'description')
  return {
    htmlElements: named('html').length,
    appRoots: root.length,
    h1s: named('h1').length,
    httpEquivMetas: named('meta').filter((meta) => 'http-equiv' in meta.attribs).length,
    inlineScripts: named('script').filter(
      (script) => !script.attribs.src && script.attribs.type !== 'application/json',
    ).length,
    dataParses,
    text: [
      ...named('title').map((title) => DomUtils.textContent(title)),
      description?.attribs.content ?? '',
      ...root.map((element) => DomUtils.textContent(element)),
    ].join('\n'),
  }
}

/**
 * The shape every page must keep whatever it shows: one <html>, one app root, one h1, a data block that
 * parses, no http-equiv meta and no inline script.
 */
export const WHOLE_DOCUMENT = {
  htmlElements: 1,
  appRoots: 1,
  h1s: 1,
  httpEquivMetas: 0,
  inlineScripts: 0,
  dataParses: true,
} as const

/** The document's shape without its text, to compare with WHOLE_DOCUMENT. */
export function structureOf(html: string): Omit<DocumentShape, 'text'> {
  const { text: _text, ...structure } = documentShape(html)
  return structure
}
