import { Hono } from 'hono'
import { MemoryStore, type Store } from 'hono-rate-limiter'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LimitCounts, limitRequests } from '#server/http/rate-limit.ts'
import { openRateLimitStores } from '#server/http/rate-limit-store.ts'
import { createLogger } from '#server/logger.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'

/**
 * What a limit counts (docs/product.md §9): a member quota counts accepted requests only, a flood guard
 * every request. A stand-in route answers 400 to `?bad`, fails with 500 on `?boom`, and 200 otherwise.
 */
function limitedApp(counts: LimitCounts, store: Store, member: string) {
  const app = new Hono()
  app.onError((_, c) => c.json({ error: 'failed' }, 500))
  app.post(
    '/work',
    limitRequests('work', { limit: 3, windowMs: 60_000 }, () => member, store, { counts }),
    (c) => {
      if (c.req.query('bad') !== undefined) return c.json({ error: 'bad input' }, 400)
      if (c.req.query('boom') !== undefined) throw new Error('the handler failed')
      return c.json({ ok: true })
    },
  )
  return (query = '') => app.request(`/work${query}`, { method: 'POST' })
}

describe.each(['memory', ...TEST_DATABASES] as const)('a limit counting in %s', (kind) => {
  let database: TestDatabase | undefined
  const store = (): Store => {
    if (!database) return new MemoryStore()
    const created = openRateLimitStores(
      { kind: 'database' },
      { db: database.db, log: createLogger('silent') },
    ).create()
    if (!created) throw new Error('no database store')
    return created
  }

  beforeAll(async () => {
    if (kind !== 'memory') database = await createTestDatabase(kind)
  })
  afterAll(async () => {
    await database?.drop()
  })

  it('counts only accepted requests for a member quota: refused ones, and its own 429s, are given back', async () => {
    const send = limitedApp('accepted', store(), 'ada')
    for (let i = 0; i < 6; i += 1) expect((await send('?bad')).status).toBe(400)
    expect((await send('?boom')).status).toBe(500)
    for (let i = 0; i < 3; i += 1) expect((await send()).status).toBe(200)
    const refused = await send()
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    // Refusals at the limit do not pile up: the count stays at the three accepted.
    for (let i = 0; i < 3; i += 1) expect((await send()).status).toBe(429)
    expect((await send('?bad')).status).toBe(429)
  })

  it('counts every request for a flood guard, refused or not', async () => {
    const send = limitedApp('every', store(), 'bob')
    expect((await send('?bad')).status).toBe(400)
    expect((await send('?boom')).status).toBe(500)
    expect((await send()).status).toBe(200)
    expect((await send()).status).toBe(429)
  })
})
