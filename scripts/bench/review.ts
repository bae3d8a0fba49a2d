// `npm run bench:review`: what a submission review (docs/product.md §10) costs on this machine. Times,
// over a few runs each: one full review of a fixture landing page (capture at the three widths through
// the egress proxy, the designs rendered by the same Chromium, and the three scores), and one
// 1440 × 3000 score against a detailed design for a capture 2 px lower, a rearranged one and a blank one,
// and what a page 20 px lower adds: its pixels measured again along its rows (decision 023).
// With the full review, its element step (docs/decisions/021-element-review.md: the capture's elements
// matched with the design's, the findings and the agreement, at the three widths, and the pixels along the
// page's rows where its elements moved; goal under 1 s).
// Then what each quality audit (docs/product.md §10, quality report) adds to a review of that page: axe
// at desktop and mobile (on the open page, after its screenshot), keeping and validating the HTML, and
// Lighthouse (desktop, its own Chromium behind its own egress proxy).
// Everything on loopback: the fixture is served on 127.0.0.1 and allowed for this run only.
// Usage: npm run bench:review   (needs Debian's chromium; CHROMIUM_PATH to use another)
//
// Soak mode: npm run bench:review -- --soak 60   (or BENCH_SOAK=60) runs only this: N full reviews of the
// landing page through the review engine the server uses (engine-process.ts: a child process with the
// memory limit, its Chromium, the design renders, scores and audits, Lighthouse on as the server has it
// by default; REVIEW_LIGHTHOUSE=off leaves it out; docs/decisions/013-review-engine-process.md has the
// times measured), one after the other, the designs handed over and the answers received as the server
// does (no database). BENCH_TIMINGS=1 also prints each review's steps in ms, as the engine timed them.
// It reports this (parent) process's idle RSS after the first review and after the last, each after a
// 3 s settle and a full garbage collection (a server's idle memory is what its collector leaves), their
// ratio (goal: within 10 %), the child tree's peak (PSS, sampled every 250 ms) and the time per review.
// Bounded: the whole soak stops after SOAK_TIMEOUT_MS.

import { readdirSync, readFileSync } from 'node:fs'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { scoreWithElements } from '#server/review/breakpoint-score.ts'
import { createBrowserPool } from '#server/review/browser-pool.ts'
import { captureSite, renderDesign } from '#server/review/capture.ts'
import { createReviewEngine } from '#server/review/engine-process.ts'
import { validateHtml } from '#server/review/quality/html.ts'
import { runLighthouse } from '#server/review/quality/lighthouse.ts'
import { measuresAlongRows, scoreCapture } from '#server/review/score.ts'
import { REVIEW_BREAKPOINTS } from '#shared/review.ts'
import { landingPage, startFixtureServer } from '#tests/support/capture-fixtures.ts'
import { blankPng, pagePng } from '#tests/support/score-fixtures.ts'

const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const soakArg = process.argv.indexOf('--soak')
const SOAK = Number(soakArg >= 0 ? process.argv[soakArg + 1] : (process.env.BENCH_SOAK ?? 0))
const SOAK_LIGHTHOUSE = process.env.REVIEW_LIGHTHOUSE !== 'off'
/** BENCH_TIMINGS=1: each soak review's steps (ms), as the engine and its capture timed them. */
const SOAK_TIMINGS = process.env.BENCH_TIMINGS === '1'
/** A review with Lighthouse takes ~55 s on an idle machine: the soak's bound leaves far more per review. */
const SOAK_TIMEOUT_MS = Math.max(10 * 60_000, SOAK * (SOAK_LIGHTHOUSE ? 150_000 : 100_000))
const TOTAL_TIMEOUT_MS = SOAK > 0 ? SOAK_TIMEOUT_MS : 10 * 60_000

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
    const elementTimes: number[] = []
    let findings = 0
    let scores: number[] = []
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now()
      const { result: site, peakMb } = await withPeakMemory(() =>
        captureSite(pool, { url: `${fixture.origin}/shifted`, allowLoopback }),
      )
      peaks.push(peakMb)
      scores = []
      let elementsMs = 0
      findings = 0
      for (const capture of site.captures) {
        const design = reference.captures.find((c) => c.breakpoint === capture.breakpoint)
        if (!design) throw new Error(`no design for ${capture.breakpoint}`)
        const rendered = await renderDesign(pool, { png: design.png, width: design.width })
        const pixel = await scoreCapture({ design: rendered, capture: capture.png })
        // The element step as the engine runs it, the reference's elements standing for the design's.
        const elementsStarted = performance.now()
        const scored = await scoreWithElements(pixel, {
          breakpoint: capture.breakpoint,
          design: rendered,
          capture: capture.png,
          designElements: design.elements,
          pageElements: capture.elements,
        })
        elementsMs += performance.now() - elementsStarted
        if (!scored.elements) throw new Error(`no elements at ${capture.breakpoint}`)
        scores.push(scored.score)
        findings += scored.elements.findings.length
      }
      elementTimes.push(elementsMs)
      times.push(performance.now() - started)
    }
    console.log(
      `one full review (3 widths, designs rendered, scored): median ${ms(median(times))}, runs ${times.map(ms).join(', ')}; scores ${scores.join(' / ')}`,
    )
    console.log(
      `  its element step (3 widths: match, findings, agreement, pixels along the page's rows; goal under 1 s): median ${ms(median(elementTimes))}, runs ${elementTimes.map(ms).join(', ')}; ${findings} findings`,
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
  // What a page that is all there a little lower adds: its pixels measured again along its rows.
  const lower = await pagePng({ width: 1440, height: 3000, dy: 20 })
  const times: number[] = []
  let measured = 0
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now()
    measured = (await measuresAlongRows({ design, capture: lower, rows: [{ y: 0, dy: 20 }] }))?.score ?? 0
    times.push(performance.now() - started)
  }
  console.log(
    `one 1440 × 3000 page 20 px lower, measured again along its rows (added to its score): median ${ms(median(times))} (${measured})`,
  )
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

