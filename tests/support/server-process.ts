import { spawn } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { PROJECT_ROOT } from '#server/project-root.ts'

/** A port nobody listens on right now (the kernel's choice). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The real server (`node --import tsx src/server/index.ts`) as a child process. */
export type ServerProcess = {
  baseUrl: string
  pid: number
  dataDir: string
  /** The child has not exited. */
  alive(): boolean
  /** The exit code once it has exited (null while running, or when a signal ended it). */
  exitCode(): number | null
  /** Resolves true once the child has exited, false after `ms` if it has not. */
  waitForExit(ms: number): Promise<boolean>
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`. */
  stop(graceMs?: number): Promise<void>
  /** SIGKILL, as a crash or the OOM killer would. */
  kill9(): Promise<void>
  /** stop(), then removes the data folder. */
  destroy(): Promise<void>
  /** Open file descriptors of the process (/proc/<pid>/fd). */
  openFds(): number
  /** Resident memory of the process in bytes (/proc/<pid>/status VmRSS). */
  rssBytes(): number
  /** The last lines the process wrote, for failure messages. */
  output(): string
}

export type ServerOptions = {
  /** Reuse a data folder (a restart); a new temporary one by default. */
  dataDir?: string
  /** A postgres:// URL; PGlite in dataDir when unset. */
  databaseUrl?: string
  env?: Record<string, string>
  /** The server's entry: the source by default (run through tsx), or a built bundle such as dist/server/index.js. */
  entry?: string
  /** How long to wait for /api/health 200: the first start on an empty database imports the catalogue. */
  readyTimeoutMs?: number
  /** Called with every line the process writes (stdout and stderr), for checks on its whole log. */
  onLine?: (line: string) => void
  /**
   * Start on a copy of the test run's prepared data folder (below) instead of an empty one: the start
   * still runs its migrations and its check for an empty catalogue, which find nothing to do, and
   * skips the seconds of a first start. For tests that are not about the first start, on PGlite with
   * the default catalogue: not with `databaseUrl`, a `dataDir` that holds anything, or an env that
   * changes what a first start imports or where it keeps it (PREPARED_UNLIKE).
   */
  prepared?: boolean
}

/**
 * Names the folder of a test run's prepared data folder; the run's global setup
 * (prepared-data-setup.ts) sets it. Unset (a run without that setup), a `prepared` start is a first start.
 */
export const PREPARED_DATA_ENV = 'DOJO_TEST_PREPARED_DATA'

/** Settings under which a first start imports or keeps something else than the prepared folder holds. */
const PREPARED_UNLIKE = ['CONTENT_DIR', 'PATHS_DIR', 'COMPETITIONS_DIR', 'STORAGE_URL']

/** Only what the server needs from this process's environment: no DATABASE_URL, GITHUB_* or PORT leaks in. */
function baseEnv(): Record<string, string> {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ', 'SystemRoot']
  return Object.fromEntries(
    keep.flatMap((name) => (process.env[name] ? [[name, process.env[name] as string]] : [])),
  )
}

/**
 * The wait for a first start, which imports the catalogue into an empty database (images encoded with
 * sharp, PGlite in the same process). The fault tests run beside the catalogue check's Chromium, and
 * there 120 s was once not enough; this stays under the fault tests' 240 s hook limit.
 */
const DEFAULT_READY_TIMEOUT_MS = 200_000

export async function startServer(options: ServerOptions = {}): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'dojo-fault-data-'))
  if (options.prepared) await copyPreparedDataDir(dataDir, options)
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const env: Record<string, string> = {
    ...baseEnv(),
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SIGN_IN: '100000',
    RATE_LIMIT_MUTATIONS: '100000',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  }
  const entry = options.entry ?? 'src/server/index.ts'
  const args = entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry]
  const child = spawn(process.execPath, args, {
    cwd: PROJECT_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: string[] = []
  const add = (added: string[]) => {
    if (options.onLine) for (const line of added) options.onLine(line)
    lines.push(...added)
    if (lines.length > 200) lines.splice(0, lines.length - 200)
  }
  /** A line is whole once its newline has come, or its stream has ended. */
  const keepLines = (stream: Readable | null) => {
    let partial = ''
    stream?.on('data', (chunk: Buffer) => {
      const pieces = (partial + chunk.toString('utf8')).split('\n')
      partial = pieces.pop() ?? ''
      add(pieces.filter(Boolean))
    })
    stream?.on('end', () => {
      if (partial) add([partial])
      partial = ''
    })
  }
  keepLines(child.stdout)
  keepLines(child.stderr)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const pid = child.pid
  if (!pid) throw new Error('the server process did not start')

  const alive = () => child.exitCode === null && child.signalCode === null
  const waitForExit = (ms: number) => Promise.race([exited.then(() => true), sleep(ms).then(() => false)])

  const server: ServerProcess = {
    baseUrl,
    pid,
    dataDir,
    alive,
    exitCode: () => child.exitCode,
    waitForExit,
    async stop(graceMs = 10_000) {
      if (!alive()) return
      child.kill('SIGTERM')
      if (await waitForExit(graceMs)) return
      child.kill('SIGKILL')
      if (!(await waitForExit(5000))) throw new Error(`server ${pid} did not exit after SIGKILL`)
    },
    async kill9() {
      if (!alive()) return
      child.kill('SIGKILL')
      if (!(await waitForExit(5000))) throw new Error(`server ${pid} did not exit after SIGKILL`)
    },
    async destroy() {
      await server.stop().catch(() => {})
      rmSync(dataDir, { recursive: true, force: true })
    },
    openFds: () => readdirSync(`/proc/${pid}/fd`).length,
    rssBytes() {
      const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
      if (!match) throw new Error(`no VmRSS for ${pid}`)
      return Number(match[1]) * 1024
    },
    output: () => lines.join('\n'),
  }

  const readyTimeoutMs = options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS
  const deadline = Date.now() + readyTimeoutMs
  try {
    for (;;) {
      if (!alive()) throw new Error(`the server exited (code ${child.exitCode}, signal ${child.signalCode})`)
      try {
        const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(3000) })
        await response.arrayBuffer()
        if (response.status === 200) return server
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) throw new Error(`/api/health did not answer 200 within ${readyTimeoutMs} ms`)
      await sleep(250)
    }
  } catch (error) {
    await server.stop(2000).catch(() => {})
    throw new Error(`${(error as Error).message}\n--- server output ---\n${server.output()}`)
  }
}

/**
 * Fills the empty `dataDir` with a copy of the run's prepared data folder: the whole folder a first start
 * with the default settings left (the database with every migration applied and the catalogue imported,
 * and the files the import stored). The first `prepared` start of the run makes it, a first start of
 * its own stopped cleanly; a start in another worker meanwhile waits for it.
 */
async function copyPreparedDataDir(dataDir: string, options: ServerOptions): Promise<void> {
  const unlike = PREPARED_UNLIKE.filter((name) => options.env?.[name] !== undefined)
  if (options.databaseUrl || unlike.length > 0)
    throw new Error(
      `a prepared start is on PGlite with the default catalogue, not with ${options.databaseUrl ? 'databaseUrl' : unlike.join(', ')}`,
    )
  if (readdirSync(dataDir).length > 0)
    throw new Error(`a prepared start needs an empty data folder: ${dataDir}`)
  const runDir = process.env[PREPARED_DATA_ENV]
  if (!runDir) return
  const prepared = join(runDir, 'data')
  const making = join(runDir, 'making')
  const deadline = Date.now() + DEFAULT_READY_TIMEOUT_MS
  while (!existsSync(prepared)) {
    try {
      mkdirSync(making)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      if (Date.now() > deadline)
        throw new Error(
          `no prepared data folder in ${runDir} within ${DEFAULT_READY_TIMEOUT_MS} ms: the start making it (${making}) has not ended`,
        )
      await sleep(250)
      continue
    }
    try {
      // Made meanwhile by the start that held the lock before this one.
      if (existsSync(prepared)) break
      // Inert: no review or link check runs, so the folder holds what the start itself wrote.
      const first = await startServer({
        ...(options.entry ? { entry: options.entry } : {}),
        env: { REVIEW_WORKERS: '0', LINK_CHECK_WORKERS: '0' },
      })
      await first.stop()
      if (first.exitCode() !== 0) {
        await first.destroy()
        throw new Error(
          `the start that made the prepared data folder did not exit cleanly:\n${first.output()}`,
        )
      }
      // Whole or not at all: the others wait for this name.
      renameSync(first.dataDir, prepared)
    } finally {
      rmSync(making, { recursive: true, force: true })
    }
  }
  cpSync(prepared, dataDir, { recursive: true })
}

/**
 * A browser stand-in over real HTTP: carries cookies, never follows redirects, and gives every
 * request a deadline so a hung server fails the test instead of blocking it.
 */
export class HttpClient {
  readonly cookies = new Map<string, string>()

  constructor(readonly baseUrl: string) {}

  /** Keeps the cookies that Set-Cookie headers set, and forgets those they expire. */
  storeCookies(setCookies: readonly string[]): void {
    for (const header of setCookies) {
      const [pair = '', ...attributes] = header.split(';')
      const index = pair.indexOf('=')
      const name = pair.slice(0, index).trim()
      const value = pair.slice(index + 1).trim()
      if (value === '' || attributes.some((a) => /max-age=0\b/i.test(a.trim()))) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  async request(path: string, init: RequestInit & { timeoutMs?: number; cookies?: boolean } = {}) {
    const { timeoutMs = 15_000, cookies = true, ...rest } = init
    const headers = new Headers(rest.headers)
    if (cookies && this.cookies.size > 0) headers.set('Cookie', this.cookieHeader())
    const response = await fetch(new URL(path, this.baseUrl), {
      ...rest,
      headers,
      redirect: 'manual',
      signal: rest.signal ?? AbortSignal.timeout(timeoutMs),
    })
    this.storeCookies(response.headers.getSetCookie())
    return response
  }

  /** A same-origin JSON request, as the app sends. */
  send(method: string, path: string, body: unknown = {}, timeoutMs?: number) {
    return this.request(path, {
      method,
      headers: { Origin: this.baseUrl, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      ...(timeoutMs ? { timeoutMs } : {}),
    })
  }

  async json<T = Record<string, unknown>>(path: string): Promise<T> {
    const response = await this.request(path)
    if (response.status !== 200)
      throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`)
    return (await response.json()) as T
  }

  /** Signs in through the built-in GitHub emulator, as a person in a browser would. */
  async signIn(login: string): Promise<void> {
    const start = await this.request('/auth/github')
    const authorizeUrl = new URL(await locationOf(start, 'GET /auth/github'))
    const form = new URLSearchParams({
      client_id: authorizeUrl.searchParams.get('client_id') ?? '',
      redirect_uri: authorizeUrl.searchParams.get('redirect_uri') ?? '',
      state: authorizeUrl.searchParams.get('state') ?? '',
      code_challenge: authorizeUrl.searchParams.get('code_challenge') ?? '',
      scope: authorizeUrl.searchParams.get('scope') ?? '',
      login,
      decision: 'allow',
    })
    const authorized = await this.request(`${authorizeUrl.origin}${authorizeUrl.pathname}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    })
    const callback = new URL(await locationOf(authorized, 'POST authorize'))
    const done = await this.request(`${callback.pathname}${callback.search}`)
    const landing = await locationOf(done, 'GET /auth/github/callback')
    if (!this.cookies.has('dojo_session'))
      throw new Error(`sign-in as ${login} ended on ${landing} without a session cookie`)
  }
}

async function locationOf(response: Response, what: string): Promise<string> {
  const location = response.headers.get('Location')
  const body = await response.text()
  if (response.status !== 302 || !location)
    throw new Error(`${what} answered ${response.status}, not a redirect: ${body.slice(0, 300)}`)
  return new URL(location, response.url).toString()
}
