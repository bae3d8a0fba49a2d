// Checks every challenge folder (or the given slugs) the way CI needs them to be:
//
//   npx tsx scripts/content-check/index.ts [--no-render] [--no-axe] [--jobs=2] [--chromium=system|package]
//                                          [--scores] [Slug ...]
//
// - metadata.ts: folder and challenge.json with the importer's loader, slugs unique
// - folder.ts: no unknown files, reference/index.html and style.css present
// - states.ts: states.json valid, each state's image at its view's width, no stray images in design/
// - references.ts: every local src/href/url() in the reference and the starter exists; nothing
//   loads from the network
// - zip.ts: the zip holds exactly what the format ships, the page's asset list covers it, it opens
// - drift.ts: each view and state re-rendered and compared with the committed PNG (fails over 1%)
// - elements.ts: each view's design/<view>.elements.json there, readable and, re-rendered with the PNGs,
//   equal to a fresh recording (boxes within 1 px; only there and readable with --no-render)
// - design-svg.ts: each view's editable SVG has the headline as text and the fonts; drawn by Chromium it
//   matches the view's PNG in at least 95% of its pixels (only the file checks with --no-render)
// - reference-score.ts: the reference reviewed as a member's site is, with every Chromium the platform
//   may review with (the system's and the one @sparticuz/chromium ships, one after the other; --chromium=
//   picks one), scoring at least 99 at each breakpoint against its own design with each, and the
//   Chromiums' scores less than 0.5 apart (--scores prints them); each capture lists the elements of
//   design/<view>.elements.json (boxes within 1 px)
// - accessibility.ts: axe on the reference at 1440, 768 and 375px
// - paths.ts: the learning paths of content/paths/ (with the whole catalogue only): each file valid, no
//   path empty, every step a challenge of the catalogue
//
// Prints one line per challenge ("✓ Slug" or "✗ Slug" and its problems), then "N passed, M failed";
// exits 1 on any failure.
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Browser } from '@playwright/test'
import { type ChromiumSource, reviewingChromiums } from '#server/chromium.ts'
import { createBrowserPool } from '#server/review/browser-pool.ts'
import { CHALLENGES_DIR, launchBrowser } from '../content-render.ts'
import { checkAccessibility } from './accessibility.ts'
import { checkDesignSvgs } from './design-svg.ts'
import { checkRendered } from './drift.ts'
import { checkElementsFiles } from './elements.ts'
import { checkFolder } from './folder.ts'
import { checkSlugCase, loadFolders } from './metadata.ts'
import { checkPaths } from './paths.ts'
import { checkReferenceScores, type ReferenceScores, type ReviewingPool } from './reference-score.ts'
import { checkReferences } from './references.ts'
import { exists, type Problem, shown } from './shared.ts'
import { checkStates } from './states.ts'
import { checkZip } from './zip.ts'

export interface ChallengeReport {
  slug: string
  problems: Problem[]
  /** The reference's review scores per Chromium and breakpoint, when they were taken. */
  scores?: ReferenceScores
}

export interface CheckOptions {
  /** Re-render and compare with the committed images (needs Chromium). Default true. */
  render?: boolean
  /** Run axe on the reference (needs Chromium). Default true. */
  axe?: boolean
  /** How many challenges to check at the same time in the shared browser. Default 2. */
  jobs?: number
  /** Which of the reviewing Chromiums score the references (default all: reviewingChromiums()). */
  chromiums?: readonly ChromiumSource[]
}

export const DEFAULT_JOBS = 2

