// The URLs a stylesheet names: url() and @import, comments ignored. The HTML reader uses it for
// <style> blocks and style attributes.
import { lineCounter } from './shared.ts'

export interface Reference {
  /** e.g. "img src", "link href", "url()" */
  field: string
  value: string
  line: number
  /** false for links the page does not load (<a href>, <area href>) */
  loads: boolean
}

/** Replaces every character but newlines, so offsets and line numbers stay right. */
const blank = (text: string) => text.replace(/[^\n]/g, ' ')

/** url() and @import in a stylesheet (comments ignored). `firstLine` offsets inline CSS. */
export function extractCssReferences(css: string, firstLine = 1): Reference[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, blank)
  const lineAt = lineCounter(text)
  const line = (index: number) => firstLine - 1 + lineAt(index)
  const refs: Reference[] = []
  for (const match of text.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s'"]*))\s*\)/gi)) {
    const value = match[1] ?? match[2] ?? match[3] ?? ''
    refs.push({ field: 'url()', value, line: line(match.index), loads: true })
  }
  for (const match of text.matchAll(/@import\s+(?:"([^"]*)"|'([^']*)')/gi)) {
    const value = match[1] ?? match[2] ?? ''
    refs.push({ field: '@import', value, line: line(match.index), loads: true })
  }
  return refs.sort((a, b) => a.line - b.line)
}
