import type { AddressInfo } from 'node:net'
import { createApp } from '#server/app.ts'
import { openServices } from '#server/boot.ts'
import { CATALOGUE_CHECK_WITH_NOTICES_MS, createCatalogue } from '#server/catalogue/catalogue.ts'
import { serverFastPath } from '#server/catalogue/fast-path.ts'
import { COMPETITION_CLOSE_TICK_MS, closeEndedCompetitions } from '#server/competitions/standings.ts'
import { ensureWeeklyCompetition, type StartedCompetition } from '#server/competitions/weekly.ts'
import { listenForEvents, noClusterEvents } from '#server/db/events.ts'
import { EnvError, parseEnv, startupWarnings } from '#server/env.ts'
import { createEventBus } from '#server/events/bus.ts'
import { startHousekeeping } from '#server/housekeeping.ts'
import { createDrainableServer, SHUTDOWN_DRAIN_MS } from '#server/http/drain.ts'
import { createRequestHandler, httpServerOptions } from '#server/http/node-handler.ts'
import { openRateLimitStores } from '#server/http/rate-limit-store.ts'
import { securityHeadersFor } from '#server/http/security-headers.ts'
import { createJobQueue, type Workers } from '#server/jobs/queue.ts'
import { startLinkRechecks } from '#server/jobs/recheck.ts'
import { startScheduler } from '#server/jobs/scheduler.ts'
import { createLogger, routeConsoleWarnings } from '#server/logger.ts'
import { createReviewService } from '#server/review/service.ts'
import { startReviewWorkers } from '#server/review/workers.ts'
import { CATALOGUE_CACHING } from '#server/routes/challenges.ts'

