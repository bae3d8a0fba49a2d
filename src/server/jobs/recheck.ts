import { and, asc, count, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '#server/db/client.ts'
import { jobs, submissionReviews, userChallenges } from '#server/db/schema.ts'
import type { EventEmitter } from '#server/events/bus.ts'
import type { JobHandler, JobQueue } from '#server/jobs/queue.ts'
import { startWorkers } from '#server/jobs/queue.ts'
import { startScheduler } from '#server/jobs/scheduler.ts'
import type { Logger } from '#server/logger.ts'
import { checkLink, type LinkChecker, type LinkCheckResult } from '#server/review/link-check.ts'
import { isoWeekOf } from '#shared/periods.ts'

/**
 * Dead-link re-checks (docs/product.md §4, link status): once per ISO week every completed
 * submission's public address (the newest passed review's, docs/product.md §11) gets one plain HTTP
 * request (review/link-check.ts). A site is 'offline' after two failed checks in a row at least 24 hours
 * apart, and 'live' again after one success.
 */

/** The job kind the re-check workers take. */
export const RECHECK_JOB_KIND = 'recheck'
/** Re-checks running at once in one process. */
export const RECHECK_WORKERS = 4
/** How often the scheduler looks for submissions not checked this week. */
const RECHECK_TICK_MS = 60_000
/** Submissions queued per tick, at most. */
const RECHECK_BATCH_SIZE = 200
/** No more are queued while this many re-checks wait or run: a backlog is worked off first. */
const RECHECK_MAX_QUEUED = 1000
/** A check takes at most 10 s; the lease is renewed every third of this while it runs. */
const RECHECK_LEASE_MS = 30_000
const RECHECK_POLL_MS = 5000
/** Two failures at least this far apart make a site offline. */
const OFFLINE_AFTER_MS = 24 * 60 * 60 * 1000
const MAX_ERROR_LENGTH = 300

/** One re-check of a submission per ISO week: queueing it again that week returns the queued job. */
const recheckDedupeKey = (weekKey: string, userChallengeId: number) => `recheck:${weekKey}:${userChallengeId}`

const recheckPayload = z.object({ userChallengeId: z.number().int().positive() })
type RecheckPayload = z.infer<typeof recheckPayload>

const timestamp = (date: Date) => sql`${date.toISOString()}::timestamptz`

/**
 * Applies one check's result to the submission, in one statement so it reads the streak it extends.
 * Only while the public address is still the one checked (a newly passed review with another address
 * resets the record in the same row, settleListing in #server/solutions/listing.ts, and must not inherit
 * this result), and never over a newer check. True when the row was updated.
 */
export async function recordLinkCheck(
  db: Database,
  input: { userChallengeId: number; url: string; result: LinkCheckResult; now: Date },
): Promise<boolean> {
  const { result, now } = input
  const at = timestamp(now)
  const uc = userChallenges
  const changes = result.ok
    ? {
        linkStatus: 'live',
        linkFailures: 0,
        linkFirstFailureAt: null,
        linkLastError: null,
      }
    : {
        linkFailures: sql`${uc.linkFailures} + 1`,
        // The first failure of a streak starts it; a later one keeps its start.
        linkFirstFailureAt: sql`case when ${uc.linkFailures} = 0 or ${uc.linkFirstFailureAt} is null then ${at} else ${uc.linkFirstFailureAt} end`,
        // This is at least the second failure in a row, and a day or more after the first: offline.
        linkStatus: sql`case when ${uc.linkFailures} >= 1 and ${uc.linkFirstFailureAt} is not null
          and ${at} >= ${uc.linkFirstFailureAt} + ${OFFLINE_AFTER_MS}::double precision * interval '1 millisecond'
          then 'offline' else ${uc.linkStatus} end`,
        linkLastError: result.reason.slice(0, MAX_ERROR_LENGTH),
      }
  const rows = await db
    .update(uc)
    .set({ ...changes, linkCheckedAt: at })
    .where(
      and(
        eq(uc.id, input.userChallengeId),
        eq(uc.status, 'completed'),
        sql`exists (select 1 from ${submissionReviews} where ${submissionReviews.id} = ${uc.passedReviewId} and ${submissionReviews.requestedUrl} = ${input.url})`,
        or(isNull(uc.linkCheckedAt), lte(uc.linkCheckedAt, at)),
      ),
    )
    .returning({ id: uc.id })
  return rows.length === 1
}

export type RecheckDeps = {
  db: Database
  check: LinkChecker
  log: Logger
  /** The clock, for tests that need checks a day apart. */
  now?: () => Date
  /** Told of each recorded check (`link-checked`): the member's profile shows its link status. */
  events?: EventEmitter
}

/**
 * Runs one re-check job: reads the submission's public address now (a newer review may have passed
 * since the job was queued), checks it, records the result. A submission no longer due (no passed
 * review any more, or checked this week by another process) is skipped.
 */
export function createRecheckHandler(deps: RecheckDeps): JobHandler {
  const { db, check, log } = deps
  const now = deps.now ?? (() => new Date())
  return async (job, { signal }) => {
    const payload = recheckPayload.safeParse(job.payload)
    if (!payload.success) {
      log.warn('rechecks: a job with an invalid payload was dropped', { id: job.id })
      return
    }
    const { userChallengeId } = payload.data
    const [row] = await db
      .select({
        userId: userChallenges.userId,
        status: userChallenges.status,
        url: submissionReviews.requestedUrl,
        checkedAt: userChallenges.linkCheckedAt,
      })
      .from(userChallenges)
      .innerJoin(submissionReviews, eq(submissionReviews.id, userChallenges.passedReviewId))
      .where(eq(userChallenges.id, userChallengeId))
    if (row?.status !== 'completed') return
    if (row.checkedAt && row.checkedAt >= isoWeekOf(now()).start) return
    const result = await check(row.url, { signal })
    // The lease was lost: another worker may be checking the same row, and two results would count
    // one failure twice.
    if (signal.aborted) return
    await recordLinkCheck(db, { userChallengeId, url: row.url, result, now: now() })
    deps.events?.emit({ type: 'link-checked', userId: row.userId, userChallengeId })
    if (!result.ok)
      log.debug('rechecks: a submitted site failed its check', { userChallengeId, reason: result.reason })
  }
}

/**
 * The scheduler's tick: queues a re-check for every completed submission with an address that was not
 * checked this ISO week, oldest check first, at most `batchSize` at a time and never more than
 * `maxQueued` waiting. Safe in several processes at once: the dedupe key holds one job per submission
 * and week. Returns how many were queued.
 */
export async function enqueueDueRechecks(
  db: Database,
  queue: JobQueue,
  options: { now?: Date; batchSize?: number; maxQueued?: number } = {},
): Promise<number> {
  const week = isoWeekOf(options.now ?? new Date())
  const maxQueued = options.maxQueued ?? RECHECK_MAX_QUEUED
  const [waiting] = await db
    .select({ n: count() })
    .from(jobs)
    .where(and(eq(jobs.kind, RECHECK_JOB_KIND), inArray(jobs.status, ['queued', 'running'])))
  const room = Math.min(options.batchSize ?? RECHECK_BATCH_SIZE, maxQueued - Number(waiting?.n ?? 0))
  if (room <= 0) return 0
  const uc = userChallenges
  const keyPrefix = recheckDedupeKey(week.key, 0).slice(0, -1)
  const due = await db
    .select({ id: uc.id })
    .from(uc)
    .where(
      and(
        eq(uc.status, 'completed'),
        or(isNull(uc.linkCheckedAt), sql`${uc.linkCheckedAt} < ${timestamp(week.start)}`),
        isNotNull(uc.passedReviewId),
        // Already queued this week: skipped, so the batch moves on to others.
        sql`not exists (select 1 from ${jobs} where ${jobs.dedupeKey} = ${keyPrefix}::text || ${uc.id}::text and ${jobs.status} in ('queued', 'running'))`,
      ),
    )
    .orderBy(sql`${uc.linkCheckedAt} asc nulls first`, asc(uc.id))
    .limit(room)
  for (const { id } of due) {
    await queue.enqueue(RECHECK_JOB_KIND, { userChallengeId: id } satisfies RecheckPayload, {
      dedupeKey: recheckDedupeKey(week.key, id),
    })
  }
  return due.length
}

export type LinkRechecks = {
  /** Runs the scheduler's tick now; how many re-checks it queued. */
  tick(): Promise<number>
  stop(): Promise<void>
}

export type LinkRechecksOptions = {
  db: Database
  queue: JobQueue
  log: Logger
  /** Re-checks at once in this process; 0 neither schedules nor runs any here. */
  count?: number
  /** The plain-HTTP check; tests pass a stand-in or a loopback-allowing one. */
  check?: LinkChecker
  /** Tests only (REVIEW_ALLOW_LOOPBACK): lets the default check reach sites on 127.0.0.1. */
  allowLoopback?: boolean | { ports: readonly number[] }
  now?: () => Date
  events?: EventEmitter
  tickMs?: number
  firstTickMs?: number
  pollMs?: number
  batchSize?: number
  maxQueued?: number
  stopTimeoutMs?: number
}

/** The weekly re-checks of this process: a scheduler tick every minute and `count` workers. */
export function startLinkRechecks(options: LinkRechecksOptions): LinkRechecks {
  const { db, queue, log } = options
  const count = options.count ?? RECHECK_WORKERS
  const now = options.now ?? (() => new Date())
  const check: LinkChecker =
    options.check ??
    ((url, checkOptions) =>
      checkLink(url, {
        ...(options.allowLoopback ? { allowLoopback: options.allowLoopback } : {}),
        ...(checkOptions?.signal ? { signal: checkOptions.signal } : {}),
      }))
  if (count <= 0) return { tick: async () => 0, stop: async () => {} }
  const workers = startWorkers({
    queue,
    count,
    kinds: [RECHECK_JOB_KIND],
    handle: createRecheckHandler({
      db,
      check,
      log,
      now,
      ...(options.events ? { events: options.events } : {}),
    }),
    leaseMs: RECHECK_LEASE_MS,
    pollMs: options.pollMs ?? RECHECK_POLL_MS,
    log,
    ...(options.stopTimeoutMs === undefined ? {} : { stopTimeoutMs: options.stopTimeoutMs }),
  })
  const tick = async () => {
    const queued = await enqueueDueRechecks(db, queue, {
      now: now(),
      ...(options.batchSize === undefined ? {} : { batchSize: options.batchSize }),
      ...(options.maxQueued === undefined ? {} : { maxQueued: options.maxQueued }),
    })
    if (queued > 0) workers.wake()
    return queued
  }
  const scheduler = startScheduler({
    name: 'rechecks',
    tick: async () => {
      await tick()
    },
    intervalMs: options.tickMs ?? RECHECK_TICK_MS,
    firstTickMs: options.firstTickMs ?? 5000,
    log,
  })
  return {
    tick,
    async stop() {
      await scheduler.stop()
      await workers.stop()
    },
  }
}
