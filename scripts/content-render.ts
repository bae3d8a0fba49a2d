// Renders each challenge's reference implementation to its design images
// (design/desktop.png, tablet.png, mobile.png) with the system Chromium.
//
//   npx tsx scripts/content-render.ts            all challenges
//   npx tsx scripts/content-render.ts Slug ...   only these
//
// renderChallenge() and VIEWS are exported so a checker can re-render into a
// temp dir and compare against the committed images.
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { type Browser, type BrowserContext, chromium } from '@playwright/test'
import sharp from 'sharp'

export interface View {
  /** file name in design/ without extension */
  name: 'desktop' | 'tablet' | 'mobile'
  width: number
}

export const VIEWS: readonly View[] = [
  { name: 'desktop', width: 1440 },
  { name: 'tablet', width: 768 },
  { name: 'mobile', width: 375 },
]

/** Height of the initial viewport; screenshots are full page, so it only affects `vh` units. */
const VIEWPORT_HEIGHT = 900

export const CHALLENGES_DIR = fileURLToPath(new URL('../content/challenges/', import.meta.url))

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export interface RenderedImage {
  view: View
  file: string
  bytes: number
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  })
}

/**
 * Renders `<dir>/reference/index.html` at every view into `outDir/<view>.png`.
 * Pass a browser to reuse one across challenges; otherwise one is launched and closed.
 */
export async function renderChallenge(
  dir: string,
  outDir: string,
  browser?: Browser,
): Promise<RenderedImage[]> {
  const ownBrowser = browser ?? (await launchBrowser())
  try {
    const url = pathToFileURL(join(resolve(dir), 'reference', 'index.html')).href
    await mkdir(outDir, { recursive: true })
    const images: RenderedImage[] = []
    for (const view of VIEWS) {
      const png = await screenshot(ownBrowser, url, view)
      const file = join(outDir, `${view.name}.png`)
      await writeFile(file, png)
      images.push({ view, file, bytes: png.length })
    }
    return images
  } finally {
    if (!browser) await ownBrowser.close()
  }
}

async function screenshot(browser: Browser, url: string, view: View): Promise<Buffer> {
  // A fresh context per view, so nothing (storage, scroll, hover) leaks between widths.
  const context = await browser.newContext({
    viewport: { width: view.width, height: VIEWPORT_HEIGHT },
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
  })
  try {
    await blockNetwork(context)
    const page = await context.newPage()
    await page.goto(url, { waitUntil: 'networkidle' })
    await page.evaluate(() => document.fonts.ready.then(() => undefined))
    const raw = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' })
    return optimise(raw)
  } finally {
    await context.close()
  }
}

/** Designs must never depend on the network: anything that is not a local file is aborted. */
async function blockNetwork(context: BrowserContext): Promise<void> {
  await context.route(
    (url) => url.protocol !== 'file:',
    (route) => route.abort('blockedbyclient'),
  )
}

/** Lossless re-encode: same pixels, smaller files in the repo and the zip. */
function optimise(png: Buffer): Promise<Buffer> {
  return sharp(png).png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer()
}

/** Challenge folders are the directories with a reference/index.html. */
export async function listChallenges(root = CHALLENGES_DIR): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true })
  const slugs: string[] = []
  for (const entry of entries) {
    if (entry.isDirectory() && (await exists(join(root, entry.name, 'reference', 'index.html')))) {
      slugs.push(entry.name)
    }
  }
  return slugs.sort()
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path)
    return true
  } catch {
    return false
  }
}

async function main(args: string[]): Promise<void> {
  const slugs = args.length > 0 ? args : await listChallenges()
  if (slugs.length === 0) throw new Error(`no challenges found in ${CHALLENGES_DIR}`)
  const browser = await launchBrowser()
  try {
    for (const slug of slugs) {
      const dir = join(CHALLENGES_DIR, slug)
      if (!(await exists(join(dir, 'reference', 'index.html')))) {
        throw new Error(`${slug}: no reference/index.html in ${dir}`)
      }
      const images = await renderChallenge(dir, join(dir, 'design'), browser)
      for (const { view, bytes } of images) {
        console.log(`${slug}/design/${view.name}.png  ${view.width}px  ${(bytes / 1024).toFixed(1)} KB`)
      }
    }
  } finally {
    await browser.close()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
