// Editable designs (docs/content-format.md "Editable designs"): each view's design/<view>.svg, drawn in
// Chromium at its view's width, matches design/<view>.png in at least 95% of its pixels; its text is
// text, with the page's headline and the challenge's font families in it.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Browser } from '@playwright/test'
import { Parser } from 'htmlparser2'
import { VIEWS, type View } from '../content-render.ts'
import { compareImages } from './drift.ts'
import { type Problem, shown } from './shared.ts'

/** Less than this share of matching pixels (pixelmatch, threshold 0.1) fails a design SVG. */
export const MIN_SVG_MATCH = 0.95

const squash = (text: string) => text.replace(/\s+/g, ' ').trim()

/** The text of the page's first h1, else of its first heading: what every design must say as text. */
export function headlineOf(html: string): string {
  const found: Record<string, string> = {}
  let depth = 0
  let current = ''
  let text = ''
  const parser = new Parser(
    {
      onopentagname(name) {
        if (depth > 0) depth++
        else if (/^h[1-6]$/.test(name) && found[name] === undefined) {
          depth = 1
          current = name
          text = ''
        }
      },
      ontext(chunk) {
        if (depth > 0) text += chunk
      },
      onclosetag() {
        if (depth === 0) return
        depth--
        if (depth === 0) found[current] = squash(text)
      },
    },
    { decodeEntities: true },
  )
  parser.end(html)
  for (const level of ['h1', 'h2', 'h3', 'h4', 'h5', 'h6']) if (found[level]) return found[level] as string
  return ''
}

/** The families the reference's @font-face rules declare. */
export function declaredFamilies(css: string): string[] {
  const families = new Set<string>()
  for (const rule of css.match(/@font-face\s*\{[^}]*\}/g) ?? []) {
    const family = /font-family\s*:\s*(['"]?)([^;'"]+)\1/.exec(rule)?.[2]
    if (family) families.add(family.trim())
  }
  return [...families]
}

const decode = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, code) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code) => String.fromCodePoint(Number.parseInt(code, 16)))
    .replace(/&amp;/g, '&')

/**
 * What a design SVG must be as a file: an <svg> as wide as its view, the headline in its <text>
 * elements, every declared font family named by one of them, no <foreignObject> (design tools drop it)
 * and nothing loaded from another place than the challenge's fonts.
 */
export function svgContentProblems(
  path: string,
  svg: string,
  { view, headline, families }: { view: View; headline: string; families: readonly string[] },
): Problem[] {
  const problems: Problem[] = []
  const root = /<svg\b[^>]*>/.exec(svg)?.[0]
  if (!root) return [{ path, message: 'is not an SVG' }]
  const width = /\swidth="([\d.]+)"/.exec(root)?.[1]
  if (Number(width) !== view.width)
    problems.push({ path, field: 'width', message: `is ${width ?? 'no'} px wide, not ${view.width}` })
  if (/<foreignObject\b/i.test(svg))
    problems.push({ path, field: 'foreignObject', message: 'embeds HTML, which design tools drop' })
  const texts = [...svg.matchAll(/<text\b([^>]*)>([\s\S]*?)<\/text>/g)]
  const words = squash(decode(texts.map((t) => (t[2] ?? '').replace(/<[^>]+>/g, ' ')).join(' ')))
  // A line break, a run in another style or text-transform splits and changes the text as drawn, not
  // its letters: those are compared, in order, regardless of case and white space.
  const letters = (text: string) => text.toLocaleLowerCase('en').replace(/\s+/g, '')
  if (headline && !letters(words).includes(letters(headline)))
    problems.push({ path, field: 'text', message: `lacks the headline "${headline}" as text` })
  const named = texts.map((t) => decode(/font-family="([^"]*)"/.exec(t[1] ?? '')?.[1] ?? ''))
  for (const family of families)
    if (!named.some((list) => list.includes(family)))
      problems.push({ path, field: 'font-family', message: `names no text in "${family}"` })
  for (const match of svg.matchAll(/(?:href|url\()\s*=?\s*["']?((?:https?:)?\/\/|file:)/g))
    problems.push({ path, field: 'links', message: `loads ${match[1]}…: only ../fonts/ and data URIs` })
  return problems
}

/** The SVG drawn by Chromium as a file of its own at the view's width, full page, as a PNG. */
export async function rasteriseSvg(browser: Browser, file: string, view: View): Promise<Buffer> {
  // A plain context: the renderer's stylesheet that stops motion is HTML's, and an SVG has no motion.
  const context = await browser.newContext({
    viewport: { width: view.width, height: view.height },
    deviceScaleFactor: 1,
  })
  try {
    await context.route(
      (url) => url.protocol !== 'file:',
      (route) => route.abort('blockedbyclient'),
    )
    const page = await context.newPage()
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load' })
    const size = await page.evaluate(async () => {
      await document.fonts.ready
      const root = document.documentElement
      return { width: Number(root.getAttribute('width')), height: Number(root.getAttribute('height')) }
    })
    // Its own size, as a full-page screenshot of the page it was drawn from has.
    if (size.width > 0 && size.height > 0) await page.setViewportSize(size)
    return await page.screenshot()
  } finally {
    await context.close()
  }
}

/** Checks design/<view>.svg of every view of the challenge in `dir`. */
export async function checkDesignSvgs(dir: string, browser: Browser | null): Promise<Problem[]> {
  const problems: Problem[] = []
  const html = await readFile(join(dir, 'reference', 'index.html'), 'utf8').catch(() => '')
  const css = await readFile(join(dir, 'reference', 'style.css'), 'utf8').catch(() => '')
  const expected = { headline: headlineOf(html), families: declaredFamilies(css) }
  for (const view of VIEWS) {
    const file = join(dir, 'design', `${view.name}.svg`)
    const path = shown(file)
    const svg = await readFile(file, 'utf8').catch(() => null)
    if (svg === null) {
      problems.push({ path, message: 'is missing; run npm run content:render' })
      continue
    }
    const found = svgContentProblems(path, svg, { view, ...expected })
    problems.push(...found)
    if (!browser || found.some((p) => p.field === 'width')) continue
    const png = await readFile(join(dir, 'design', `${view.name}.png`)).catch(() => null)
    if (!png) continue // reported by the loader
    const result = await compareImages(png, await rasteriseSvg(browser, file, view), {
      maxDrift: 1 - MIN_SVG_MATCH,
    })
    if (!result.sameSize)
      problems.push({
        path,
        field: 'size',
        message: `draws ${result.width}×${result.height} px, not the size of ${view.name}.png; re-render it`,
      })
    else if (!result.ok)
      problems.push({
        path,
        field: 'pixels',
        message: `matches ${view.name}.png in ${((1 - result.ratio) * 100).toFixed(1)}% of its pixels (under ${MIN_SVG_MATCH * 100}%); re-render it`,
      })
  }
  return problems
}
