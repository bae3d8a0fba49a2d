/**
 * What the capture runs inside the member's page: the stylesheet that freezes motion, and the scripts
 * that load lazy content, wait for images and fonts, and measure the page's height; `settle` runs the
 * loading ones from outside, each wait bounded.
 */

import type { Page } from 'playwright-core'

/** Disables what moves, so two captures of one page are the same picture; scrollbars take no width. */
export const FREEZE_CSS = `*,*::before,*::after{animation:none!important;transition:none!important;caret-color:transparent!important}
html{scrollbar-width:none!important}::-webkit-scrollbar{display:none!important}`

/**
 * Lazy images made eager, the page scrolled through (down to `maxHeight`) for scripts that load on
 * sight, then bounded waits.
 */
export async function settle(page: Page, timeoutMs: number, maxHeight: number) {
  await page.waitForLoadState('networkidle', { timeout: timeoutMs }).catch(() => {})
  await page.evaluate(loadLazyContent, { maxHeight, timeoutMs }).catch(() => {})
  await page.waitForLoadState('networkidle', { timeout: timeoutMs }).catch(() => {})
  await page.evaluate(imagesLoaded, timeoutMs).catch(() => {})
}

// The functions below run in the page. They declare no named functions inside: tsx (npm run dev)
// compiles with keepNames, which would wrap them in a helper the page does not have.

/** Adopted (not a <style> element) so a page's Content-Security-Policy cannot refuse it. */
export function freezeScript(css: string) {
  const sheet = new CSSStyleSheet()
  sheet.replaceSync(css)
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]
}

/** Applies the freeze again (a page may replace adoptedStyleSheets), back to the top, the height. */
export async function freezeAndMeasure(css: string): Promise<number> {
  const sheet = new CSSStyleSheet()
  sheet.replaceSync(css)
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]
  window.scrollTo(0, 0)
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
  const root = document.documentElement
  return Math.ceil(Math.max(root.scrollHeight, root.offsetHeight, document.body?.scrollHeight ?? 0))
}

async function loadLazyContent({ maxHeight, timeoutMs }: { maxHeight: number; timeoutMs: number }) {
  for (const element of document.querySelectorAll('img[loading="lazy"], iframe[loading="lazy"]'))
    (element as HTMLImageElement).loading = 'eager'
  const until = performance.now() + timeoutMs
  const step = Math.max(200, window.innerHeight)
  for (let y = 0; y < Math.min(document.documentElement.scrollHeight, maxHeight); y += step) {
    if (performance.now() > until) break
    window.scrollTo(0, y)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  window.scrollTo(0, 0)
}

async function imagesLoaded(timeoutMs: number) {
  const pending = [...document.images]
    .filter((image) => !image.complete)
    .map((image) => image.decode().catch(() => {}))
  await Promise.race([Promise.all(pending), new Promise((resolve) => setTimeout(resolve, timeoutMs))])
}

export async function fontsSettled(timeoutMs: number): Promise<string[]> {
  await Promise.race([document.fonts.ready, new Promise((resolve) => setTimeout(resolve, timeoutMs))])
  const failed = new Set<string>()
  for (const font of document.fonts)
    if (font.status === 'error') failed.add(font.family.replace(/^["']|["']$/g, ''))
  return [...failed].sort()
}

/** The `content` of each `<meta name="…">` of this name in the document's <head>, trimmed. */
export function readVerificationTokens(name: string): string[] {
  const tags = document.head ? Array.from(document.head.querySelectorAll('meta[name]')) : []
  return tags
    .filter((tag) => tag.getAttribute('name')?.trim().toLowerCase() === name)
    .map((tag) => (tag.getAttribute('content') ?? '').trim())
    .filter((content) => content !== '')
    .slice(0, 20)
}
