import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import { and, asc, eq, gte, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { jobs } from '#server/db/schema.ts'
import type { Logger } from '#server/logger.ts'

export type Job = typeof jobs.$inferSelect
type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'dead' | 'cancelled'

/**
 * Thrown by a job's handler when there is nothing left to do it for (what it works on was deleted, e.g.
 * with its member's account): the job ends `cancelled`, not failed, and is not tried again.
 */
export class JobCancelled extends Error {
  override name = 'JobCancelled'
}

type EnqueueOptions = {
  /** While a queued or running job has this key, enqueueing again returns that job. */
  dedupeKey?: string
  runAt?: Date
  maxAttempts?: number
}

/**
 * What the rest of the server uses, and all it may rely on: a queue library could implement it
 * instead of our table.
 */
export interface JobQueue {
  /** The new job, or the unfinished job that already holds `dedupeKey`. */
  enqueue(kind: string, payload: unknown, options?: EnqueueOptions): Promise<Job>
  /**
   * Queues a job in the caller's transaction (no dedupe key): it exists if and only if that transaction
   * commits, so a row and the job that works on it are written together.
   */
  enqueueIn(executor: Pick<Database, 'insert'>, kind: string, payload: unknown): Promise<Job>
  /**
   * Takes the next due job of these kinds for `leaseMs`, or null when none is due. A running job whose
   * lease ran out is due again, unless that was its last attempt: then it is dead.
   */
  claim(kinds: readonly string[], leaseMs: number): Promise<Job | null>
  /** False when this claim no longer holds the job (its lease ran out and another worker took it). */
  complete(job: Job): Promise<boolean>
  /**
   * Queues the job again after a backoff, or ends it: `dead` when its attempts are used up, `failed`
   * when `retry: false` (retrying would not help), `cancelled` for a JobCancelled (nothing left to do).
   * `lost` when this claim no longer holds the job.
   */
  fail(
    job: Job,
    error: unknown,
    options?: { retry?: boolean },
  ): Promise<'retry' | 'dead' | 'failed' | 'cancelled' | 'lost'>
  /** Pushes the lease `ms` from now; false when this claim no longer holds the job. */
  extendLease(job: Job, ms: number): Promise<boolean>
  /**
   * Gives a running job back, due at once and first in line, without counting this attempt: its worker
   * is shutting down, not failing. False when this claim no longer holds the job.
   */
  release(job: Job): Promise<boolean>
  counts(): Promise<Record<JobStatus, number>>
}

export type JobQueueOptions = {
  /** The clock, for tests; by default the database's, which every worker shares. */
  now?: () => Date
  /** Names this process in `locked_by`, for the operator; default host:pid:random. */
  workerId?: string
  /** Retry delay: `baseMs × 2^(attempts-1)`, at most `maxMs`. */
  backoff?: { baseMs?: number; maxMs?: number }
}

const BACKOFF_BASE_MS = 30_000
export const BACKOFF_MAX_MS = 60 * 60 * 1000
const MAX_ERROR_LENGTH = 2000
const UNFINISHED = sql`${jobs.status} in ('queued', 'running')`

/** The delay before attempt `attempts + 1`, after `attempts` failed ones. */
export function backoffMs(attempts: number, baseMs = BACKOFF_BASE_MS, maxMs = BACKOFF_MAX_MS): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1))
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.stack || error.message : String(error)
  return text.slice(0, MAX_ERROR_LENGTH)
}

