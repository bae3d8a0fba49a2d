import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createApp } from '#server/app.ts'
import { openServices } from '#server/boot.ts'
import { createCatalogue } from '#server/catalogue/catalogue.ts'
import { appCatalogueHeaders, createCatalogueFastPath } from '#server/catalogue/fast-path.ts'
import { COMPETITION_CLOSE_TICK_MS, closeEndedCompetitions } from '#server/competitions/standings.ts'
import { EnvError, parseEnv, startupWarnings } from '#server/env.ts'
import { startHousekeeping } from '#server/housekeeping.ts'
import { createRequestHandler } from '#server/http/node-handler.ts'
import { createJobQueue, type Workers } from '#server/jobs/queue.ts'
import { startLinkRechecks } from '#server/jobs/recheck.ts'
import { startScheduler } from '#server/jobs/scheduler.ts'
import { createLogger } from '#server/logger.ts'
import { createReviewService, lazyBrowserPool, startReviewWorkers } from '#server/review/service.ts'
import { CATALOGUE_CACHE } from '#server/routes/challenges.ts'

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
  for (const warning of startupWarnings(env)) log.warn(warning)
  const started = performance.now()
  const services = await openServices(env, log)
  const { db } = services.database
  // Chromium starts with the first review this process runs, not before.
  const browsers = lazyBrowserPool()
  let workers: Workers | undefined
  const reviews = createReviewService({
    db,
    storage: services.storage,
    queue: createJobQueue(db),
    log,
    capture: { pool: browsers, allowLoopback: env.REVIEW_ALLOW_LOOPBACK },
    // A review queued by this process starts at once instead of at the next poll.
    onQueued: () => workers?.wake(),
  })
  const catalogue = createCatalogue(db, { log })
  const app = createApp({ env, db, storage: services.storage, log, reviews, catalogue })
  const stopHousekeeping = startHousekeeping(db, log)
  // Within the 5 s a stop is given: a review still running then is left to its lease and retried.
  workers = startReviewWorkers(reviews, { count: env.REVIEW_WORKERS, log, stopTimeoutMs: 3000 })
  // Weekly dead-link checks: plain HTTP requests under the reviews' egress rules, never a browser.
  const linkRechecks = startLinkRechecks({
    db,
    queue: createJobQueue(db),
    log,
    count: env.LINK_CHECK_WORKERS,
    allowLoopback: env.REVIEW_ALLOW_LOOPBACK,
    stopTimeoutMs: 3000,
  })

  // Competitions that have ended get their results frozen (issue 12); safe in several processes.
  const competitionCloser = startScheduler({
    name: 'competitions',
    intervalMs: COMPETITION_CLOSE_TICK_MS,
    firstTickMs: 5000,
    log,
    tick: async () => {
      const closed = await closeEndedCompetitions(db)
      if (closed.length > 0) log.info('competitions closed: results frozen', { competitions: closed })
    },
  })

  // The catalogue's fixed answers skip the app's middleware (catalogue/fast-path.ts); the rest is Hono.
  const appHeaders = await appCatalogueHeaders((path) => app.request(path))
  const fastPath = appHeaders ? createCatalogueFastPath(catalogue, appHeaders, CATALOGUE_CACHE) : null
  if (!fastPath) log.warn('the catalogue could not be read at start: every request goes through the app')
  const server = createServer(createRequestHandler(app.fetch, fastPath))
  server.listen(env.PORT, env.HOST, () => {
    const info = server.address() as AddressInfo
    const host = env.HOST === '127.0.0.1' || env.HOST === '::1' ? 'localhost' : env.HOST
    log.info(`Frontend Dojo is ready at http://${host}:${info.port}`, {
      database: services.database.kind,
      reviewWorkers: env.REVIEW_WORKERS,
      linkCheckWorkers: env.LINK_CHECK_WORKERS,
      startupMs: Math.round(performance.now() - started),
    })
  })

  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    log.info('shutting down', { signal })
    stopHousekeeping()
    const reviewsStopped = (workers?.stop() ?? Promise.resolve())
      .then(() => browsers.close())
      .catch((error: unknown) => log.warn('could not stop the review workers cleanly', { error }))
    const rechecksStopped = linkRechecks
      .stop()
      .catch((error: unknown) => log.warn('could not stop the link re-checks cleanly', { error }))
    const closerStopped = competitionCloser.stop()
    server.close(() => {
      Promise.all([reviewsStopped, rechecksStopped, closerStopped])
        .then(() => services.close())
        .then(
          () => process.exit(0),
          () => process.exit(1),
        )
    })
    // Keep-alive connections must not hold the process forever.
    setTimeout(() => process.exit(0), 5000).unref()
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  if (process.env.LOG_LEVEL === 'debug') console.error(error)
  process.exit(1)
})
