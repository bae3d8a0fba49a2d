// Checks every challenge folder (or the given slugs) the way CI needs them to be:
//
//   npx tsx scripts/content-check.ts [--no-render] [--no-axe] [--jobs=2] [Slug ...]
//
// - folder and challenge.json, with the importer's loader (schema, required files, design widths,
//   unique titles), slugs unique, no unknown files, reference/index.html and style.css present
// - states.json valid, each state's image present at its view's width, no stray images in design/
// - every local src/href/url() in the reference and the starter exists; nothing loads from the network
// - the zip holds exactly README.md, style-guide.md, design/*, images/*, fonts/* and the starter
//   files, the page's asset list covers it, and it opens
// - pixel drift: each view and state re-rendered and compared with the committed PNG (fails over 1%)
// - axe (WCAG 2.0/2.1 A + AA, best practice) on the reference at 1440, 768 and 375px
//
// Prints one line per challenge ("✓ Slug" or "✗ Slug" and its problems), then "N passed, M failed";
// exits 1 on any failure. The pure checks are exported for unit tests.
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join, posix, relative, resolve, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import AxeBuilder from '@axe-core/playwright'
import type { Browser, Page } from '@playwright/test'
import { unzipSync } from 'fflate'
import pixelmatch from 'pixelmatch'
import { PNG } from 'pngjs'
import sharp from 'sharp'
import { buildZip } from '#server/content/build.ts'
import { ContentError, type LoadedChallenge, loadCatalogue } from '#server/content/load.ts'
import { groupZipEntries } from '#shared/assets.ts'
import { challengeMetadataSchema } from '#shared/challenge.ts'
import {
  CHALLENGES_DIR,
  imagesOf,
  launchBrowser,
  openContext,
  openPage,
  readStates,
  referenceUrl,
  renderChallenge,
  STATES_FILE,
  type State,
  VIEWS,
  type View,
} from './content-render.ts'

export type Problem = { path: string; field?: string; message: string }

export interface ChallengeReport {
  slug: string
  problems: Problem[]
}

export interface CheckOptions {
  /** Re-render and compare with the committed images (needs Chromium). Default true. */
  render?: boolean
  /** Run axe on the reference (needs Chromium). Default true. */
  axe?: boolean
  /** How many challenges to check at the same time in the shared browser. Default 2. */
  jobs?: number
}

/** More than this share of differing pixels fails the drift check. */
export const MAX_DRIFT = 0.01
/** pixelmatch's per-pixel colour threshold (0 exact, 1 anything goes). */
export const PIXEL_THRESHOLD = 0.1
export const DEFAULT_JOBS = 2
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

/** What may sit at the top of a challenge folder; anything else has no place in the format. */
const TOP_LEVEL = new Set([
  'challenge.json',
  'README.md',
  'style-guide.md',
  STATES_FILE,
  'design',
  'images',
  'fonts',
  'starter',
  'reference',
])

const shown = (path: string) => relative(process.cwd(), path) || path

async function exists(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null)) !== null
}

/** Files of a folder, relative and '/'-separated, dotfiles left out (as the importer lists them). */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries
    .filter((e) => e.isFile() && !e.name.startsWith('.'))
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort()
}

// ---------------------------------------------------------------------------------------------
// References in HTML and CSS

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
const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

/** url() and @import in a stylesheet (comments ignored). `firstLine` offsets inline <style>. */
export function extractCssReferences(css: string, firstLine = 1): Reference[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, blank)
  const refs: Reference[] = []
  for (const match of text.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s'"]*))\s*\)/gi)) {
    const value = match[1] ?? match[2] ?? match[3] ?? ''
    refs.push({ field: 'url()', value, line: firstLine - 1 + lineAt(text, match.index), loads: true })
  }
  for (const match of text.matchAll(/@import\s+(?:"([^"]*)"|'([^']*)')/gi)) {
    const value = match[1] ?? match[2] ?? ''
    refs.push({ field: '@import', value, line: firstLine - 1 + lineAt(text, match.index), loads: true })
  }
  return refs.sort((a, b) => a.line - b.line)
}

