import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import type { Store } from 'hono-rate-limiter'
import { adminsOf } from '#server/auth/admins.ts'
import { createGitHubClient, type GitHubClient } from '#server/auth/github.ts'
import { takeSignInGreeting } from '#server/auth/greeting.ts'
import { type AuthVariables, loadUser, requireUser } from '#server/auth/guards.ts'
import { authRoutes } from '#server/auth/routes.ts'
import { sessionCookieName } from '#server/auth/session.ts'
import {
  createSessionCache,
  SESSION_CACHE_TTL_MS,
  subscribeSessionCache,
} from '#server/auth/session-cache.ts'
import { type Catalogue, createCatalogue, subscribeSolutionCounts } from '#server/catalogue/catalogue.ts'
import type { Database } from '#server/db/client.ts'
import { bridgeClusterEvents, type ClusterEvents, noClusterEvents } from '#server/db/events.ts'
import { databaseUnavailableReason, reportDatabaseUnavailable, withDeadline } from '#server/db/unavailable.ts'
import type { Env } from '#server/env.ts'
import { createEventBus, type EventBus } from '#server/events/bus.ts'
import { githubEmulatorRoutes } from '#server/github-emulator/routes.ts'
import { limitBodySize } from '#server/http/body-limit.ts'
import { sameOriginJson } from '#server/http/csrf.ts'
import { errorBody, handleError, RETRY_AFTER_SECONDS } from '#server/http/errors.ts'
import { MatchCachingRouter } from '#server/http/match-cache.ts'
import { memberLimitKeys } from '#server/http/member-limit-key.ts'
import { clientAddress, limitRequests, type RateLimits, rateLimitsFromEnv } from '#server/http/rate-limit.ts'
import { requestTimeout } from '#server/http/request-timeout.ts'
import { spaRoutes } from '#server/http/spa.ts'
import { createJobQueue } from '#server/jobs/queue.ts'
import {
  createLeaderboard,
  LEADERBOARD_CACHE_MS,
  subscribeLeaderboard,
} from '#server/leaderboard/leaderboard.ts'
import { createLearningPaths, type LearningPaths } from '#server/learning-paths/paths.ts'
import { awardPathBadges } from '#server/learning-paths/progress.ts'
import type { Logger } from '#server/logger.ts'
import { createMemberCaches, subscribeMemberCaches } from '#server/member-caches.ts'
import { describeOperation, json, retryAfter } from '#server/openapi/operation.ts'
import { openApiRoutes } from '#server/openapi/routes.ts'
import { PROJECT_ROOT } from '#server/project-root.ts'
import { createReviewService, type ReviewService } from '#server/review/service.ts'
import { accountRoutes } from '#server/routes/account.ts'
import { activityRoutes, myActivityRoutes } from '#server/routes/activity.ts'
import { challengeRoutes } from '#server/routes/challenges.ts'
import { classroomRoutes, ROSTER_MAX_BYTES, ROSTER_PATH } from '#server/routes/classrooms.ts'
import { competitionRoutes } from '#server/routes/competitions.ts'
import { feedbackRoutes } from '#server/routes/feedback.ts'
import { fileRoutes } from '#server/routes/files.ts'
import { leaderboardRoutes } from '#server/routes/leaderboard.ts'
import { mePathRoutes, pathRoutes } from '#server/routes/learning-paths.ts'
import { meRoutes, toSessionUser } from '#server/routes/me.ts'
import { moderationRoutes } from '#server/routes/moderation.ts'
import { reviewRoutes } from '#server/routes/reviews.ts'
import { solutionRoutes } from '#server/routes/solutions.ts'
import { userRoutes } from '#server/routes/users.ts'
import type { Storage } from '#server/storage/storage.ts'
import type { PublicConfig } from '#shared/public-config.ts'

