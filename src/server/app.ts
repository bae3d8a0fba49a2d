import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import type { Database } from '#server/db/client.ts'
import type { Env } from '#server/env.ts'
import { errorBody, handleError } from '#server/http/errors.ts'
import { securityHeaders } from '#server/http/security-headers.ts'
import { spaRoutes } from '#server/http/spa.ts'
import type { Logger } from '#server/logger.ts'
import { PROJECT_ROOT } from '#server/project-root.ts'
import { challengeRoutes } from '#server/routes/challenges.ts'
import { fileRoutes } from '#server/routes/files.ts'
import type { Storage } from '#server/storage/storage.ts'
import type { PublicConfig } from '#shared/public-config.ts'

export type AppDeps = {
  env: Env
  db: Database
  storage: Storage
  log: Logger
  /** The built web app; defaults to dist/web. */
  webDir?: string
}

function publicConfig(env: Env): PublicConfig {
  const social = [
    { name: 'GitHub', url: env.SOCIAL_GITHUB_URL },
    { name: 'X', url: env.SOCIAL_X_URL },
    { name: 'LinkedIn', url: env.SOCIAL_LINKEDIN_URL },
  ].filter((link): link is { name: string; url: string } => Boolean(link.url))
  return { brandName: env.BRAND_NAME, supportEmail: env.SUPPORT_EMAIL, social }
}

/** Composes the whole HTTP surface. Tests call `app.request()` on it in-process, with no port. */
export function createApp(deps: AppDeps) {
  const { env, db, storage, log } = deps
  const config = publicConfig(env)

  const api = new Hono()
    .get('/health', async (c) => {
      try {
        await db.execute(sql`select 1`)
        c.header('Cache-Control', 'no-store')
        return c.json({ status: 'ok', database: 'ok' })
      } catch (error) {
        log.error('health check: database unreachable', { error })
        return c.json({ status: 'error', database: 'unreachable' }, 503)
      }
    })
    .get('/config', (c) => {
      c.header('Cache-Control', 'public, max-age=300')
      return c.json(config)
    })
    .route('/challenges', challengeRoutes(db))
    .all('*', (c) =>
      c.json(errorBody('not_found', `There is no API endpoint ${c.req.method} ${c.req.path}.`), 404),
    )

  const app = new Hono()
  app.onError(handleError(log))
  app.use(securityHeaders({ production: env.NODE_ENV === 'production' }))
  app.use(compress())
  app.route('/api', api)
  app.route('/files', fileRoutes(storage))
  app.route('/', spaRoutes(deps.webDir ?? join(PROJECT_ROOT, 'dist', 'web')))
  return app
}

export type App = ReturnType<typeof createApp>
