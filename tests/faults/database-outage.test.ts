import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_CACHE_TTL_MS } from '#server/auth/session-cache.ts'
import { type PrivatePostgres, startPrivatePostgres } from '#tests/support/private-postgres.ts'
import { HttpClient, type ServerProcess, sleep, startServer } from '#tests/support/server-process.ts'

/** Every API call answers within this while the database is away (issue item 5). */
const ANSWER_WITHIN_MS = 5000

describe('a paused or stopped PostgreSQL (real server process, private cluster)', () => {
  let postgres: PrivatePostgres
  let server: ServerProcess
  let member: HttpClient
  let visitor: HttpClient
  let challengeId = 0

  beforeAll(async () => {
    postgres = await startPrivatePostgres()
    server = await startServer({ databaseUrl: postgres.url })
    member = new HttpClient(server.baseUrl)
    await member.signIn('outage-member')
    visitor = new HttpClient(server.baseUrl)
    const { challenges } = await visitor.json<{ challenges: { id: number }[] }>('/api/challenges')
    challengeId = challenges[0]?.id ?? 0
  })
  afterAll(async () => {
    await server?.destroy()
    await postgres?.destroy()
  })

  /** One call, timed; a hang fails it at 8 s rather than blocking the suite. */
  async function timed(client: HttpClient, path: string, method = 'GET') {
    const started = performance.now()
    const response =
      method === 'GET'
        ? await client.request(path, { timeoutMs: 8000 })
        : await client.send(method, path, {}, 8000)
    const body = await response.json()
    return {
      status: response.status,
      body,
      ms: performance.now() - started,
      retryAfter: response.headers.get('Retry-After'),
    }
  }

  async function expectUnavailableEverywhere() {
    // A session looked up just before the outage is served from memory for its short lifetime; past
    // it, every member call needs the database.
    await sleep(SESSION_CACHE_TTL_MS + 100)
    const health = await timed(visitor, '/api/health')
    expect(health).toMatchObject({ status: 503, body: { status: 'error', database: 'unreachable' } })
    expect(health.ms).toBeLessThan(ANSWER_WITHIN_MS)
    // With a session cookie, health must not depend on the session lookup.
    const memberHealth = await timed(member, '/api/health')
    expect(memberHealth).toMatchObject({ status: 503, body: { status: 'error', database: 'unreachable' } })
    expect(memberHealth.ms).toBeLessThan(ANSWER_WITHIN_MS)
    // The catalogue is held in memory and answered before any session lookup (catalogue/fast-path.ts):
    // it keeps being served, to visitors and members alike, while the database is away.
    for (const client of [visitor, member]) {
      const catalogue = await timed(client, '/api/challenges')
      expect(catalogue.status).toBe(200)
      expect(catalogue.ms).toBeLessThan(ANSWER_WITHIN_MS)
    }
    for (const [client, path, method] of [
      [visitor, '/api/users/outage-member', 'GET'],
      // With a cookie, the session lookup needs the database.
      [member, '/api/me', 'GET'],
      [member, `/api/me/challenges/${challengeId}`, 'GET'],
      [member, `/api/me/challenges/${challengeId}/start`, 'POST'],
    ] as const) {
      const call = await timed(client, path, method)
      expect({ path, status: call.status, code: call.body.error?.code }).toEqual({
        path,
        status: 503,
        code: 'unavailable',
      })
      expect(call.retryAfter).toBe('5')
      expect(call.ms).toBeLessThan(ANSWER_WITHIN_MS)
    }
  }

  async function expectRecovered(withinMs: number) {
    const deadline = Date.now() + withinMs
    for (;;) {
      const response = await visitor.request('/api/health', { timeoutMs: 8000 }).catch(() => null)
      const status = response?.status
      await response?.arrayBuffer()
      if (status === 200) break
      if (Date.now() > deadline)
        throw new Error(`health still answered ${status} ${withinMs} ms after the database came back`)
      await sleep(250)
    }
    // The same member, the same cookie, the same process.
    const me = await member.request('/api/me', { timeoutMs: 8000 })
    expect(me.status).toBe(200)
    expect((await me.json()).user.username).toBe('outage-member')
    expect(server.alive()).toBe(true)
  }

  it('works before the fault', async () => {
    const me = await member.request('/api/me')
    expect(me.status).toBe(200)
  })

  it('answers 503 unavailable within 5 s while the database is paused (SIGSTOP), then recovers', async () => {
    postgres.pause()
    try {
      await expectUnavailableEverywhere()
      // Still answering, not piling up: a second round is as quick.
      await expectUnavailableEverywhere()
    } finally {
      postgres.resume()
    }
    await expectRecovered(15_000)
  })

  it('answers 503 unavailable within 5 s while the database is stopped, then recovers without a restart', async () => {
    const pid = server.pid
    await postgres.stop()
    try {
      await expectUnavailableEverywhere()
    } finally {
      await postgres.start()
    }
    await expectRecovered(15_000)
    expect(server.pid).toBe(pid)
  })
})
