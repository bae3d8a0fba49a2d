import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '#server/chromium.ts'
import type { Lookup } from '#server/review/address-policy.ts'
import { type EgressProxy, type EgressProxyOptions, startEgressProxy } from '#server/review/egress-proxy.ts'
import { hasChromium } from '#tests/support/chromium-requirement.ts'

const MB = 1024 * 1024

type Fixture = {
  port: number
  origin: string
  /** TCP connections accepted: proof that something did, or did not, reach the fixture. */
  connections: () => number
  requests: { url: string; host: string | undefined }[]
}

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  vi.unstubAllEnvs()
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()))
})

async function startFixture(handler: http.RequestListener = (_req, res) => res.end('fixture')) {
  let connections = 0
  const requests: Fixture['requests'] = []
  const server = http.createServer((req, res) => {
    requests.push({ url: req.url ?? '', host: req.headers.host })
    handler(req, res)
  })
  server.on('connection', () => {
    connections += 1
  })
  server.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  cleanups.push(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    connections: () => connections,
    requests,
  } satisfies Fixture
}

async function startProxy(options: EgressProxyOptions = {}) {
  const proxy = await startEgressProxy(options)
  cleanups.push(() => proxy.close())
  return proxy
}

/** A 30 MB body, written as fast as the reader takes it. */
const hugeBody: http.RequestListener = (_req, res) => {
  const chunk = Buffer.alloc(64 * 1024, 120)
  let sent = 0
  res.writeHead(200, { 'Content-Type': 'application/octet-stream' })
  const write = () => {
    while (sent < 30 * MB) {
      sent += chunk.length
      if (!res.write(chunk)) return res.once('drain', write)
    }
    res.end()
  }
  write()
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; complete: boolean }

/** GET in absolute form through the proxy, as a browser sends plain http:// requests. */
function proxiedGet(proxy: EgressProxy, target: string): Promise<Answer> {
  const { port } = new URL(proxy.url)
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: target, agent: false, timeout: 10_000 })
    req.on('timeout', () => req.destroy(new Error(`no answer for ${target}`)))
    req.on('error', reject)
    req.on('response', (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('error', () => {})
      res.on('close', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
          complete: res.complete,
        }),
      )
    })
    req.end()
  })
}

/** Follows redirects as a browser does: every hop is a new request through the proxy. */
async function followRedirects(proxy: EgressProxy, start: string) {
  const statuses: number[] = []
  let target = start
  for (let hop = 0; hop < 5; hop += 1) {
    const answer = await proxiedGet(proxy, target)
    statuses.push(answer.status)
    const location = answer.headers.location
    if (answer.status < 300 || answer.status >= 400 || !location) break
    target = new URL(location, target).href
  }
  return statuses
}

/** Reads from a socket until it closes; resolves with what arrived. */
function readToEnd(socket: net.Socket, ms = 10_000): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const timer = setTimeout(() => reject(new Error('the socket stayed open')), ms)
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', () => {})
    socket.once('close', () => {
      clearTimeout(timer)
      resolve(Buffer.concat(chunks))
    })
    socket.resume()
  })
}

