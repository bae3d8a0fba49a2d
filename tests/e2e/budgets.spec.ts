import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { expect, test } from '@playwright/test'
import { firstVisit, type Manifest } from '#server/render/manifest.ts'
import type { Renderer } from '#server/render/public-pages.ts'

/**
 * Byte budgets of a first visit (docs/decisions/019-first-visit-budgets.md), read from the build
 * `npm test` has just made: no browser and no server needed. For each page the server renders,
 * the scripts are index.html's (its entry and the entry's static imports, and the plain scripts it links)
 * plus the route module's chunk and its static imports, as the server names them for start.js
 * (#server/render/manifest.ts); the route module is the one the server's renderer matches for the
 * address. Each file is gzipped at level 9 (as `npm run bench:weight` does) and the sizes added up.
 */
const WEB = 'dist/web'
const KB = 1024

/**
 * The budgets, gzipped KB. `target` is the design's: 110 for home, 120 for the other first routes.
 * React DOM, React Router's data router and TanStack Query alone are 105 KB of every first visit, so
 * the pages do not reach it yet; `limit` is what each may load today, so that nothing grows unnoticed
 * while the gap is closed (docs/decisions/019-first-visit-budgets.md). Each limit holds public/start.js
 * (0.6 KB), which asks for the scripts after the first paint.
 */
const BUDGETS = [
  { page: 'home', path: '/', target: 110, limit: 129.1 },
  { page: 'the catalogue', path: '/challenges', target: 120, limit: 126.8 },
  { page: 'a challenge', path: '/challenge/a-challenge', target: 120, limit: 132.1 },
  { page: 'a profile', path: '/profile/a-member', target: 120, limit: 133.6 },
  { page: 'a solution', path: '/solutions/a-solution', target: 120, limit: 135.1 },
  { page: 'the paths', path: '/paths', target: 120, limit: 123.4 },
  { page: 'a path', path: '/paths/a-path', target: 120, limit: 126.1 },
] as const
const CSS_BUDGET = 15

/**
 * Only zod's own code has this: every zod schema keeps its definition in `_zod.def`, which minifiers
 * leave as it is (a property name).
 */
const ZOD_MARKER = '._zod.def'

const manifest = JSON.parse(readFileSync(join(WEB, '.vite', 'manifest.json'), 'utf8')) as Manifest
const indexHtml = readFileSync(join(WEB, 'index.html'), 'utf8')
const read = (file: string) => readFileSync(join(WEB, file))
const gzipped = (file: string) => gzipSync(read(file), { level: 9 }).byteLength
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`

/** The scripts index.html links that are not the build's modules (public/theme.js): every page runs them. */
function plainScripts(): string[] {
  return [...indexHtml.matchAll(/<script\b(?![^>]*type="module")[^>]*\ssrc="\/([^"]+)"/g)].map(
    ([, file]) => file as string,
  )
}

/** The route module the server renders `path` with, as the server's renderer matches it. */
async function routeModule(path: string): Promise<string> {
  const renderer = (await import(pathToFileURL(join('dist', 'render', 'entry-server.js')).href)) as Renderer
  const module = renderer.renderedRoute(path)?.handle.module
  if (!module) throw new Error(`The server renders no public page at ${path}`)
  return module
}

/** "total 131.9 KB; biggest: assets/framework-….js 105.2 KB, …" */
function weighed(files: string[]): { total: number; summary: string } {
  const sizes = files.map((file) => ({ file, size: gzipped(file) })).sort((a, b) => b.size - a.size)
  const total = sizes.reduce((sum, { size }) => sum + size, 0)
  const biggest = sizes
    .slice(0, 5)
    .map(({ file, size }) => `${file} ${kb(size)}`)
    .join(', ')
  return { total, summary: `${kb(total)} in ${files.length} files; biggest: ${biggest}` }
}

test.describe('first-visit budgets, from the build manifest', () => {
  for (const budget of BUDGETS) {
    test(`${budget.page} (${budget.path}) loads at most ${budget.limit} KB of gzipped JavaScript, without zod`, async () => {
      const { scripts } = firstVisit(manifest, await routeModule(budget.path))
      const files = [...plainScripts(), ...scripts]
      const { total, summary } = weighed(files)
      expect(
        total,
        `${budget.page} (${budget.path}): ${summary}; limit ${budget.limit} KB, target ${budget.target} KB`,
      ).toBeLessThanOrEqual(budget.limit * KB)
      const withZod = files.filter((file) => read(file).includes(ZOD_MARKER))
      expect(withZod, `${budget.page} (${budget.path}) loads zod`).toEqual([])
    })
  }

  test(`every page loads at most ${CSS_BUDGET} KB of gzipped CSS`, async () => {
    const { styles } = firstVisit(manifest, await routeModule('/'))
    expect(styles.length, 'index.html links a stylesheet').toBeGreaterThan(0)
    const { total, summary } = weighed(styles)
    expect(total, `CSS: ${summary}`).toBeLessThanOrEqual(CSS_BUDGET * KB)
  })

  test('the files counted are those index.html loads and the zod check can see zod', async () => {
    // index.html's own module and preloads, which start.js adds after the first paint, are among the
    // scripts counted for every page.
    const { scripts } = firstVisit(manifest, await routeModule('/'))
    const start = /<script src="\/start\.js" defer data-entry="\/([^"]+)" data-preload="([^"]*)">/.exec(
      indexHtml,
    )
    const linked = [start?.[1], ...(start?.[2] ?? '').split(' ').map((file) => file.slice(1))]
    expect(linked.length).toBeGreaterThan(1)
    for (const file of linked) expect(scripts).toContain(file)
    // The settings page's profile form validates with zod: the marker finds it there, so its absence
    // on the public pages means what it says.
    const settings = firstVisit(manifest, 'routes/settings.tsx').scripts
    expect(settings.some((file) => read(file).includes(ZOD_MARKER))).toBe(true)
  })

  test('dark mode turns over every palette colour the stylesheet reads, and ink surfaces turn it back', async () => {
    // theme.css holds only the colours some utility reads (docs/decisions/015-dark-mode.md, 017): a
    // colour used without its dark value would stay light in dark mode.
    const { styles } = firstVisit(manifest, await routeModule('/'))
    const css = styles.map((file) => read(file).toString()).join('\n')
    const block = (selector: string) => {
      const start = css.indexOf(`${selector}{`)
      expect(start, `the stylesheet has ${selector}`).toBeGreaterThanOrEqual(0)
      return css.slice(start, css.indexOf('}', start))
    }
    const dark = block(':root[data-theme=dark]')
    const ink = block('[data-theme=dark] .surface-ink')
    const colours = (text: string, pattern: RegExp) =>
      new Set([...text.matchAll(pattern)].map(([, name]) => name))
    const used = colours(css.replace(dark, '').replace(ink, ''), /var\(--color-([a-z]+(?:-\d+)?)\)/g)
    expect(used.size).toBeGreaterThan(0)
    for (const [name, rule] of [
      ['dark mode', dark],
      ['ink surfaces in dark mode', ink],
    ] as const) {
      const set = colours(rule, /--color-([a-z]+(?:-\d+)?):/g)
      expect(
        [...used].filter((colour) => !set.has(colour)),
        `colours ${name} does not set`,
      ).toEqual([])
    }
  })
})
