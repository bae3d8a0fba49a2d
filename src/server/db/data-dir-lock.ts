import { createHash } from 'node:crypto'
import { mkdirSync, realpathSync, rmSync } from 'node:fs'
import { connect, createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** What the lock holder answers on a connection, so that a second process can name it. */
const GREETING = 'frontend-dojo'
/** How long a second process waits for the holder's pid before refusing without it. */
const ASK_TIMEOUT_MS = 2000
/** How long a name that is bound but refuses connections may take to settle (see below). */
const SETTLE_MS = 2000
/** Longest Unix socket path every platform accepts (sun_path is 104 bytes on macOS, 108 on Linux). */
const MAX_SOCKET_PATH = 100

export type LockOptions = {
  /**
   * `abstract`: a Linux abstract socket (no file; the kernel frees the name when the process dies).
   * `file`: a socket file in the data folder (elsewhere). Chosen by platform; tests may force one.
   */
  kind?: 'abstract' | 'file'
}

/**
 * PGlite keeps its database inside one process: a second process on the same files would corrupt
 * them. The first process to start takes this lock; the second stops with a clear sentence.
 *
 * The lock is a listening Unix socket named after the folder's real path, so the kernel releases it
 * with the process, however the process ends (kill -9 included, before its parent reaps it): there is
 * no pid to trust and nothing to go stale. On Linux the name is in the abstract namespace (binding it
 * is atomic, no file; a name still bound but refusing connections is waited for, at most SETTLE_MS);
 * on Windows it is a named pipe; elsewhere it is a socket file in the folder, where a file nobody
 * listens on any more (a refused connection) is removed and the bind tried once more. The holder
 * answers a connection with its pid. The socket does not keep the process alive.
 */
export async function lockDataDir(dataDir: string, options: LockOptions = {}): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true })
  const realDir = realpathSync(dataDir)
  const hash = createHash('sha256').update(realDir).digest('hex')
  const kind = options.kind ?? (process.platform === 'linux' ? 'abstract' : 'file')
  const address =
    process.platform === 'win32'
      ? `\\\\.\\pipe\\frontend-dojo-${hash}`
      : kind === 'abstract'
        ? `\0frontend-dojo:${hash}`
        : socketFilePath(realDir, hash)
  const canBeStale = process.platform !== 'win32' && kind === 'file'

  const settleBy = Date.now() + SETTLE_MS
  for (let attempt = 0; ; attempt++) {
    const server = createServer((socket) => {
      socket.on('error', () => {})
      socket.unref()
      socket.end(`${GREETING} ${process.pid}\n`)
    })
    server.on('error', () => {})
    try {
      await listen(server, address)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error
      const holder = await askHolder(address)
      if (holder.state === 'held') throw inUse(dataDir, holder.pid)
      if (holder.state === 'free' && canBeStale && attempt === 0) {
        // A socket file left by a process that died: nobody listens on it any more.
        rmSync(address, { force: true })
      } else {
        // Bound but refusing, or closed without an answer: a holder that is ending (a killed process's
        // other threads close the socket a few milliseconds after it shows as a zombie) or starting
        // (between bind and listen). Either settles within moments.
        if (Date.now() > settleBy) throw inUse(dataDir, undefined)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      continue
    }
    server.unref()
    // The lock replaces an older pid file; one left behind must not confuse anyone.
    rmSync(join(dataDir, 'server.pid'), { force: true })
    let released: Promise<void> | undefined
    return () => {
      // Closing the socket frees the name (and, for a socket file, removes the file).
      released ??= new Promise((resolve) => server.close(() => resolve()))
      return released
    }
  }
}

function socketFilePath(realDir: string, hash: string): string {
  const inFolder = join(realDir, 'server.sock')
  return Buffer.byteLength(inFolder) <= MAX_SOCKET_PATH
    ? inFolder
    : join(tmpdir(), `frontend-dojo-${hash.slice(0, 32)}.sock`)
}

function listen(server: Server, address: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error)
    server.once('error', onError)
    server.listen(address, () => {
      server.off('error', onError)
      resolve()
    })
  })
}

type Holder = { state: 'held'; pid?: number } | { state: 'free' } | { state: 'unsure' }

/**
 * Connects to the lock's address. `held`: the holder answered (or is too busy to, within
 * ASK_TIMEOUT_MS); `free`: refused, nobody listens; `unsure`: accepted, then closed without an answer.
 */
function askHolder(address: string): Promise<Holder> {
  return new Promise((resolve) => {
    let answer = ''
    const socket = connect(address)
    const done = (result: Holder) => {
      socket.destroy()
      resolve(result)
    }
    const fromAnswer = (): Holder => {
      const match = new RegExp(`^${GREETING} (\\d+)\\n`).exec(answer)
      return match ? { state: 'held', pid: Number(match[1]) } : { state: 'unsure' }
    }
    socket.setTimeout(ASK_TIMEOUT_MS, () => done({ state: 'held' }))
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8')
      if (answer.includes('\n') || answer.length > 100) done(fromAnswer())
    })
    socket.on('end', () => done(fromAnswer()))
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') done({ state: 'free' })
      else if (error.code === 'ECONNRESET' || error.code === 'EPIPE') done({ state: 'unsure' })
      else done({ state: 'held' })
    })
  })
}

function inUse(dataDir: string, pid: number | undefined): Error {
  return new Error(
    `DATA_DIR ${dataDir} is in use by another Frontend Dojo process${pid ? ` (pid ${pid})` : ''}. Stop it, or set DATA_DIR to another folder or DATABASE_URL to a PostgreSQL server.`,
  )
}