export function createJobQueue(db: Database, options: JobQueueOptions = {}): JobQueue {
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
  const baseMs = options.backoff?.baseMs ?? BACKOFF_BASE_MS
  const maxMs = options.backoff?.maxMs ?? BACKOFF_MAX_MS
  const now = (): SQL => (options.now ? sql`${options.now().toISOString()}::timestamptz` : sql`now()`)
  const later = (ms: number): SQL => sql`(${now()} + ${ms}::double precision * interval '1 millisecond')`

  /**
   * Each claim adds one attempt, so (id, locked_by, attempts) names one claim: a worker whose lease
   * was taken over, even by another slot of the same process, changes nothing.
   */
  const heldBy = (job: Job) =>
    and(
      eq(jobs.id, job.id),
      eq(jobs.status, 'running'),
      eq(jobs.lockedBy, job.lockedBy ?? ''),
      eq(jobs.attempts, job.attempts),
    )

  const jobValues = (kind: string, payload: unknown, enqueueOptions: EnqueueOptions) => ({
    kind,
    payload,
    dedupeKey: enqueueOptions.dedupeKey ?? null,
    maxAttempts: enqueueOptions.maxAttempts ?? 3,
    runAt: enqueueOptions.runAt ? sql`${enqueueOptions.runAt.toISOString()}::timestamptz` : now(),
    createdAt: now(),
    updatedAt: now(),
  })

  return {
    async enqueueIn(executor, kind, payload) {
      const [job] = await executor
        .insert(jobs)
        .values(jobValues(kind, payload, {}))
        .returning()
      if (!job) throw new Error('enqueue: the insert returned no row')
      return job
    },

    async enqueue(kind, payload, enqueueOptions = {}) {
      const values = jobValues(kind, payload, enqueueOptions)
      const { dedupeKey } = enqueueOptions
      if (dedupeKey === undefined) {
        const [job] = await db.insert(jobs).values(values).returning()
        if (!job) throw new Error('enqueue: the insert returned no row')
        return job
      }
      // The holder of the key may finish between the insert that yields to it and the select that
      // reads it; then the next round inserts. Two rounds suffice unless jobs finish very quickly.
      for (let round = 0; round < 5; round += 1) {
        const [created] = await db
          .insert(jobs)
          .values(values)
          .onConflictDoNothing({ target: jobs.dedupeKey, where: UNFINISHED })
          .returning()
        if (created) return created
        const [existing] = await db
          .select()
          .from(jobs)
          .where(and(eq(jobs.dedupeKey, dedupeKey), UNFINISHED))
        if (existing) return existing
      }
      throw new Error(`enqueue: could not queue or find a job with dedupe key ${dedupeKey}`)
    },

    async claim(kinds, leaseMs) {
      if (kinds.length === 0) return null
      const expired = and(
        inArray(jobs.kind, [...kinds]),
        eq(jobs.status, 'running'),
        lt(jobs.lockedUntil, now()),
      )
      // A job whose worker died on its last attempt ends here: otherwise a job that kills its worker
      // (a page that exhausts the browser's memory) would be claimed again forever.
      await db
        .update(jobs)
        .set({
          status: 'dead',
          lockedUntil: null,
          lockedBy: null,
          lastError: 'The lease of the last attempt ran out: its worker stopped or hung.',
          updatedAt: now(),
        })
        .where(and(expired, gte(jobs.attempts, jobs.maxAttempts)))
      // One statement: the subquery locks the first due row no other claimer holds (SKIP LOCKED), the
      // update takes it. A running job whose lease ran out (its worker died) is due again.
      const next = db
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            inArray(jobs.kind, [...kinds]),
            or(
              and(eq(jobs.status, 'queued'), lte(jobs.runAt, now())),
              and(
                eq(jobs.status, 'running'),
                lt(jobs.lockedUntil, now()),
                lt(jobs.attempts, jobs.maxAttempts),
              ),
            ),
          ),
        )
        .orderBy(asc(jobs.runAt), asc(jobs.id))
        .limit(1)
        .for('update', { skipLocked: true })
      const [job] = await db
        .update(jobs)
        .set({
          status: 'running',
          lockedUntil: later(leaseMs),
          lockedBy: workerId,
          attempts: sql`${jobs.attempts} + 1`,
          updatedAt: now(),
        })
        .where(eq(jobs.id, sql`(${next})`))
        .returning()
      return job ?? null
    },

    async complete(job) {
      const rows = await db
        .update(jobs)
        .set({ status: 'done', lockedUntil: null, lockedBy: null, updatedAt: now() })
        .where(heldBy(job))
        .returning({ id: jobs.id })
      return rows.length === 1
    },

    async fail(job, error, failOptions = {}) {
      const cancelled = error instanceof JobCancelled
      const retry = !cancelled && failOptions.retry !== false && job.attempts < job.maxAttempts
      const ended = cancelled ? 'cancelled' : failOptions.retry === false ? 'failed' : 'dead'
      const status = retry ? 'queued' : ended
      const rows = await db
        .update(jobs)
        .set({
          status,
          runAt: retry ? later(backoffMs(job.attempts, baseMs, maxMs)) : undefined,
          lockedUntil: null,
          lockedBy: null,
          lastError: errorText(error),
          updatedAt: now(),
        })
        .where(heldBy(job))
        .returning({ id: jobs.id })
      if (rows.length === 0) return 'lost'
      return retry ? 'retry' : ended
    },

    async extendLease(job, ms) {
      const rows = await db
        .update(jobs)
        .set({ lockedUntil: later(ms), updatedAt: now() })
        .where(heldBy(job))
        .returning({ id: jobs.id })
      return rows.length === 1
    },

    async release(job) {
      const rows = await db
        .update(jobs)
        .set({
          // run_at stays: the job was due when claimed, so it keeps its place at the head of the queue.
          status: 'queued',
          attempts: sql`${jobs.attempts} - 1`,
          lockedUntil: null,
          lockedBy: null,
          updatedAt: now(),
        })
        .where(heldBy(job))
        .returning({ id: jobs.id })
      return rows.length === 1
    },

    async counts() {
      const rows = await db
        .select({ status: jobs.status, n: sql<number>`count(*)::int` })
        .from(jobs)
        .groupBy(jobs.status)
      const counts: Record<JobStatus, number> = {
        queued: 0,
        running: 0,
        done: 0,
        failed: 0,
        dead: 0,
        cancelled: 0,
      }
      for (const row of rows) counts[row.status as JobStatus] = Number(row.n)
      return counts
    },
  }
}

