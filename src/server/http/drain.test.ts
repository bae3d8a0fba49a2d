import { once } from 'node:events'
import { request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createDrainableServer, type DrainableServer } from '#server/http/drain.ts'

/** A server whose handler answers after `answerAfterMs` (never when null), on a loopback port. */
async function slowServer(answerAfterMs: number | null): Promise<DrainableServer & { port: number }> {
  const drainable = createDrainableServer((_req, res) => {
    if (answerAfterMs === null) return
    setTimeout(() => res.end('finished'), answerAfterMs)
  })
  await new Promise<void>((resolve) => drainable.server.listen(0, '127.0.0.1', resolve))
  return { ...drainable, port: (drainable.server.address() as AddressInfo).port }
}

/** One GET on a keep-alive connection: the body and Connection header, or the error that ended it. */
function get(
  port: number,
): Promise<{ status: number; body: string; connection: string | undefined } | { error: string }> {
  return new Promise((resolve) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path: '/',
      agent: false,
      headers: { Connection: 'keep-alive' },
    })
    req.on('response', (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk) => {
        body += chunk
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }))
      res.on('error', (error) => resolve({ error: error.message }))
    })
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }))
    req.end()
  })
}

describe('drainServer', () => {
  let server: Server | undefined
  afterEach(() => {
    server?.closeAllConnections()
    server?.close()
  })

  it('refuses new connections at once and lets a request in flight finish', async () => {
    const started = await slowServer(400)
    server = started.server
    const arrived = once(started.server, 'request')
    const inFlight = get(started.port)
    await arrived
    const drained = started.drain(5000)
    expect(await get(started.port)).toEqual({ error: 'ECONNREFUSED' })
    // Its answer tells the client not to send another request on that connection.
    expect(await inFlight).toEqual({ status: 200, body: 'finished', connection: 'close' })
    expect(await drained).toBe(true)
  })

  it('does not wait for idle keep-alive connections', async () => {
    const started = await slowServer(0)
    server = started.server
    const idle = await new Promise<void>((resolve) => {
      const req = request({
        host: '127.0.0.1',
        port: started.port,
        path: '/',
        headers: { Connection: 'keep-alive' },
      })
      req.on('response', (res) => res.resume().on('end', () => resolve()))
      req.end()
    })
    expect(idle).toBeUndefined()
    const begun = Date.now()
    expect(await started.drain(5000)).toBe(true)
    expect(Date.now() - begun).toBeLessThan(1000)
  })

  it('cuts the connections still open when the cap is reached', async () => {
    const started = await slowServer(null)
    server = started.server
    const arrived = once(started.server, 'request')
    const stuck = get(started.port)
    await arrived
    const begun = Date.now()
    expect(await started.drain(300)).toBe(false)
    expect(Date.now() - begun).toBeGreaterThanOrEqual(290)
    expect(await stuck).toEqual({ error: 'ECONNRESET' })
  })
})
