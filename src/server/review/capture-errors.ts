import type { Response } from 'playwright-core'
import { printable } from '#server/review/address-policy.ts'
import type { EgressStats } from '#server/review/egress-proxy.ts'

/**
 * Why a review could not capture a site, in one plain sentence for the member: the error a capture
 * throws, and how a browser's or the egress proxy's failure becomes one.
 */
export type CaptureErrorCode =
  | 'invalid_url'
  | 'blocked_address'
  | 'unreachable'
  | 'http_error'
  | 'timeout'
  | 'too_large'
  | 'too_much_memory'
  | 'browser_failed'

/** A review that could not capture the site; the message is one plain sentence for the member. */
export class CaptureError extends Error {
  override name = 'CaptureError'
  /** What the proxy saw before the capture failed, for the report; absent when no page was opened. */
  egress?: EgressStats
  constructor(
    public code: CaptureErrorCode,
    message: string,
  ) {
    super(message)
  }
}

const DNS_FAILURE =
  /does not exist|did not resolve|could not be resolved|has no address|not a valid host name/

/** The proxy's stop reason (byte or request limit), if it was reached. */
export function limitReason(stats: EgressStats): string | null {
  return stats.blocked.find((attempt) => attempt.host === '*')?.reason ?? null
}

/**
 * What the proxy refused for `url`'s host:port, or with no `url` (a failed https tunnel, which does not
 * say where it was going) the last refusal: at that point only the document and its redirects were asked.
 */
function refusalFor(stats: EgressStats, url: string | null): string | null {
  let target: string | null = null
  if (url) {
    try {
      const parsed = new URL(url)
      target = `${parsed.hostname}:${parsed.port || (parsed.protocol === 'https:' ? 443 : 80)}`
    } catch {
      target = null
    }
  }
  const refused = stats.blocked.filter((attempt) => attempt.host !== '*')
  if (url) return refused.find((attempt) => attempt.host === target)?.reason ?? null
  return refused.at(-1)?.reason ?? null
}

function refusalError(reason: string): CaptureError {
  if (DNS_FAILURE.test(reason))
    return new CaptureError('unreachable', "The site's name could not be found: check the address.")
  return new CaptureError(
    'blocked_address',
    "The site's address points to a private network or to the reviewing machine, which reviews may not open.",
  )
}

/** The proxy answers 502 with this body when it cannot connect; a site's own 502 says something else. */
const PROXY_UNREACHABLE_BODY = 'The site could not be reached.\n'

export async function checkResponse(response: Response, stats: EgressStats) {
  const status = response.status()
  // docs/product.md §10: every breakpoint has to load with a 2xx answer.
  if (status >= 200 && status < 300) return
  const limit = limitReason(stats)
  if (limit) throw new CaptureError('too_large', limit)
  if (status === 403) {
    const reason = refusalFor(stats, response.url())
    if (reason) throw refusalError(reason)
  }
  if (status === 502 && (await response.text().catch(() => '')) === PROXY_UNREACHABLE_BODY)
    throw new CaptureError('unreachable', "The site's server could not be reached.")
  const text = response.statusText()
  throw new CaptureError(
    'http_error',
    `The site answered with HTTP status ${status}${text ? ` (${text})` : ''} instead of a page.`,
  )
}

/**
 * page.goto's failure (Chromium's net:: codes) in words, using what the proxy refused: its refusal of
 * the address the page was going to, or (a refused redirect hop, whose address Chromium does not say)
 * the last refusal.
 */
