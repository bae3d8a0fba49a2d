import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Lookup } from '#server/review/address-policy.ts'
import { checkLink, LINK_CHECK_MAX_REDIRECTS } from '#server/review/link-check.ts'

type Seen = { method: string; url: string; host: string | undefined }

/**
 * A stand-in for members' sites on 127.0.0.1. Routes: /ok (200), /missing (404), /head-refused (405 to
 * HEAD, 200 to GET), /endless (405 to HEAD, a body that never ends to GET), /to/<n> (redirects n more
 * times, then /ok), /loop (redirects to itself), /redirect?to=<url>, /hang (never answers).
 */
async function startSite() {
  const seen: Seen[] = []
  const hanging = new Set<ServerResponse>()
  const server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://site')
    seen.push({ method: req.method ?? '', url: url.pathname + url.search, host: req.headers.host })
    const path = url.pathname
    if (path === '/ok') return res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>ok</p>')
    if (path === '/missing') return res.writeHead(404).end('gone')
    if (path === '/head-refused' || path === '/endless') {
      if (req.method === 'HEAD') return res.writeHead(405).end()
      if (path === '/head-refused') return res.writeHead(200).end('<p>ok</p>')
      res.writeHead(200, { 'Content-Type': 'text/html' })
      hanging.add(res)
      const chunk = Buffer.alloc(64 * 1024, 'a')
      const pump = () => {
        while (!res.destroyed && res.write(chunk)) {}
        if (!res.destroyed) res.once('drain', pump)
      }
      pump()
      return
    }
    const hops = /^\/to\/(\d+)$/.exec(path)
    if (hops) {
      const left = Number(hops[1])
      return res.writeHead(302, { Location: left <= 1 ? '/ok' : `/to/${left - 1}` }).end()
    }
    if (path === '/loop') return res.writeHead(301, { Location: '/loop' }).end()
    if (path === '/redirect') return res.writeHead(302, { Location: url.searchParams.get('to') ?? '/' }).end()
    if (path === '/hang') {
      hanging.add(res)
      return
    }
    res.writeHead(500).end()
  })
  server.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  return {
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    seen,
    close: async () => {
      for (const res of hanging) res.destroy()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

/** A resolver that answers from a table, as DNS would for a hostile name. */
const lookupFrom =
  (table: Record<string, string[]>): Lookup =>
  async (hostname) => {
    const addresses = table[hostname]
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
  }

describe('checkLink', () => {
  let site: Awaited<ReturnType<typeof startSite>>

  beforeAll(async () => {
    site = await startSite()
  })
  afterAll(async () => {
    await site?.close()
  })
  afterEach(() => {
    site.seen.length = 0
    vi.restoreAllMocks()
  })

  it('passes a site that answers 200 to HEAD, sending one request with its own Host header', async () => {
    const result = await checkLink(site.url('/ok'), { allowLoopback: true })
    expect(result).toEqual({ ok: true, status: 200, finalUrl: site.url('/ok') })
    expect(site.seen).toEqual([{ method: 'HEAD', url: '/ok', host: `127.0.0.1:${site.port}` }])
  })

  it('connects to the address it judged, keeping the name the member gave in the Host header', async () => {
    const lookup = vi.fn(lookupFrom({ 'my-site.test': ['127.0.0.1'] }))
    const result = await checkLink(`http://my-site.test:${site.port}/ok`, { allowLoopback: true, lookup })
    expect(result.ok).toBe(true)
    expect(site.seen).toEqual([{ method: 'HEAD', url: '/ok', host: `my-site.test:${site.port}` }])
    // Resolved once, by the policy; the connection did not look the name up again.
    expect(lookup).toHaveBeenCalledTimes(1)
  })

  it('fails a site that answers 404 to HEAD and GET, with the status in the reason', async () => {
    const result = await checkLink(site.url('/missing'), { allowLoopback: true })
    expect(result).toEqual({ ok: false, status: 404, reason: 'The site answered 404 (Not Found).' })
    expect(site.seen.map((s) => s.method)).toEqual(['HEAD', 'GET'])
  })

  it('asks again with GET when HEAD is refused', async () => {
    const result = await checkLink(site.url('/head-refused'), { allowLoopback: true })
    expect(result).toMatchObject({ ok: true, status: 200 })
    expect(site.seen.map((s) => s.method)).toEqual(['HEAD', 'GET'])
  })

  it('reads no body: a GET whose body never ends still passes at once', async () => {
    // The deadline is far beyond the test's own timeout: only not reading the body ends the check.
    const result = await checkLink(site.url('/endless'), { allowLoopback: true, timeoutMs: 60_000 })
    expect(result).toMatchObject({ ok: true, status: 200 })
  })

  it(`follows up to ${LINK_CHECK_MAX_REDIRECTS} redirects, and fails beyond`, async () => {
    const followed = await checkLink(site.url(`/to/${LINK_CHECK_MAX_REDIRECTS}`), { allowLoopback: true })
    expect(followed).toEqual({ ok: true, status: 200, finalUrl: site.url('/ok') })
    site.seen.length = 0
    const loop = await checkLink(site.url('/loop'), { allowLoopback: true })
    expect(loop).toMatchObject({
      ok: false,
      reason: `The site redirected more than ${LINK_CHECK_MAX_REDIRECTS} times.`,
    })
    // Each method follows at most the limit, plus the first request.
    expect(site.seen.filter((s) => s.method === 'HEAD')).toHaveLength(LINK_CHECK_MAX_REDIRECTS + 1)
  })

  it('fails a name that does not resolve, without connecting anywhere', async () => {
    const request = vi.spyOn(http, 'request')
    const secure = vi.spyOn(https, 'request')
    const result = await checkLink('https://nobody-here.github.io/project', { lookup: lookupFrom({}) })
    expect(result).toEqual({ ok: false, reason: 'The name nobody-here.github.io does not exist.' })
    expect(request).not.toHaveBeenCalled()
    expect(secure).not.toHaveBeenCalled()
  })

  it.each([
    ['a private address', 'http://10.0.0.8/', /10\.0\.0\.8 is a private network address/],
    ['a metadata address', 'http://169.254.169.254/latest/', /link-local/],
    ['a name that points to a private address', 'https://sneaky.github.io/', /points to 192\.168\.1\.20/],
    ['an IPv6 loopback', 'http://[::1]/', /loopback/],
  ])('fails %s, without connecting', async (_name, url, reason) => {
    const request = vi.spyOn(http, 'request')
    const secure = vi.spyOn(https, 'request')
    const result = await checkLink(url, { lookup: lookupFrom({ 'sneaky.github.io': ['192.168.1.20'] }) })
    expect(result.ok).toBe(false)
    expect(result.ok ? '' : result.reason).toMatch(reason)
    expect(request).not.toHaveBeenCalled()
    expect(secure).not.toHaveBeenCalled()
  })

  it('fails a loopback site unless loopback is allowed, and the site sees nothing', async () => {
    const result = await checkLink(site.url('/ok'))
    expect(result).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/Port \d+ is not allowed|loopback/),
    })
    const onWebPort = await checkLink('http://127.0.0.1/ok')
    expect(onWebPort).toMatchObject({ ok: false, reason: expect.stringMatching(/loopback address/) })
    expect(site.seen).toEqual([])
  })

  it.each([
    ['a private address', 'http://10.1.2.3/admin'],
    ['the metadata service', 'http://169.254.169.254/latest/meta-data/'],
    ['a name that resolves to a private address', 'http://internal.corp.test/'],
  ])('fails a redirect to %s, without following it', async (_name, target) => {
    const request = vi.spyOn(http, 'request')
    const result = await checkLink(site.url(`/redirect?to=${encodeURIComponent(target)}`), {
      // Loopback for the stand-in only: every other private range stays refused.
      allowLoopback: { ports: [site.port] },
      lookup: lookupFrom({ 'internal.corp.test': ['10.9.8.7'] }),
    })
    expect(result).toMatchObject({ ok: false, reason: expect.stringMatching(/private network|link-local/) })
    // Only the first hop (HEAD, then GET: a refused hop is not an HTTP status) reached a server.
    expect(request).toHaveBeenCalledTimes(1)
    expect(site.seen.map((s) => s.method)).toEqual(['HEAD'])
  })

  it('fails a redirect to another loopback port than the allowed ones', async () => {
    const result = await checkLink(site.url(`/redirect?to=${encodeURIComponent('http://127.0.0.1:9/x')}`), {
      allowLoopback: { ports: [site.port] },
    })
    expect(result).toEqual({ ok: false, reason: 'Port 9 on this machine is not open to checks.' })
  })

  it('fails other schemes, user names in addresses and addresses that do not parse', async () => {
    expect(await checkLink('ftp://example.github.io/file')).toMatchObject({
      ok: false,
      reason: 'Only http and https addresses can be checked, not ftp:.',
    })
    expect(await checkLink('https://user:secret@example.github.io/')).toMatchObject({ ok: false })
    expect(await checkLink('not a url')).toEqual({ ok: false, reason: '"not a url" is not a valid address.' })
    const redirected = await checkLink(site.url(`/redirect?to=${encodeURIComponent('file:///etc/passwd')}`), {
      allowLoopback: true,
    })
    expect(redirected).toMatchObject({ ok: false, reason: expect.stringMatching(/not file:/) })
  })

  it('fails a site that does not answer in time', async () => {
    const result = await checkLink(site.url('/hang'), { allowLoopback: true, timeoutMs: 300 })
    expect(result).toEqual({ ok: false, reason: 'The site did not answer within 300 ms.' })
  })

  it('fails a TLS handshake with a server that does not speak TLS', async () => {
    const result = await checkLink(`https://127.0.0.1:${site.port}/ok`, { allowLoopback: true })
    expect(result).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/secure connection \(TLS\) failed/),
    })
  })

  it('fails a site whose certificate is not trusted', async () => {
    // A self-signed certificate for the very name asked for: only the trust check can fail it.
    const dir = mkdtempSync(join(tmpdir(), 'link-check-tls-'))
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '2',
          '-subj',
          '/CN=my-site.test',
          '-addext',
          'subjectAltName=DNS:my-site.test',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
        ],
        { stdio: 'ignore', timeout: 30_000 },
      )
      const server = https.createServer(
        { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
        (_req, res) => res.writeHead(200).end('ok'),
      )
      server.listen(0, '127.0.0.1')
      await new Promise((resolve) => server.once('listening', resolve))
      const { port } = server.address() as AddressInfo
      try {
        const result = await checkLink(`https://my-site.test:${port}/`, {
          allowLoopback: true,
          lookup: lookupFrom({ 'my-site.test': ['127.0.0.1'] }),
        })
        expect(result).toEqual({
          ok: false,
          reason: "The site's secure connection (TLS) failed: DEPTH_ZERO_SELF_SIGNED_CERT.",
        })
      } finally {
        server.closeAllConnections()
        await new Promise((resolve) => server.close(resolve))
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('fails a port where nothing listens', async () => {
    const closed = http.createServer()
    closed.listen(0, '127.0.0.1')
    await new Promise((resolve) => closed.once('listening', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise((resolve) => closed.close(resolve))
    const result = await checkLink(`http://127.0.0.1:${port}/`, { allowLoopback: true })
    expect(result).toEqual({ ok: false, reason: 'The site refused the connection.' })
  })

  it('ends when its signal aborts', async () => {
    const controller = new AbortController()
    const checking = checkLink(site.url('/hang'), { allowLoopback: true, signal: controller.signal })
    controller.abort()
    expect(await checking).toEqual({ ok: false, reason: 'The check was stopped.' })
  })

  it('refuses allowLoopback in production', async () => {
    vi.stubEnv('NODE_ENV', 'production')
    try {
      await expect(checkLink(site.url('/ok'), { allowLoopback: true })).rejects.toThrow(
        /refuses allowLoopback/,
      )
    } finally {
      vi.unstubAllEnvs()
    }
    expect(site.seen).toEqual([])
  })
})
