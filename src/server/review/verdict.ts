/**
 * Whether a captured review passes (docs/product.md §10): the page is not blank, and at every breakpoint the
 * address the capture ended on is the member's own site: their `<login>.github.io`, or a page whose
 * <head> carries their verification tag. (That every breakpoint loaded with a 2xx answer is the
 * capture's part: it fails with `http_error` otherwise.) Pure: the caller looks up whose a foreign token is.
 */
import type { Ownership } from '#shared/ownership.ts'
import { VERDICT_FAILURES, type VerdictFailure } from '#shared/review.ts'

/**
 * Below this mean pixel score (decision 012's, which the review's score adds the elements to) a page
 * counts as blank: a blank white page scores 0 by construction, and
 * docs/decisions/011-blank-page-threshold.md says why 25 is above every untouched starter and far below
 * any page that shows the design.
 */
export const BLANK_SCORE_THRESHOLD = 25

const PAGES_SUFFIX = '.github.io'

/** The login whose GitHub Pages user site this address is on, lower-cased; null for any other address. */
export function pagesOwnerOf(address: string): string | null {
  let host: string
  try {
    const url = new URL(address)
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
    host = url.hostname.replace(/\.$/, '')
  } catch {
    return null
  }
  if (!host.endsWith(PAGES_SUFFIX)) return null
  const owner = host.slice(0, -PAGES_SUFFIX.length)
  // One label deep: `x.alice.github.io` is not alice's user site, and `github.io` itself is nobody's.
  return owner !== '' && !owner.includes('.') ? owner : null
}

export type CapturedPage = { finalUrl: string; verificationTokens: readonly string[] }

export type VerdictInput = {
  /** The member's login and current verification token. */
  login: string
  token: string
  pages: readonly CapturedPage[]
  /** The mean of the breakpoints' pixel scores (decision 012's, without the elements: decision 011). */
  meanScore: number
  /** Whether one of these (foreign) tokens is another member's; asked only when a page has foreign tokens. */
  isAnotherMembersToken: (tokens: readonly string[]) => Promise<boolean>
}

export type Verdict =
  | { passed: true; ownership: 'verified' }
  | { passed: false; ownership: Ownership | null; code: VerdictFailure; message: string }

const failed = (code: VerdictFailure, ownership: Ownership | null): Verdict => ({
  passed: false,
  ownership,
  code,
  message: VERDICT_FAILURES[code],
})

/** One page: own, or the reason it is not. */
async function judgePage(
  page: CapturedPage,
  input: VerdictInput,
): Promise<'own' | Exclude<VerdictFailure, 'blank_page'>> {
  const owner = pagesOwnerOf(page.finalUrl)
  if (owner !== null && owner === input.login.toLowerCase()) return 'own'
  if (page.verificationTokens.includes(input.token)) return 'own'
  if (page.verificationTokens.length > 0) {
    return (await input.isAnotherMembersToken(page.verificationTokens))
      ? 'verification_other_member'
      : 'verification_outdated'
  }
  return owner !== null || isPagesHost(page.finalUrl) ? 'not_own_site' : 'verification_missing'
}

/** Any address on github.io (`github.io` itself and deeper names included). */
function isPagesHost(address: string): boolean {
  try {
    const host = new URL(address).hostname.replace(/\.$/, '')
    return host === 'github.io' || host.endsWith(PAGES_SUFFIX)
  } catch {
    return false
  }
}

export async function judgeReview(input: VerdictInput): Promise<Verdict> {
  if (input.meanScore < BLANK_SCORE_THRESHOLD) return failed('blank_page', null)
  for (const page of input.pages) {
    const verdict = await judgePage(page, input)
    if (verdict !== 'own')
      return failed(verdict, verdict === 'verification_missing' ? 'unverified' : 'mismatch')
  }
  return { passed: true, ownership: 'verified' }
}
