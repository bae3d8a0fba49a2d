import { describe, expect, it } from 'vitest'
import {
  CaptureError,
  failedNavigationError,
  memoryLimitError,
  navigationFailure,
  resourceHungError,
  scriptKeptRunningError,
  unpackedLimitError,
} from '#server/review/capture-errors.ts'
import type { EgressStats } from '#server/review/egress-proxy.ts'

const stats = (blocked: EgressStats['blocked']): EgressStats => ({
  requests: blocked.length,
  bytes: 0,
  blocked,
})
const PRIVATE = 'site.example resolves to 10.0.0.7, a private address'
const NO_NAME = 'cdn.example does not exist (no DNS record)'
const tunnelFailed = () => new Error('page.goto: net::ERR_TUNNEL_CONNECTION_FAILED at https://site.example/')

function codeOf(failure: unknown): string {
  if (!(failure instanceof CaptureError)) throw new Error(`not a CaptureError: ${String(failure)}`)
  return failure.code
}

describe('navigationFailure', () => {
  it("names the refusal of the address the page was going to, not another host's later one", () => {
    const failure = navigationFailure(
      tunnelFailed(),
      stats([
        { host: 'site.example:443', reason: PRIVATE },
        { host: 'cdn.example:443', reason: NO_NAME },
      ]),
      30_000,
      'https://site.example/',
    )
    expect(codeOf(failure)).toBe('blocked_address')
  })

  it('takes the last refusal when the address itself was not refused (a refused redirect hop)', () => {
    const failure = navigationFailure(
      tunnelFailed(),
      stats([{ host: 'moved.example:443', reason: 'moved.example does not exist (no DNS record)' }]),
      30_000,
      'https://site.example/',
    )
    expect(codeOf(failure)).toBe('unreachable')
    expect((failure as CaptureError).message).toBe("The site's name could not be found: check the address.")
  })

  it('says how long the page was waited for, and that a limit was reached before anything else', () => {
    const timeout = Object.assign(new Error('Timeout 30000ms exceeded.'), { name: 'TimeoutError' })
    const late = navigationFailure(timeout, stats([]), 30_000, 'https://site.example/')
    expect((late as CaptureError).message).toBe('The site did not send its page within 30 seconds.')
    const limited = navigationFailure(
      tunnelFailed(),
      stats([{ host: '*', reason: 'The site sent more than 25 MB.' }]),
      30_000,
      'https://site.example/',
    )
    expect(codeOf(limited)).toBe('too_large')
  })
})

describe('a page that moved on to an address that gave no answer', () => {
  it("is the proxy's refusal of that address, else unreachable", () => {
    const refused = failedNavigationError(
      { url: 'https://10.0.0.1/', errorText: 'net::ERR_TUNNEL_CONNECTION_FAILED' },
      stats([{ host: '10.0.0.1:443', reason: '10.0.0.1 is a private address' }]),
      30_000,
    )
    expect([refused.code, refused.message]).toEqual([
      'blocked_address',
      "The site's address points to a private network or to the reviewing machine, which reviews may not open.",
    ])
    expect(
      failedNavigationError(
        { url: 'https://gone.example/', errorText: 'net::ERR_CONNECTION_RESET' },
        stats([]),
        30_000,
      ).code,
    ).toBe('unreachable')
    expect(
      failedNavigationError({ url: 'https://odd.example/', errorText: '' }, stats([]), 30_000).code,
    ).toBe('unreachable')
  })
})

describe('what held a page, in words', () => {
  it('names the cap once unpacked, the resource that never ended and a script that ran on', () => {
    expect(unpackedLimitError(25 * 1024 * 1024).message).toBe(
      "The page's files add up to more than 25 MB once unpacked.",
    )
    const sheet = resourceHungError('stylesheet', 'https://site.example/style.css', 30_000)
    expect([sheet.code, sheet.message]).toEqual([
      'timeout',
      'A stylesheet (https://site.example/style.css) did not finish loading within 30 seconds.',
    ])
    expect(
      resourceHungError('script', `https://site.example/${'\u0000x'.repeat(300)}`, 2000).message,
    ).toMatch(
      /^A script \(https:\/\/site\.example\/\?x\?x.{150,200}\) did not finish loading within 2 seconds\.$/,
    )
    expect(scriptKeptRunningError('loading').message).toBe(
      'A script on the page kept running and never let it finish loading.',
    )
  })
})

describe('the memory limit, in words', () => {
  it('names the limit in MB, with a thousands separator', () => {
    const error = memoryLimitError(1500)
    expect([error.code, error.message]).toEqual([
      'too_much_memory',
      'The site used more than 1,500 MB of memory while it was reviewed, so the review stopped.',
    ])
    expect(memoryLimitError(400).message).toContain('more than 400 MB')
  })
})
