import type { ChildProcess } from 'node:child_process'
import { forkServerScript } from '#server/child-script.ts'
import { CaptureError, memoryLimitError } from '#server/review/capture-errors.ts'
import type { EngineRequest, EngineResult } from '#server/review/engine-work.ts'
import { isAlive, killTree, processTree, type TreeProcess, treeMemory } from '#server/review/process-tree.ts'
import type { ReviewStage } from '#shared/review.ts'

/**
 * The review engine: a review's capture, design renders, scores and audits (engine-work.ts) run in a
 * child process of the server (engine-child.ts), never in the server itself (docs/product.md §10,
 * docs/decisions/013-review-engine-process.md). The server watches the memory of that child and of
 * everything it started (its Chromiums) and, past the limit, kills them all and fails the review with
 * a sentence that names the limit. A child that dies fails its review as retryable (or as the memory
 * failure, when its own heap ran out); one that does not answer within the review's time limit is
 * killed. A child runs one review at a time and serves the next ones until it is recycled: after
 * ENGINE_RECYCLE_AFTER reviews, when it sat idle for ENGINE_IDLE_MS, or when its idle memory grew by
 * half over what it was after its first review.
 */

/** Parent to child. */
export type ParentMessage = { type: 'review'; id: number; request: EngineRequest }
/** Child to parent. */
export type EngineMessage =
  | { type: 'stage'; id: number; stage: ReviewStage }
  | { type: 'done'; id: number; result: EngineResult }
  | { type: 'failed'; id: number; error: { name: string; message: string; code?: string } }

/**
 * The memory a review may use (MB, PSS over the child and its Chromiums) unless REVIEW_MEMORY_LIMIT_MB
 * says otherwise: one review of a plain page with Lighthouse measured about 1.14 GB with the server
 * counted in; the child's tree alone peaks lower (docs/decisions/013-review-engine-process.md).
 */
export const REVIEW_MEMORY_LIMIT_DEFAULT_MB = 1500
const MIN_LIMIT_MB = 256
const MAX_LIMIT_MB = 65_536

/**
 * A review's whole budget in the child: the capture's 180 s, three design renders of up to 30 s each,
 * the scores, and Lighthouse's 60 s with its start, with room to spare.
 */
export const ENGINE_REVIEW_TIMEOUT_MS = 360_000
/** How often the child's tree memory is read while a review runs: a page can grow fast. */
export const ENGINE_MEMORY_POLL_MS = 250
/** A child serves this many reviews, then a fresh one starts (a long-lived browser and heap grow). */
export const ENGINE_RECYCLE_AFTER = 20
/** A child whose idle memory grew by this factor over its first idle figure is replaced. */
export const ENGINE_IDLE_GROWTH = 1.5
/** A child idle this long ends, and the server holds no Chromium while no review runs. */
export const ENGINE_IDLE_MS = 60_000
/** A child asked to end (its parent disconnects) gets this long to close its browsers, then is killed. */
const ENGINE_STOP_TIMEOUT_MS = 10_000

/** The memory limit from REVIEW_MEMORY_LIMIT_MB, or the default; an invalid value is an error at start. */
export function reviewMemoryLimitMb(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.REVIEW_MEMORY_LIMIT_MB?.trim()
  if (!raw) return REVIEW_MEMORY_LIMIT_DEFAULT_MB
  const value = Number(raw)
  if (!/^\d+$/.test(raw) || value < MIN_LIMIT_MB || value > MAX_LIMIT_MB)
    throw new Error(
      `REVIEW_MEMORY_LIMIT_MB must be a whole number of MB from ${MIN_LIMIT_MB} to ${MAX_LIMIT_MB} (it is "${raw}").`,
    )
  return value
}

/** Why a child ended. */
export type EngineEndCause =
  | 'memory'
  | 'timeout'
  | 'aborted'
  | 'idle'
  | 'recycled'
  | 'grown'
  | 'closed'
  | 'died'

/** What the engine tells whoever watches it (the benchmark, the tests). */
export type EngineEvent =
  | { type: 'started'; pid: number }
  | { type: 'reviewed'; pid: number; peakBytes: number; idleBytes: number }
  | { type: 'ended'; pid: number; cause: EngineEndCause; processes: TreeProcess[]; peakBytes: number }

export type ReviewEngineOptions = {
  /** MB; default REVIEW_MEMORY_LIMIT_MB or REVIEW_MEMORY_LIMIT_DEFAULT_MB. */
  memoryLimitMb?: number
  timeoutMs?: number
  pollMs?: number
  recycleAfter?: number
  idleMs?: number
  onEvent?: (event: EngineEvent) => void
}

