import { randomUUID } from 'node:crypto'
import { type SQL, sql } from 'drizzle-orm'
import pg from 'pg'
import { z } from 'zod'
import type { Database } from '#server/db/client.ts'
import { warnThrottled, withDeadline } from '#server/db/unavailable.ts'
import type { EventBus } from '#server/events/bus.ts'
import type { Logger } from '#server/logger.ts'

/**
 * What instances on one PostgreSQL database tell each other (NOTIFY on one channel), so that what
 * each keeps in memory follows what another changed: the catalogue after an import, a session that
 * ended, a member whose row changed. Each instance acts on its own changes through its event bus
 * (events/bus.ts); `bridgeClusterEvents` forwards those the others must hear, and emits what it hears
 * from them. PGlite has one process: it needs none of this (`noClusterEvents`).
 *
 * The notices keep their own names (`user-changed`, `catalogue-changed`): instances of the version
 * before and after a deploy share the channel for a while, and each ignores what it cannot read.
 */
export const EVENTS_CHANNEL = 'dojo_events'

const eventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('catalogue-changed') }),
  z.object({ type: z.literal('session-ended'), idHash: z.string().regex(/^[0-9a-f]{64}$/) }),
  z.object({ type: z.literal('user-changed'), userId: z.uuid() }),
  // Which of a challenge's solutions are listed changed (null: of any challenge): the lists' counts.
  z.object({ type: z.literal('listing-changed'), challengeId: z.number().int().positive().nullable() }),
])
export type ClusterEvent = z.infer<typeof eventSchema>

/** The listener was away and is back: events of the meantime are lost, so drop what may be stale. */
export type Resync = { type: 'resync' }

const payloadSchema = z.object({ from: z.string().max(64).optional() }).and(eventSchema)

function payload(event: ClusterEvent, from?: string): string {
  return JSON.stringify(from ? { ...event, from } : event)
}

/**
 * The NOTIFY as a statement, for a transaction: PostgreSQL sends it when the transaction commits and
 * not at all when it rolls back, so no instance hears of a change that did not happen.
 */
export function notifyStatement(event: ClusterEvent): SQL {
  return sql`select pg_notify(${EVENTS_CHANNEL}, ${payload(event)})`
}

export type ClusterEvents = {
  /** Tells the other instances. Best effort: a failure is logged, their caches expire on their own. */
  publish(event: ClusterEvent): Promise<void>
  /** Events from other instances; returns a function that unsubscribes. */
  subscribe(handler: (event: ClusterEvent | Resync) => void): () => void
  /** Resolves once the listener first runs, or rejects after `timeoutMs`: what is sent before, it misses. */
  ready(timeoutMs: number): Promise<void>
  close(): Promise<void>
}

/** One process (PGlite, the in-process test apps): nobody to tell, nothing to hear. */
export const noClusterEvents: ClusterEvents = {
  publish: async () => {},
  subscribe: () => () => {},
  ready: async () => {},
  close: async () => {},
}

export type ListenOptions = {
  /** The PostgreSQL URL: the listener holds a connection of its own, outside the pool. */
  url: string
  /** Where events are sent from (the pool). */
  db: Database
  log: Logger
  /** First wait before connecting again after a drop; doubles up to `maxBackoffMs`. */
  backoffMs?: number
  maxBackoffMs?: number
  /** How often the idle listening connection is checked, so a silently dead one is replaced. */
  heartbeatMs?: number
}

export const LISTENER_APPLICATION_NAME = 'frontend-dojo-events'
const CONNECT_TIMEOUT_MS = 2000
const QUERY_TIMEOUT_MS = 5000
const CLOSE_TIMEOUT_MS = 2000

/**
 * LISTEN on a dedicated connection. When it drops (the database restarted, a network cut, a failed
 * heartbeat) it connects again after a wait that doubles from `backoffMs` up to `maxBackoffMs` and
 * keeps trying at that pace until `close()`; every attempt has a timeout. After such a gap the
 * subscribers get `resync`. An instance ignores the events it sent itself.
 */