/** content/paths/, beside the challenges. */
export const PATHS_DIR = join(CHALLENGES_DIR, '..', 'paths')

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
  const loaded = await loadFolders(root, folders, selected)
  const slugProblems = checkSlugCase(root, folders)

  // Diff images of failed comparisons stay for a look; the folder goes when nothing drifted.
  const diffDir = await mkdtemp(join(tmpdir(), 'content-check-diffs-'))
  const needsBrowser = render || axe
  const renderer = needsBrowser ? relaunchingBrowser() : null
  // The review's own browser pool per Chromium a review may run with, for scoring each reference as a
  // review would with each.
  const reviewPools: ReviewingPool[] = render
    ? (await reviewingChromiums())
        .filter((chromium) => !options.chromiums || options.chromiums.includes(chromium.source))
        .map((chromium) => ({
          name: chromium.source,
          pool: createBrowserPool({ executablePath: chromium.path }),
        }))
    : []
  if (render && reviewPools.length === 0)
    throw new Error(`none of the Chromiums asked for (${options.chromiums?.join(', ')}) is on this machine`)
  const checkOne = async (slug: string): Promise<ChallengeReport> => {
    const dir = join(root, slug)
    const problems: Problem[] = [...(loaded.problems.get('') ?? []), ...(slugProblems.get(slug) ?? [])]
    let scores: ReferenceScores | undefined
    if (!folders.includes(slug)) {
      problems.push({ path: shown(dir), message: 'no such challenge folder' })
      return { slug, problems }
    }
    problems.push(...(loaded.problems.get(slug) ?? []))
    problems.push(...(await checkFolder(dir)))
    const { states, problems: stateProblems } = await checkStates(dir)
    problems.push(...stateProblems)
    problems.push(...(await checkReferences(dir)))
    const challenge = loaded.challenges.get(slug)
    if (challenge) problems.push(...(await checkZip(challenge)))
    // Each challenge takes the browser afresh: one that died on an earlier challenge is started again.
    const browser = renderer ? await renderer.get() : null
    if (!browser) problems.push(...(await checkDesignSvgs(dir, null)))
    const referenceRenders = Boolean(browser) && (await exists(join(dir, 'reference', 'index.html')))
    // Rendered, the drift check compares them with a fresh recording; otherwise they are only read.
    if (!(referenceRenders && render && states)) problems.push(...(await checkElementsFiles(dir)))
    if (browser && referenceRenders) {
      const blocked = new Set<string>()
      if (render && states) problems.push(...(await checkRendered(dir, browser, { blocked, diffDir, axe })))
      problems.push(...(await checkDesignSvgs(dir, render ? browser : null)))
      if (reviewPools.length > 0) {
        const reviewed = await checkReferenceScores(dir, reviewPools)
        scores = reviewed.scores
        problems.push(...reviewed.problems)
      } else if (axe) problems.push(...(await checkAccessibility(dir, browser, blocked)))
      for (const url of blocked)
        problems.push({
          path: shown(join(dir, 'reference')),
          field: 'network',
          message: `requested ${url} while rendering; nothing may load from the network`,
        })
    }
    return { slug, problems, ...(scores ? { scores } : {}) }
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
    await renderer?.close()
    await Promise.all(reviewPools.map(({ pool }) => pool.close()))
    if ((await readdir(diffDir)).length === 0) await rm(diffDir, { recursive: true, force: true })
  }
  return reports as ChallengeReport[]
}

/**
 * The shared rendering browser, started again when it is gone: a Chromium that crashes on one challenge
 * fails that challenge, not every challenge after it. Checks running at once share one launch.
 */
export function relaunchingBrowser(launch: () => Promise<Browser> = launchBrowser): {
  get(): Promise<Browser>
  close(): Promise<void>
} {
  let current: Promise<Browser> | null = null
  return {
    async get() {
      const pending = current
      const browser = await pending?.catch(() => null)
      if (browser?.isConnected()) return browser
      // Only the first check to find it gone starts another; the others wait for that one.
      if (current === pending) current = launch()
      return current as Promise<Browser>
    },
    async close() {
      await (await current?.catch(() => null))?.close()
    },
  }
}

/** The scores as lines: `    system    desktop 100  tablet 100  mobile 99.9`. */
export function formatScores(scores: ReferenceScores): string[] {
  return Object.entries(scores).map(
    ([chromium, byBreakpoint]) =>
      `    ${chromium.padEnd(9)} ${Object.entries(byBreakpoint)
        .map(([breakpoint, score]) => `${breakpoint} ${score}`)
        .join('  ')}`,
  )
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
  let printScores = false
  for (const arg of args) {
    if (arg === '--no-render') options.render = false
    else if (arg === '--no-axe') options.axe = false
    else if (/^--jobs=\d+$/.test(arg)) options.jobs = Number(arg.slice('--jobs='.length))
    else if (arg === '--chromium=system' || arg === '--chromium=package')
      options.chromiums = [...(options.chromiums ?? []), arg.slice('--chromium='.length) as ChromiumSource]
    else if (arg === '--scores') printScores = true
    else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`)
    else slugs.push(arg.replace(/\/+$/, '').split('/').pop() ?? arg)
  }
  const started = performance.now()
  const reports = await checkCatalogue(CHALLENGES_DIR, slugs, options, (report) => {
    console.log(formatReport(report))
    if (printScores && report.scores) console.log(formatScores(report.scores).join('\n'))
  })
  // The paths name challenges: checked with the whole catalogue, not with a few of its folders.
  if (slugs.length === 0) {
    const pathReports = await checkPaths(PATHS_DIR, CHALLENGES_DIR)
    for (const report of pathReports) console.log(formatReport(report))
    reports.push(...pathReports)
  }
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
