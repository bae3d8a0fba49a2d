// The URLs an HTML file names, read with an HTML parser: URL attributes (src, href, srcset…),
// style attributes and <style> blocks; comments, scripts and other text are not markup.
import { Parser } from 'htmlparser2'
import { extractCssReferences, type Reference } from './css-references.ts'
import { lineCounter } from './shared.ts'

const URL_ATTRIBUTES = new Set(['src', 'href', 'srcset', 'imagesrcset', 'poster', 'data', 'xlink:href'])
/** Tags whose href is a link the page does not load. */
const LINK_TAGS = new Set(['a', 'area'])

/** The URLs of a srcset: each comma-separated candidate's first word. */
const srcsetUrls = (value: string) =>
  value
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
    .filter(Boolean)

/** Every URL an HTML file names: attributes, inline styles and <style> blocks, by line. */
export function extractHtmlReferences(html: string): Reference[] {
  const lineAt = lineCounter(html)
  const refs: Reference[] = []
  let tag = ''
  /** Attributes of the open tag so far: a browser keeps the first of two with the same name. */
  let attributes = new Set<string>()
  /** The <style> block being read: its text may come in several pieces. */
  let style: { start: number; css: string } | null = null

  const parser = new Parser(
    {
      onopentagname(name) {
        tag = name
        attributes = new Set()
      },
      onattribute(name, value, quote) {
        if (attributes.has(name)) return
        attributes.add(name)
        if (quote === undefined) return // a bare attribute names no URL
        // While an attribute is reported, the parser's startIndex is where its name starts.
        const line = lineAt(parser.startIndex)
        if (name === 'style') {
          for (const ref of extractCssReferences(value, line))
            refs.push({ ...ref, field: `${tag} style url()` })
        } else if (URL_ATTRIBUTES.has(name)) {
          const field = `${tag} ${name}`
          const loads = !(name === 'href' && LINK_TAGS.has(tag))
          const values = name.endsWith('srcset') ? srcsetUrls(value) : [value.trim()]
          for (const v of values) refs.push({ field, value: v, line, loads })
        }
      },
      onopentag(name) {
        if (name === 'style') style = { start: -1, css: '' }
      },
      ontext(text) {
        if (!style) return
        if (style.start < 0) style.start = parser.startIndex
        style.css += text
      },
      onclosetag(name) {
        if (name !== 'style' || !style) return
        if (style.start >= 0) refs.push(...extractCssReferences(style.css, lineAt(style.start)))
        style = null
      },
    },
    { decodeEntities: true },
  )
  parser.end(html)
  return refs.sort((a, b) => a.line - b.line)
}
