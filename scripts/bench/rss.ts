// Measures the built server's memory: resident set size (VmRSS) once idle after its first start (which
// imports the catalogue), during and right after 20 s of load from a fixed number of concurrent requests,
// after 5 s of rest, and once idle after a restart on the same data. The load is a mix of catalogue calls,
// the health check, the HTML page and a signed-in member's /api/me and dashboard. The load runs in this
// process (Node's fetch), so on a small machine it shares the CPU with the server.
// Usage: npm run build && npm run bench:rss
//        BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:rss   (PGlite, then PostgreSQL)
// Everything runs on loopback: a fresh temporary DATA_DIR, and on PostgreSQL a fresh database
// dojo_bench_<random> that is dropped at the end. Linux only (/proc).
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'

const ROOT = new URL('../..', import.meta.url).pathname
const SERVER = join(ROOT, 'dist/server/index.js')
const LOAD_MS = Number(process.env.BENCH_LOAD_MS ?? 20_000)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20)
const REST_MS = 5000
const READY_TIMEOUT_MS = 180_000 // the first start on PGlite imports the catalogue
const IDLE_TIMEOUT_MS = 30_000
const REQUEST_TIMEOUT_MS = 10_000
const TOTAL_TIMEOUT_MS = 15 * 60_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

// What to undo, newest first, however the script ends.
const cleanups: (() => Promise<void> | void)[] = []
async function cleanUp() {
  while (cleanups.length > 0) {
    try {
      await cleanups.pop()?.()
    } catch (error) {
      console.error(`cleanup: ${(error as Error).message}`)
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    console.error(`\n${signal}: stopping`)
    void cleanUp().finally(() => process.exit(1))
  })
setTimeout(() => {
  console.error(`the benchmark did not finish within ${TOTAL_TIMEOUT_MS / 60_000} minutes`)
  void cleanUp().finally(() => process.exit(1))
}, TOTAL_TIMEOUT_MS).unref()

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

function rssBytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  if (!match) throw new Error(`no VmRSS for process ${pid}`)
  return Number(match[1]) * 1024
}

/** CPU time the process has used, in clock ticks (utime + stime of /proc/<pid>/stat). */
function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return Number(fields[11]) + Number(fields[12])
}

/** Waits until the process used under 2% of a core in each of two consecutive seconds. */
async function waitUntilIdle(pid: number): Promise<number> {
  const started = Date.now()
  let quiet = 0
  let last = cpuTicks(pid)
  while (quiet < 2 && Date.now() - started < IDLE_TIMEOUT_MS) {
    await sleep(1000)
    const now = cpuTicks(pid)
    quiet = now - last <= 2 ? quiet + 1 : 0 // 100 ticks per second
    last = now
  }
  if (quiet < 2) console.warn(`  (still busy after ${IDLE_TIMEOUT_MS / 1000} s; measuring anyway)`)
  return Date.now() - started
}

type Server = { baseUrl: string; pid: number; stop: () => Promise<void>; output: () => string }

async function startServer(databaseUrl: string | undefined, dataDir: string): Promise<Server> {
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ', 'NODE_OPTIONS', 'MALLOC_ARENA_MAX']
  const env: Record<string, string> = {
    ...Object.fromEntries(keep.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : []))),
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SIGN_IN: '100000',
    RATE_LIMIT_MUTATIONS: '100000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  }
  const child = spawn(process.execPath, [SERVER], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const alive = () => child.exitCode === null && child.signalCode === null
  const stop = async () => {
    if (!alive()) return
    child.kill('SIGTERM')
    if (await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)])) return
    child.kill('SIGKILL')
    await Promise.race([exited, sleep(5000)])
  }
  cleanups.push(stop)
  let lines: string[] = []
  const collect = (chunk: Buffer) => {
    lines = [...lines, ...chunk.toString('utf8').split('\n').filter(Boolean)].slice(-50)
  }
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)
  const output = () => lines.join('\n')
  if (!child.pid) throw new Error('the server process did not start')

  const deadline = Date.now() + READY_TIMEOUT_MS
  for (;;) {
    if (!alive()) throw new Error(`the server exited (code ${child.exitCode}):\n${output()}`)
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(3000) })
      await response.arrayBuffer()
      if (response.status === 200) return { baseUrl, pid: child.pid, stop, output }
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline)
      throw new Error(`/api/health did not answer 200 within ${READY_TIMEOUT_MS / 1000} s:\n${output()}`)
    await sleep(250)
  }
}

