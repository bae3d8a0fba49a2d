// Renders each challenge's reference implementation to its design images
// (design/desktop.png, tablet.png, mobile.png) with the reviews' Chromium and fonts, each view also as
// an editable design/<view>.svg (scripts/design-svg.ts) and its visible elements for the element-level
// review (design/<view>.elements.json, src/server/review/elements.ts), plus one image per state listed
// in the optional states.json (design/<state>.png).
//
//   npx tsx scripts/content-render.ts            all challenges
//   npx tsx scripts/content-render.ts Slug ...   only these
//
// renderChallenge(), readStates() and VIEWS are exported so a checker can
// re-render into a temp dir and compare against the committed images.
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test'
import sharp from 'sharp'
import { z } from 'zod'
import { CHROMIUM_ARGS, chromiumEnv, RENDERING_ARGS, resolveChromium } from '#server/chromium.ts'
import { PAGE_SETTINGS } from '#server/review/capture.ts'
import { collectElements } from '#server/review/elements.ts'
import { formatPageElements } from '#server/review/elements-schema.ts'
import { FREEZE_CSS, freezeScript } from '#server/review/in-page.ts'
import { REVIEW_BREAKPOINTS } from '#shared/review.ts'
import { captureSvg } from './design-svg.ts'

export interface View {
  /** file name in design/ without extension */
  name: 'desktop' | 'tablet' | 'mobile'
  width: number
  /** The initial viewport's height; screenshots are full page, so it only affects `vh` units and such. */
  height: number
}

/**
 * The review's breakpoints, viewport heights included (REVIEW_BREAKPOINTS): a design drawn in another
 * viewport than the one its capture is taken in differs where a page sizes itself by the viewport
 * (`100svh` heroes, short pages stretched to the window), and the reference would score below 100.
 */
export const VIEWS: readonly View[] = REVIEW_BREAKPOINTS.map(({ breakpoint, width, height }) => ({
  name: breakpoint,
  width,
  height,
}))

export type ViewName = View['name']

const selector = z.string().trim().min(1, 'must be a CSS selector')

/** One interaction, run with Playwright before the screenshot. */
export const stateStepSchema = z.union([
  z.strictObject({ click: selector }),
  z.strictObject({ hover: selector }),
  z.strictObject({ focus: selector }),
  z.strictObject({ fill: z.tuple([selector, z.string()]) }),
  z.strictObject({ press: z.tuple([selector, z.string().min(1, 'must be a key, e.g. "Enter"')]) }),
])
export type StateStep = z.infer<typeof stateStepSchema>

export const stateSchema = z
  .strictObject({
    name: z
      .string()
      .regex(
        /^[a-z0-9]+(-[a-z0-9]+)*$/,
        'must be lowercase letters, digits and hyphens, e.g. "mobile-menu-open"',
      ),
    view: z.enum(['desktop', 'tablet', 'mobile']),
    steps: z.array(stateStepSchema).min(1, 'needs at least one step'),
  })
  .refine((state) => state.name.startsWith(`${state.view}-`), {
    message: 'must start with its view, e.g. "desktop-hover" for view "desktop"',
    path: ['name'],
  })
export type State = z.infer<typeof stateSchema>

/** states.json: an array of states with unique names. */
export const statesSchema = z.array(stateSchema).superRefine((states, ctx) => {
  const seen = new Set<string>()
  states.forEach((state, index) => {
    if (seen.has(state.name)) {
      ctx.addIssue({ code: 'custom', path: [index, 'name'], message: `"${state.name}" is used twice` })
    }
    seen.add(state.name)
  })
})

export const STATES_FILE = 'states.json'

export type StatesResult =
  | { ok: true; states: State[] }
  | { ok: false; problems: { field?: string; message: string }[] }

/**
 * Reads and validates `<dir>/states.json`. A missing file means no states; an invalid one lists
 * every problem with its field (e.g. `1.steps.0.click`).
 */
export async function readStates(dir: string): Promise<StatesResult> {
  let text: string
  try {
    text = await readFile(join(dir, STATES_FILE), 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ok: true, states: [] }
    throw error
  }
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (error) {
    return { ok: false, problems: [{ message: `is not valid JSON (${(error as Error).message})` }] }
  }
  const parsed = statesSchema.safeParse(raw)
  if (parsed.success) return { ok: true, states: parsed.data }
  return {
    ok: false,
    problems: parsed.error.issues.map((issue) => ({
      field: issue.path.join('.') || undefined,
      message: issue.message,
    })),
  }
}

export const CHALLENGES_DIR = fileURLToPath(new URL('../content/challenges/', import.meta.url))