const URL_ATTRIBUTES = new Set(['src', 'href', 'srcset', 'imagesrcset', 'poster', 'data', 'xlink:href'])
const LINK_TAGS = new Set(['a', 'area'])

/** Every URL an HTML file names: attributes, inline styles and <style> blocks (comments ignored). */
export function extractHtmlReferences(html: string): Reference[] {
  let text = html.replace(/<!--[\s\S]*?-->/g, blank)
  const refs: Reference[] = []
  // Inline scripts are not markup; <style> blocks are CSS.
  text = text.replace(
    /(<script\b[^>]*>)([\s\S]*?)(<\/script\s*>)/gi,
    (_, open, body, close) => open + blank(body) + close,
  )
  text = text.replace(/(<style\b[^>]*>)([\s\S]*?)(<\/style\s*>)/gi, (_whole, open, body, close, index) => {
    refs.push(...extractCssReferences(body, lineAt(text, index + open.length)))
    return open + blank(body) + close
  })
  const tagPattern =
    /<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*\/?>/g
  for (const tag of text.matchAll(tagPattern)) {
    const name = (tag[1] ?? '').toLowerCase()
    const attributes = tag[2] ?? ''
    const tagLine = lineAt(text, tag.index)
    for (const attr of attributes.matchAll(/([^\s=>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
      const attrName = (attr[1] ?? '').toLowerCase()
      const raw = attr[2] ?? attr[3] ?? attr[4]
      if (raw === undefined) continue
      const value = decodeEntities(raw)
      const line = tagLine + (attributes.slice(0, attr.index).match(/\n/g)?.length ?? 0)
      if (attrName === 'style') {
        for (const ref of extractCssReferences(value, line))
          refs.push({ ...ref, field: `${name} style url()` })
      } else if (URL_ATTRIBUTES.has(attrName)) {
        const field = `${name} ${attrName}`
        const loads = !(attrName === 'href' && LINK_TAGS.has(name))
        const values = attrName.endsWith('srcset')
          ? value
              .split(',')
              .map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
              .filter(Boolean)
          : [value.trim()]
        for (const v of values) refs.push({ field, value: v, line, loads })
      }
    }
  }
  return refs.sort((a, b) => a.line - b.line)
}

const IGNORED_SCHEMES = /^(data|mailto|tel|javascript|about|blob|sms):/i
const NETWORK = /^(https?:)?\/\//i

type Base = { kind: 'reference' } | { kind: 'starter' }

/** The folder file a zip path comes from: the zip puts starter/ at its root. */
export function sourceOfZipPath(zipPath: string): string {
  if (/^(design|images|fonts)\//.test(zipPath) || zipPath === 'README.md' || zipPath === 'style-guide.md')
    return zipPath
  return `starter/${zipPath}`
}

function checkReference(
  dir: string,
  file: string,
  base: Base,
  ref: Reference,
  problems: Problem[],
  present: Set<string>,
): void {
  const path = `${shown(join(dir, file))}:${ref.line}`
  const value = ref.value
  if (value === '' || value.startsWith('#') || IGNORED_SCHEMES.test(value)) return
  if (NETWORK.test(value)) {
    if (ref.loads)
      problems.push({
        path,
        field: ref.field,
        message: `loads ${value} from the network; ship the file instead`,
      })
    return
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) {
    if (ref.loads)
      problems.push({ path, field: ref.field, message: `loads ${value}, which is not a local file` })
    return
  }
  if (value.startsWith('/')) {
    problems.push({
      path,
      field: ref.field,
      message: `${value} is root-relative; use a path relative to the file (it breaks under https://<user>.github.io/<repo>/)`,
    })
    return
  }
  let target: string
  try {
    target = decodeURIComponent(value.replace(/[?#].*$/, ''))
  } catch {
    target = value.replace(/[?#].*$/, '')
  }
  if (target === '') return
  // Where the file is in the challenge folder (reference) or in the zip (starter).
  const from = base.kind === 'reference' ? 'reference' : '.'
  const resolved = posix.normalize(posix.join(from, target))
  if (resolved.startsWith('../') || resolved === '..') {
    const where = base.kind === 'reference' ? 'the challenge folder' : 'the zip (starter paths are zip paths)'
    problems.push({ path, field: ref.field, message: `${value} points outside ${where}` })
    return
  }
  if (base.kind === 'starter' && resolved.startsWith('reference/')) {
    problems.push({
      path,
      field: ref.field,
      message: `${value} points to the reference, which is not shipped`,
    })
    return
  }
  const source = base.kind === 'reference' ? resolved : sourceOfZipPath(resolved)
  if (!present.has(source)) {
    const where = base.kind === 'starter' ? ` (in the zip: ${resolved})` : ''
    problems.push({ path, field: ref.field, message: `${value} does not exist${where}` })
  }
}

/**
 * Every local file named by reference/*.html, reference/*.css, starter/index.html and
 * starter/style.css exists (starter paths read as zip paths), and none of them loads anything from
 * the network. Links (<a href>) may point anywhere.
 */
export async function checkReferences(dir: string): Promise<Problem[]> {
  const files = await listFiles(dir)
  const present = new Set(files)
  const problems: Problem[] = []
  const targets: { file: string; base: Base }[] = [
    ...files
      .filter((f) => /^reference\/[^/]+\.(html|css)$/.test(f))
      .map((file) => ({ file, base: { kind: 'reference' } as Base })),
    ...['starter/index.html', 'starter/style.css']
      .filter((f) => present.has(f))
      .map((file) => ({ file, base: { kind: 'starter' } as Base })),
  ]
  for (const { file, base } of targets) {
    const text = await readFile(join(dir, file), 'utf8')
    const refs = file.endsWith('.css') ? extractCssReferences(text) : extractHtmlReferences(text)
    for (const ref of refs) checkReference(dir, file, base, ref, problems, present)
  }
  return problems
}

// ---------------------------------------------------------------------------------------------
// Folder, states and design images

/** Top-level files the format has no place for, and the reference files the render needs. */
export async function checkFolder(dir: string): Promise<Problem[]> {
  const problems: Problem[] = []
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue
    if (!TOP_LEVEL.has(entry.name)) {
      problems.push({ path: shown(join(dir, entry.name)), message: 'is not part of the challenge format' })
    } else if (entry.isDirectory() !== !entry.name.includes('.')) {
      problems.push({
        path: shown(join(dir, entry.name)),
        message: entry.isDirectory() ? 'must be a file' : 'must be a folder',
      })
    }
  }
  for (const file of ['reference/index.html', 'reference/style.css']) {
    if (!(await exists(join(dir, file))))
      problems.push({ path: shown(join(dir, file)), message: 'required file is missing' })
  }
  return problems
}

/**
 * states.json is valid, each state's image exists and is as wide as its view, and design/ holds
 * nothing that no view or state renders. Returns the states (null when states.json is invalid).
 */
export async function checkStates(dir: string): Promise<{ states: State[] | null; problems: Problem[] }> {
  const problems: Problem[] = []
  const result = await readStates(dir)
  if (!result.ok) {
    for (const p of result.problems)
      problems.push({ path: shown(join(dir, STATES_FILE)), field: p.field, message: p.message })
    return { states: null, problems }
  }
  const images = imagesOf(result.states)
  for (const image of images) {
    if (!image.state) continue // the three views are checked by the loader
    const file = join(dir, 'design', `${image.name}.png`)
    if (!(await exists(file))) {
      problems.push({
        path: shown(file),
        message: `the image of state "${image.name}" is missing; run npx tsx scripts/content-render.ts ${basename(dir)}`,
      })
      continue
    }
    try {
      const info = await sharp(file).metadata()
      if (info.format !== 'png')
        problems.push({ path: shown(file), message: `must be a PNG (found ${info.format})` })
      else if (info.width !== image.view.width)
        problems.push({
          path: shown(file),
          field: 'width',
          message: `must be ${image.view.width} px wide for view "${image.view.name}" (found ${info.width} px)`,
        })
    } catch (error) {
      problems.push({ path: shown(file), message: `is not a readable image (${(error as Error).message})` })
    }
  }
  const expected = new Set(images.map((image) => `design/${image.name}.png`))
  for (const file of await listFiles(join(dir, 'design'))) {
    if (!expected.has(`design/${file}`))
      problems.push({
        path: shown(join(dir, 'design', file)),
        message: `is neither a view nor a state in ${STATES_FILE}; delete it or add its state`,
      })
  }
  return { states: result.states, problems }
}

// ---------------------------------------------------------------------------------------------
// Zip

/** What the zip must hold for these folder files: the brief, style guide, assets, starter at the root. */
export function expectedZipEntries(files: readonly string[]): string[] {
  const entries: string[] = []
  for (const file of files) {
    if (file === 'README.md' || file === 'style-guide.md' || /^(design|images|fonts)\/./.test(file))
      entries.push(file)
    else if (file.startsWith('starter/')) entries.push(file.slice('starter/'.length))
  }
  return entries.sort()
}

/** Compares the zip's entries with the expected list and the page's asset list. */
export function checkZipEntries(
  zipPath: string,
  files: readonly string[],
  entries: readonly string[],
  figmaUrl?: string | null,
): Problem[] {
  const problems: Problem[] = []
  const expected = expectedZipEntries(files)
  const duplicates = expected.filter((entry, i) => expected.indexOf(entry) !== i)
  for (const entry of new Set(duplicates))
    problems.push({ path: zipPath, field: entry, message: 'two folder files land on the same zip entry' })
  const actual = new Set(entries)
  const wanted = new Set(expected)
  for (const entry of wanted)
    if (!actual.has(entry)) problems.push({ path: zipPath, field: entry, message: 'is missing from the zip' })
  for (const entry of actual)
    if (!wanted.has(entry))
      problems.push({ path: zipPath, field: entry, message: 'should not be in the zip' })

  const groups = groupZipEntries(entries, figmaUrl)
  const listed = new Set(groups.flatMap((g) => g.files))
  for (const entry of entries)
    if (!listed.has(entry))
      problems.push({
        path: zipPath,
        field: entry,
        message: 'is in the zip but not in the asset list the challenge page shows',
      })
  for (const group of groups)
    for (const file of group.files)
      if (!actual.has(file))
        problems.push({
          path: zipPath,
          field: `${group.kind}: ${file}`,
          message: 'the asset list promises a file the zip lacks',
        })
  for (const kind of ['designs', 'style-guide', 'starter', 'readme'] as const)
    if (!groups.some((g) => g.kind === kind))
      problems.push({ path: zipPath, field: kind, message: 'the asset list has no such group' })
  return problems
}

/** Builds the zip like the importer, checks its entries, opens it and compares every entry's bytes. */
export async function checkZip(challenge: LoadedChallenge): Promise<Problem[]> {
  const zipPath = `${shown(challenge.dir)} (zip)`
  const { zip, entries } = await buildZip(challenge)
  const problems = checkZipEntries(zipPath, challenge.files, entries, challenge.metadata.figmaUrl)
  let unzipped: Record<string, Uint8Array>
  try {
    unzipped = unzipSync(zip)
  } catch (error) {
    problems.push({ path: zipPath, message: `does not open (${(error as Error).message})` })
    return problems
  }
  const names = Object.keys(unzipped).sort()
  if (names.join('\n') !== [...entries].sort().join('\n'))
    problems.push({
      path: zipPath,
      message: `opens with other entries than it was built with: ${names.join(', ')}`,
    })
  for (const name of names) {
    const source = await readFile(join(challenge.dir, sourceOfZipPath(name))).catch(() => null)
    const data = unzipped[name]
    if (!source || !data) continue
    // README.md may carry an appended Figma note.
    const same =
      name === 'README.md'
        ? Buffer.from(data).subarray(0, source.length).equals(source)
        : Buffer.from(data).equals(source)
    if (!same) problems.push({ path: zipPath, field: name, message: 'differs from its source file' })
  }
  return problems
}

// ---------------------------------------------------------------------------------------------
// Pixel drift

export interface ImageComparison {
  width: number
  height: number
  sameSize: boolean
  diffPixels: number
  /** share of differing pixels, 0..1 (1 when the sizes differ) */
  ratio: number
  ok: boolean
  /** a PNG marking the differing pixels in red, when the sizes match */
  diff?: Buffer
}

/** RGBA pixels of a PNG, decoded natively (much faster than pngjs for full-page screenshots). */
async function decode(png: Uint8Array): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}

/**
 * Compares two PNGs: fails when the sizes differ or more than `maxDrift` of the pixels differ
 * (pixelmatch with `threshold` per pixel). `width` and `height` are those of `b`.
 */
export async function compareImages(
  a: Uint8Array,
  b: Uint8Array,
  { maxDrift = MAX_DRIFT, threshold = PIXEL_THRESHOLD } = {},
): Promise<ImageComparison> {
  const [left, right] = await Promise.all([decode(a), decode(b)])
  if (left.width !== right.width || left.height !== right.height) {
    return {
      width: right.width,
      height: right.height,
      sameSize: false,
      diffPixels: Math.max(left.width * left.height, right.width * right.height),
      ratio: 1,
      ok: false,
    }
  }
  const { width, height } = left
  const out = new PNG({ width, height })
  const diffPixels = pixelmatch(left.data, right.data, out.data, width, height, { threshold })
  const ratio = width * height === 0 ? 0 : diffPixels / (width * height)
  const ok = ratio <= maxDrift
  return { width, height, sameSize: true, diffPixels, ratio, ok, diff: ok ? undefined : PNG.sync.write(out) }
}

const percent = (ratio: number) => `${(ratio * 100).toFixed(2)}%`

/**
 * Re-renders every view and state into a temp folder and compares each with design/<name>.png.
 * With `axe`, also runs axe on each view's page right after its screenshot (one page load for both).
 */
export async function checkRendered(
  dir: string,
  browser: Browser,
  { blocked, diffDir, axe }: { blocked: Set<string>; diffDir: string; axe: boolean },
): Promise<Problem[]> {
  const problems: Problem[] = []
  const out = await mkdtemp(join(tmpdir(), 'content-check-'))
  try {
    let rendered: Awaited<ReturnType<typeof renderChallenge>>
    try {
      rendered = await renderChallenge(dir, out, browser, {
        optimise: false,
        onBlockedRequest: (url) => blocked.add(url),
        afterCapture: async (page, target) => {
          if (axe && !target.state) problems.push(...(await axeProblems(page, dir, target.view)))
        },
      })
    } catch (error) {
      problems.push({
        path: shown(join(dir, 'reference')),
        message: `does not render: ${(error as Error).message}`,
      })
      return problems
    }
    for (const image of rendered) {
      const committed = join(dir, 'design', `${image.name}.png`)
      const before = await readFile(committed).catch(() => null)
      if (!before) continue // reported by the loader or the states check
      const result = await compareImages(before, await readFile(image.file))
      if (!result.sameSize) {
        const info = await sharp(before).metadata()
        problems.push({
          path: shown(committed),
          field: 'size',
          message: `is ${info.width}×${info.height} px, but the reference now renders at ${result.width}×${result.height} px; re-render it`,
        })
      } else if (!result.ok) {
        const diffFile = join(diffDir, `${basename(dir)}-${image.name}.diff.png`)
        if (result.diff) await writeFile(diffFile, result.diff)
        problems.push({
          path: shown(committed),
          field: 'pixels',
          message: `differs from a fresh render in ${percent(result.ratio)} of its pixels (over ${percent(MAX_DRIFT)}); re-render it (diff: ${diffFile})`,
        })
      }
    }
    return problems
  } finally {
    await rm(out, { recursive: true, force: true })
  }
}

// ---------------------------------------------------------------------------------------------
// Accessibility

/** axe on an open page of the reference; one problem per rule. */
export async function axeProblems(page: Page, dir: string, view: View): Promise<Problem[]> {
  const path = shown(join(dir, 'reference', 'index.html'))
  try {
    const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()
    return results.violations.map((violation) => {
      const targets = violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(', ')
      const more = violation.nodes.length > 3 ? ` and ${violation.nodes.length - 3} more` : ''
      return {
        path,
        field: `axe ${violation.id} at ${view.width}px`,
        message: `${violation.help}: ${targets}${more}`,
      }
    })
  } catch (error) {
    return [{ path, field: `axe at ${view.width}px`, message: `could not run: ${(error as Error).message}` }]
  }
}

/** axe on the reference at every view width, on pages of its own (when not rendering). */
export async function checkAccessibility(
  dir: string,
  browser: Browser,
  blocked: Set<string>,
): Promise<Problem[]> {
  const problems: Problem[] = []
  for (const view of VIEWS) {
    const context = await openContext(browser, view, { onBlockedRequest: (url) => blocked.add(url) })
    try {
      problems.push(...(await axeProblems(await openPage(context, referenceUrl(dir)), dir, view)))
    } finally {
      await context.close()
    }
  }
  return problems
}

// ---------------------------------------------------------------------------------------------
// The whole catalogue

/** Splits the loader's problems by challenge folder; problems outside any folder go under ''. */
function problemsBySlug(root: string, problems: readonly Problem[]): Map<string, Problem[]> {
  const bySlug = new Map<string, Problem[]>()
  for (const problem of problems) {
    const rel = relative(root, resolve(process.cwd(), problem.path))
    const slug = rel.startsWith('..') || rel === '' ? '' : (rel.split(sep)[0] ?? '')
    bySlug.set(slug, [...(bySlug.get(slug) ?? []), problem])
  }
  return bySlug
}

/** A folder the loader found no problem in, read the same way (for when another folder failed). */
async function readChallenge(dir: string): Promise<LoadedChallenge | null> {
  try {
    const raw: unknown = JSON.parse(await readFile(join(dir, 'challenge.json'), 'utf8'))
    const metadata = challengeMetadataSchema.parse(raw)
    return { slug: basename(dir), dir, metadata, files: await listFiles(dir), contentHash: '' }
  } catch {
    return null
  }
}

/**
 * Checks the challenges in `root` (all, or only `slugs`), reusing one browser. Returns a report per
 * challenge, in order.
 */
export async function checkCatalogue(
  root: string,
  slugs: readonly string[] = [],
  options: CheckOptions = {},
  onReport?: (report: ChallengeReport) => void,
): Promise<ChallengeReport[]> {
  const { render = true, axe = true } = options
  const folders = (await readdir(root, { withFileTypes: true }))
    .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
    .map((e) => e.name)
    .sort()
  const selected = slugs.length > 0 ? [...slugs] : folders

  // Metadata and folders, with the importer's loader: it checks the whole catalogue at once.
  let loaded: LoadedChallenge[] = []
  let loadProblems = new Map<string, Problem[]>()
  try {
    loaded = await loadCatalogue(root)
  } catch (error) {
    if (!(error instanceof ContentError)) throw error
    loadProblems = problemsBySlug(root, error.problems)
  }
  const bySlug = new Map(loaded.map((c) => [c.slug, c]))
  // One broken folder makes the loader reject the catalogue; check the others' zips all the same.
  if (loadProblems.size > 0) {
    for (const slug of selected) {
      if (!loadProblems.has(slug) && folders.includes(slug)) {
        const challenge = await readChallenge(join(root, slug))
        if (challenge) bySlug.set(slug, challenge)
      }
    }
  }

  // Slugs differing only in case collide on case-insensitive file systems and in URLs people type.
  const lower = new Map<string, string>()
  const slugProblems = new Map<string, Problem[]>()
  for (const folder of folders) {
    const other = lower.get(folder.toLowerCase())
    if (other)
      slugProblems.set(folder, [
        { path: shown(join(root, folder)), field: 'slug', message: `differs from ${other} only in case` },
      ])
    lower.set(folder.toLowerCase(), folder)
  }

  // Diff images of failed comparisons stay for a look; the folder goes when nothing drifted.
  const diffDir = await mkdtemp(join(tmpdir(), 'content-check-diffs-'))
  const needsBrowser = render || axe
  const browser = needsBrowser ? await launchBrowser() : null
  const checkOne = async (slug: string): Promise<ChallengeReport> => {
    const dir = join(root, slug)
    const problems: Problem[] = [...(loadProblems.get('') ?? []), ...(slugProblems.get(slug) ?? [])]
    if (!folders.includes(slug)) {
      problems.push({ path: shown(dir), message: 'no such challenge folder' })
      return { slug, problems }
    }
    problems.push(...(loadProblems.get(slug) ?? []))
    problems.push(...(await checkFolder(dir)))
    const { states, problems: stateProblems } = await checkStates(dir)
    problems.push(...stateProblems)
    problems.push(...(await checkReferences(dir)))
    const challenge = bySlug.get(slug)
    if (challenge) problems.push(...(await checkZip(challenge)))
    if (browser && (await exists(join(dir, 'reference', 'index.html')))) {
      const blocked = new Set<string>()
      if (render && states) problems.push(...(await checkRendered(dir, browser, { blocked, diffDir, axe })))
      else if (axe) problems.push(...(await checkAccessibility(dir, browser, blocked)))
      for (const url of blocked)
        problems.push({
          path: shown(join(dir, 'reference')),
          field: 'network',
          message: `requested ${url} while rendering; nothing may load from the network`,
        })
    }
    return { slug, problems }
  }

  // A few challenges at a time share the browser; reports still come out in order.
  const reports: (ChallengeReport | undefined)[] = new Array(selected.length)
  let reported = 0
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < selected.length) {
      const index = next++
      const slug = selected[index] as string
      reports[index] = await checkOne(slug).catch((error: unknown) => ({
        slug,
        problems: [
          { path: shown(join(root, slug)), message: `the check crashed: ${(error as Error).message}` },
        ],
      }))
      while (reported < selected.length && reports[reported])
        onReport?.(reports[reported++] as ChallengeReport)
    }
  }
  try {
    const jobs = Math.max(1, Math.min(options.jobs ?? DEFAULT_JOBS, selected.length))
    await Promise.all(Array.from({ length: jobs }, worker))
  } finally {
    await browser?.close()
    if ((await readdir(diffDir)).length === 0) await rm(diffDir, { recursive: true, force: true })
  }
  return reports as ChallengeReport[]
}

export function formatProblem(problem: Problem): string {
  return `${problem.path}${problem.field ? ` (${problem.field})` : ''}: ${problem.message}`
}

export function formatReport(report: ChallengeReport): string {
  if (report.problems.length === 0) return `✓ ${report.slug}`
  const count = `${report.problems.length} problem${report.problems.length === 1 ? '' : 's'}`
  return [`✗ ${report.slug}: ${count}`, ...report.problems.map((p) => `    ${formatProblem(p)}`)].join('\n')
}

async function main(args: string[]): Promise<number> {
  const options: CheckOptions = {}
  const slugs: string[] = []
  for (const arg of args) {
    if (arg === '--no-render') options.render = false
    else if (arg === '--no-axe') options.axe = false
    else if (/^--jobs=\d+$/.test(arg)) options.jobs = Number(arg.slice('--jobs='.length))
    else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`)
    else slugs.push(arg.replace(/\/+$/, '').split('/').pop() ?? arg)
  }
  const started = performance.now()
  const reports = await checkCatalogue(CHALLENGES_DIR, slugs, options, (report) =>
    console.log(formatReport(report)),
  )
  const failed = reports.filter((r) => r.problems.length > 0).length
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.error(`content-check: ${reports.length} challenge${reports.length === 1 ? '' : 's'} in ${seconds}s`)
  console.log(`${reports.length - failed} passed, ${failed} failed`)
  return failed > 0 ? 1 : 0
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error)
      console.log('0 passed, 1 failed')
      process.exit(1)
    },
  )
}
