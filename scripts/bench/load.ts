/**
 * What the benches that load the built server over HTTP share (`npm run bench`, `npm run bench:scale`):
 * the bundle they start, the environment they hand it, and one bounded autocannon load reduced to the
 * figures they print. Loopback only.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { PROJECT_ROOT } from '#server/project-root.ts'

export const BUILT_SERVER = join(PROJECT_ROOT, 'dist', 'server', 'index.js')

/** The built server's entry; exits with a word on what to do when `npm run build` has not run. */
export function requireBuiltServer(): string {
  if (!existsSync(BUILT_SERVER)) {
    console.error('The server is not built: run `npm run build` first.')
    process.exit(1)
  }
  return BUILT_SERVER
}

/**
 * The server's environment beside what startServer sets: errors only in its log, and NODE_OPTIONS and
 * MALLOC_ARENA_MAX passed on, so V8 and allocator settings can be measured.
 */
export function benchServerEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    LOG_LEVEL: 'error',
    ...Object.fromEntries(
      ['NODE_OPTIONS', 'MALLOC_ARENA_MAX'].flatMap((name) =>
        process.env[name] ? [[name, process.env[name] as string]] : [],
      ),
    ),
    ...extra,
  }
}

export type Measure = {
  rps: number
  requests: number
  p50: number
  p99: number
  errors: number
  non2xx: number
}

/** `connections` connections on `url` for `seconds`, as autocannon counts them. */
export async function measure(
  url: string,
  options: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<Measure> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers ?? {},
  })
  return {
    rps: result.requests.average,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
}

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim())

/**
 * The CPU time the process has used so far, in milliseconds (user and system, /proc/<pid>/stat): what a
 * route costs the server itself, which the machine's other work does not inflate as it does latency.
 */
export function cpuMs(pid: number): number {
  // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th of them.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS) * 1000
}