/** Sends CONNECT on a raw socket; resolves with the status and the socket, positioned after the head. */
function connectThrough(proxy: EgressProxy, authority: string) {
  const { port } = new URL(proxy.url)
  const socket = net.connect(Number(port), '127.0.0.1')
  cleanups.push(async () => {
    socket.destroy()
  })
  socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n\r\n`)
  return new Promise<{ status: number; socket: net.Socket }>((resolve, reject) => {
    let buffer = Buffer.alloc(0)
    const timer = setTimeout(() => reject(new Error(`no answer to CONNECT ${authority}`)), 10_000)
    const onData = (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk])
      const end = buffer.indexOf('\r\n\r\n')
      if (end < 0) return
      clearTimeout(timer)
      socket.off('data', onData)
      socket.pause()
      const rest = buffer.subarray(end + 4)
      if (rest.length > 0) socket.unshift(rest)
      resolve({ status: Number(buffer.subarray(0, end).toString().split(' ')[1]), socket })
    }
    socket.on('data', onData)
    socket.once('error', reject)
  })
}

/** A loopback port nothing listens on (just released). */
async function unusedPort() {
  const server = net.createServer().listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

const lookupFrom =
  (table: Record<string, string>): Lookup =>
  async (hostname) => {
    const address = table[hostname]
    if (!address) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' })
    return [{ address, family: address.includes(':') ? 6 : 4 }]
  }

describe('the egress proxy', { timeout: 20_000 }, () => {
  it('forwards a plain GET to a loopback fixture with allowLoopback, keeping the Host header', async () => {
    const fixture = await startFixture()
    const proxy = await startProxy({ allowLoopback: true })
    expect(proxy.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const answer = await proxiedGet(proxy, `${fixture.origin}/page?x=1`)
    expect(answer.status).toBe(200)
    expect(answer.body.toString()).toBe('fixture')
    expect(fixture.requests).toEqual([{ url: '/page?x=1', host: `127.0.0.1:${fixture.port}` }])
    expect(proxy.stats()).toEqual({ requests: 1, bytes: 7, blocked: [] })
  })

  it('tunnels CONNECT to a loopback fixture with allowLoopback, both ways', async () => {
    const fixture = await startFixture()
    const proxy = await startProxy({ allowLoopback: true })
    const { status, socket } = await connectThrough(proxy, `127.0.0.1:${fixture.port}`)
    expect(status).toBe(200)
    socket.write('GET /through HTTP/1.1\r\nHost: tunnel.example\r\nConnection: close\r\n\r\n')
    const reply = (await readToEnd(socket)).toString()
    expect(reply).toMatch(/^HTTP\/1\.1 200/)
    expect(reply.endsWith('fixture')).toBe(true)
    expect(fixture.requests).toEqual([{ url: '/through', host: 'tunnel.example' }])
    expect(proxy.stats().bytes).toBe(Buffer.byteLength(reply))
  })

  it('without allowLoopback, answers 403 to every form of loopback and nothing reaches the fixture', async () => {
    const fixture = await startFixture()
    const proxy = await startProxy()
    for (const authority of [
      `127.0.0.1:${fixture.port}`,
      '127.0.0.1:443',
      `localhost:${fixture.port}`,
      'localhost:80',
      '[::1]:443',
      '2130706433:443',
    ]) {
      const { status, socket } = await connectThrough(proxy, authority)
      expect(status, authority).toBe(403)
      socket.destroy()
    }
    for (const target of [
      `${fixture.origin}/`,
      'http://127.0.0.1/',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://localhost/',
      'http://[::ffff:127.0.0.1]/',
    ]) {
      expect((await proxiedGet(proxy, target)).status, target).toBe(403)
    }
    expect(fixture.connections()).toBe(0)
    const { blocked } = proxy.stats()
    expect(blocked).toContainEqual({
      host: '127.0.0.1:443',
      reason:
        "127.0.0.1 is the reviewing machine's own loopback address: reviews may only open public internet addresses.",
    })
    expect(blocked).toContainEqual({
      host: `127.0.0.1:${fixture.port}`,
      reason: `Port ${fixture.port} is not allowed: reviews open web pages on ports 80 and 443 only.`,
    })
    expect(blocked.some((b) => b.host === 'localhost:80' && /localhost points to/.test(b.reason))).toBe(true)
  })

  it('keeps private ranges, metadata addresses and other ports refused with allowLoopback', async () => {
    const proxy = await startProxy({
      allowLoopback: true,
      lookup: lookupFrom({ 'intranet.example': '10.1.2.3', 'public.example': '93.184.216.34' }),
    })
    for (const authority of [
      'intranet.example:443',
      '169.254.169.254:80',
      '[fd00:ec2::254]:80',
      '192.168.1.1:443',
      'public.example:22',
      `127.0.0.1:${new URL(proxy.url).port}`,
    ]) {
      expect((await connectThrough(proxy, authority)).status, authority).toBe(403)
    }
    expect((await proxiedGet(proxy, 'http://169.254.169.254/latest/meta-data/')).status).toBe(403)
    expect((await proxiedGet(proxy, 'http://public.example:8080/')).status).toBe(403)
    expect(proxy.stats().blocked.map((b) => b.host)).toEqual([
      'intranet.example:443',
      '169.254.169.254:80',
      '[fd00:ec2::254]:80',
      '192.168.1.1:443',
      'public.example:22',
      `127.0.0.1:${new URL(proxy.url).port}`,
      'public.example:8080',
    ])
  })

  it('refuses ports other than 80 and 443, schemes other than http, and malformed targets', async () => {
    const proxy = await startProxy({ lookup: lookupFrom({ 'public.example': '93.184.216.34' }) })
    expect((await connectThrough(proxy, 'public.example:25')).status).toBe(403)
    expect((await connectThrough(proxy, '1.1.1.1:22')).status).toBe(403)
    expect((await connectThrough(proxy, 'user@public.example:443')).status).toBe(400)
    expect((await connectThrough(proxy, 'public.example')).status).toBe(400)
    expect((await proxiedGet(proxy, 'ftp://public.example/file')).status).toBe(403)
    expect((await proxiedGet(proxy, 'https://public.example/')).status).toBe(400)
    expect((await proxiedGet(proxy, 'javascript://public.example/')).status).toBe(403)
    expect((await proxiedGet(proxy, '/relative')).status).toBe(400)
    expect(proxy.stats().blocked).toContainEqual({
      host: 'ftp://public.example/file',
      reason: 'Only http and https addresses can be opened, not ftp:.',
    })
  })

  it('checks each redirect hop again: a redirect to a refused address stops at the second hop', async () => {
    const secret = await startFixture((_req, res) => res.end('secret'))
    const site = await startFixture((req, res) => {
      const to =
        req.url === '/to-loopback'
          ? `http://127.0.0.1:${secret.port}/secret`
          : req.url === '/to-metadata'
            ? 'http://metadata.example/latest/meta-data/'
            : '/landing'
      if (req.url === '/landing') return res.end('landed')
      res.writeHead(302, { Location: to }).end()
    })
    const proxy = await startProxy({
      allowLoopback: { ports: [site.port] },
      lookup: lookupFrom({ 'metadata.example': '169.254.169.254' }),
    })
    expect(await followRedirects(proxy, `${site.origin}/to-same-site`)).toEqual([302, 200])
    expect(await followRedirects(proxy, `${site.origin}/to-loopback`)).toEqual([302, 403])
    expect(await followRedirects(proxy, `${site.origin}/to-metadata`)).toEqual([302, 403])
    expect(secret.connections()).toBe(0)
    expect(proxy.stats().blocked.map((b) => b.host)).toEqual([
      `127.0.0.1:${secret.port}`,
      'metadata.example:80',
    ])
  })

  it('refuses requests beyond maxRequests and cuts the open tunnels', async () => {
    const fixture = await startFixture()
    const proxy = await startProxy({ allowLoopback: true, maxRequests: 3 })
    const tunnel = await connectThrough(proxy, `127.0.0.1:${fixture.port}`)
    expect(tunnel.status).toBe(200)
    const closed = readToEnd(tunnel.socket)
    expect((await proxiedGet(proxy, `${fixture.origin}/2`)).status).toBe(200)
    expect((await proxiedGet(proxy, `${fixture.origin}/3`)).status).toBe(200)
    expect((await proxiedGet(proxy, `${fixture.origin}/4`)).status).toBe(403)
    await closed
    expect(tunnel.socket.destroyed).toBe(true)
    expect((await connectThrough(proxy, `127.0.0.1:${fixture.port}`)).status).toBe(403)
    expect(fixture.requests.map((r) => r.url)).toEqual(['/2', '/3'])
    expect(proxy.stats().blocked).toEqual([
      { host: '*', reason: 'The page made more than 3 requests: later ones were refused.' },
    ])
  })

  it('cuts a plain download at maxBytes (25 MB by default) and refuses what follows', async () => {
    const fixture = await startFixture(hugeBody)
    const proxy = await startProxy({ allowLoopback: true })
    const answer = await proxiedGet(proxy, `${fixture.origin}/huge`)
    expect(answer.status).toBe(200)
    expect(answer.complete).toBe(false)
    expect(answer.body.length).toBeLessThanOrEqual(25 * MB)
    expect(proxy.stats().bytes).toBeGreaterThan(25 * MB)
    expect(proxy.stats().bytes).toBeLessThan(26 * MB)
    expect((await proxiedGet(proxy, `${fixture.origin}/small`)).status).toBe(403)
    expect(proxy.stats().blocked).toEqual([
      { host: '*', reason: 'The page downloaded more than 25 MB: the rest was cut off.' },
    ])
  })

  it('passes a gzip answer on as sent and counts it on the wire: unpacked size is counted in the browser', async () => {
    const packed = gzipSync(Buffer.alloc(40 * MB))
    const fixture = await startFixture((_req, res) =>
      res
        .writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Encoding': 'gzip' })
        .end(packed),
    )
    const proxy = await startProxy({ allowLoopback: true })
    const answer = await proxiedGet(proxy, `${fixture.origin}/bomb`)
    expect([answer.status, answer.complete, answer.headers['content-encoding']]).toEqual([200, true, 'gzip'])
    expect(answer.body.equals(packed)).toBe(true)
    expect(proxy.stats().bytes).toBe(packed.length)
    expect(proxy.stats().blocked).toEqual([])
  })

  it('counts the bytes through tunnels too', async () => {
    const fixture = await startFixture(hugeBody)
    const proxy = await startProxy({ allowLoopback: true, maxBytes: 2 * MB })
    const { socket } = await connectThrough(proxy, `127.0.0.1:${fixture.port}`)
    socket.write('GET /huge HTTP/1.1\r\nHost: x\r\n\r\n')
    const received = await readToEnd(socket)
    expect(received.length).toBeLessThanOrEqual(2 * MB)
    expect(received.length).toBeGreaterThan(MB)
    expect(proxy.stats().blocked[0]?.reason).toBe('The page downloaded more than 2 MB: the rest was cut off.')
  })

  it('closes a tunnel that stays silent longer than the idle timeout', async () => {
    const silent = net.createServer(() => {})
    silent.listen(0, '127.0.0.1')
    await new Promise((resolve) => silent.once('listening', resolve))
    cleanups.push(() => new Promise((resolve) => silent.close(() => resolve())))
    const proxy = await startProxy({ allowLoopback: true, idleTimeoutMs: 200 })
    const { status, socket } = await connectThrough(
      proxy,
      `127.0.0.1:${(silent.address() as AddressInfo).port}`,
    )
    expect(status).toBe(200)
    const started = Date.now()
    await readToEnd(socket, 5000)
    expect(Date.now() - started).toBeLessThan(3000)
  })

  it('answers 502 when the site refuses the connection', async () => {
    const port = await unusedPort()
    const proxy = await startProxy({ allowLoopback: true })
    expect((await connectThrough(proxy, `127.0.0.1:${port}`)).status).toBe(502)
    expect((await proxiedGet(proxy, `http://127.0.0.1:${port}/`)).status).toBe(502)
  })

  it('cuts open tunnels on close()', async () => {
    const fixture = await startFixture()
    const proxy = await startEgressProxy({ allowLoopback: true })
    const { socket } = await connectThrough(proxy, `127.0.0.1:${fixture.port}`)
    const ended = readToEnd(socket)
    await proxy.close()
    await ended
    expect(socket.destroyed).toBe(true)
  })

  it('refuses allowLoopback when NODE_ENV is production', async () => {
    vi.stubEnv('NODE_ENV', 'production')
    await expect(startEgressProxy({ allowLoopback: true })).rejects.toThrow(
      'The review egress proxy refuses allowLoopback in production',
    )
    await expect(startEgressProxy({ allowLoopback: { ports: [8080] } })).rejects.toThrow(/production/)
    const proxy = await startProxy()
    expect((await connectThrough(proxy, '127.0.0.1:443')).status).toBe(403)
  })
})