export type ReviewEngine = {
  readonly memoryLimitMb: number
  run(
    request: EngineRequest,
    options?: {
      signal?: AbortSignal
      onStage?: (stage: ReviewStage) => void
      /** This review's budget instead of the engine's (tests). */
      timeoutMs?: number
    },
  ): Promise<EngineResult>
  /** Ends every child (a running review fails); later runs start a new one. */
  close(): Promise<void>
}

type Child = {
  process: ChildProcess
  pid: number
  reviews: number
  busy: boolean
  /** Every process seen in its tree: one whose parent died leaves the tree but is still ours to end. */
  seen: Map<number, TreeProcess>
  peak: number
  reviewPeak: number
  /** Its tree's memory right after its first review: what later idle figures are compared with. */
  firstIdle: number
  cause: EngineEndCause | null
  ended: boolean
  exited: Promise<void>
  idleTimer: NodeJS.Timeout | undefined
}

/** Every child of every engine in this process, ended with it. */
const live = new Set<Child>()
let exitHook = false
function endAllOnExit() {
  if (exitHook) return
  exitHook = true
  process.once('exit', () => {
    for (const child of live) killTree(child.pid, [...child.seen.values()])
  })
}

const browserFailed = (cause: unknown) => {
  const error = new CaptureError(
    'browser_failed',
    'The reviewing browser failed; the review will be retried.',
  )
  error.cause = cause
  return error
}

/** The child's error as the pipeline knows it: a CaptureError keeps its code (final or retried). */
function fromChild(error: { name: string; message: string; code?: string }): Error {
  if (error.name === 'CaptureError' && error.code)
    return new CaptureError(error.code as CaptureError['code'], error.message)
  return new Error(error.message)
}

