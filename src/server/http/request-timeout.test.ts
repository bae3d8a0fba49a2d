import { Hono } from 'hono'
import { stream } from 'hono/streaming'
import { describe, expect, it, vi } from 'vitest'
import { handleError } from '#server/http/errors.ts'
import { requestTimeout } from '#server/http/request-timeout.ts'
import type { Logger } from '#server/logger.ts'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function fakeLogger() {
  return { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() } satisfies Logger
}

function timedApp(ms: number, log: Logger = fakeLogger()) {
  const app = new Hono()
  app.onError(handleError(log))
  app.use('/api/*', requestTimeout({ ms, log }))
  app.get('/api/hangs', () => new Promise<Response>(() => {}))
  app.get('/api/quick', (c) => c.json({ ok: true }))
  // The handler returns at once; the body streams for longer than the limit.
  app.get('/api/streams', (c) =>
    stream(c, async (s) => {
      for (let i = 0; i < 4; i++) {
        await s.write(`part ${i}\n`)
        await sleep(60)
      }
    }),
  )
  return app
}

describe('requestTimeout', () => {
  it('answers 503 unavailable when the handler has not answered in time', async () => {
    const log = fakeLogger()
    const started = performance.now()
    const response = await timedApp(100, log).request('/api/hangs')
    expect(performance.now() - started).toBeLessThan(2000)
    expect(response.status).toBe(503)
    expect(response.headers.get('Retry-After')).toBe('5')
    expect((await response.json()).error.code).toBe('unavailable')
    expect(log.warn).toHaveBeenCalledTimes(1)
  })

  it('leaves a quick answer alone', async () => {
    const response = await timedApp(100).request('/api/quick')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ok: true })
  })

  it('does not cut a body that streams after the handler returned', async () => {
    const response = await timedApp(100).request('/api/streams')
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('part 0\npart 1\npart 2\npart 3\n')
  })
})
