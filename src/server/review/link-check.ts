import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'
import {
  AddressPolicyError,
  isLoopbackAddress,
  LOOKUP_TIMEOUT_MS,
  type Lookup,
  parseIpLiteral,
  printable,
  resolvePublic,
} from '#server/review/address-policy.ts'

/**
 * Is a submitted live site still there? One plain HTTP(S) request, never a browser: the weekly
 * re-checks of every submission must stay cheap. The same egress rules as the review's proxy apply,
 * since the address is the member's: each hop is resolved once, judged by address-policy.ts, and the
 * connection goes to the judged address, so a name that changes its answer cannot reach this machine
 * or the private network.
 */

/** The whole check, every hop and both methods together. */
const LINK_CHECK_TIMEOUT_MS = 10_000
export const LINK_CHECK_MAX_REDIRECTS = 5
/** Response headers larger than this end the check (Node's parser refuses them). */
const MAX_HEADER_BYTES = 16 * 1024
const WEB_PORTS = new Set([80, 443])
const USER_AGENT = 'FrontendDojo-LinkCheck/1.0 (+weekly check that submitted sites are online)'

export type LinkCheckResult =
  | { ok: true; status: number; finalUrl: string }
  /** `reason` is a short sentence for the member and the operator; `status` when the site answered. */
  | { ok: false; reason: string; status?: number }

export type LinkCheckOptions = {
  /**
   * Tests only, refused in production: lets loopback addresses through (on any port, or only on
   * `ports`), so local servers can stand in for members' sites. Every other private range stays refused.
   */
  allowLoopback?: boolean | { ports: readonly number[] }
  lookup?: Lookup
  timeoutMs?: number
  maxRedirects?: number
  /** Ends the check early, e.g. when the job's lease is lost. */
  signal?: AbortSignal
}

export type LinkChecker = (url: string, options?: { signal?: AbortSignal }) => Promise<LinkCheckResult>

/** A refused or failed hop: the check ends with this reason. */
class HopFailure extends Error {
  constructor(
    readonly reason: string,
    readonly status?: number,
  ) {
    super(reason)
  }
}

type Hop = { status: number; location: string | undefined }

/**
 * HEAD first; some hosts answer HEAD wrongly (405, 501, or an error status for a page that exists),
 * so any error status is asked again with GET before the site counts as down. Never throws.
 */
export async function checkLink(url: string, options: LinkCheckOptions = {}): Promise<LinkCheckResult> {
  // Read here, not from env.ts: this guard must hold whatever configuration a caller passes in.
  if (options.allowLoopback && process.env.NODE_ENV === 'production')
    throw new Error(
      'The link check refuses allowLoopback in production: it would let a submitted address reach this machine.',
    )
  const timeoutMs = options.timeoutMs ?? LINK_CHECK_TIMEOUT_MS
  const deadline = Date.now() + timeoutMs
  const controller = new AbortController()
  const timedOut = new Error(`no answer within ${timeoutMs} ms`)
  const timer = setTimeout(() => controller.abort(timedOut), timeoutMs)
  timer.unref()
  const onAbort = () => controller.abort(options.signal?.reason)
  options.signal?.addEventListener('abort', onAbort, { once: true })
  if (options.signal?.aborted) onAbort()
  const context: Context = { ...options, deadline, signal: controller.signal, timeoutMs, timedOut }
  try {
    const head = await followRedirects(url, 'HEAD', context)
    if (head.ok || head.status === undefined) return head
    return await followRedirects(url, 'GET', context)
  } finally {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', onAbort)
  }
}

type Context = LinkCheckOptions & {
  deadline: number
  signal: AbortSignal
  timeoutMs: number
  /** The abort reason when the deadline passed, as opposed to a stop from outside. */
  timedOut: Error
}

async function followRedirects(start: string, method: 'HEAD' | 'GET', context: Context) {
  const maxRedirects = context.maxRedirects ?? LINK_CHECK_MAX_REDIRECTS
  let current: URL
  try {
    current = new URL(start)
  } catch {
    return failure(`"${printable(start, 100)}" is not a valid address.`)
  }
  try {
    for (let redirects = 0; ; redirects += 1) {
      const hop = await requestOnce(current, method, context)
      if (hop.status >= 200 && hop.status < 300)
        return { ok: true as const, status: hop.status, finalUrl: current.href }
      if (hop.status >= 300 && hop.status < 400) {
        if (!hop.location) return failure(`The site answered ${hop.status} without saying where to go.`)
        if (redirects >= maxRedirects)
          return failure(`The site redirected more than ${maxRedirects} times.`, hop.status)
        try {
          current = new URL(hop.location, current)
        } catch {
          return failure(`The site redirected to an invalid address.`, hop.status)
        }
        continue
      }
      return failure(`The site answered ${hop.status}${statusText(hop.status)}.`, hop.status)
    }
  } catch (error) {
    if (error instanceof HopFailure) return failure(error.reason, error.status)
    return failure(describeError(error, context))
  }
}