/** Signs in through the built-in GitHub emulator, as a browser would; returns the session cookie. */
async function signIn(baseUrl: string, login: string): Promise<string> {
  const cookies = new Map<string, string>()
  const request = async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    if (cookies.size > 0) headers.set('Cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '))
    const response = await fetch(new URL(url, baseUrl), {
      ...init,
      headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
    for (const header of response.headers.getSetCookie()) {
      const pair = header.split(';')[0] ?? ''
      const index = pair.indexOf('=')
      cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim())
    }
    const location = response.headers.get('Location')
    const body = await response.text()
    if (response.status !== 302 || !location)
      throw new Error(`sign-in: ${url} answered ${response.status}: ${body.slice(0, 200)}`)
    return new URL(location, response.url)
  }
  const authorize = await request('/auth/github')
  const form = new URLSearchParams({
    ...Object.fromEntries(
      ['client_id', 'redirect_uri', 'state', 'code_challenge', 'scope'].map((name) => [
        name,
        authorize.searchParams.get(name) ?? '',
      ]),
    ),
    login,
    decision: 'allow',
  })
  const callback = await request(`${authorize.origin}${authorize.pathname}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  })
  await request(`${callback.pathname}${callback.search}`)
  const session = cookies.get('dojo_session')
  if (!session) throw new Error(`sign-in as ${login} ended without a dojo_session cookie`)
  return `dojo_session=${session}`
}

type Load = { requests: number; errors: number; ms: number; peakRss: number; latencies: number[] }

async function runLoad(server: Server, session: string): Promise<Load> {
  const list = await fetch(`${server.baseUrl}/api/challenges`, { signal: AbortSignal.timeout(10_000) })
  const { challenges } = (await list.json()) as { challenges: { id: number; slug: string }[] }
  const [first, ...rest] = challenges
  if (!first) throw new Error('the catalogue is empty')
  const some = [first, ...rest].slice(0, 5)
  const mix: { path: string; member?: boolean }[] = [
    { path: '/api/challenges' },
    { path: '/api/challenges/count' },
    ...some.map((c) => ({ path: `/api/challenges/by-slug/${c.slug}` })),
    ...some.map((c) => ({ path: `/api/challenges/${c.id}` })),
    { path: '/api/health' },
    { path: '/' },
    { path: '/api/me', member: true },
    { path: '/api/me/dashboard', member: true },
    { path: '/api/me', member: true },
    { path: '/api/me/dashboard', member: true },
  ]

  const load: Load = { requests: 0, errors: 0, ms: 0, peakRss: rssBytes(server.pid), latencies: [] }
  const firstErrors: string[] = []
  const started = performance.now()
  const end = started + LOAD_MS
  const sampler = setInterval(() => {
    try {
      load.peakRss = Math.max(load.peakRss, rssBytes(server.pid))
    } catch {
      // The server has exited: the requests fail and say so.
    }
  }, 250)
  const worker = async (index: number) => {
    for (let i = index; performance.now() < end; i++) {
      const { path, member } = mix[i % mix.length] as (typeof mix)[number]
      const sent = performance.now()
      try {
        const response = await fetch(`${server.baseUrl}${path}`, {
          headers: member ? { Cookie: session } : {},
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        })
        await response.arrayBuffer()
        if (response.status !== 200) throw new Error(`${path} answered ${response.status}`)
      } catch (error) {
        load.errors += 1
        if (firstErrors.length < 5) firstErrors.push((error as Error).message)
      }
      load.requests += 1
      load.latencies.push(performance.now() - sent)
    }
  }
  try {
    await Promise.all(Array.from({ length: CONCURRENCY }, (_, index) => worker(index)))
  } finally {
    clearInterval(sampler)
  }
  load.ms = performance.now() - started
  for (const message of firstErrors) console.warn(`  error: ${message}`)
  return load
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1)

async function bench(label: string, databaseUrl: string | undefined) {
  console.log(`\n${label}: starting the built server…`)
  const dataDir = mkdtempSync(join(tmpdir(), 'dojo-bench-rss-'))
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
  const server = await startServer(databaseUrl, dataDir)
  const idleMs = await waitUntilIdle(server.pid)
  const idle = rssBytes(server.pid)
  const session = await signIn(server.baseUrl, 'bench-user')
  console.log(`  idle after ${idleMs} ms; ${LOAD_MS / 1000} s of load, ${CONCURRENCY} concurrent requests…`)
  const load = await runLoad(server, session)
  const afterLoad = rssBytes(server.pid)
  await sleep(REST_MS)
  const rested = rssBytes(server.pid)
  // The first start imported the catalogue (sharp, a full transaction); a restart shows the server without it.
  await server.stop()
  console.log('  restarting on the same data…')
  const restarted = await startServer(databaseUrl, dataDir)
  await waitUntilIdle(restarted.pid)
  const restartIdle = rssBytes(restarted.pid)
  const sorted = [...load.latencies].sort((a, b) => a - b)
  const percentile = (p: number) => (sorted[Math.floor((sorted.length - 1) * p)] ?? 0).toFixed(1)
  const rate = (load.requests / (load.ms / 1000)).toFixed(0)

  const rows = [
    ['phase', 'RSS MB', 'requests', 'req/s', 'errors'],
    ['idle after start', mb(idle), '-', '-', '-'],
    ['load (peak, 250 ms samples)', mb(load.peakRss), String(load.requests), rate, String(load.errors)],
    ['right after load', mb(afterLoad), '-', '-', '-'],
    [`after ${REST_MS / 1000} s idle`, mb(rested), '-', '-', '-'],
    ['idle after a restart (no import)', mb(restartIdle), '-', '-', '-'],
  ]
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? []
  console.log(`\n${label} (pid ${server.pid})`)
  for (const row of rows)
    console.log(
      row
        .map((cell, column) =>
          column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
        )
        .join('  '),
    )
  console.log(`latency ms: p50 ${percentile(0.5)}, p99 ${percentile(0.99)}, max ${percentile(1)}`)
  await cleanUp() // this run's server and data folder
}

async function withBenchDatabase(adminUrl: string, run: (url: string) => Promise<void>) {
  const name = `dojo_bench_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 })
  await admin.connect()
  try {
    await admin.query(`create database ${name}`)
    cleanups.push(() => admin.query(`drop database if exists ${name} with (force)`).then(() => {}))
    const url = new URL(adminUrl)
    url.pathname = `/${name}`
    await run(url.toString())
  } finally {
    await cleanUp()
    await admin.end()
  }
}

try {
  if (!existsSync(SERVER) || !existsSync(join(ROOT, 'dist/web/index.html'))) {
    console.error(
      'The built server is missing (dist/server/index.js or dist/web): run `npm run build` first.',
    )
    process.exitCode = 1
  } else if (process.platform !== 'linux') {
    console.error('This benchmark reads /proc: run it on Linux.')
    process.exitCode = 1
  } else {
    await bench('PGlite', undefined)
    const adminUrl = process.env.BENCH_DATABASE_URL
    if (adminUrl) await withBenchDatabase(adminUrl, (url) => bench('PostgreSQL', url))
  }
} catch (error) {
  console.error((error as Error).message)
  process.exitCode = 1
} finally {
  await cleanUp()
}