export interface RenderedImage extends RenderTarget {
  file: string
  bytes: number
  /** The editable design written beside the PNG, when asked for (RenderOptions.svg). */
  svg?: { file: string; bytes: number }
  /** A view's visible elements written beside its PNG, `<view>.elements.json` (not for states). */
  elements?: { file: string; bytes: number }
}

export interface RenderTarget {
  /** file name in design/ without extension: the view, or the state's name */
  name: string
  view: View
  /** the state rendered, or undefined for a base view */
  state?: State
}

export interface RenderOptions {
  /** Called with every request the renderer blocked (anything that is not a local file). */
  onBlockedRequest?: (url: string) => void
  /**
   * Recompress the PNG losslessly with sharp (default true). The pixels are the same either way;
   * a check that only compares pixels can skip it.
   */
  optimise?: boolean
  /** Runs on the page after its screenshot, before it closes (e.g. an accessibility check). */
  afterCapture?: (page: Page, target: RenderTarget) => Promise<void>
  /**
   * Also draw each view (not the states) as an editable SVG, `<view>.svg`, from the same page
   * (scripts/design-svg.ts). Default false.
   */
  svg?: boolean
  /**
   * Also list each view's (not the states') visible elements, as the capture lists a member's page's,
   * into `<view>.elements.json` from the same page, right after its screenshot. Default true.
   */
  elements?: boolean
}

/**
 * The reviews' Chromium with their fonts and their rendering flags (RENDERING_ARGS), so a perfect copy
 * captures like its design images, whichever Chromium draws either. `executablePath` overrides the lookup.
 */
export async function launchBrowser(executablePath?: string): Promise<Browser> {
  return chromium.launch({
    executablePath: executablePath ?? (await resolveChromium()),
    args: [...CHROMIUM_ARGS, ...RENDERING_ARGS],
    env: await chromiumEnv(),
  })
}

export function viewOf(name: ViewName): View {
  const view = VIEWS.find((v) => v.name === name)
  if (!view) throw new Error(`unknown view "${name}"`)
  return view
}

/** The images a challenge renders to: the three views, then its states in states.json order. */
export function imagesOf(states: readonly State[]): RenderTarget[] {
  return [
    ...VIEWS.map((view) => ({ name: view.name, view })),
    ...states.map((state) => ({ name: state.name, view: viewOf(state.view), state })),
  ]
}

/**
 * Renders `<dir>/reference/index.html` at every view into `outDir/<view>.png`, and every state of
 * `<dir>/states.json` into `outDir/<state>.png`. Throws when states.json is invalid or a step fails.
 * Pass a browser to reuse one across challenges; otherwise one is launched and closed.
 */
export async function renderChallenge(
  dir: string,
  outDir: string,
  browser?: Browser,
  options: RenderOptions = {},
): Promise<RenderedImage[]> {
  const states = await readStates(dir)
  if (!states.ok) {
    const list = states.problems.map((p) => `${p.field ? `${p.field}: ` : ''}${p.message}`).join('; ')
    throw new Error(`${join(dir, STATES_FILE)} is invalid: ${list}`)
  }
  const ownBrowser = browser ?? (await launchBrowser())
  try {
    await mkdir(outDir, { recursive: true })
    const images: RenderedImage[] = []
    for (const image of imagesOf(states.states)) {
      const { png, svg, elements } = await capture(ownBrowser, dir, image, options)
      const file = join(outDir, `${image.name}.png`)
      await writeFile(file, png)
      const rendered: RenderedImage = { ...image, file, bytes: png.length }
      if (elements !== undefined) {
        const elementsFile = join(outDir, elementsFileName(image.name))
        await writeFile(elementsFile, elements)
        rendered.elements = { file: elementsFile, bytes: Buffer.byteLength(elements) }
      }
      if (svg !== undefined) {
        const svgFile = join(outDir, `${image.name}.svg`)
        await writeFile(svgFile, svg)
        rendered.svg = { file: svgFile, bytes: Buffer.byteLength(svg) }
      }
      images.push(rendered)
    }
    return images
  } finally {
    if (!browser) await ownBrowser.close()
  }
}

export function referenceUrl(dir: string): string {
  return pathToFileURL(join(resolve(dir), 'reference', 'index.html')).href
}

/**
 * A fresh context at the view's width with the review capture's page settings (device scale 1, light,
 * reduced motion, its locale and time zone) and its stylesheet that stops motion, caret and scrollbars,
 * so a design is drawn as a review draws the page (docs/product.md §10); the network blocked. Close it
 * when done.
 */
export async function openContext(
  browser: Browser,
  view: View,
  options: RenderOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    ...PAGE_SETTINGS,
    viewport: { width: view.width, height: view.height },
  })
  await context.addInitScript(freezeScript, FREEZE_CSS)
  await blockNetwork(context, options.onBlockedRequest)
  return context
}

