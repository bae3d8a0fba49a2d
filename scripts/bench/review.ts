// `npm run bench:review`: what a submission review (docs/product.md §10) costs on this machine. Times,
// over a few runs each: one full review of a fixture landing page (capture at the three widths through
// the egress proxy, the designs rendered by the same Chromium, and the three scores), and one
// 1440 × 3000 score against a detailed design for a capture 2 px lower, a rearranged one and a blank one.
// Then what each quality audit (docs/product.md §10, quality report) adds to a review of that page: axe
// at desktop and mobile (on the open page, after its screenshot), keeping and validating the HTML, and
// Lighthouse (desktop, its own Chromium behind its own egress proxy).
// Everything on loopback: the fixture is served on 127.0.0.1 and allowed for this run only.
// Usage: npm run bench:review   (needs Debian's chromium; CHROMIUM_PATH to use another)

import { readdirSync, readFileSync } from 'node:fs'
import { createBrowserPool } from '#server/review/browser-pool.ts'
import { captureSite, renderDesign } from '#server/review/capture.ts'
import { landingPage, startFixtureServer } from '#server/review/capture-fixtures.ts'
import { validateHtml } from '#server/review/quality/html.ts'
import { runLighthouse } from '#server/review/quality/lighthouse.ts'
import { scoreCapture } from '#server/review/score.ts'
import { blankPng, pagePng } from '#server/review/score-fixtures.ts'

const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const TOTAL_TIMEOUT_MS = 10 * 60_000

setTimeout(() => {
  console.error(`the benchmark did not finish within ${TOTAL_TIMEOUT_MS / 60_000} minutes`)
  process.exit(1)
}, TOTAL_TIMEOUT_MS).unref()

/**
 * The memory (bytes) of this process and every process under it (Chromium's), from /proc: each one's
 * proportional set size (PSS), so pages Chromium's processes share are counted once, not per process.
 */
function treeMemory(): number {
  const parents = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      // The command name may hold spaces: the fields after its closing parenthesis are fixed.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      parents.set(Number(entry), ppid)
    } catch {
      // The process ended meanwhile.
    }
  }
  const inTree = (pid: number): boolean => {
    for (let current = pid, hops = 0; current > 1 && hops < 64; hops++) {
      if (current === process.pid) return true
      current = parents.get(current) ?? 0
    }
    return false
  }
  let total = 0
  for (const pid of parents.keys()) {
    if (!inTree(pid)) continue
    try {
      const pss = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1]
      total += Number(pss ?? 0) * 1024
    } catch {
      // Gone.
    }
  }
  return total
}

/** Runs `fn` while sampling treeMemory every 100 ms; the peak in MB with its result. */
async function withPeakMemory<T>(fn: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peak = treeMemory()
  const timer = setInterval(() => {
    peak = Math.max(peak, treeMemory())
  }, 100)
  try {
    const result = await fn()
    peak = Math.max(peak, treeMemory())
    return { result, peakMb: Math.round(peak / 1024 / 1024) }
  } finally {
    clearInterval(timer)
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0
const ms = (value: number) => `${Math.round(value)} ms`

async function fullReview() {
  const fixture = await startFixtureServer({ '/': landingPage(), '/shifted': landingPage({ shift: 2 }) })
  const pool = createBrowserPool()
  try {
    const allowLoopback = { ports: [fixture.port] }
    // The design: the reference page as Chromium draws it, as the challenge's images are made.
    const reference = await captureSite(pool, { url: `${fixture.origin}/`, allowLoopback })
    const times: number[] = []
    const peaks: number[] = []
    let scores: number[] = []
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now()
      const { result: site, peakMb } = await withPeakMemory(() =>
        captureSite(pool, { url: `${fixture.origin}/shifted`, allowLoopback }),
      )
      peaks.push(peakMb)
      scores = []
      for (const capture of site.captures) {
        const design = reference.captures.find((c) => c.breakpoint === capture.breakpoint)
        if (!design) throw new Error(`no design for ${capture.breakpoint}`)
        const rendered = await renderDesign(pool, { png: design.png, width: design.width })
        scores.push((await scoreCapture({ design: rendered, capture: capture.png })).score)
      }
      times.push(performance.now() - started)
    }
    console.log(
      `one full review (3 widths, designs rendered, scored): median ${ms(median(times))}, runs ${times.map(ms).join(', ')}; scores ${scores.join(' / ')}`,
    )
    console.log(
      `  peak memory during its capture (this process and its Chromium): median ${median(peaks)} MB, runs ${peaks.join(', ')} MB`,
    )
  } finally {
    await pool.close()
    await fixture.close()
  }
}

async function diffs() {
  const design = await pagePng({ width: 1440, height: 3000 })
  const captures = {
    '2 px lower': await pagePng({ width: 1440, height: 3000, dy: 2 }),
    rearranged: await pagePng({ width: 1440, height: 3000, layout: 'rearranged' }),
    blank: await blankPng(1440, 3000),
  }
  for (const [name, capture] of Object.entries(captures)) {
    const times: number[] = []
    let score = 0
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now()
      score = (await scoreCapture({ design, capture })).score
      times.push(performance.now() - started)
    }
    console.log(`one 1440 × 3000 score, capture ${name}: median ${ms(median(times))} (score ${score})`)
  }
}

