import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

/**
 * The toast library (sonner) inserts its stylesheet as one <style> element at run time. Rather than
 * allowing every inline style, the CSP allows exactly that text by its SHA-256, read from the
 * installed package so an upgrade keeps the hash right. The browser tests fail on any CSP violation.
 */
export function inlineStyleHashes(): string[] {
  try {
    const require = createRequire(import.meta.url)
    const source = readFileSync(require.resolve('sonner').replace(/index\.js$/, 'index.mjs'), 'utf8')
    const literal = source.match(/__insertCSS\(("(?:[^"\\]|\\.)*")\)/)?.[1]
    if (!literal) return []
    const css = JSON.parse(literal) as string
    return [`'sha256-${createHash('sha256').update(css).digest('base64')}'`]
  } catch {
    return []
  }
}
