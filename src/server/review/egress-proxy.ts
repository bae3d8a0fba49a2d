import { once } from 'node:events'
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import net, { type AddressInfo, type Socket } from 'node:net'
import { type Duplex, pipeline, Transform } from 'node:stream'
import {
  AddressPolicyError,
  isLoopbackAddress,
  type Lookup,
  printable,
  resolvePublic,
} from '#server/review/address-policy.ts'

/**
 * The only way out for the browser that opens a submitted site. Chromium is started with this proxy
 * as its HTTP proxy, so it never connects anywhere itself: it sends the name it wants to us, and we
 * resolve it once, judge the address and connect to that address. Route interception in the browser
 * is not enough: Chromium resolves names itself and service workers bypass it.
 */

/** A real page needs tens of requests; hundreds mean a loop or an attack. */
const EGRESS_MAX_REQUESTS = 300
/** Bytes received from upstream, all requests and tunnels together (a heavy page is a few MB). */
const EGRESS_MAX_BYTES = 25 * 1024 * 1024
const EGRESS_CONNECT_TIMEOUT_MS = 10_000
const EGRESS_IDLE_TIMEOUT_MS = 30_000
/** The most refusals kept for the report: a page can fire refused requests without end. */
export const EGRESS_MAX_BLOCKED_RECORDS = 100

const WEB_PORTS = new Set([80, 443])

export type EgressProxyOptions = {
  maxRequests?: number
  maxBytes?: number
  connectTimeoutMs?: number
  idleTimeoutMs?: number
  lookupTimeoutMs?: number
  lookup?: Lookup
  /**
   * Tests only, refused in production: lets loopback addresses through (on any port, or only on
   * `ports`), so fixtures served from 127.0.0.1 can stand in for the internet. Every other private
   * range stays refused.
   */
  allowLoopback?: boolean | { ports: readonly number[] }
}

type BlockedAttempt = { host: string; reason: string }

export type EgressStats = {
  /** Plain requests and CONNECT tunnels asked for, refused ones included. */
  requests: number
  /** Received from upstream: response bodies of plain requests, everything through tunnels. */
  bytes: number
  /** Refusals in plain words for the review report, each host and reason once. */
  blocked: BlockedAttempt[]
}

export type EgressProxy = {
  /** http://127.0.0.1:PORT, for Playwright's `proxy: { server }`. */
  url: string
  stats(): EgressStats
  /** Stops listening and cuts every open connection. */
  close(): Promise<void>
}

type Decision = { ip: string } | { status: number; reason: string }

