// `npm test`: lint, typecheck, unit and API tests (Vitest), the score's calibration set, fault tests
// (Vitest, real processes) beside the catalogue check, then browser tests (Playwright) against a fresh
// build. Ends with one line "N passed, N failed" that counts every test of every runner.
import { spawn, spawnSync } from 'node:child_process'
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

function step(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`)
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  return result.status === 0
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
  ok = step('lint', 'npx', ['biome', 'check', '.']) && ok
  ok = step('typecheck', 'npx', ['tsc', '--noEmit']) && ok
}
if (runs('unit')) {
  ok =
    step('unit and API tests', 'npx', [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestReport}`,
    ]) && ok
}
// The score's calibration set captures 66 pages at three widths: alone, so no other load slows them.
if (runs('calibration')) {
  ok =
    step('score calibration', 'npx', [
      'vitest',
      'run',
      '--config',
      'vitest.calibration.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${calibrationReport}`,
    ]) && ok
}
/**
 * Runs a step beside another one. Its output goes straight through when `aside` is false; otherwise it
 * is kept and printed whole when the step ends, so that the two steps' lines do not mix.
 */
function stepBeside(title, command, args, aside) {
  if (!aside) console.log(`\n▶ ${title}`)
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: ['ignore', aside ? 'pipe' : 'inherit', aside ? 'pipe' : 'inherit'],
    })
    const output = []
    child.stdout?.on('data', (chunk) => output.push(chunk))
    child.stderr?.on('data', (chunk) => output.push(chunk))
    child.on('close', (status) => {
      if (aside) {
        console.log(`\n▶ ${title} (ran beside the step above)`)
        process.stdout.write(Buffer.concat(output))
      }
      resolve(status === 0)
    })
  })
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
    stepBeside('fault tests', 'npx', faultsArgs, false),
    stepBeside('catalogue check', 'npx', contentArgs, true),
  ])
  ok = faultsOk && contentOk && ok
} else if (faults) {
  ok = step('fault tests', 'npx', faultsArgs) && ok
} else if (content) {
  ok = step('catalogue check', 'npx', contentArgs) && ok
}
if (runs('e2e')) {
  ok = step('build', 'npm', ['run', '--silent', 'build']) && ok
  ok =
    step('browser tests', 'npx', ['playwright', 'test', '--reporter=list,json'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
    }) && ok
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
    (run?.testResults ?? []).flatMap((file) =>
      (file.assertionResults ?? [])
        .filter((test) => test.status === 'failed')
        .map((test) => `${relative(process.cwd(), file.name)} › ${test.fullName}`),
    ),
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
if (!ok && failed === 0) console.log('\nA step failed before or outside the test runners (see above).')
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(ok && failed === 0 && !skipFails ? 0 : 1)