export type AppDeps = {
  env: Env
  db: Database
  storage: Storage
  log: Logger
  /** The built web app; defaults to dist/web. */
  webDir?: string
  /** Defaults to the real GitHub client for the configured addresses. */
  github?: GitHubClient
  rateLimits?: RateLimits
  /**
   * Where rate-limit counts live, one store per limiter (http/rate-limit-store.ts): this process's
   * memory by default; index.ts passes the database's or Redis's, which every instance shares.
   */
  rateLimitStore?: () => Store | undefined
  /**
   * What happened (events/bus.ts), told by the features and the workers; index.ts makes it first, so
   * that the review workers, link checks and competitions, which start before the app, tell it too.
   */
  bus?: EventBus
  /** The other instances on the same PostgreSQL database (db/events.ts); none by default. */
  cluster?: ClusterEvents
  /** The public catalogue in memory; defaults to one read from `db`. */
  catalogue?: Catalogue
  /**
   * How long sessions, the leaderboard, competitions, and members' dashboards and profiles are kept
   * in memory (0: not at all); defaults for each.
   */
  cacheMs?: { sessions?: number; leaderboard?: number; competitions?: number; members?: number }
  /**
   * Submission reviews; defaults to a service that queues and reads reviews on `db` but runs none
   * (the process's workers, if any, run them: see index.ts).
   */
  reviews?: ReviewService
  /** The learning paths, read from `env.pathsDir` by default. */
  paths?: LearningPaths
}

/** Health answers 503 after this long without the database's answer, well within a monitor's patience. */
const HEALTH_TIMEOUT_MS = 2500

function publicConfig(env: Env): PublicConfig {
  const social = [
    { name: 'GitHub', url: env.SOCIAL_GITHUB_URL },
    { name: 'X', url: env.SOCIAL_X_URL },
    { name: 'LinkedIn', url: env.SOCIAL_LINKEDIN_URL },
  ].filter((link): link is { name: string; url: string } => Boolean(link.url))
  return { brandName: env.BRAND_NAME, supportEmail: env.SUPPORT_EMAIL, social, classrooms: env.CLASSROOMS }
}