async function main() {
  let env: ReturnType<typeof parseEnv>
  try {
    env = parseEnv()
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  const log = createLogger(env.LOG_LEVEL)
  routeConsoleWarnings(log)
  for (const warning of startupWarnings(env)) log.warn(warning)
  const started = performance.now()
  const services = await openServices(env, log)
  const { db } = services.database
  let workers: Workers | undefined
  // Made before the app: reviews, link checks and competitions tell what they change, and the app's
  // caches, subscribed to it, drop it.
  const bus = createEventBus(log)
  const reviews = createReviewService({
    db,
    storage: services.storage,
    queue: createJobQueue(db),
    log,
    capture: {
      allowLoopback: env.REVIEW_ALLOW_LOOPBACK,
      audits: { axe: env.REVIEW_AXE, lighthouse: env.REVIEW_LIGHTHOUSE },
    },
    // A review queued by this process starts at once instead of at the next poll.
    onQueued: () => workers?.wake(),
    events: bus,
  })
  // Several instances on one PostgreSQL database hear of each other's changes (db/events.ts) and
  // share rate-limit counts (RATE_LIMIT_STORE); PGlite has this one process.
  const cluster = env.DATABASE_URL ? listenForEvents({ url: env.DATABASE_URL, db, log }) : noClusterEvents
  await cluster.ready(5000).catch((error: Error) => {
    log.warn('the events listener is not running yet; it keeps trying', { error: error.message })
  })
  const rateLimitStores = openRateLimitStores(env.rateLimitStore, { db, log })
  await rateLimitStores.ready(3000).catch((error: Error) => {
    log.warn('the rate-limit store does not answer yet: counting in this process until it does', {
      error: error.message,
    })
  })
  const catalogue = createCatalogue(db, {
    log,
    ...(env.DATABASE_URL ? { checkEveryMs: CATALOGUE_CHECK_WITH_NOTICES_MS } : {}),
  })
  const app = createApp({
    env,
    db,
    storage: services.storage,
    log,
    reviews,
    catalogue,
    bus,
    cluster,
    rateLimitStore: rateLimitStores.create,
  })
  const stopHousekeeping = startHousekeeping(db, log)
  // A stop waits 3 s for running reviews, then gives them back to the queue for another process.
  workers = startReviewWorkers(reviews, { count: env.REVIEW_WORKERS, log, stopTimeoutMs: 3000 })
  // Weekly dead-link checks: plain HTTP requests under the reviews' egress rules, never a browser.
  const linkRechecks = startLinkRechecks({
    db,
    queue: createJobQueue(db),
    log,
    count: env.LINK_CHECK_WORKERS,
    allowLoopback: env.REVIEW_ALLOW_LOOPBACK,
    stopTimeoutMs: 3000,
    events: bus,
  })

  // A weekly competition runs by itself (docs/product.md §4): one is started now when none runs, and at
  // each tick below, so a new week has its competition within a minute of Monday 00:00 UTC.
  const weeklyStarted = (started: StartedCompetition | null) => {
    if (started)
      log.info('weekly competition started', { competition: started.slug, challenge: started.challengeSlug })
  }
  await ensureWeeklyCompetition(db).then(weeklyStarted, (error: Error) => {
    log.warn('the weekly competition could not be started yet; the competitions tick tries again', {
      error: error.message,
    })
  })
  // Competitions that have ended get their results frozen (docs/product.md §4); safe in several processes.
  const competitionCloser = startScheduler({
    name: 'competitions',
    intervalMs: COMPETITION_CLOSE_TICK_MS,
    firstTickMs: 5000,
    log,
    tick: async () => {
      await ensureWeeklyCompetition(db).then(weeklyStarted, (error: Error) => {
        log.warn('competitions: the weekly competition could not be started', { error: error.message })
      })
      const closed = await closeEndedCompetitions(db)
      if (closed.length > 0) {
        log.info('competitions closed: results frozen', { competitions: closed })
        // Winners' badges show on their profiles.
        bus.emit({ type: 'competitions-closed', slugs: closed })
      }
    },
  })

  // The catalogue's fixed answers skip the app's middleware (catalogue/fast-path.ts); the rest is Hono.
  const securityHeaders = securityHeadersFor(env)
  const fastPath = await serverFastPath(app, catalogue, CATALOGUE_CACHING, securityHeaders)
  if (!fastPath) log.warn('the catalogue could not be read at start: every request goes through the app')
  const { server, drain } = createDrainableServer(
    createRequestHandler(app.fetch, fastPath),
    httpServerOptions(securityHeaders),
  )
  server.listen(env.PORT, env.HOST, () => {
    const info = server.address() as AddressInfo
    const host = env.HOST === '127.0.0.1' || env.HOST === '::1' ? 'localhost' : env.HOST
    log.info(`Frontend Dojo is ready at http://${host}:${info.port}`, {
      database: services.database.kind,
      reviewWorkers: env.REVIEW_WORKERS,
      rateLimitStore: rateLimitStores.kind,
      linkCheckWorkers: env.LINK_CHECK_WORKERS,
      startupMs: Math.round(performance.now() - started),
    })
  })

  let stopping = false
  /**
   * SIGTERM (a deploy, `docker stop`) or SIGINT: stop accepting connections, let requests in flight
   * finish (SHUTDOWN_DRAIN_MS at most), give running jobs back to the queue for another process, then
   * close the database. Each step is bounded, so the process ends within seconds of the cap.
   */
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    const begun = performance.now()
    log.info('shutting down: finishing requests in flight', { signal, capMs: SHUTDOWN_DRAIN_MS })
    // Whatever is still open after the cap and a margin for the database: exit anyway.
    setTimeout(() => {
      log.error('shutdown did not finish in time; exiting')
      process.exit(1)
    }, SHUTDOWN_DRAIN_MS + 5000).unref()
    stopHousekeeping()
    const warn = (what: string) => (error: unknown) => log.warn(`could not stop ${what} cleanly`, { error })
    const [drained] = await Promise.all([
      drain(),
      (workers?.stop() ?? Promise.resolve()).catch(warn('the review workers')),
      linkRechecks.stop().catch(warn('the link re-checks')),
      competitionCloser.stop(),
      cluster.close(),
      rateLimitStores.close(),
    ])
    try {
      await services.close()
    } catch (error) {
      warn('the database')(error)
      process.exit(1)
    }
    log.info('stopped', { signal, requestsDrained: drained, ms: Math.round(performance.now() - begun) })
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  if (process.env.LOG_LEVEL === 'debug') console.error(error)
  process.exit(1)
})
