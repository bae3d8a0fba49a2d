import { and, eq, gt, lt, sql } from 'drizzle-orm'
import {
  type ClientRateLimitInfo,
  type HonoConfigType,
  MemoryStore,
  type RedisClient,
  RedisStore,
  type Store,
} from 'hono-rate-limiter'
import type { Database } from '#server/db/client.ts'
import { rateLimits } from '#server/db/schema.ts'
import { warnThrottled, withDeadline } from '#server/db/unavailable.ts'
import type { RateLimitStoreConfig } from '#server/env.ts'
import type { Logger } from '#server/logger.ts'

/**
 * Counts in the `rate_limits` table, so every instance on one database shares them. A hit is one
 * atomic upsert: concurrent hits on the same key queue on its row and each sees the count before it,
 * so N hits count exactly N whichever instances they land on. A window starts at a key's first hit
 * and lasts `windowMs`, as in the memory store; the database's clock decides, not the instances'.
 */
class DatabaseStore implements Store {
  readonly localKeys = false
  #windowMs = 60_000

  constructor(private readonly db: Database) {}

  init(options: HonoConfigType) {
    this.#windowMs = options.windowMs
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const over = sql`${rateLimits.resetsAt} <= now()`
    const [row] = await this.db
      .insert(rateLimits)
      .values({
        key,
        windowStart: sql`now()`,
        resetsAt: sql`now() + ${this.#windowMs}::integer * interval '1 millisecond'`,
        count: 1,
      })
      // Every expression reads the row as it was: a window that is over starts again at this hit.
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${over} then 1 else ${rateLimits.count} + 1 end`,
          windowStart: sql`case when ${over} then now() else ${rateLimits.windowStart} end`,
          resetsAt: sql`case when ${over} then excluded.resets_at else ${rateLimits.resetsAt} end`,
        },
      })
      .returning({ count: rateLimits.count, resetsAt: rateLimits.resetsAt })
    if (!row) throw new Error(`the rate-limit count of ${key} was not returned`)
    return { totalHits: row.count, resetTime: row.resetsAt }
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const [row] = await this.db
      .select({ count: rateLimits.count, resetsAt: rateLimits.resetsAt })
      .from(rateLimits)
      .where(and(eq(rateLimits.key, key), gt(rateLimits.resetsAt, sql`now()`)))
    return row ? { totalHits: row.count, resetTime: row.resetsAt } : undefined
  }

  async decrement(key: string): Promise<void> {
    await this.db
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(and(eq(rateLimits.key, key), gt(rateLimits.resetsAt, sql`now()`)))
  }

  async resetKey(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, key))
  }
}

/** Housekeeping: rows whose window is over count for nothing (the next hit starts again anyway). */
export async function deleteExpiredRateLimits(db: Database, now = new Date()): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetsAt, now))
}

/** How long a hit may wait for the shared store before this process counts it on its own. */
const STORE_DEADLINE_MS = 1000

/**
 * Fail-open, but not unlimited: when the shared store fails or does not answer within `deadlineMs`
 * (the database or Redis away), the hit is counted in this process's memory instead, and the request
 * goes on. A 503 for every state-changing request would turn a Redis hiccup into an outage, and a
 * request that needs the database answers 503 on its own anyway; counting locally keeps the limit
 * per instance meanwhile (at most instances × limit in all) instead of none. Never a 500.
 */
export class FailOpenStore implements Store {
  readonly localKeys = false
  readonly #fallback = new MemoryStore()

  constructor(
    private readonly shared: Store,
    private readonly options: { log: Logger; what: string; deadlineMs?: number },
  ) {}

  init(options: HonoConfigType) {
    this.shared.init?.(options)
    this.#fallback.init(options)
  }

  async #attempt<T>(work: () => T | Promise<T>): Promise<{ ok: true; value: T } | { ok: false }> {
    try {
      const deadlineMs = this.options.deadlineMs ?? STORE_DEADLINE_MS
      return {
        ok: true,
        value: await withDeadline(Promise.resolve().then(work), deadlineMs, this.options.what),
      }
    } catch (error) {
      warnThrottled(
        this.options.log,
        'the rate-limit store failed: counting in this process until it answers',
        {
          store: this.options.what,
          error: error instanceof Error ? error.message : String(error),
        },
      )
      return { ok: false }
    }
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const result = await this.#attempt(() => this.shared.increment(key))
    return result.ok ? result.value : this.#fallback.increment(key)
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const result = await this.#attempt(() => this.shared.get?.(key))
    return result.ok ? result.value : this.#fallback.get(key)
  }

  async decrement(key: string): Promise<void> {
    const result = await this.#attempt(() => this.shared.decrement(key))
    if (!result.ok) this.#fallback.decrement(key)
  }

  async resetKey(key: string): Promise<void> {
    this.#fallback.resetKey(key)
    await this.#attempt(() => this.shared.resetKey(key))
  }

  shutdown() {
    this.#fallback.shutdown()
  }
}

/** The longest wait between two attempts to reach Redis again. */
const REDIS_MAX_BACKOFF_MS = 10_000

/** A store per limiter (each has its own window) and what they hold open. */
export type RateLimitStores = {
  kind: RateLimitStoreConfig['kind']
  create(): Store | undefined
  /** Resolves once the store answers (Redis connected), or rejects after `timeoutMs`. */
  ready(timeoutMs: number): Promise<void>
  close(): Promise<void>
}

/**
 * The stores RATE_LIMIT_STORE names. `memory` answers undefined: the limiter's own memory store.
 * Redis is connected in the background; until it answers, hits are counted in memory (FailOpenStore).
 */
export function openRateLimitStores(
  config: RateLimitStoreConfig,
  deps: { db: Database; log: Logger; deadlineMs?: number },
): RateLimitStores {
  const { db, log, deadlineMs } = deps
  if (config.kind === 'memory')
    return { kind: 'memory', create: () => undefined, ready: async () => {}, close: async () => {} }
  if (config.kind === 'database') {
    return {
      kind: 'database',
      create: () =>
        new FailOpenStore(new DatabaseStore(db), { log, what: 'the rate_limits table', deadlineMs }),
      ready: async () => {},
      close: async () => {},
    }
  }
  let closing = false
  // node-redis is loaded only for a Redis store: 20 MB of memory the other stores never use.
  const opened = import('@redis/client').then(({ createClient }) => {
    const client = createClient({
      url: config.url,
      // A command while Redis is away fails at once (and is counted in memory) instead of queueing.
      disableOfflineQueue: true,
      socket: {
        connectTimeout: 2000,
        reconnectStrategy: (retries) => Math.min(250 * 2 ** Math.min(retries, 10), REDIS_MAX_BACKOFF_MS),
      },
    })
    client.on('error', (error: Error) =>
      warnThrottled(log, 'Redis (RATE_LIMIT_STORE) is unreachable: counting in this process', {
        error: error.message,
      }),
    )
    return client
  })
  // It keeps trying (reconnectStrategy) until Redis answers or the store is closed.
  const connected = opened
    .then((client) => client.connect())
    .then(
      () => {},
      (error: Error) => {
        if (!closing) log.warn('gave up connecting to Redis (RATE_LIMIT_STORE)', { error: error.message })
      },
    )
  // The calls hono-rate-limiter's RedisStore makes (atomic Lua scripts), on node-redis.
  const calls: RedisClient = {
    scriptLoad: async (script) => (await opened).scriptLoad(script),
    evalsha: (async (sha1: string, keys: string[], args: unknown[]) =>
      (await opened).evalSha(sha1, { keys, arguments: args.map(String) })) as RedisClient['evalsha'],
    decr: async (key) => (await opened).decr(key),
    del: async (key) => (await opened).del(key),
  }
  return {
    kind: 'redis',
    create: () =>
      new FailOpenStore(new RedisStore({ client: calls, prefix: 'dojo:rate:' }), {
        log,
        what: 'Redis',
        deadlineMs,
      }),
    async ready(timeoutMs) {
      await withDeadline(connected, timeoutMs, 'Redis')
      if (!(await opened).isReady) throw new Error('Redis is not connected')
    },
    async close() {
      closing = true
      // If node-redis could not even be loaded, there is nothing to close.
      const client = await opened.catch(() => undefined)
      if (!client) return
      if (client.isReady) await withDeadline(client.close(), 2000, 'Redis').catch(() => client.destroy())
      else if (client.isOpen) client.destroy()
    },
  }
}
