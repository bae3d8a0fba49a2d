// `npm test`: lint, typecheck, unit and API tests (Vitest), the score's calibration set, fault tests
// (Vitest, real processes) beside the catalogue check, then browser tests (Playwright) against a fresh
// build. Ends with one line "N passed, N failed" that counts every test of every runner.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'

const reports = mkdtempSync(join(tmpdir(), 'dojo-test-reports-'))
const vitestReport = join(reports, 'vitest.json')
const calibrationReport = join(reports, 'calibration.json')
const faultsReport = join(reports, 'faults.json')
const playwrightReport = join(reports, 'playwright.json')
// 'unit', 'calibration', 'faults', 'content' or 'e2e' runs just that part; several may be named, comma-separated.
const parts = process.argv[2]?.split(',')
const runs = (part) => !parts || parts.includes(part)

/** Steps that ended badly, each with why, named again beside the totals: CI keeps only the end. */
const failedSteps = []

/**
 * The lines of a step's output that say what failed: the catalogue check's "✗" lines with the problems
 * indented under them, the files Biome or tsc found fault with, or Vitest's unhandled errors; otherwise
 * the step's last lines.
 */
function failureLines(text) {
  const lines = text.split('\n')
  const kept = []
  let inReport = false
  for (const line of lines) {
    if (line.startsWith('✗ ')) inReport = true
    else if (!line.startsWith('    ')) inReport = false
    if (inReport) kept.push(line)
  }
  if (kept.length > 0) return kept.slice(0, 40)
  // Biome names each file it faults in a header line; tsc writes "file(line,col): error TS…".
  const named = lines.filter((line) => /^\S+\.\w+ .*━━━/.test(line) || /: error TS\d+:/.test(line))
  if (named.length > 0) return named.slice(0, 40).map((line) => line.replace(/ ━+$/, ''))
  const unhandled = lines.findIndex((line) => /Unhandled (Errors?|Rejection)/.test(line))
  if (unhandled >= 0) return lines.slice(unhandled, unhandled + 12).filter((line) => line.trim() !== '')
  return lines.filter((line) => line.trim() !== '').slice(-3)
}

/**
 * Runs a step; resolves true when it exits 0. Its output goes straight through, or, `aside` (beside
 * another step), is kept and printed whole when it ends, so that the two steps' lines do not mix. A
 * failed step is named again in the summary with the lines that say why.
 */
function step(title, command, args, { env = {}, aside = false } = {}) {
  if (!aside) console.log(`\n▶ ${title}`)
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } })
    const output = []
    const keep = (into) => (chunk) => {
      output.push(chunk)
      if (!aside) into.write(chunk)
    }
    child.stdout.on('data', keep(process.stdout))
    child.stderr.on('data', keep(process.stderr))
    child.on('close', (status, signal) => {
      const text = Buffer.concat(output).toString()
      if (aside) {
        console.log(`\n▶ ${title} (ran beside the step above)`)
        process.stdout.write(text)
      }
      if (status !== 0) {
        const why = signal ? `killed by ${signal}` : `exit ${status}`
        failedSteps.push({ title, why, lines: failureLines(text) })
      }
      resolve(status === 0)
    })
  })
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return null
  }
}