export type JobHandler = (job: Job, context: { signal: AbortSignal }) => Promise<void>

export type WorkerOptions = {
  queue: JobQueue
  /** How many jobs run at once in this process; 0 runs none. */
  count: number
  kinds: readonly string[]
  /**
   * Runs one job. `signal` aborts when the job's lease is lost (another worker may be running it) or
   * when `stop()` gives up waiting; the handler should then end soon and write nothing more.
   */
  handle: JobHandler
  leaseMs: number
  /** The longest wait between looks at an empty queue; `wake()` looks at once. */
  pollMs: number
  log: Logger
  /**
   * How long `stop()` waits for running jobs before it aborts them and gives them back to the queue,
   * due at once, for another process (or this one's next start) to run.
   */
  stopTimeoutMs?: number
  /** Called each time a look found no due job and the loop goes to sleep (tests wait on it). */
  onIdle?: () => void
}

export type Workers = {
  /** Looks for a job now, e.g. right after this process queued one. */
  wake(): void
  stop(): Promise<void>
}

const STOP_TIMEOUT_MS = 10_000

/**
 * One loop claims jobs while fewer than `count` run, and sleeps up to `pollMs` when none is due, so an
 * idle process costs one query per `pollMs`. A running job's lease is renewed every third of `leaseMs`:
 * a long job keeps it, a job whose process died is claimed again soon after. A database outage is
 * logged and waited out at the poll interval.
 */