/** One proxy per review job, listening on a random loopback port. */
export async function startEgressProxy(options: EgressProxyOptions = {}): Promise<EgressProxy> {
  // Read here, not from env.ts: this guard must hold whatever configuration a caller passes in.
  if (options.allowLoopback && process.env.NODE_ENV === 'production')
    throw new Error(
      'The review egress proxy refuses allowLoopback in production: it would let a submitted page reach this machine.',
    )
  const maxRequests = options.maxRequests ?? EGRESS_MAX_REQUESTS
  const maxBytes = options.maxBytes ?? EGRESS_MAX_BYTES
  const connectTimeoutMs = options.connectTimeoutMs ?? EGRESS_CONNECT_TIMEOUT_MS
  const idleTimeoutMs = options.idleTimeoutMs ?? EGRESS_IDLE_TIMEOUT_MS
  const loopbackPorts =
    typeof options.allowLoopback === 'object' ? new Set(options.allowLoopback.ports) : null

  let requests = 0
  let bytes = 0
  /** Set once a limit is passed or the proxy closes: every later request is refused. */
  let stopped: string | null = null
  const blocked: BlockedAttempt[] = []
  /** Upstream sockets and tunnelled client sockets, cut together when a limit is passed. */
  const open = new Set<Duplex>()
  let ownPort = 0

  const track = (stream: Duplex) => {
    open.add(stream)
    stream.once('close', () => open.delete(stream))
  }

  const record = (host: string, reason: string) => {
    const entry = { host: printable(host), reason }
    if (blocked.length >= EGRESS_MAX_BLOCKED_RECORDS) return
    if (blocked.some((b) => b.host === entry.host && b.reason === entry.reason)) return
    blocked.push(entry)
  }

  const cutAll = () => {
    for (const stream of open) stream.destroy()
  }

  const stop = (reason: string) => {
    if (!stopped) {
      stopped = reason
      record('*', reason)
    }
    cutAll()
  }

  /** Counts bytes from upstream and fails the stream, unsent, once the budget is spent. */
  const meter = () =>
    new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length
        if (bytes > maxBytes) {
          stop(
            `The page downloaded more than ${Math.round(maxBytes / 1024 / 1024)} MB: the rest was cut off.`,
          )
          return callback(new Error('egress byte limit reached'))
        }
        callback(null, chunk)
      },
    })

  /** The whole policy for one request or tunnel: limits, port, then the resolved address. */
  const decide = async (host: string, port: number): Promise<Decision> => {
    const target = `${host}:${port}`
    const refuse = (reason: string): Decision => {
      record(target, reason)
      return { status: 403, reason }
    }
    if (stopped) return { status: 403, reason: stopped }
    requests += 1
    if (requests > maxRequests) {
      const reason = `The page made more than ${maxRequests} requests: later ones were refused.`
      stop(reason)
      return { status: 403, reason }
    }
    const loopbackAllowed = Boolean(options.allowLoopback)
    if (!WEB_PORTS.has(port) && !loopbackAllowed)
      return refuse(`Port ${port} is not allowed: reviews open web pages on ports 80 and 443 only.`)
    let ip: string
    try {
      ip = await resolvePublic(host, {
        allowLoopback: loopbackAllowed,
        lookup: options.lookup,
        timeoutMs: options.lookupTimeoutMs,
      })
    } catch (error) {
      if (error instanceof AddressPolicyError) return refuse(error.message)
      throw error
    }
    // The budget may have run out, or the review ended, while the name was resolving.
    if (stopped) return { status: 403, reason: stopped }
    if (isLoopbackAddress(ip)) {
      // The proxy itself is on loopback: a page must not chain requests through it.
      if (port === ownPort || (loopbackPorts && !loopbackPorts.has(port)))
        return refuse(`Port ${port} on the reviewing machine is not open to reviews.`)
    } else if (!WEB_PORTS.has(port)) {
      return refuse(`Port ${port} is not allowed: reviews open web pages on ports 80 and 443 only.`)
    }
    return { ip }
  }

  /** A TCP connection to an address already judged; net does not resolve an IP literal again. */
  const connectTo = (ip: string, port: number): Socket => {
    const socket = net.connect({ host: ip, port })
    track(socket)
    const timer = setTimeout(
      () => socket.destroy(new Error(`no connection within ${connectTimeoutMs} ms`)),
      connectTimeoutMs,
    )
    socket.once('connect', () => {
      clearTimeout(timer)
      socket.setTimeout(idleTimeoutMs)
    })
    socket.once('close', () => clearTimeout(timer))
    socket.on('timeout', () => socket.destroy())
    return socket
  }

  // HTTPS (and WebSockets) arrive as CONNECT host:port: we open a TCP tunnel and never see inside.
  const onConnect = async (req: IncomingMessage, client: Duplex, head: Buffer) => {
    track(client)
    client.on('error', () => {})
    const authority = parseAuthority(req.url ?? '')
    if (!authority) return endRaw(client, 400, 'The CONNECT target must be host:port.')
    const decision = await decide(authority.host, authority.port)
    if ('status' in decision) return endRaw(client, decision.status, decision.reason)
    if (client.destroyed) return
    const upstream = connectTo(decision.ip, authority.port)
    let connected = false
    upstream.on('error', () => {
      if (connected) client.destroy()
      else endRaw(client, 502, 'The site could not be reached.')
    })
    upstream.once('connect', () => {
      connected = true
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      if (head.length > 0) upstream.write(head)
      if (client instanceof net.Socket) client.setTimeout(idleTimeoutMs, () => client.destroy())
      pipeline(upstream, meter(), client, () => client.destroy())
      pipeline(client, upstream, () => upstream.destroy())
    })
  }

  // Plain http:// requests arrive in absolute form (GET http://host/path). A redirect is not
  // followed here: the browser follows it, so every hop comes back through the proxy and is judged
  // again.
  const onRequest = async (req: IncomingMessage, res: ServerResponse) => {
    const url = parseAbsoluteUrl(req.url ?? '')
    if (!url) return endResponse(res, 400, 'This is a proxy: send requests in absolute form.')
    if (url.protocol === 'https:')
      return endResponse(res, 400, 'https:// addresses go through a CONNECT tunnel, not a plain request.')
    if (url.protocol !== 'http:') {
      const reason = `Only http and https addresses can be opened, not ${printable(url.protocol, 20)}.`
      record(printable(url.href, 100), reason)
      return endResponse(res, 403, reason)
    }
    const port = url.port ? Number(url.port) : 80
    const decision = await decide(url.hostname, port)
    if ('status' in decision) return endResponse(res, decision.status, decision.reason)
    if (res.destroyed || req.socket.destroyed) return
    const upstream = http.request({
      method: req.method,
      path: `${url.pathname}${url.search}`,
      headers: { ...forwardable(req.headers), host: url.host },
      createConnection: () => connectTo(decision.ip, port),
    })
    upstream.on('response', (upstreamRes) => {
      try {
        res.writeHead(upstreamRes.statusCode ?? 502, forwardable(upstreamRes.headers))
      } catch {
        upstreamRes.destroy()
        return endResponse(res, 502, 'The site sent headers that cannot be passed on.')
      }
      pipeline(upstreamRes, meter(), res, (error) => {
        if (error) res.destroy()
      })
    })
    upstream.on('error', () => {
      if (res.headersSent) res.destroy()
      else endResponse(res, 502, 'The site could not be reached.')
    })
    // The browser gave up (or the connection to it broke): stop fetching for nobody.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy()
    })
    // Not pipeline(): on an upstream error it would destroy the browser's connection before the 502.
    req.pipe(upstream)
  }

  const server = http.createServer()
  server.on('request', (req, res) => void onRequest(req, res).catch(() => res.destroy()))
  server.on('connect', (req, socket, head) => void onConnect(req, socket, head).catch(() => socket.destroy()))
  // WebSockets go through CONNECT; an Upgrade in absolute form is not something Chromium sends.
  server.on('upgrade', (_req, socket: Duplex) => endRaw(socket, 400, 'Upgrades go through CONNECT.'))
  server.on('clientError', (_error, socket: Duplex) => socket.destroy())
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  ownPort = (server.address() as AddressInfo).port

  return {
    url: `http://127.0.0.1:${ownPort}`,
    stats: () => ({ requests, bytes, blocked: blocked.map((b) => ({ ...b })) }),
    close: async () => {
      stopped ??= 'The review ended.'
      cutAll()
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeAllConnections()
      await closed
    },
  }
}