/**
 * Opens the page and waits until it is ready to be captured: loaded (stylesheets, scripts, images),
 * lazy images loaded too, every image decoded and the fonts ready.
 */
export async function openPage(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage()
  await page.goto(url, { waitUntil: 'load' })
  await page.evaluate(async () => {
    const images = [...document.images]
    for (const image of images) if (image.loading === 'lazy') image.loading = 'eager'
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)))
    await document.fonts.ready
  })
  return page
}

async function capture(
  browser: Browser,
  dir: string,
  target: RenderTarget,
  options: RenderOptions,
): Promise<{ png: Buffer; svg?: string; elements?: string }> {
  // A fresh context per image, so nothing (storage, scroll, hover, open menus) leaks between them.
  const context = await openContext(browser, target.view, options)
  try {
    const page = await openPage(context, referenceUrl(dir))
    if (target.state) await runSteps(page, target.state)
    const raw = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' })
    // Right after the screenshot, from the same page: the boxes are where the PNG draws them. A PNG's
    // height is in its header, at byte 20.
    const elements =
      options.elements !== false && !target.state
        ? formatPageElements(await collectElements(page, { height: raw.readUInt32BE(20) }))
        : undefined
    await options.afterCapture?.(page, target)
    // Last, as it adds dom-to-svg's script to the page, which the checks above must not see.
    const svg = options.svg && !target.state ? await captureSvg(page, dir) : undefined
    return { png: options.optimise === false ? raw : await optimise(raw), svg, elements }
  } finally {
    await context.close()
  }
}

const STEP_TIMEOUT_MS = 5000

/** Runs a state's steps in order, then lets the page settle (two frames, fonts of new content). */
export async function runSteps(page: Page, state: State): Promise<void> {
  for (const [index, step] of state.steps.entries()) {
    const options = { timeout: STEP_TIMEOUT_MS }
    try {
      if ('click' in step) await page.click(step.click, options)
      else if ('hover' in step) await page.hover(step.hover, options)
      else if ('focus' in step) await page.focus(step.focus, options)
      else if ('fill' in step) await page.fill(step.fill[0], step.fill[1], options)
      else await page.press(step.press[0], step.press[1], options)
    } catch (error) {
      const message = (error as Error).message.split('\n')[0]
      throw new Error(`state "${state.name}", step ${index + 1} (${JSON.stringify(step)}): ${message}`)
    }
  }
  await page.evaluate(
    () =>
      new Promise<void>((done) =>
        requestAnimationFrame(() => requestAnimationFrame(() => document.fonts.ready.then(() => done()))),
      ),
  )
}

/** Designs must never depend on the network: anything that is not a local file is aborted. */
async function blockNetwork(context: BrowserContext, onBlocked?: (url: string) => void): Promise<void> {
  await context.route(
    (url) => url.protocol !== 'file:',
    (route) => {
      onBlocked?.(route.request().url())
      return route.abort('blockedbyclient')
    },
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

/** A view's elements file in design/: `desktop.elements.json`. */
export const elementsFileName = (view: string) => `${view}.elements.json`

/** Files in design/ that no view or state renders (e.g. a state removed from states.json). */
export async function staleDesignFiles(dir: string, images: readonly RenderTarget[]): Promise<string[]> {
  const expected = new Set(
    images.flatMap((image) => [
      `${image.name}.png`,
      ...(image.state ? [] : [`${image.name}.svg`, elementsFileName(image.name)]),
    ]),
  )
  const files = await readdir(join(dir, 'design')).catch(() => [] as string[])
  return files.filter((file) => !file.startsWith('.') && !expected.has(file)).sort()
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
      const images = await renderChallenge(dir, join(dir, 'design'), browser, {
        onBlockedRequest: (url) => console.warn(`${slug}: blocked a network request to ${url}`),
        svg: true,
      })
      for (const { name, view, bytes, svg, elements } of images) {
        console.log(`${slug}/design/${name}.png  ${view.width}px  ${(bytes / 1024).toFixed(1)} KB`)
        if (svg)
          console.log(`${slug}/design/${name}.svg  ${view.width}px  ${(svg.bytes / 1024).toFixed(1)} KB`)
        if (elements)
          console.log(
            `${slug}/design/${elementsFileName(name)}  ${view.width}px  ${(elements.bytes / 1024).toFixed(1)} KB`,
          )
      }
      const stale = await staleDesignFiles(dir, images)
      for (const file of stale) {
        console.warn(`${slug}/design/${file} is not a view or a state in ${STATES_FILE}: delete it`)
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