/** A full collection, as `--expose-gc` would allow, without asking for the flag on the command line. */
function collectGarbage() {
  setFlagsFromString('--expose-gc')
  ;(runInNewContext('gc') as () => void)()
}

/** The JavaScript heap in use and the buffers outside it (MB), read with the last idle RSS. */
let lastHeap = { used: 0, external: 0 }

/**
 * This process's RSS (MB) after `settleMs` and a full collection: what an idle server holds. The heap
 * and the buffers are kept beside it (`lastHeap`): RSS that grows while they do not is memory the
 * allocator holds on to, not objects kept alive.
 */
async function idleRss(settleMs = 3000): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, settleMs))
  collectGarbage()
  const usage = process.memoryUsage()
  lastHeap = {
    used: Math.round(usage.heapUsed / 1024 / 1024),
    external: Math.round(usage.external / 1024 / 1024),
  }
  return Math.round(usage.rss / 1024 / 1024)
}
const heapNow = () => `heap ${lastHeap.used} MB, buffers ${lastHeap.external} MB`

async function soak(count: number) {
  const fixture = await startFixtureServer({ '/': landingPage() })
  const peaks: number[] = []
  const idles: number[] = []
  let children = 0
  const engine = createReviewEngine({
    onEvent: (event) => {
      if (event.type === 'started') children += 1
      if (event.type === 'reviewed') {
        peaks.push(Math.round(event.peakBytes / 1024 / 1024))
        idles.push(Math.round(event.idleBytes / 1024 / 1024))
      }
    },
  })
  try {
    const designs = await Promise.all(
      REVIEW_BREAKPOINTS.map(async ({ breakpoint, width }) => ({
        breakpoint,
        image: await pagePng({ width, height: 1200 }),
      })),
    )
    const times: number[] = []
    let afterFirst = 0
    let heapAfterFirst = ''
    for (let run = 0; run < count; run++) {
      const started = performance.now()
      const result = await engine.run({
        url: `${fixture.origin}/`,
        allowLoopback: { ports: [fixture.port] },
        audits: { axe: true, html: true, lighthouse: SOAK_LIGHTHOUSE },
        designs,
      })
      times.push(performance.now() - started)
      if (SOAK_TIMINGS)
        console.log(`  review ${run + 1}: ${JSON.stringify({ ...result.timings, ...result.site.timings })}`)
      if (SOAK_LIGHTHOUSE && result.quality.lighthouse.status !== 'done')
        throw new Error(`Lighthouse: ${JSON.stringify(result.quality.lighthouse)}`)
      if (run === 0) {
        afterFirst = await idleRss()
        heapAfterFirst = heapNow()
      }
      // Every ten: the same idle figure, so a soak cut short still says how the memory went.
      if ((run + 1) % 10 === 0 && run + 1 < count)
        console.log(
          `  ${run + 1} reviews: median ${ms(median(times))}, parent idle RSS ${await idleRss()} MB (${heapNow()}), child peak so far ${Math.max(...peaks)} MB`,
        )
    }
    const afterLast = await idleRss()
    const total = times.reduce((sum, t) => sum + t, 0)
    console.log(
      `soak: ${count} reviews (Lighthouse ${SOAK_LIGHTHOUSE ? 'on' : 'off'}, memory limit ${engine.memoryLimitMb} MB) in ${Math.round(total / 1000)} s`,
    )
    console.log(
      `  time per review: median ${ms(median(times))}, first ${ms(times[0] ?? 0)}, slowest ${ms(Math.max(...times))}`,
    )
    console.log(
      `  parent idle RSS (3 s settle, full GC): after the first ${afterFirst} MB (${heapAfterFirst}), after the last ${afterLast} MB (${heapNow()}), ratio ${(afterLast / afterFirst).toFixed(3)}`,
    )
    console.log(
      `  child tree (PSS): peak ${Math.max(...peaks)} MB (median of the reviews' peaks ${median(peaks)} MB); right after a review ${Math.min(...idles)}-${Math.max(...idles)} MB; children started ${children}`,
    )
  } finally {
    await engine.close()
    await fixture.close()
  }
}

if (SOAK > 0) {
  await soak(SOAK)
} else {
  await fullReview()
  await diffs()
  await audits()
}
