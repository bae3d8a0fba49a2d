import { describe, expect, it } from 'vitest'
import { CaptureError, navigationFailure } from '#server/review/capture-errors.ts'
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