let ok = true
if (!parts) {
  ok = (await step('lint', 'npx', ['biome', 'check', '.'])) && ok
  ok = (await step('typecheck', 'npx', ['tsc', '--noEmit'])) && ok
}
if (runs('unit')) {
  ok =
    (await step('unit and API tests', 'npx', [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestReport}`,
    ])) && ok
}
// The score's calibration set captures 66 pages at three widths: alone, so no other load slows them.
if (runs('calibration')) {
  ok =
    (await step('score calibration', 'npx', [
      'vitest',
      'run',
      '--config',
      'vitest.calibration.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${calibrationReport}`,
    ])) && ok
}
// The fault tests run one file at a time and mostly wait (on a paused database, a killed process, a
// timeout): they use about a quarter of two cores. The catalogue check keeps the rest busy meanwhile.
const faults = runs('faults')
const content = runs('content')
// The real server as a child process under faults: a paused or stopped PostgreSQL (a private cluster),
// kill -9, huge bodies, leaked descriptors. One file at a time (vitest.faults.config.ts).
const faultsArgs = [
  'vitest',
  'run',
  '--config',
  'vitest.faults.config.ts',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${faultsReport}`,
]
// Every challenge folder valid, its zip as listed, its images fresh from its reference, axe-clean.
const contentArgs = ['tsx', 'scripts/content-check/index.ts']
if (faults && content) {
  const [faultsOk, contentOk] = await Promise.all([
    step('fault tests', 'npx', faultsArgs),
    step('catalogue check', 'npx', contentArgs, { aside: true }),
  ])
  ok = faultsOk && contentOk && ok
} else if (faults) {
  ok = (await step('fault tests', 'npx', faultsArgs)) && ok
} else if (content) {
  ok = (await step('catalogue check', 'npx', contentArgs)) && ok
}
if (runs('e2e')) {
  ok = (await step('build', 'npm', ['run', '--silent', 'build'])) && ok
  ok =
    (await step('browser tests', 'npx', ['playwright', 'test', '--reporter=list,json'], {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
    })) && ok
}

const vitestRuns = [readJson(vitestReport), readJson(calibrationReport), readJson(faultsReport)]
const playwright = readJson(playwrightReport)
const sum = (field) => vitestRuns.reduce((total, run) => total + (run?.[field] ?? 0), 0)
const passed = sum('numPassedTests') + (playwright?.stats?.expected ?? 0) + (playwright?.stats?.flaky ?? 0)
const failed = sum('numFailedTests') + (playwright?.stats?.unexpected ?? 0)
const skipped = sum('numPendingTests') + sum('numTodoTests') + (playwright?.stats?.skipped ?? 0)
// In CI every test runs: one skipped for want of Chromium, PostgreSQL or Redis is a guarantee not
// checked (tests/support/requirements.ts fails such a file in CI already; this catches any other skip).
const ci = Boolean(process.env.CI) && process.env.CI !== 'false' && process.env.CI !== '0'
const skipFails = ci && skipped > 0
if (skipFails) console.log(`\n${skipped} test(s) were skipped: in CI every test must run.`)
// CI keeps only the end of the output: name each failed test again here, beside the totals.
const failedNames = [
  ...vitestRuns.flatMap((run) =>
    (run?.testResults ?? []).flatMap((file) => {
      const tests = (file.assertionResults ?? []).filter((test) => test.status === 'failed')
      const name = relative(process.cwd(), file.name)
      // A file can fail with none of its tests failed: it did not load, or a hook threw.
      if (tests.length === 0 && file.status === 'failed')
        return [`${name}: ${String(file.message ?? '').split('\n')[0]}`]
      return tests.map((test) => `${name} › ${test.fullName}`)
    }),
  ),
  ...playwrightFailures(playwright?.suites ?? []),
]
function playwrightFailures(suites, titles = []) {
  return suites.flatMap((suite) => {
    const path = suite.title ? [...titles, suite.title] : titles
    const own = (suite.specs ?? [])
      .filter((spec) => !spec.ok)
      .map((spec) => [...path, spec.title].join(' › '))
    return [...own, ...playwrightFailures(suite.suites ?? [], path)]
  })
}
if (failedNames.length > 0) {
  console.log('\nFailed:')
  for (const name of failedNames) console.log(`  ✘ ${name}`)
}
if (failedSteps.length > 0) {
  console.log('\nSteps that failed:')
  for (const { title, why, lines } of failedSteps) {
    console.log(`  ✘ ${title} (${why})`)
    for (const line of lines) console.log(`      ${line}`)
  }
}
if (!ok && failed === 0) console.log('\nA step failed before or outside the test runners (named above).')
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(ok && failed === 0 && !skipFails ? 0 : 1)
