import { DrizzleQueryError } from 'drizzle-orm/errors'
import { Hono } from 'hono'
import { describe, expect, it, vi } from 'vitest'
import { handleError, serviceUnavailable, UNAVAILABLE_MESSAGE } from '#server/http/errors.ts'
import type { Logger } from '#server/logger.ts'

function fakeLogger() {
  return { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() } satisfies Logger
}

function appThrowing(error: () => unknown, log: Logger) {
  const app = new Hono()
  app.onError(handleError(log))
  app.get('/boom', () => {
    throw error()
  })
  return app
}

describe('handleError', () => {
  it('answers 503 unavailable with Retry-After when the database is away, and warns once', async () => {
    const log = fakeLogger()
    const refused = () =>
      new DrizzleQueryError(
        'select 1',
        [],
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      )
    const app = appThrowing(refused, log)
    for (let i = 0; i < 3; i++) {
      const response = await app.request('/boom')
      expect(response.status).toBe(503)
      expect(response.headers.get('Retry-After')).toBe('5')
      expect(response.headers.get('Cache-Control')).toBe('no-store')
      expect(await response.json()).toEqual({ error: { code: 'unavailable', message: UNAVAILABLE_MESSAGE } })
    }
    expect(log.warn).toHaveBeenCalledTimes(1)
    expect(log.warn.mock.calls[0]?.[1]).toMatchObject({ reason: 'ECONNREFUSED', path: '/boom' })
    expect(log.error).not.toHaveBeenCalled()
  })

  it('answers the same to serviceUnavailable()', async () => {
    const response = await appThrowing(serviceUnavailable, fakeLogger()).request('/boom')
    expect(response.status).toBe(503)
    expect(response.headers.get('Retry-After')).toBe('5')
    expect((await response.json()).error.code).toBe('unavailable')
  })

  it('still answers 500 and logs an error for a bug', async () => {
    const log = fakeLogger()
    const response = await appThrowing(() => new TypeError('oops'), log).request('/boom')
    expect(response.status).toBe(500)
    expect((await response.json()).error.code).toBe('internal_error')
    expect(log.error).toHaveBeenCalledTimes(1)
    expect(log.warn).not.toHaveBeenCalled()
  })
})