describe.skipIf(!hasChromium())('the egress proxy with Chromium', { timeout: 60_000 }, () => {
  it("loads a page from an allowed loopback port and refuses an image, a fetch and a service worker's fetch to another", async () => {
    const pixel = await startFixture((_req, res) => res.end('GIF89a'))
    const site = await startFixture((req, res) => {
      if (req.url === '/sw.js') {
        // A service worker's requests escape page routing, but not the proxy.
        res.writeHead(200, { 'Content-Type': 'text/javascript' })
        return res.end(
          `self.addEventListener('install', (e) => e.waitUntil(fetch('http://127.0.0.2:${pixel.port}/from-worker').catch(() => {})))`,
        )
      }
      res.writeHead(200, { 'Content-Type': 'text/html' })
      res.end(
        `<!doctype html><title>Submitted site</title><img id="pixel" src="http://127.0.0.1:${pixel.port}/pixel.gif"><script>navigator.serviceWorker.register('/sw.js')</script>`,
      )
    })
    const proxy = await startProxy({ allowLoopback: { ports: [site.port] } })
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      // The browser resolves no name itself: everything goes to the proxy by name.
      args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'],
      proxy: { server: proxy.url },
      timeout: 30_000,
    })
    cleanups.push(() => browser.close())
    const page = await browser.newPage()
    await page.goto(`${site.origin}/`, { waitUntil: 'load', timeout: 15_000 })
    expect(await page.title()).toBe('Submitted site')
    const loaded = await page.evaluate(() => {
      const image = document.getElementById('pixel') as HTMLImageElement
      return image.complete && image.naturalWidth > 0
    })
    expect(loaded).toBe(false)
    // The 403 carries no CORS header, so the page cannot even read it.
    const fetched = await page.evaluate(
      (url) =>
        fetch(url).then(
          (r) => r.text(),
          () => 'failed',
        ),
      `http://localhost:${pixel.port}/`,
    )
    expect(fetched).toBe('failed')
    await expect
      .poll(() => proxy.stats().blocked.map((b) => b.host), { timeout: 10_000 })
      .toContain(`127.0.0.2:${pixel.port}`)
    expect(pixel.connections()).toBe(0)
    // Chromium's own background calls (update checks) come through the proxy too: only the two
    // page requests matter here.
    const hosts = proxy.stats().blocked.map((b) => b.host)
    expect(hosts).toContain(`127.0.0.1:${pixel.port}`)
    expect(hosts).toContain(`localhost:${pixel.port}`)
  })
})
