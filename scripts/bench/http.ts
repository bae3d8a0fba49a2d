// `npm run bench`: how close the app comes to the ceiling of this machine. It starts the built server
// (PGlite, then PostgreSQL when BENCH_DATABASE_URL is set) and a bare node:http server that answers the
// same paths with the same bytes, loads both the same way with autocannon, and prints req/s, p50/p99
// latency and the app's share of the ceiling per route, plus the server's memory. Loopback only.
//
// The ceiling moves with whatever else the machine is doing, by half at times, so the two servers
// take turns: after BENCH_WARMUP_SECONDS (2) of load each, not counted, they run BENCH_ROUNDS (3)
// rounds of BENCH_SECONDS (4) each, in alternating order, and the table gives the medians. The share
// is the median of each round's own ratio, app against the ceiling measured next to it.
// BENCH_ROUTES=me,leaderboard runs only the routes whose names contain one of the words.
// Needs `npm run build` first.
import { fork } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { PROJECT_ROOT } from '#server/project-root.ts'
import { freePort, HttpClient, type ServerProcess, startServer } from '#tests/support/server-process.ts'
import { benchServerEnv, type Measure, measure, requireBuiltServer } from './load.ts'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4)
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3))
const ROUTE_WORDS = process.env.BENCH_ROUTES?.split(',').filter(Boolean) ?? []
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2)
const BUILT_SERVER = requireBuiltServer()

type Route = { name: string; path: string; member?: boolean }

const load = (url: string, headers: Record<string, string>, seconds: number) =>
  measure(url, { connections: CONNECTIONS, seconds, headers })

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

/** The app and the ceiling in turns on one path; medians over the rounds. */
async function compare(appUrl: string, bareUrl: string, headers: Record<string, string>) {
  // A short load first, not counted, on both servers alike: the figures are for code the JIT has
  // compiled, not for its first seconds on a route.
  await load(appUrl, headers, WARMUP_SECONDS)
  await load(bareUrl, headers, WARMUP_SECONDS)
  const rounds: { app: Measure; bare: Measure }[] = []
  for (let round = 0; round < ROUNDS; round++) {
    // Alternating order, so neither server always runs right after the other's load.
    const order = round % 2 === 0 ? [appUrl, bareUrl] : [bareUrl, appUrl]
    const results = new Map<string, Measure>()
    for (const url of order) results.set(url, await load(url, headers, SECONDS))
    rounds.push({ app: results.get(appUrl) as Measure, bare: results.get(bareUrl) as Measure })
  }
  return {
    appRps: median(rounds.map((r) => r.app.rps)),
    p50: median(rounds.map((r) => r.app.p50)),
    p99: median(rounds.map((r) => r.app.p99)),
    bareRps: median(rounds.map((r) => r.bare.rps)),
    share: median(rounds.map((r) => r.app.rps / r.bare.rps)),
    shares: rounds.map((r) => r.app.rps / r.bare.rps),
    failures: rounds.reduce((sum, r) => sum + r.app.errors + r.app.non2xx, 0),
  }
}

/** Records what the app answers on each path, so the bare server can send the very same bytes. */
async function recordResponses(baseUrl: string, routes: Route[], cookie: string) {
  const recorded: Record<string, { status: number; headers: Record<string, string>; body: string }> = {}
  for (const route of routes) {
    // As autocannon asks: no encoding. (fetch would otherwise ask for gzip and hand back the body
    // decoded, under a Content-Encoding header the bare server would then repeat wrongly.)
    const response = await fetch(new URL(route.path, baseUrl), {
      headers: { 'Accept-Encoding': 'identity', ...(route.member ? { Cookie: cookie } : {}) },
      redirect: 'manual',
    })
    const headers: Record<string, string> = {}
    for (const [name, value] of response.headers) if (name !== 'content-length') headers[name] = value
    recorded[route.path] = {
      status: response.status,
      headers,
      body: Buffer.from(await response.arrayBuffer()).toString('base64'),
    }
  }
  return recorded
}

