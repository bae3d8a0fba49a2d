import { serve } from '@hono/node-server'
import { createApp } from '#server/app.ts'
import { openServices } from '#server/boot.ts'
import { EnvError, parseEnv, startupWarnings } from '#server/env.ts'
import { startHousekeeping } from '#server/housekeeping.ts'
import { createLogger } from '#server/logger.ts'

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
  const app = createApp({ env, db: services.database.db, storage: services.storage, log })
  const stopHousekeeping = startHousekeeping(services.database.db, log)

  const server = serve({ fetch: app.fetch, hostname: env.HOST, port: env.PORT }, (info) => {
    const host = env.HOST === '127.0.0.1' || env.HOST === '::1' ? 'localhost' : env.HOST
    log.info(`Frontend Dojo is ready at http://${host}:${info.port}`, {
      database: services.database.kind,
      startupMs: Math.round(performance.now() - started),
    })
  })

  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    log.info('shutting down', { signal })
    stopHousekeeping()
    server.close(() => {
      services.close().then(
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
