/**
 * What the capture runs inside the member's page: the stylesheet that freezes motion, and the scripts
 * that load lazy content, wait for images and fonts, and measure the page's height; `settle` runs the
 * loading ones from outside, each wait bounded.
 */

import type { Page } from 'playwright-core'

/** Disables what moves, so two captures of one page are the same picture; scrollbars take no width. */
export const FREEZE_CSS = `*,*::before,*::after{animation:none!important;transition:none!important;caret-color:transparent!important}
html{scrollbar-width:none!important}::-webkit-scrollbar{display:none!important}`

/** Time given on top of an in-page wait's own bound for the answer to come back. */
const ANSWER_MARGIN_MS = 1000

/**
 * `promise`'s value, or `timedOut` if it has not settled within `ms`. A rejection passes through: the
 * page navigated or the browser went away, which the caller tells apart.
 */
export async function bounded<T>(
  promise: Promise<T>,
  ms: number,
): Promise<{ done: true; value: T } | { done: false }> {
  let timer: NodeJS.Timeout | undefined
  // Nobody reads it once the race is lost; it rejects when the context closes.
  promise.catch(() => {})
  try {
    return await Promise.race([
      promise.then((value) => ({ done: true as const, value })),
      new Promise<{ done: false }>((resolve) => {
        timer = setTimeout(() => resolve({ done: false }), ms)
      }),
    ])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Lazy images made eager, the page scrolled through (down to `maxHeight`) for scripts that load on
 * sight, then bounded waits. False when the page stopped answering (a script keeps its main thread busy):
 * the rest is not tried.
 */
export async function settle(page: Page, timeoutMs: number, maxHeight: number): Promise<boolean> {
  const answers = async (run: Promise<unknown>) =>
    (
      await bounded(
        run.catch(() => {}),
        timeoutMs + ANSWER_MARGIN_MS,
      )
    ).done
  await page.waitForLoadState('networkidle', { timeout: timeoutMs }).catch(() => {})
  if (!(await answers(page.evaluate(loadLazyContent, { maxHeight, timeoutMs })))) return false
  await page.waitForLoadState('networkidle', { timeout: timeoutMs }).catch(() => {})
  return answers(page.evaluate(imagesLoaded, timeoutMs))
}

/** Resolves at the page's next frame: never while a stylesheet in <head> is loading, or a script runs. */
export async function nextFrame(): Promise<boolean> {
  await new Promise((resolve) => requestAnimationFrame(resolve))
  return true
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

/** The height alone, for a page that draws no frames (one that replaced requestAnimationFrame, say). */
export function measure(): number {
  window.scrollTo(0, 0)
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