export function navigationFailure(
  error: unknown,
  stats: EgressStats,
  timeoutMs: number,
  url: string,
): unknown {
  if (error instanceof CaptureError || !(error instanceof Error)) return error
  const limit = limitReason(stats)
  if (limit) return new CaptureError('too_large', limit)
  const message = error.message
  if (error.name === 'TimeoutError')
    return new CaptureError(
      'timeout',
      `The site did not send its page within ${Math.round(timeoutMs / 1000)} seconds.`,
    )
  // An https:// site (or redirect hop) refused by the proxy: the tunnel was answered with 403.
  if (/ERR_TUNNEL_CONNECTION_FAILED|ERR_NAME_NOT_RESOLVED|ERR_BLOCKED/.test(message)) {
    const reason = refusalFor(stats, url) ?? refusalFor(stats, null)
    if (reason) return refusalError(reason)
  }
  if (/Download is starting/.test(message))
    return new CaptureError('http_error', 'The address starts a download instead of showing a page.')
  if (/ERR_CERT_|ERR_SSL_/.test(message))
    return new CaptureError('unreachable', "The site's secure connection (HTTPS certificate) is not valid.")
  if (/ERR_TOO_MANY_REDIRECTS/.test(message))
    return new CaptureError('http_error', 'The site redirects in a loop.')
  if (/net::ERR_/.test(message))
    return new CaptureError('unreachable', "The site's server could not be reached.")
  return error
}

/** The cap on a page's files once unpacked, said in MB (docs/product.md §10). */
export function unpackedLimitError(maxBytes: number): CaptureError {
  return new CaptureError(
    'too_large',
    `The page's files add up to more than ${Math.round(maxBytes / 1024 / 1024)} MB once unpacked.`,
  )
}

/**
 * A worker of the page started a worker of its own: a capture does not run those, as what they download
 * could not be held to `maxBytes` once unpacked (docs/product.md §10).
 */
export function nestedWorkerError(maxBytes: number): CaptureError {
  return new CaptureError(
    'too_large',
    `A worker on the page starts a worker of its own, which reviews do not run: its downloads could not be held to the ${Math.round(maxBytes / 1024 / 1024)} MB limit.`,
  )
}

/**
 * The review's processes (the engine's child and its Chromiums, engine-process.ts) went past the memory
 * limit, said in MB: the site's doing (a page that allocates without end, a file that unpacks to
 * gigabytes), so it is final like the other limits (docs/product.md §10).
 */
export function memoryLimitError(limitMb: number): CaptureError {
  return new CaptureError(
    'too_much_memory',
    `The site used more than ${limitMb.toLocaleString('en-US')} MB of memory while it was reviewed, so the review stopped.`,
  )
}

/**
 * The page's own frame moved on (meta refresh, script) to an address that gave no answer, and Chromium
 * shows its error page instead: the proxy's refusal when it refused that address, else unreachable.
 */
export function failedNavigationError(
  failure: { url: string; errorText: string },
  stats: EgressStats,
  timeoutMs: number,
): CaptureError {
  const error = new Error(`${failure.errorText || 'net::ERR_FAILED'} at ${failure.url}`)
  const said = navigationFailure(error, stats, timeoutMs, failure.url)
  if (said instanceof CaptureError) return said
  return new CaptureError('unreachable', 'The page moved on to an address that could not be opened.')
}

/** The page's main thread never came free: a script that loops (or works) without end. */
export function scriptKeptRunningError(phase: 'loading' | 'loaded'): CaptureError {
  return new CaptureError(
    'timeout',
    phase === 'loading'
      ? 'A script on the page kept running and never let it finish loading.'
      : 'A script on the page kept running, so the page could not be captured.',
  )
}

/** A stylesheet or script the page waits for (to show anything, or to go on parsing) that never ended. */
export function resourceHungError(
  kind: 'stylesheet' | 'script',
  url: string,
  waitedMs: number,
): CaptureError {
  return new CaptureError(
    'timeout',
    `A ${kind} (${printable(url, 200)}) did not finish loading within ${Math.round(waitedMs / 1000)} seconds.`,
  )
}

/** The job's deadline (or the caller's abort, whose reason passes through as it came) comes first. */
export function classifyFailure(error: unknown, stats: EgressStats, signal: AbortSignal): unknown {
  if (signal.aborted) return signal.reason
  if (error instanceof CaptureError) return error
  const limit = limitReason(stats)
  if (limit) return new CaptureError('too_large', limit)
  return error
}

export function asCaptureError(error: unknown, signal: AbortSignal): unknown {
  if (signal.aborted) return signal.reason
  if (error instanceof CaptureError) return error
  // Anything else is the browser failing under us (crashed, closed); `cause` keeps it for the log.
  const failure = new CaptureError(
    'browser_failed',
    'The reviewing browser failed; the review will be retried.',
  )
  failure.cause = error
  return failure
}