/** host:port of a CONNECT, with IPv6 in brackets; the host is judged later. */
function parseAuthority(target: string): { host: string; port: number } | null {
  const match = /^(\[[0-9a-f:.]+\]|[^\s:/@[\]?#]+):(\d{1,5})$/i.exec(target)
  if (!match?.[1]) return null
  const port = Number(match[2])
  if (port < 1 || port > 65535) return null
  return { host: match[1], port }
}

function parseAbsoluteUrl(target: string): URL | null {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) return null
  try {
    return new URL(target)
  } catch {
    return null
  }
}

// Headers for one connection only (RFC 9110 §7.6.1); the proxy's own are not passed on either.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
])

function forwardable(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const named = String(headers.connection ?? '')
    .toLowerCase()
    .split(',')
    .map((name) => name.trim())
  const kept: IncomingHttpHeaders = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name) && !named.includes(name)) kept[name] = value
  }
  return kept
}

function endResponse(res: ServerResponse, status: number, reason: string) {
  if (res.headersSent) return res.destroy()
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' })
  res.end(`${reason}\n`)
}

/** An HTTP answer written straight on a socket that has left the HTTP server (CONNECT, upgrade). */
function endRaw(socket: Duplex, status: number, reason: string) {
  if (socket.destroyed) return
  const body = `${printable(reason, 500)}\n`
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? 'Error'}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  )
}
