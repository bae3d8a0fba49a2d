import { execFile, execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '#tests/support/server-process.ts'

/**
 * A PostgreSQL cluster of one test file's own, on a free port of 127.0.0.1, that the test may pause,
 * stop and start at will (the shared server on 5432 is never touched). Every wait is bounded.
 * As root, the PostgreSQL programs run as the `postgres` user (initdb refuses root).
 */
export type PrivatePostgres = {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string
  port: number
  dir: string
  /** SIGSTOP the postmaster and all its children: connections open but nothing answers. */
  pause(): void
  /** SIGCONT them again. */
  resume(): void
  /** `pg_ctl stop -m fast`: connections refused. */
  stop(): Promise<void>
  /** Starts it again on the same port. */
  start(): Promise<void>
  /** Always safe: resumes, stops (or kills), removes the directory. Call it in afterAll. */
  destroy(): Promise<void>
}

const COMMAND_TIMEOUT_MS = 60_000
const asRoot = process.getuid?.() === 0
const live = new Set<PrivatePostgres>()

/** The newest /usr/lib/postgresql/<version>/bin with initdb, or PG_BIN. */
export function postgresBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a))
    : []
  if (!versions[0])
    throw new Error(
      'PostgreSQL server programs (initdb, pg_ctl) were not found in /usr/lib/postgresql/<version>/bin: install the postgresql package or set PG_BIN.',
    )
  return join(root, versions[0], 'bin')
}

function run(bin: string, program: string, args: string[]): Promise<string> {
  const [command, commandArgs] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]]
    : [join(bin, program), args]
  return new Promise((resolve, reject) => {
    execFile(command, commandArgs, { timeout: COMMAND_TIMEOUT_MS, cwd: '/' }, (error, stdout, stderr) => {
      if (error)
        reject(new Error(`${program} ${args.join(' ')} failed: ${error.message}\n${stdout}\n${stderr}`))
      else resolve(stdout)
    })
  })
}

function childrenOf(pid: number): number[] {
  const children: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces, so read after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid === pid) children.push(Number(entry))
    } catch {
      // The process ended while we looked.
    }
  }
  return children
}

function signal(pid: number, name: NodeJS.Signals) {
  try {
    process.kill(pid, name)
  } catch {
    // Already gone.
  }
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir()
  const dir = mkdtempSync(join(tmpdir(), 'dojo-pg-'))
  const dataDir = join(dir, 'data')
  const logFile = join(dir, 'postgres.log')
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    chownSync(dir, uid, gid)
  }
  await run(bin, 'initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ])
  const port = await freePort()
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  let paused: number[] = []

  const postmasterPid = (): number | null => {
    try {
      const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0])
      return Number.isInteger(pid) && pid > 0 ? pid : null
    } catch {
      return null
    }
  }

  const cluster: PrivatePostgres = {
    url,
    port,
    dir,
    pause() {
      const pid = postmasterPid()
      if (!pid) throw new Error('the private PostgreSQL is not running')
      // The postmaster first, so it forks nothing new while its children are being stopped.
      signal(pid, 'SIGSTOP')
      const children = childrenOf(pid)
      for (const child of children) signal(child, 'SIGSTOP')
      paused = [pid, ...children]
    },
    resume() {
      for (const pid of [...paused].reverse()) signal(pid, 'SIGCONT')
      paused = []
    },
    async start() {
      await run(bin, 'pg_ctl', [
        'start',
        '-D',
        dataDir,
        '-l',
        logFile,
        '-w',
        '-t',
        '30',
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`,
      ])
    },
    async stop() {
      cluster.resume()
      await run(bin, 'pg_ctl', ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '30'])
    },
    async destroy() {
      live.delete(cluster)
      cluster.resume()
      if (postmasterPid() !== null) {
        await cluster.stop().catch(() => {
          const pid = postmasterPid()
          if (pid) signal(pid, 'SIGKILL')
        })
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
  live.add(cluster)
  try {
    await cluster.start()
  } catch (error) {
    await cluster.destroy()
    throw error
  }
  return cluster
}

// A test process that ends without afterAll (a crash, a timeout) still leaves no cluster behind.
process.once('exit', () => {
  for (const cluster of live) {
    cluster.resume()
    try {
      const pid = Number(readFileSync(join(cluster.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0])
      if (pid > 0) signal(pid, 'SIGQUIT')
    } catch {
      // Not running.
    }
  }
})
