import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

/**
 * The toast library (sonner) inserts its stylesheet as one <style> element at run time. Rather than
 * allowing every inline style, the CSP allows exactly that text by its SHA-256, read from the
 * installed package so an upgrade keeps the hash right. The browser tests fail on any CSP violation.
 */
function hashOf(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`
}

export function inlineStyleHashes(): string[] {
  try {
    const require = createRequire(import.meta.url)
    const source = readFileSync(require.resolve('sonner').replace(/index\.js$/, 'index.mjs'), 'utf8')
    const literal = source.match(/__insertCSS\(("(?:[^"\\]|\\.)*")\)/)?.[1]
    if (!literal) return []
    const css = JSON.parse(literal) as string
    // sonner appends the <style> element before filling it, and Chrome checks the empty element too;
    // allowing the empty text lets nothing through.
    return [hashOf(css), hashOf('')]
  } catch {
    return []
  }
}
