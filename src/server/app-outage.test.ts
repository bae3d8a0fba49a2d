import { createServer, type Server, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '#server/app.ts'
import { type DatabaseHandle, openDatabase } from '#server/db/client.ts'
import { withDeadline } from '#server/db/unavailable.ts'
import { parseEnv } from '#server/env.ts'
import { UNAVAILABLE_MESSAGE } from '#server/http/errors.ts'
import { createLogger } from '#server/logger.ts'
import { createFsStorage } from '#server/storage/fs-storage.ts'
import { GENEROUS_LIMITS } from '#tests/support/app.ts'
import { temporaryDir } from '#tests/support/content-fixtures.ts'

/**
 * The app in-process on a "database" that accepts connections and never answers, like a paused
 * PostgreSQL (tests/faults/database-outage.test.ts does the same with a real server and process).
 */
const ORIGIN = 'http://localhost:3000'

describe('the API while the database does not answer', () => {
  let silent: Server
  const sockets = new Set<Socket>()
  let database: DatabaseHandle
  let app: ReturnType<typeof createApp>

  beforeAll(async () => {
    silent = createServer((socket) => {
      sockets.add(socket)
      socket.on('error', () => {})
    })
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const { port } = silent.address() as { port: number }
    // The production timeouts, not shortened ones: they are what this test is about.
    database = await openDatabase({ kind: 'postgres', url: `postgres://postgres@127.0.0.1:${port}/dojo` })
    const dataDir = await temporaryDir('dojo-outage-')
    app = createApp({
      env: parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: ORIGIN }),
      db: database.db,
      storage: createFsStorage(`${dataDir}/storage`),
      log: createLogger('silent'),
      webDir: dataDir,
      rateLimits: GENEROUS_LIMITS,
    })
  })
  afterAll(async () => {
    await database?.close()
    for (const socket of sockets) socket.destroy()
    await new Promise((resolve) => silent?.close(resolve))
  })

  const timed = async (path: string, cookie?: string) => {
    const started = performance.now()
    const response = await withDeadline(
      Promise.resolve(app.request(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} })),
      8000,
      path,
    )
    return { response, ms: performance.now() - started, body: await response.json() }
  }

  it('answers health 503 within 5 s, with or without a session cookie', async () => {
    for (const cookie of [undefined, 'dojo_session=some-session-token']) {
      const { response, ms, body } = await timed('/api/health', cookie)
      expect(response.status).toBe(503)
      expect(body).toEqual({ status: 'error', database: 'unreachable' })
      expect(ms).toBeLessThan(5000)
    }
  })

  it('answers every API call 503 unavailable within 5 s, never 500', async () => {
    const calls = [
      timed('/api/users/someone'),
      timed('/api/challenges', 'dojo_session=some-session-token'),
      timed('/api/leaderboard', 'dojo_session=some-session-token'),
      timed('/api/me', 'dojo_session=some-session-token'),
      timed('/api/session', 'dojo_session=some-session-token'),
      timed('/auth/github'),
    ]
    for (const { response, ms, body } of await Promise.all(calls)) {
      expect(response.status).toBe(503)
      expect(response.headers.get('Retry-After')).toBe('5')
      expect(body).toEqual({ error: { code: 'unavailable', message: UNAVAILABLE_MESSAGE } })
      expect(ms).toBeLessThan(5000)
    }
  })
})
