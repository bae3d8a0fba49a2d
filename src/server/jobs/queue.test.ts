import { eq } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from '#server/db/client.ts'
import { jobs } from '#server/db/schema.ts'
import {
  BACKOFF_MAX_MS,
  backoffMs,
  createJobQueue,
  type Job,
  type JobHandler,
  startWorkers,
} from '#server/jobs/queue.ts'
import { createLogger } from '#server/logger.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'

const SECOND = 1000
const silent = createLogger('silent')

/** Polls `condition` every 20 ms; false after `ms`, so a test that waits always ends. */
async function waitFor(condition: () => Promise<boolean> | boolean, ms = 5000): Promise<boolean> {
  const deadline = Date.now() + ms
  while (!(await condition())) {
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return true
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('backoffMs', () => {
  it('doubles from 30 s with each failed attempt, up to an hour', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n))).toEqual([30_000, 60_000, 120_000, 240_000])
    expect(backoffMs(30)).toBe(BACKOFF_MAX_MS)
  })
})

describe.each(TEST_DATABASES)('the job queue on %s', (kind) => {
  let database: TestDatabase
  /** The queue's clock: tests move it instead of sleeping. */
  let clock: Date
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms)
  }
  const queueOf = (workerId: string) => createJobQueue(database.db, { now: () => clock, workerId })
  const row = async (id: number) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]

  beforeAll(async () => {
    database = await createTestDatabase(kind)
  })
  afterAll(async () => {
    await database?.drop()
  })
  beforeEach(async () => {
    clock = new Date('2030-01-01T00:00:00Z')
    await database.db.delete(jobs)
  })

  it('returns the unfinished job for a repeated dedupe key, and queues a new one once it is done', async () => {
    const queue = queueOf('a')
    const first = await queue.enqueue('review', { reviewId: 1 }, { dedupeKey: 'review:1' })
    const again = await queue.enqueue('review', { reviewId: 1 }, { dedupeKey: 'review:1' })
    expect(again.id).toBe(first.id)
    const other = await queue.enqueue('review', { reviewId: 2 }, { dedupeKey: 'review:2' })
    expect(other.id).not.toBe(first.id)

    const claimed = await queue.claim(['review'], 60 * SECOND)
    expect(claimed?.id).toBe(first.id)
    expect((await queue.enqueue('review', {}, { dedupeKey: 'review:1' })).id).toBe(first.id)

    expect(await queue.complete(claimed as Job)).toBe(true)
    const next = await queue.enqueue('review', { reviewId: 1 }, { dedupeKey: 'review:1' })
    expect(next.id).not.toBe(first.id)
    expect(next).toMatchObject({ status: 'queued', attempts: 0, payload: { reviewId: 1 } })
    expect(await queue.counts()).toEqual({ queued: 2, running: 0, done: 1, failed: 0, dead: 0, cancelled: 0 })
  })

  it('creates one job when the same key is enqueued many times at once', async () => {
    const queue = queueOf('a')
    const enqueued = await Promise.all(
      Array.from({ length: 12 }, (_, i) => queue.enqueue('review', { i }, { dedupeKey: 'same' })),
    )
    expect(new Set(enqueued.map((j) => j.id)).size).toBe(1)
    expect((await queue.counts()).queued).toBe(1)
  })

  it('queues jobs without a dedupe key side by side', async () => {
    const queue = queueOf('a')
    const a = await queue.enqueue('review', {})
    const b = await queue.enqueue('review', {})
    expect(a.id).not.toBe(b.id)
  })

  it("queues a job in the caller's transaction: it exists if and only if that transaction commits", async () => {
    const queue = queueOf('a')
    const kept = await database.db.transaction((tx) => queue.enqueueIn(tx, 'review', { reviewId: 7 }))
    expect(kept).toMatchObject({ kind: 'review', status: 'queued', attempts: 0, payload: { reviewId: 7 } })
    const rolledBack = new Error('rolled back')
    await expect(
      database.db.transaction(async (tx) => {
        await queue.enqueueIn(tx, 'review', { reviewId: 8 })
        throw rolledBack
      }),
    ).rejects.toBe(rolledBack)
    expect((await database.db.select().from(jobs)).map((job) => job.payload)).toEqual([{ reviewId: 7 }])
    expect((await queue.claim(['review'], 60 * SECOND))?.id).toBe(kept.id)
  })

  it('claims due jobs oldest run_at first, none before its run_at, and only of the kinds asked', async () => {
    const queue = queueOf('a')
    const late = await queue.enqueue('review', 'late', { runAt: new Date(clock.getTime() + 2 * 60 * SECOND) })
    const soon = await queue.enqueue('review', 'soon', { runAt: new Date(clock.getTime() + 60 * SECOND) })
    const now = await queue.enqueue('review', 'now')
    const past = await queue.enqueue('review', 'past', { runAt: new Date(clock.getTime() - SECOND) })
    await queue.enqueue('other', 'other kind')

    // Completed at once: a claim left running would be claimed again when its lease runs out.
    const first = (await queue.claim(['review'], 60 * SECOND)) as Job
    expect(first.id).toBe(past.id)
    expect(await queue.complete(first)).toBe(true)
    const second = (await queue.claim(['review'], 60 * SECOND)) as Job
    expect(second.id).toBe(now.id)
    expect(await queue.complete(second)).toBe(true)
    expect(await queue.claim(['review'], 60 * SECOND)).toBeNull()
    advance(60 * SECOND - 1)
    expect(await queue.claim(['review'], 60 * SECOND)).toBeNull()
    advance(1)
    const claimed = await queue.claim(['review'], 60 * SECOND)
    expect(claimed).toMatchObject({ id: soon.id, status: 'running', attempts: 1, lockedBy: 'a' })
    expect(claimed?.lockedUntil?.getTime()).toBe(clock.getTime() + 60 * SECOND)
    expect(await queue.complete(claimed as Job)).toBe(true)
    advance(60 * SECOND)
    expect((await queue.claim(['review', 'missing'], 600 * SECOND))?.id).toBe(late.id)
    expect(await queue.claim(['review'], 60 * SECOND)).toBeNull()
    expect(await queue.claim([], 60 * SECOND)).toBeNull()
    expect((await queue.claim(['other'], 60 * SECOND))?.payload).toBe('other kind')
  })

  it('retries a failed job after a growing backoff, and ends it dead after its last attempt', async () => {
    const queue = queueOf('a')
    const job = await queue.enqueue('review', {}, { maxAttempts: 3 })
    const waits: number[] = []
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const claimed = (await queue.claim(['review'], 60 * SECOND)) as Job
      expect(claimed).toMatchObject({ id: job.id, attempts: attempt })
      const outcome = await queue.fail(claimed, new Error(`boom ${attempt}`))
      const stored = await row(job.id)
      expect(stored?.lastError).toContain(`boom ${attempt}`)
      expect(stored?.lockedBy).toBeNull()
      if (attempt < 3) {
        expect(outcome).toBe('retry')
        expect(stored?.status).toBe('queued')
        const wait = (stored?.runAt.getTime() ?? 0) - clock.getTime()
        waits.push(wait)
        advance(wait - 1)
        expect(await queue.claim(['review'], 60 * SECOND)).toBeNull()
        advance(1)
      } else {
        expect(outcome).toBe('dead')
        expect(stored?.status).toBe('dead')
      }
    }
    expect(waits).toEqual([30 * SECOND, 60 * SECOND])
    advance(24 * 60 * 60 * SECOND)
    expect(await queue.claim(['review'], 60 * SECOND)).toBeNull()
    expect(await queue.counts()).toMatchObject({ dead: 1, queued: 0, running: 0 })
  })

  it('ends a job as failed, without retrying, when told retrying will not help', async () => {
    const queue = queueOf('a')
    await queue.enqueue('review', {}, { dedupeKey: 'k' })
    const claimed = (await queue.claim(['review'], 60 * SECOND)) as Job
    expect(await queue.fail(claimed, 'not our fault', { retry: false })).toBe('failed')
    expect((await row(claimed.id))?.status).toBe('failed')
    // A finished job frees its key.
    expect((await queue.enqueue('review', {}, { dedupeKey: 'k' })).id).not.toBe(claimed.id)
  })

  it('claims a job again when its lease runs out, and the first claim can then change nothing', async () => {
    const a = queueOf('worker-a')
    const b = queueOf('worker-b')
    const job = await a.enqueue('review', {})
    const first = (await a.claim(['review'], 10 * SECOND)) as Job
    advance(10 * SECOND)
    expect(await b.claim(['review'], 10 * SECOND)).toBeNull()
    advance(1)
    const second = (await b.claim(['review'], 10 * SECOND)) as Job
    expect(second).toMatchObject({ id: job.id, attempts: 2, lockedBy: 'worker-b' })

    expect(await a.complete(first)).toBe(false)
    expect(await a.fail(first, new Error('late'))).toBe('lost')
    expect(await a.extendLease(first, 60 * SECOND)).toBe(false)
    expect(await row(job.id)).toMatchObject({ status: 'running', lockedBy: 'worker-b', lastError: null })

    // The same worker taking its own expired job back is a new claim too: the old one is refused.
    advance(11 * SECOND)
    const third = (await b.claim(['review'], 10 * SECOND)) as Job
    expect(third.attempts).toBe(3)
    expect(await b.complete(second)).toBe(false)
    expect(await b.complete(third)).toBe(true)
    expect((await row(job.id))?.status).toBe('done')
    expect(await b.complete(third)).toBe(false)
  })

  it('ends a job dead when the lease of its last attempt runs out, instead of claiming it again', async () => {
    const a = queueOf('worker-a')
    const job = await a.enqueue('review', {}, { maxAttempts: 2 })
    const first = (await a.claim(['review'], 10 * SECOND)) as Job
    advance(11 * SECOND)
    const second = (await a.claim(['review'], 10 * SECOND)) as Job
    expect(second).toMatchObject({ id: job.id, attempts: 2 })
    advance(11 * SECOND)
    expect(await a.claim(['review'], 10 * SECOND)).toBeNull()
    expect(await row(job.id)).toMatchObject({ status: 'dead', attempts: 2, lockedBy: null })
    expect((await row(job.id))?.lastError).toContain('lease')
    expect(await a.complete(first)).toBe(false)
    expect(await a.complete(second)).toBe(false)
  })

  it('keeps a job from other workers while its lease is extended', async () => {
    const a = queueOf('worker-a')
    const b = queueOf('worker-b')
    await a.enqueue('review', {})
    const job = (await a.claim(['review'], 10 * SECOND)) as Job
    advance(8 * SECOND)
    expect(await a.extendLease(job, 10 * SECOND)).toBe(true)
    advance(8 * SECOND)
    expect(await b.claim(['review'], 10 * SECOND)).toBeNull()
    expect(await a.complete(job)).toBe(true)
  })

  // On PostgreSQL four pools stand for four processes; PGlite has one connection, shared by all.
  // Only a server has row locks that another connection can hold: PGlite runs one statement at a time.
  if (kind === 'postgres')
    it('passes over a job another transaction holds locked, instead of waiting for it', async () => {
      const queue = queueOf('a')
      const held = await queue.enqueue('review', { n: 1 })
      advance(SECOND)
      const free = await queue.enqueue('review', { n: 2 })
      const other = new pg.Client({ connectionString: database.url })
      await other.connect()
      try {
        // A claimer in the middle of its statement: the oldest due job is locked, not yet updated.
        await other.query('begin')
        await other.query('select id from jobs where id = $1 for update', [held.id])
        const claimed = await Promise.race([
          queue.claim(['review'], 60 * SECOND),
          delay(10 * SECOND).then(() => 'still waiting for the lock' as const),
        ])
        expect(claimed).toMatchObject({ id: free.id })
      } finally {
        await other.query('rollback')
        await other.end()
      }
    })

  it('lets several processes claim at once without taking a job twice, and together they finish all', async () => {
    const handles: DatabaseHandle[] = []
    const opened: DatabaseHandle[] = []
    try {
      for (let i = 0; i < 4; i += 1) {
        if (kind === 'postgres') {
          const handle = await openDatabase({ kind: 'postgres', url: database.url ?? '', poolSize: 3 })
          opened.push(handle)
          handles.push(handle)
        } else handles.push(database)
      }
      const producer = createJobQueue(database.db)
      const ids = new Set<number>()
      for (let i = 0; i < 40; i += 1) ids.add((await producer.enqueue('review', { i })).id)
      const claims: Job[] = []
      const completed: number[] = []
      // Each process runs three claimers on its own pool, so claims really race. Every claimer has its
      // connection before any claims: a pool still connecting on a busy machine would otherwise find
      // the 40 jobs taken, and the race would not have happened.
      let ready = 0
      let go: () => void = () => {}
      const started = new Promise<void>((resolve) => {
        go = resolve
      })
      const claimer = async (handle: DatabaseHandle, process: number, slot: number) => {
        const queue = createJobQueue(handle.db, { workerId: `process-${process}:${slot}` })
        await handle.db.select({ id: jobs.id }).from(jobs).limit(1)
        ready += 1
        if (ready === handles.length * 3) go()
        await started
        for (let round = 0; round < 100; round += 1) {
          const job = await queue.claim(['review'], 60 * SECOND)
          if (!job) return
          claims.push(job)
          await delay(Math.random() * 5)
          if (await queue.complete(job)) completed.push(job.id)
        }
      }
      await Promise.all(
        handles.flatMap((handle, process) => [0, 1, 2].map((slot) => claimer(handle, process, slot))),
      )
      expect(claims).toHaveLength(40)
      expect(new Set(claims.map((j) => j.id))).toEqual(ids)
      expect(claims.every((j) => j.attempts === 1)).toBe(true)
      expect(completed.sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y))
      // More than one process took part.
      expect(new Set(claims.map((j) => j.lockedBy?.split(':')[0])).size).toBeGreaterThan(1)
      expect(await producer.counts()).toEqual({
        queued: 0,
        running: 0,
        done: 40,
        failed: 0,
        dead: 0,
        cancelled: 0,
      })
    } finally {
      await Promise.all(opened.map((h) => h.close()))
    }
  })
})