async function audits() {
  const fixture = await startFixtureServer({ '/': landingPage() })
  const pool = createBrowserPool()
  try {
    const allowLoopback = { ports: [fixture.port] }
    const url = `${fixture.origin}/`
    const plain: number[] = []
    const audited: number[] = []
    const axeDesktop: number[] = []
    const axeMobile: number[] = []
    const documents: number[] = []
    const html: number[] = []
    const lighthouse: number[] = []
    const lighthousePeaks: number[] = []
    let scores = ''
    // A warm-up: the first run loads axe, html-validate and Lighthouse's code.
    for (let run = -1; run < RUNS; run++) {
      let started = performance.now()
      await captureSite(pool, { url, allowLoopback })
      const plainMs = performance.now() - started
      started = performance.now()
      const site = await captureSite(pool, {
        url,
        allowLoopback,
        audits: { axe: ['desktop', 'mobile'], documents: true },
      })
      const auditedMs = performance.now() - started
      started = performance.now()
      const validated = await validateHtml(site.documents)
      const htmlMs = performance.now() - started
      if (validated.status !== 'done') throw new Error(`html-validate: ${validated.reason}`)
      started = performance.now()
      const { result, peakMb } = await withPeakMemory(() => runLighthouse({ url, allowLoopback }))
      const lighthouseMs = performance.now() - started
      lighthousePeaks.push(peakMb)
      if (result.audit.status !== 'done') throw new Error(`Lighthouse: ${result.audit.reason}`)
      scores = Object.entries(result.audit.scores)
        .map(([category, score]) => `${category} ${score}`)
        .join(', ')
      if (run < 0) continue
      plain.push(plainMs)
      audited.push(auditedMs)
      axeDesktop.push(site.timings['desktop.axe'] ?? Number.NaN)
      axeMobile.push(site.timings['mobile.axe'] ?? Number.NaN)
      documents.push(site.timings['desktop.documents'] ?? Number.NaN)
      html.push(htmlMs)
      lighthouse.push(lighthouseMs)
    }
    const line = (name: string, values: number[]) =>
      console.log(
        `  ${name.padEnd(44)} median ${ms(median(values)).padStart(8)}   runs ${values.map(ms).join(', ')}`,
      )
    console.log('what each quality audit adds to one review of the landing page:')
    line('axe, desktop page', axeDesktop)
    line('axe, mobile page', axeMobile)
    line('keeping the HTML (body, rendered DOM)', documents)
    line('html-validate', html)
    line('Lighthouse (desktop, own Chromium)', lighthouse)
    line('capture without audits (3 widths)', plain)
    line('capture with axe and the HTML (3 widths)', audited)
    console.log(`  Lighthouse scores: ${scores}`)
    console.log(
      `  peak memory while Lighthouse runs (this process, its Chromium and Lighthouse's): median ${median(lighthousePeaks.slice(1))} MB`,
    )
  } finally {
    await pool.close()
    await fixture.close()
  }
}

await fullReview()
await diffs()
await audits()
