// `npm run bench:review`: what a submission review costs on this machine (issue 10). Times, over a few
// runs each: one full review of a fixture landing page (capture at the three widths through the egress
// proxy, the designs rendered by the same Chromium, and the three scores), and one 1440 × 3000 score
// against a detailed design for a capture 2 px lower, a rearranged one and a blank one.
// Everything on loopback: the fixture is served on 127.0.0.1 and allowed for this run only.
// Usage: npm run bench:review   (needs Debian's chromium; CHROMIUM_PATH to use another)

import { captureSite, createBrowserPool, renderDesign } from '#server/review/capture.ts'
import { landingPage, startFixtureServer } from '#server/review/capture-fixtures.ts'
import { scoreCapture } from '#server/review/score.ts'
import { blankPng, pagePng } from '#server/review/score-fixtures.ts'

const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const TOTAL_TIMEOUT_MS = 10 * 60_000

setTimeout(() => {
  console.error(`the benchmark did not finish within ${TOTAL_TIMEOUT_MS / 60_000} minutes`)
  process.exit(1)
}, TOTAL_TIMEOUT_MS).unref()

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
    let scores: number[] = []
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now()
      const site = await captureSite(pool, { url: `${fixture.origin}/shifted`, allowLoopback })
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

await fullReview()
await diffs()