async function startBare(responses: unknown) {
  const dir = mkdtempSync(join(tmpdir(), 'dojo-bench-bare-'))
  const file = join(dir, 'responses.json')
  writeFileSync(file, JSON.stringify(responses))
  const port = await freePort()
  const child = fork(join(PROJECT_ROOT, 'scripts', 'bench', 'bare-server.mjs'), [file, String(port)], {
    stdio: 'ignore',
  })
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the bare server did not start')), 10_000)
    child.once('message', () => {
      clearTimeout(timer)
      resolve()
    })
  })
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop() {
      child.kill('SIGKILL')
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`
const pad = (value: string | number, width: number) => String(value).padStart(width)

async function benchDatabase(label: string, databaseUrl?: string) {
  let server: ServerProcess | undefined
  let bare: Awaited<ReturnType<typeof startBare>> | undefined
  try {
    server = await startServer({
      entry: BUILT_SERVER,
      ...(databaseUrl ? { databaseUrl } : {}),
      env: benchServerEnv(),
      readyTimeoutMs: 180_000,
    })
    const client = new HttpClient(server.baseUrl)
    await client.signIn('bench-member')
    const cookie = client.cookieHeader()
    const list = await client.json<{ challenges: { id: number; slug: string; category: string }[] }>(
      '/api/challenges',
    )
    const first = list.challenges[0]
    if (!first) throw new Error('the catalogue is empty')
    const allRoutes: Route[] = [
      { name: 'GET /api/challenges (list)', path: '/api/challenges' },
      {
        name: 'GET /api/challenges?category= (list by category)',
        path: `/api/challenges?category=${encodeURIComponent(first.category)}`,
      },
      {
        name: 'GET /api/challenges/by-slug/:slug',
        path: `/api/challenges/by-slug/${encodeURIComponent(first.slug)}`,
      },
      { name: 'GET /api/challenges/:id', path: `/api/challenges/${first.id}` },
      { name: 'GET / (HTML)', path: '/' },
      { name: 'GET /api/health', path: '/api/health' },
      { name: 'GET /api/me', path: '/api/me', member: true },
      { name: 'GET /api/me/dashboard', path: '/api/me/dashboard', member: true },
      { name: 'GET /api/leaderboard', path: '/api/leaderboard', member: true },
      { name: 'GET /api/users/:username (a profile)', path: '/api/users/bench-member' },
    ]
    const routes = ROUTE_WORDS.length
      ? allRoutes.filter((route) => ROUTE_WORDS.some((word) => route.name.includes(word)))
      : allRoutes
    bare = await startBare(await recordResponses(server.baseUrl, routes, cookie))
    const idleRss = server.rssBytes()
    console.log(
      `\n## ${label}: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per route and server, medians\n`,
    )
    console.log(
      '| route | app req/s | app p50 / p99 ms | bare req/s | share of ceiling (each round) | errors |',
    )
    console.log('|---|---|---|---|---|---|')
    for (const route of routes) {
      const headers: Record<string, string> = route.member ? { Cookie: cookie } : {}
      const result = await compare(`${server.baseUrl}${route.path}`, `${bare.baseUrl}${route.path}`, headers)
      const percent = (share: number) => `${(share * 100).toFixed(0)} %`
      console.log(
        `| ${route.name} | ${pad(Math.round(result.appRps), 6)} | ${result.p50} / ${result.p99} | ${pad(Math.round(result.bareRps), 6)} | ${percent(result.share)} (${result.shares.map(percent).join(', ')}) | ${result.failures} |`,
      )
    }
    console.log(`\nserver RSS: ${mb(idleRss)} at idle, ${mb(server.rssBytes())} after the load`)
  } finally {
    bare?.stop()
    await server?.destroy()
  }
}

await benchDatabase('PGlite')
const adminUrl = process.env.BENCH_DATABASE_URL
if (adminUrl) {
  const name = `dojo_bench_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  try {
    const url = new URL(adminUrl)
    url.pathname = `/${name}`
    await benchDatabase('PostgreSQL', url.toString())
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  }
}