export function listenForEvents(options: ListenOptions): ClusterEvents {
  const { url, db, log } = options
  const backoffMs = options.backoffMs ?? 250
  const maxBackoffMs = options.maxBackoffMs ?? 10_000
  const heartbeatMs = options.heartbeatMs ?? 15_000
  const instanceId = randomUUID()
  const handlers = new Set<(event: ClusterEvent | Resync) => void>()
  let client: pg.Client | null = null
  let closed = false
  let failures = 0
  let everConnected = false
  let retry: NodeJS.Timeout | undefined
  let listening: () => void = () => {}
  const firstListen = new Promise<void>((resolve) => {
    listening = resolve
  })

  const emit = (event: ClusterEvent | Resync) => {
    for (const handler of handlers) {
      try {
        handler(event)
      } catch (error) {
        log.error('a cluster event handler failed', { event: event.type, error })
      }
    }
  }

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== EVENTS_CHANNEL || !message.payload) return
    let parsed: z.infer<typeof payloadSchema>
    try {
      parsed = payloadSchema.parse(JSON.parse(message.payload))
    } catch {
      // Another version, or someone's NOTIFY by hand: not ours to act on.
      log.debug('ignored a notice on the events channel', { payload: message.payload.slice(0, 200) })
      return
    }
    if (parsed.from === instanceId) return
    const { from: _from, ...event } = parsed
    emit(event as ClusterEvent)
  }

  const scheduleConnect = () => {
    if (closed || retry) return
    const wait = Math.min(backoffMs * 2 ** Math.min(failures, 16), maxBackoffMs)
    failures += 1
    retry = setTimeout(() => {
      retry = undefined
      void connect()
    }, wait)
    retry.unref()
  }

  /** Forgets `lost` (once) and starts over; its socket is left to close on its own. */
  const drop = (lost: pg.Client, reason: string) => {
    if (client !== lost) return
    client = null
    lost.removeListener('notification', onNotification)
    lost.end().catch(() => {})
    if (closed) return
    warnThrottled(log, 'the events listener lost its database connection: reconnecting', { reason })
    scheduleConnect()
  }

  const connect = async () => {
    if (closed) return
    const next = new pg.Client({
      connectionString: url,
      // Visible in pg_stat_activity: the one idle connection per instance that is meant to be idle.
      application_name: LISTENER_APPLICATION_NAME,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      query_timeout: QUERY_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    })
    // A connection error must never crash the process: it is a reason to reconnect.
    next.on('error', (error) => drop(next, error.message))
    next.on('end', () => drop(next, 'connection ended'))
    next.on('notification', onNotification)
    client = next
    try {
      await next.connect()
      await next.query(`listen ${EVENTS_CHANNEL}`)
    } catch (error) {
      drop(next, error instanceof Error ? error.message : String(error))
      return
    }
    if (closed || client !== next) return
    failures = 0
    if (everConnected) {
      log.info('the events listener is connected again')
      emit({ type: 'resync' })
    }
    everConnected = true
    listening()
  }

  // The heartbeat finds a connection that died without a word (a paused server, a dropped route).
  const heartbeat = setInterval(() => {
    const current = client
    if (!current || closed) return
    current.query('select 1').catch((error: Error) => drop(current, `heartbeat: ${error.message}`))
  }, heartbeatMs)
  heartbeat.unref()

  void connect()

  return {
    async publish(event) {
      try {
        await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${payload(event, instanceId)})`)
      } catch (error) {
        warnThrottled(log, 'could not tell the other instances of a change', {
          event: event.type,
          error: error instanceof Error ? error.message : String(error),
        })
      }
    },
    subscribe(handler) {
      handlers.add(handler)
      return () => handlers.delete(handler)
    },
    ready: (timeoutMs) => withDeadline(firstListen, timeoutMs, 'the events listener'),
    async close() {
      closed = true
      clearInterval(heartbeat)
      clearTimeout(retry)
      const current = client
      client = null
      handlers.clear()
      if (current) await withDeadline(current.end(), CLOSE_TIMEOUT_MS, 'the events listener').catch(() => {})
    },
  }
}

/**
 * Joins this instance's event bus to the others': a member's change, a settled review that moved points
 * and an ended session are sent to them (after the change committed: the features emit then), and so is
 * any change in which solutions are listed (a passed review, a moderation, an owner's hiding, a deleted
 * account), for the lists' counts (catalogue.ts); what they send is emitted here as from
 * `another-instance`, which is never sent back. The importer's notice is sent from inside its
 * transaction instead (content/import.ts), and heard here as `catalogue-imported`. Returns a function
 * that undoes both directions.
 */
export function bridgeClusterEvents(bus: EventBus, cluster: ClusterEvents): () => void {
  const tell = (event: ClusterEvent) => void cluster.publish(event)
  const listingChanged = (challengeId: number | null) => tell({ type: 'listing-changed', challengeId })
  const offs = [
    bus.on(['member-changed', 'member-signed-in', 'account-deleted'], (event, source) => {
      if (source === 'here') tell({ type: 'user-changed', userId: event.userId })
    }),
    bus.on('account-deleted', (_event, source) => {
      if (source === 'here') listingChanged(null)
    }),
    bus.on('review-settled', (event, source) => {
      if (source !== 'here') return
      if (event.pointsChanged) tell({ type: 'user-changed', userId: event.userId })
      if (event.passed) listingChanged(event.challengeId)
    }),
    bus.on(['solution-moderated', 'solution-listing-changed'], (event, source) => {
      if (source === 'here') listingChanged(event.challengeId)
    }),
    bus.on('session-ended', (event, source) => {
      if (source === 'here') tell({ type: 'session-ended', idHash: event.idHash })
    }),
    cluster.subscribe((event) => {
      if (event.type === 'user-changed')
        bus.emit({ type: 'member-changed', userId: event.userId }, 'another-instance')
      else if (event.type === 'session-ended')
        bus.emit({ type: 'session-ended', idHash: event.idHash }, 'another-instance')
      else if (event.type === 'catalogue-changed')
        bus.emit({ type: 'catalogue-imported' }, 'another-instance')
      else if (event.type === 'listing-changed')
        bus.emit({ type: 'solution-listing-changed', challengeId: event.challengeId }, 'another-instance')
      else bus.emit({ type: 'events-missed' }, 'another-instance')
    }),
  ]
  return () => {
    for (const off of offs) off()
  }
}