function failure(reason: string, status?: number): LinkCheckResult {
  return status === undefined ? { ok: false, reason } : { ok: false, reason, status }
}

function statusText(status: number): string {
  const text = http.STATUS_CODES[status]
  return text ? ` (${text})` : ''
}

/** One request to a judged address; resolves with the status as soon as the headers arrive. */
async function requestOnce(url: URL, method: 'HEAD' | 'GET', context: Context): Promise<Hop> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new HopFailure(`Only http and https addresses can be checked, not ${printable(url.protocol, 20)}.`)
  if (url.username || url.password)
    throw new HopFailure('Addresses with a user name or password are not checked.')
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80
  const loopbackAllowed = Boolean(context.allowLoopback)
  if (!WEB_PORTS.has(port) && !loopbackAllowed)
    throw new HopFailure(`Port ${port} is not allowed: only ports 80 and 443 are checked.`)
  const remaining = context.deadline - Date.now()
  if (remaining <= 0) throw context.timedOut
  if (context.signal.aborted) throw context.signal.reason
  let ip: string
  try {
    ip = await resolvePublic(url.hostname, {
      allowLoopback: loopbackAllowed,
      lookup: context.lookup,
      timeoutMs: Math.min(LOOKUP_TIMEOUT_MS, remaining),
    })
  } catch (error) {
    if (error instanceof AddressPolicyError) throw new HopFailure(error.message)
    throw error
  }
  if (isLoopbackAddress(ip)) {
    const ports = typeof context.allowLoopback === 'object' ? context.allowLoopback.ports : null
    if (ports && !ports.includes(port))
      throw new HopFailure(`Port ${port} on this machine is not open to checks.`)
  } else if (!WEB_PORTS.has(port)) {
    throw new HopFailure(`Port ${port} is not allowed: only ports 80 and 443 are checked.`)
  }
  if (context.signal.aborted) throw context.signal.reason

  const client = url.protocol === 'https:' ? https : http
  return new Promise<Hop>((resolve, reject) => {
    const request = client.request({
      // An IP literal: nothing is resolved again. The Host header (and for TLS the server name and
      // the certificate check) keep the name the member gave.
      host: ip,
      port,
      method,
      path: `${url.pathname}${url.search}`,
      headers: { Host: url.host, 'User-Agent': USER_AGENT, Accept: 'text/html,*/*;q=0.8' },
      ...(url.protocol === 'https:' && !parseIpLiteral(url.hostname)
        ? { servername: url.hostname.replace(/\.$/, '') }
        : {}),
      agent: false,
      maxHeaderSize: MAX_HEADER_BYTES,
      signal: context.signal,
    })
    request.once('response', (response: IncomingMessage) => {
      const status = response.statusCode ?? 0
      const location = response.headers.location
      // The status is all we need: no byte of the body is read.
      response.destroy()
      request.destroy()
      resolve({ status, location })
    })
    request.once('error', reject)
    request.end()
  })
}

const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH)/

function describeError(error: unknown, context: Context): string {
  const limit =
    context.timeoutMs >= 1000 ? `${Math.round(context.timeoutMs / 1000)} s` : `${context.timeoutMs} ms`
  const tooSlow = `The site did not answer within ${limit}.`
  if (error === context.timedOut || context.signal.reason === context.timedOut) return tooSlow
  if (context.signal.aborted) return 'The check was stopped.'
  const code = String((error as NodeJS.ErrnoException | undefined)?.code ?? '')
  // EPROTO: the handshake itself failed (a server that does not speak TLS, or no common protocol).
  if (TLS_CODE.test(code) || code === 'EPROTO')
    return `The site's secure connection (TLS) failed: ${printable(code, 60)}.`
  if (code === 'ECONNREFUSED') return 'The site refused the connection.'
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'The site closed the connection.'
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'The site could not be reached.'
  if (code.startsWith('HPE_')) return 'The site sent an invalid HTTP answer.'
  if (code === 'ETIMEDOUT') return tooSlow
  return code ? `The site could not be reached (${printable(code, 40)}).` : 'The site could not be reached.'
}