/** Composes the whole HTTP surface. Tests call `app.request()` on it in-process, with no port. */
export function createApp(deps: AppDeps) {
  const { env, db, storage, log } = deps
  const config = publicConfig(env)
  const admins = adminsOf(env.ADMIN_GITHUB_LOGINS)

  const limits = deps.rateLimits ?? rateLimitsFromEnv(env)
  const catalogue = deps.catalogue ?? createCatalogue(db, { log })
  const bus = deps.bus ?? createEventBus(log)
  const memberCaches = createMemberCaches(
    deps.cacheMs?.members === undefined ? {} : { ttlMs: deps.cacheMs.members },
  )
  const reviews =
    deps.reviews ?? createReviewService({ db, storage, queue: createJobQueue(db), log, events: bus })
  const sessionCache = createSessionCache({ ttlMs: deps.cacheMs?.sessions ?? SESSION_CACHE_TTL_MS })
  const leaderboard = createLeaderboard(db, deps.cacheMs?.leaderboard ?? LEADERBOARD_CACHE_MS)
  // What the process keeps in memory follows what happened, here or on another instance: each cache
  // subscribes to the events that change it (their list: events/bus.ts). The competitions' answer
  // subscribes where it is kept (competitionRoutes).
  subscribeSessionCache(bus, sessionCache)
  subscribeMemberCaches(bus, memberCaches)
  subscribeLeaderboard(bus, leaderboard)
  bus.on(['catalogue-imported', 'events-missed'], () => catalogue.refresh())
  subscribeSolutionCounts(bus, catalogue)
  bridgeClusterEvents(bus, deps.cluster ?? noClusterEvents)
  const learningPaths = deps.paths ?? createLearningPaths({ dir: env.pathsDir, catalogue, log })
  // A pass may complete a path (docs/product.md §15): its badge is given once, so an event
  // heard twice, or by every instance, gives it once; reading one's paths gives one whose event was missed.
  bus.on('review-settled', (event) => {
    if (!event.passed) return
    learningPaths
      .list()
      .then((list) => awardPathBadges(db, event.userId, list))
      .then((awarded) => {
        if (awarded.length > 0) bus.emit({ type: 'member-changed', userId: event.userId })
      })
      .catch((error: Error) => log.warn('path badges not awarded', { error: error.message }))
  })
  // Only this app's router matches requests: the routers of the apps mounted on it are not used.
  const app = new Hono<{ Variables: AuthVariables }>({ router: new MatchCachingRouter() })
  // With the emulator, GitHub's addresses are this app: calls go to it in-process, not over the network.
  const github =
    deps.github ??
    createGitHubClient(
      env.github,
      env.github.mode === 'emulator' ? { fetch: async (input, init) => app.request(input, init) } : {},
    )
  const csrf = sameOriginJson(env.publicOrigin, env.BRAND_NAME)
  const addressOf = (c: Context) => clientAddress(c, env.TRUST_PROXY)
  // Members' limits count per GitHub account, under a keyed hash that outlives a deleted account.
  const limitKeyOf = memberLimitKeys(env.github.clientSecret)
  // Per member when signed in, else per address; GET requests are not limited.
  const mutationLimit = limitRequests(
    'mutation',
    limits.mutation,
    (c) => {
      const user = (c as Context<{ Variables: AuthVariables }>).get('user')
      return user ? limitKeyOf(user) : addressOf(c)
    },
    deps.rateLimitStore?.(),
    { counts: 'every' },
  )
  const limitMutations: MiddlewareHandler = async (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : mutationLimit(c, next)

  const feedbackDeps = {
    db,
    admins,
    limitKeyOf,
    guard: { csrf, limit: limitMutations },
    ...(deps.rateLimitStore ? { rateLimitStore: deps.rateLimitStore } : {}),
    events: bus,
  }
  const api = new Hono<{ Variables: AuthVariables }>()
    // Before loadUser: health answers even when the session lookup cannot, and within seconds.
    .get(
      '/health',
      describeOperation({
        operationId: 'getHealth',
        summary: 'Is the service up?',
        description: 'Answers within about 2.5 seconds whether or not the database does; never cached.',
        tag: 'Site',
        responses: {
          200: json('The service and its database answer.', 'HealthOk'),
          503: {
            ...json('The database did not answer in time.', 'HealthDown'),
            headers: { 'Retry-After': retryAfter() },
          },
        },
      }),
      async (c) => {
        c.header('Cache-Control', 'no-store')
        try {
          await withDeadline(db.execute(sql`select 1`), HEALTH_TIMEOUT_MS)
          return c.json({ status: 'ok', database: 'ok' })
        } catch (error) {
          const reason =
            databaseUnavailableReason(error) ?? (error instanceof Error ? error.message : String(error))
          reportDatabaseUnavailable(log, reason, { path: c.req.path })
          c.header('Retry-After', String(RETRY_AFTER_SECONDS))
          return c.json({ status: 'error', database: 'unreachable' }, 503)
        }
      },
    )
    // The API's description and its docs page: the same for everyone, so before the session lookup too.
    .route(
      '/',
      openApiRoutes({
        app,
        brand: env.BRAND_NAME,
        publicOrigin: env.publicOrigin,
        sessionCookie: sessionCookieName(env),
      }),
    )
    // The catalogue is public and held in memory: answered before the session lookup, so it stays up,
    // for members too, while the database is away (docs/product.md §8).
    .route('/challenges', challengeRoutes(catalogue))
    .route('/paths', pathRoutes(learningPaths))
    .use(loadUser(db, env, sessionCache))
    .get(
      '/config',
      describeOperation({
        operationId: 'getConfig',
        summary: 'The site’s public configuration',
        tag: 'Site',
        responses: {
          200: json(
            'Brand name, support address, social links and who may create classrooms.',
            'PublicConfig',
          ),
        },
      }),
      (c) => {
        c.header('Cache-Control', 'public, max-age=300')
        return c.json(config)
      },
    )
    // The app's session check: a visitor is an answer, not an error, so browsers log nothing. The first
    // check after a sign-in also says how to greet the member (docs/product.md §4 Session).
    .get(
      '/session',
      describeOperation({
        operationId: 'getSession',
        summary: 'Who is signed in',
        description:
          'A visitor gets `user: null`: an answer, not an error. The first check after a sign-in also ' +
          'carries `greeting`: `first` when that sign-in created the account, else `again`.',
        tag: 'Sign-in',
        readsSession: true,
        responses: { 200: json('The signed-in member, or null.', 'SessionResponse') },
      }),
      (c) => {
        c.header('Cache-Control', 'no-store')
        const user = c.get('user')
        const greeting = takeSignInGreeting(c, env, Boolean(user))
        return c.json({ user: user ? toSessionUser(user, admins) : null, ...(greeting ? { greeting } : {}) })
      },
    )
    .route('/competitions', competitionRoutes(db, catalogue, deps.cacheMs?.competitions, bus))
    .route('/users', userRoutes(db, { brand: env.BRAND_NAME, profiles: memberCaches.profiles }))
    // Activity and streaks (docs/product.md §14): public, the owner sees theirs when hidden.
    .route('/users', activityRoutes(db))
    .route('/reviews', reviewRoutes(reviews))
    // Solutions and their galleries (docs/product.md "Solutions"); an edit passes the guards of /me.
    .route('/', solutionRoutes(db, { csrf, limit: limitMutations }, bus, admins, catalogue))
    // Feedback and moderation (docs/product.md §12): each route checks the session itself.
    .route('/', feedbackRoutes(feedbackDeps))
    .route('/', moderationRoutes(feedbackDeps))
    // Classrooms (docs/product.md §13): each route checks the session itself, /api/me/assignments too.
    .route(
      '/',
      classroomRoutes({
        db,
        admins,
        creation: env.CLASSROOMS,
        guard: { csrf, limit: limitMutations },
        bus,
        log,
      }),
    )
    // '/me/*' covers /me itself too: one guard per request.
    .use('/me/*', requireUser, csrf, limitMutations)
    .use('/leaderboard', requireUser)
    .route('/leaderboard', leaderboardRoutes(leaderboard))
    .route(
      '/me',
      meRoutes({
        db,
        storage,
        catalogue,
        reviews,
        events: bus,
        redirectDownloads: env.STORAGE_REDIRECT,
        dashboards: memberCaches.dashboards,
        admins,
      }),
    )
    .route('/me', mePathRoutes({ db, paths: learningPaths, catalogue }))
    .route(
      '/me',
      accountRoutes({
        db,
        storage,
        env,
        log,
        ...(deps.rateLimitStore ? { rateLimitStore: deps.rateLimitStore } : {}),
        limitKeyOf,
        // A deleted account (docs/product.md §2 Settings, "Your account") leaves every cache at once.
        events: bus,
      }),
    )
    .route('/me', myActivityRoutes({ db, events: bus }))
    .all('*', (c) =>
      c.json(errorBody('not_found', `There is no API endpoint ${c.req.method} ${c.req.path}.`), 404),
    )

  app.onError(handleError(log))
  // Security headers are written with every answer's head, by the server's response (http/server-response.ts).
  // A classroom roster (docs/product.md §13) is the one larger body: up to 1,000 rows of CSV.
  const bodyLimit = limitBodySize()
  const rosterBodyLimit = limitBodySize(ROSTER_MAX_BYTES)
  app.use((c, next) => (ROSTER_PATH.test(c.req.path) ? rosterBodyLimit(c, next) : bodyLimit(c, next)))
  // Compression happens on node:http's response, where lengths are known (http/node-handler.ts).
  // A hung database (or anything else) never holds an API call longer than this: 503 `unavailable`.
  app.use('/api/*', requestTimeout({ log }))
  app.use('/auth/*', requestTimeout({ log }))
  app.route('/api', api)
  app.use(
    '/auth/github',
    limitRequests('sign-in', limits.signIn, addressOf, deps.rateLimitStore?.(), { counts: 'every' }),
  )
  app.use('/auth/*', csrf, limitMutations)
  app.route(
    '/auth',
    authRoutes({
      db,
      env,
      log,
      github,
      sessionCache,
      events: bus,
    }),
  )
  if (env.github.mode === 'emulator') app.route('/github-emulator', githubEmulatorRoutes(env))
  app.route('/files', fileRoutes(storage, { redirect: env.STORAGE_REDIRECT }))
  app.route(
    '/',
    spaRoutes(deps.webDir ?? join(PROJECT_ROOT, 'dist', 'web'), {
      catalogue,
      config,
      publicOrigin: env.publicOrigin,
      api: async (path, init) => app.request(path, init),
      onError: (error) =>
        log.error('server rendering failed', {
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        }),
    }),
  )
  return app
}

export type App = ReturnType<typeof createApp>