export function startWorkers(options: WorkerOptions): Workers {
  const { queue, count, kinds, handle, leaseMs, pollMs, log } = options
  if (count <= 0 || kinds.length === 0) return { wake() {}, stop: async () => {} }
  const running = new Set<Promise<void>>()
  /** Gives a running job up at a stop: aborts its handler, stops renewing its lease, releases it. */
  const abandon = new Set<() => Promise<void>>()
  let stopping = false
  let wakeUp: (() => void) | undefined
  /** A wake() that came while no sleep was on: the next sleep is skipped, so a new job waits no poll. */
  let woken = false
  const wake = () => {
    if (wakeUp) wakeUp()
    else woken = true
  }

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken) {
        woken = false
        resolve()
        return
      }
      // Unref'd like every timer here: the loop alone never keeps the process alive.
      const timer = setTimeout(done, ms)
      timer.unref()
      function done() {
        clearTimeout(timer)
        wakeUp = undefined
        resolve()
      }
      wakeUp = done
    })

  const run = async (job: Job) => {
    const controller = new AbortController()
    let renewing = false
    const renew = setInterval(
      () => {
        // A slow database must not pile up renewals; the next tick tries again.
        if (renewing) return
        renewing = true
        queue
          .extendLease(job, leaseMs)
          .then(
            (held) => {
              if (held || controller.signal.aborted) return
              log.warn('jobs: lost the lease of a running job', { id: job.id, kind: job.kind })
              controller.abort(new Error('lease lost'))
            },
            (error) => log.warn('jobs: could not extend a lease', { id: job.id, error }),
          )
          .finally(() => {
            renewing = false
          })
      },
      Math.max(1, Math.floor(leaseMs / 3)),
    )
    renew.unref()
    let released = false
    const giveUp = async () => {
      clearInterval(renew)
      released = true
      controller.abort(new Error('worker stopping'))
      const held = await queue.release(job).catch((error: unknown) => {
        log.warn('jobs: could not release a job at stop; its lease will expire', { id: job.id, error })
        return false
      })
      if (held) log.info('jobs: released a running job back to the queue', { id: job.id, kind: job.kind })
    }
    abandon.add(giveUp)
    try {
      await handle(job, { signal: controller.signal })
      if (released) return
      if (!(await queue.complete(job))) {
        log.warn('jobs: finished a job whose lease was lost', { id: job.id, kind: job.kind })
      }
    } catch (error) {
      // Aborted by a stop: the job is back in the queue, this attempt is no failure.
      if (released) return
      const outcome = await queue.fail(job, error).catch((failError: unknown) => {
        log.error('jobs: could not record a failure', { id: job.id, error: failError })
        return 'unrecorded'
      })
      // 'failed' is the handler's own verdict (a member's site that cannot be reached, say): worth a
      // line, not an alarm. Only a job that ran out of attempts, or a failure we could not record, is. A
      // cancelled job had nothing left to do.
      if (outcome === 'cancelled') {
        log.info('jobs: a job was cancelled', { id: job.id, kind: job.kind, reason: String(error) })
        return
      }
      const level = outcome === 'dead' || outcome === 'unrecorded' ? 'error' : 'warn'
      log[level]('jobs: a job failed', { id: job.id, kind: job.kind, attempts: job.attempts, outcome, error })
    } finally {
      clearInterval(renew)
      abandon.delete(giveUp)
    }
  }

  const loop = async () => {
    while (!stopping) {
      if (running.size >= count) {
        await Promise.race(running)
        continue
      }
      let job: Job | null = null
      try {
        job = await queue.claim(kinds, leaseMs)
      } catch (error) {
        log.warn('jobs: could not claim a job', { error })
      }
      if (!job) {
        if (stopping) continue
        options.onIdle?.()
        await sleep(pollMs)
        continue
      }
      // A job claimed while stop() was called still runs: stop() waits for it like the others.
      const task: Promise<void> = run(job)
        .catch((error: unknown) => log.error('jobs: worker error', { error }))
        .finally(() => {
          running.delete(task)
        })
      running.add(task)
    }
  }
  const looping = loop().catch((error: unknown) => log.error('jobs: the worker loop stopped', { error }))

  return {
    wake,
    async stop() {
      stopping = true
      wake()
      let timer: NodeJS.Timeout | undefined
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), options.stopTimeoutMs ?? STOP_TIMEOUT_MS)
        timer.unref()
      })
      // The loop first: a claim in progress when stop() was called adds its job to `running` before the
      // loop ends, and that job is waited for (or given back) like the others.
      const settled = looping.then(() => Promise.all([...running]))
      const result = await Promise.race([settled, timedOut])
      clearTimeout(timer)
      if (result === 'timeout') {
        log.warn('jobs: stopping before every running job ended; giving them back to the queue', {
          running: running.size,
        })
        await Promise.all([...abandon].map((giveUp) => giveUp()))
      }
    },
  }
}