describe.each(TEST_DATABASES)('the workers on %s', (kind) => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await createTestDatabase(kind)
  })
  afterAll(async () => {
    await database?.drop()
  })
  beforeEach(async () => {
    await database.db.delete(jobs)
  })

  const start = (
    handle: JobHandler,
    options: {
      count?: number
      leaseMs?: number
      pollMs?: number
      stopTimeoutMs?: number
      onIdle?: () => void
    } = {},
  ) =>
    startWorkers({
      queue: createJobQueue(database.db, { workerId: 'workers', backoff: { baseMs: 10 } }),
      count: options.count ?? 2,
      kinds: ['review'],
      handle,
      leaseMs: options.leaseMs ?? 30 * SECOND,
      pollMs: options.pollMs ?? 25,
      log: silent,
      stopTimeoutMs: options.stopTimeoutMs,
      onIdle: options.onIdle,
    })
  const counts = () => createJobQueue(database.db).counts()

  it('runs every job once, at most `count` at a time', async () => {
    const queue = createJobQueue(database.db)
    for (let i = 0; i < 6; i += 1) await queue.enqueue('review', { i })
    await queue.enqueue('other', {})
    let active = 0
    let most = 0
    const seen: unknown[] = []
    const workers = start(async (job) => {
      active += 1
      most = Math.max(most, active)
      seen.push((job.payload as { i: number }).i)
      await delay(40)
      active -= 1
    })
    try {
      expect(await waitFor(async () => (await counts()).done === 6)).toBe(true)
    } finally {
      await workers.stop()
    }
    expect(most).toBe(2)
    expect(seen.sort()).toEqual([0, 1, 2, 3, 4, 5])
    expect(await counts()).toMatchObject({ queued: 1, running: 0, done: 6 })
  })

  it('looks for a job at once when woken, without waiting for the next poll', async () => {
    let calls = 0
    let idle = () => {}
    const asleep = new Promise<void>((resolve) => {
      idle = resolve
    })
    const workers = start(
      async () => {
        calls += 1
      },
      { pollMs: 60 * SECOND, onIdle: () => idle() },
    )
    try {
      await asleep // the loop has found nothing and sleeps for a minute
      await createJobQueue(database.db).enqueue('review', {})
      workers.wake()
      expect(await waitFor(() => calls === 1, 3000)).toBe(true)
    } finally {
      await workers.stop()
    }
  })

  it('retries a failing job and then leaves it dead', async () => {
    const queue = createJobQueue(database.db)
    const job = await queue.enqueue('review', {}, { maxAttempts: 2 })
    let calls = 0
    const workers = start(async () => {
      calls += 1
      throw new Error('the site did not answer')
    })
    try {
      expect(await waitFor(async () => (await counts()).dead === 1)).toBe(true)
    } finally {
      await workers.stop()
    }
    expect(calls).toBe(2)
    const [stored] = await database.db.select().from(jobs).where(eq(jobs.id, job.id))
    expect(stored).toMatchObject({ attempts: 2, status: 'dead' })
    expect(stored?.lastError).toContain('the site did not answer')
  })

  it('runs nothing when count is 0', async () => {
    await createJobQueue(database.db).enqueue('review', {})
    let calls = 0
    const workers = start(
      async () => {
        calls += 1
      },
      { count: 0 },
    )
    workers.wake()
    // A loop would have started with the workers and claimed the job at once; stop() waits for it.
    await workers.stop()
    expect(calls).toBe(0)
    expect((await counts()).queued).toBe(1)
  })

  it('on stop, waits for the running job and claims nothing more', async () => {
    const queue = createJobQueue(database.db)
    await queue.enqueue('review', {})
    let release = () => {}
    let running = () => {}
    const started = new Promise<void>((resolve) => {
      running = resolve
    })
    let asleep = () => {}
    const idle = new Promise<void>((resolve) => {
      asleep = resolve
    })
    const workers = start(
      () =>
        new Promise<void>((resolve) => {
          release = resolve
          running()
        }),
      { onIdle: () => asleep() },
    )
    await started
    // A claim already under way when stop() is called may still take a job (stop() then waits for it
    // too); once the loop sleeps, none is.
    await idle
    let stopped = false
    const stop = workers.stop().then(() => {
      stopped = true
    })
    // A job queued now is due at once: a loop still claiming would take it.
    await queue.enqueue('review', {})
    expect(await counts()).toMatchObject({ running: 1, queued: 1 })
    expect(stopped).toBe(false)
    release()
    await stop
    expect(stopped).toBe(true)
    // stop() has returned, so the loop has ended: nothing can claim the second job any more.
    expect(await counts()).toMatchObject({ done: 1, queued: 1, running: 0 })
  })

  it('on stop, waits for the job of a claim that was still under way when stop() was called', async () => {
    const queue = createJobQueue(database.db)
    await queue.enqueue('review', {})
    // A claim that takes its time, as one does behind a sweep for dead jobs: stop() comes meanwhile.
    let claiming = () => {}
    const claimStarted = new Promise<void>((resolve) => {
      claiming = resolve
    })
    let letClaimFinish = () => {}
    const claimGate = new Promise<void>((resolve) => {
      letClaimFinish = resolve
    })
    const slowQueue = {
      ...createJobQueue(database.db, { workerId: 'slow' }),
      async claim(kinds: readonly string[], leaseMs: number) {
        claiming()
        await claimGate
        return queue.claim(kinds, leaseMs)
      },
    }
    let handled = false
    const workers = startWorkers({
      queue: slowQueue,
      count: 1,
      kinds: ['review'],
      handle: async () => {
        await new Promise((resolve) => setTimeout(resolve, 200))
        handled = true
      },
      leaseMs: 30 * SECOND,
      pollMs: 25,
      log: silent,
      stopTimeoutMs: 10 * SECOND,
    })
    await claimStarted
    const stopped = workers.stop()
    letClaimFinish()
    await stopped
    // stop() returned after the job that claim took had ended, not before it began.
    expect(handled).toBe(true)
    expect(await counts()).toMatchObject({ done: 1, running: 0 })
  })

  it('on stop, aborts a job that outlasts the timeout and gives it back to the queue, its attempt not counted', async () => {
    const queued = await createJobQueue(database.db).enqueue('review', {})
    let signal: AbortSignal | undefined
    const workers = start(
      (_job, context) => {
        signal = context.signal
        return new Promise(() => {}) // never ends by itself
      },
      { stopTimeoutMs: 100 },
    )
    expect(await waitFor(() => signal !== undefined)).toBe(true)
    const before = Date.now()
    await workers.stop()
    expect(Date.now() - before).toBeLessThan(2000)
    expect(signal?.aborted).toBe(true)
    expect(await counts()).toMatchObject({ queued: 1, running: 0, failed: 0, dead: 0 })
    const [row] = await database.db.select().from(jobs).where(eq(jobs.id, queued.id))
    expect(row).toMatchObject({ attempts: 0, lockedBy: null, lockedUntil: null, lastError: null })
    expect(row?.runAt.getTime()).toBe(queued.runAt.getTime())
  })

  it('a job released by a stopping process runs first in the next one, on its first attempt', async () => {
    const queue = createJobQueue(database.db)
    const ids: number[] = []
    for (let i = 0; i < 3; i += 1) ids.push((await queue.enqueue('review', { i })).id)
    // The old process takes the first job and is stopped before it ends.
    let taken: Job | undefined
    const old = start(
      (job) => {
        taken = job
        return new Promise(() => {})
      },
      { count: 1, leaseMs: 30 * SECOND, stopTimeoutMs: 100 },
    )
    expect(await waitFor(() => taken !== undefined)).toBe(true)
    await old.stop()
    expect(taken?.id).toBe(ids[0])
    expect(await counts()).toMatchObject({ queued: 3, running: 0, done: 0 })

    // The next process: its own connection (on PostgreSQL), queue and workers. No lease to wait out.
    const handle =
      kind === 'postgres'
        ? await openDatabase({ kind: 'postgres', url: database.url ?? '', poolSize: 2 })
        : database
    const ran: { id: number; attempts: number }[] = []
    const restarted = startWorkers({
      queue: createJobQueue(handle.db, { workerId: 'restarted' }),
      count: 1,
      kinds: ['review'],
      handle: async (job) => {
        ran.push({ id: job.id, attempts: job.attempts })
      },
      leaseMs: 30 * SECOND,
      pollMs: 25,
      log: silent,
    })
    try {
      expect(await waitFor(async () => (await counts()).done === 3)).toBe(true)
    } finally {
      await restarted.stop()
      if (handle !== database) await handle.close()
    }
    expect(ran).toEqual(ids.map((id) => ({ id, attempts: 1 })))
    expect(await counts()).toMatchObject({ queued: 0, running: 0, done: 3, dead: 0 })
  })

  it('renews the lease of a long job, and aborts the handler when the lease is taken away', async () => {
    const queue = createJobQueue(database.db)
    const job = await queue.enqueue('review', {})
    let signal: AbortSignal | undefined
    const workers = start(
      (_job, context) => {
        signal = context.signal
        return new Promise((_resolve, reject) => {
          context.signal.addEventListener('abort', () => reject(context.signal.reason))
        })
      },
      { leaseMs: 1500 },
    )
    try {
      expect(await waitFor(() => signal !== undefined)).toBe(true)
      // Once the first lease has run out, another worker could take the job, unless it was renewed.
      const [claimed] = await database.db.select().from(jobs).where(eq(jobs.id, job.id))
      const firstLease = claimed?.lockedUntil?.getTime() ?? 0
      expect(await waitFor(() => Date.now() > firstLease + 300, 5000)).toBe(true)
      expect(await createJobQueue(database.db, { workerId: 'other' }).claim(['review'], 1500)).toBeNull()
      expect(signal?.aborted).toBe(false)
      // Another worker takes the job over (as if our renewals had not reached the database).
      await database.db.update(jobs).set({ lockedBy: 'thief' }).where(eq(jobs.id, job.id))
      expect(await waitFor(() => signal?.aborted === true, 3000)).toBe(true)
    } finally {
      await workers.stop()
    }
    // The handler's failure after losing the lease does not touch the thief's claim.
    const [stored] = await database.db.select().from(jobs).where(eq(jobs.id, job.id))
    expect(stored).toMatchObject({ status: 'running', lockedBy: 'thief', attempts: 1, lastError: null })
  })
})