export function createReviewEngine(options: ReviewEngineOptions = {}): ReviewEngine {
  const memoryLimitMb = options.memoryLimitMb ?? reviewMemoryLimitMb()
  const limitBytes = memoryLimitMb * 1024 * 1024
  const timeoutMs = options.timeoutMs ?? ENGINE_REVIEW_TIMEOUT_MS
  const pollMs = options.pollMs ?? ENGINE_MEMORY_POLL_MS
  const recycleAfter = options.recycleAfter ?? ENGINE_RECYCLE_AFTER
  const idleMs = options.idleMs ?? ENGINE_IDLE_MS
  const emit = (event: EngineEvent) => options.onEvent?.(event)
  const idle: Child[] = []
  const children = new Set<Child>()
  let nextId = 0
  endAllOnExit()

  const sample = (child: Child): number => {
    const tree = processTree(child.pid)
    for (const process of tree) child.seen.set(process.pid, process)
    const bytes = treeMemory(tree)
    child.peak = Math.max(child.peak, bytes)
    child.reviewPeak = Math.max(child.reviewPeak, bytes)
    return bytes
  }

  const forget = (child: Child) => {
    const at = idle.indexOf(child)
    if (at >= 0) idle.splice(at, 1)
    clearTimeout(child.idleTimer)
  }

  /** Kills the child's whole tree at once (process-tree.ts). */
  const kill = (child: Child, cause: EngineEndCause) => {
    child.cause ??= cause
    forget(child)
    for (const process of killTree(child.pid, [...child.seen.values()])) child.seen.set(process.pid, process)
  }

  /** Asks an idle child to end (it closes its browsers); killed if it has not within the bound. */
  const retire = (child: Child, cause: EngineEndCause) => {
    child.cause ??= cause
    forget(child)
    if (child.ended) return
    const timer = setTimeout(() => kill(child, cause), ENGINE_STOP_TIMEOUT_MS)
    timer.unref()
    void child.exited.then(() => clearTimeout(timer))
    if (child.process.connected) child.process.disconnect()
  }

  const start = (): Child => {
    // The child's own heap is bounded too; the tree's limit covers its Chromiums.
    const heapMb = Math.max(MIN_LIMIT_MB, Math.round(memoryLimitMb / 2))
    const created = forkServerScript(
      {
        built: new URL('./engine-child.js', import.meta.url),
        source: new URL('./engine-child.ts', import.meta.url),
      },
      [],
      {
        serialization: 'advanced',
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        env: {
          ...process.env,
          NODE_OPTIONS: [process.env.NODE_OPTIONS, `--max-old-space-size=${heapMb}`]
            .filter(Boolean)
            .join(' '),
        },
      },
    )
    if (created.pid === undefined) {
      created.on('error', () => {})
      throw browserFailed(new Error('the review engine process could not start'))
    }
    const child: Child = {
      process: created,
      pid: created.pid,
      reviews: 0,
      busy: false,
      seen: new Map(),
      peak: 0,
      reviewPeak: 0,
      firstIdle: 0,
      cause: null,
      ended: false,
      exited: Promise.resolve(),
      idleTimer: undefined,
    }
    // A failed send is reported to its caller; a child that fails otherwise ends, and 'exit' says so.
    created.on('error', () => {})
    child.exited = new Promise((resolve) => {
      created.once('exit', () => {
        child.ended = true
        child.cause ??= 'died'
        forget(child)
        children.delete(child)
        live.delete(child)
        // What its death left behind (Lighthouse's Chromium is not tied to its parent): ended too.
        for (const process of child.seen.values()) {
          if (!isAlive(process)) continue
          try {
            globalThis.process.kill(process.pid, 'SIGKILL')
          } catch {
            // Ended meanwhile.
          }
        }
        emit({
          type: 'ended',
          pid: child.pid,
          cause: child.cause,
          processes: [...child.seen.values()],
          peakBytes: child.peak,
        })
        resolve()
      })
    })
    children.add(child)
    live.add(child)
    emit({ type: 'started', pid: child.pid })
    return child
  }

  const acquire = (): Child => {
    for (let next = idle.pop(); next; next = idle.pop()) {
      if (!next.ended && next.cause === null) {
        clearTimeout(next.idleTimer)
        return next
      }
    }
    return start()
  }

  const release = (child: Child) => {
    child.busy = false
    if (child.ended || child.cause !== null) return
    const idleBytes = sample(child)
    emit({ type: 'reviewed', pid: child.pid, peakBytes: child.reviewPeak, idleBytes })
    if (child.reviews >= recycleAfter) return retire(child, 'recycled')
    if (child.firstIdle === 0) child.firstIdle = idleBytes
    if (idleBytes > child.firstIdle * ENGINE_IDLE_GROWTH) return retire(child, 'grown')
    // An idle child does not keep the server's process alive; it ends on its own when the server does.
    child.process.unref()
    child.process.channel?.unref()
    idle.push(child)
    child.idleTimer = setTimeout(() => retire(child, 'idle'), idleMs)
    child.idleTimer.unref()
  }

  const run: ReviewEngine['run'] = async (request, runOptions = {}) => {
    const { signal, onStage } = runOptions
    const budgetMs = runOptions.timeoutMs ?? timeoutMs
    signal?.throwIfAborted()
    const child = acquire()
    child.busy = true
    child.reviews += 1
    child.reviewPeak = 0
    child.process.ref()
    child.process.channel?.ref()
    const id = ++nextId
    try {
      return await new Promise<EngineResult>((resolve, reject) => {
        let settled = false
        const end = (error: unknown, result?: EngineResult) => {
          if (settled) return
          settled = true
          clearTimeout(timer)
          clearInterval(poll)
          signal?.removeEventListener('abort', onAbort)
          child.process.off('message', onMessage)
          child.process.off('exit', onExit)
          if (result) resolve(result)
          else reject(error)
        }
        const stop = (cause: EngineEndCause, error: unknown) => {
          kill(child, cause)
          end(error)
        }
        const timer = setTimeout(
          () =>
            stop(
              'timeout',
              new CaptureError(
                'timeout',
                `The review took longer than ${Math.round(budgetMs / 1000)} seconds and was stopped.`,
              ),
            ),
          budgetMs,
        )
        const poll = setInterval(() => {
          if (sample(child) > limitBytes) stop('memory', memoryLimitError(memoryLimitMb))
        }, pollMs)
        // Stopped (the server stops, the job's lease was lost): the child may be anywhere in the review,
        // so it goes, and the next review starts a fresh one.
        const onAbort = () => stop('aborted', signal?.reason)
        signal?.addEventListener('abort', onAbort, { once: true })
        const onMessage = (message: EngineMessage) => {
          if (message.id !== id) return
          if (message.type === 'stage') onStage?.(message.stage)
          else if (message.type === 'done') end(null, message.result)
          else end(fromChild(message.error))
        }
        const onExit = (code: number | null, exitSignal: NodeJS.Signals | null) => {
          // V8 aborts the process when its heap is full: the page made it hold too much.
          if (exitSignal === 'SIGABRT' || code === 134) {
            child.cause ??= 'memory'
            return end(memoryLimitError(memoryLimitMb))
          }
          end(
            browserFailed(
              new Error(`the review engine process ended (${exitSignal ?? `exit code ${code}`})`),
            ),
          )
        }
        child.process.on('message', onMessage)
        child.process.once('exit', onExit)
        const message: ParentMessage = { type: 'review', id, request }
        child.process.send(message, (error) => {
          if (error) stop('died', browserFailed(error))
        })
      })
    } finally {
      release(child)
    }
  }

  return {
    memoryLimitMb,
    run,
    async close() {
      for (const child of [...children]) {
        if (child.busy) kill(child, 'closed')
        else retire(child, 'closed')
      }
      await Promise.all([...children].map((child) => child.exited))
    },
  }
}
