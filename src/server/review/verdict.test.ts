import { describe, expect, it, vi } from 'vitest'
import {
  BLANK_SCORE_THRESHOLD,
  type CapturedPage,
  judgeReview,
  pagesOwnerOf,
  type VerdictInput,
} from '#server/review/verdict.ts'
import { VERDICT_FAILURES, type VerdictFailure } from '#shared/review.ts'

/**
 * The review's verdict (docs/product.md §10): not blank, and every breakpoint ended on the member's own
 * site: their `<login>.github.io`, or a page whose <head> carries their verification tag.
 */
describe('pagesOwnerOf', () => {
  it.each([
    ['https://alice.github.io/proj', 'alice'],
    ['https://Alice.github.io/proj', 'alice'],
    ['https://ALICE.GITHUB.IO/deep/path/?q=1#x', 'alice'],
    ['https://alice.github.io', 'alice'],
    ['https://alice.github.io./proj', 'alice'],
    ['https://alice.github.io:8443/', 'alice'],
    // Plain http is the same site (GitHub redirects it to https).
    ['http://alice.github.io/proj', 'alice'],
    // The path names nobody: the host does.
    ['https://bob.github.io/alice', 'bob'],
  ])('%s is the Pages site of %s', (address, owner) => {
    expect(pagesOwnerOf(address)).toBe(owner)
  })

  it.each([
    // `github.io` itself is GitHub's, nobody's user site.
    'https://github.io/alice',
    'https://.github.io/',
    // One label deep only: a deeper name is not alice's user site.
    'https://x.alice.github.io/',
    'https://alice..github.io/',
    // Only the web's schemes.
    'ftp://alice.github.io/',
    // Look-alikes.
    'https://alice.github.io.evil.com/proj',
    'https://evil.com/alice.github.io',
    'https://alice-github.io/',
    'https://alicegithub.io/',
    // Other hosts, and no address at all.
    'https://my-portfolio.dev/navbar',
    'https://alice.netlify.app',
    'not a url',
    '',
  ])('%s is nobody’s Pages site', (address) => {
    expect(pagesOwnerOf(address)).toBeNull()
  })
})

const TOKEN = '0123456789abcdef0123456789abcdef'
const OTHER_TOKEN = 'fedcba9876543210fedcba9876543210'

const page = (finalUrl: string, verificationTokens: string[] = []): CapturedPage => ({
  finalUrl,
  verificationTokens,
})

/** Three breakpoints ending on the same page, a score well above blank, no other member's tokens. */
const input = (overrides: Partial<VerdictInput> & { page?: CapturedPage } = {}): VerdictInput => {
  const { page: one, ...rest } = overrides
  const shown = one ?? page('https://alice.github.io/navbar')
  return {
    login: 'alice',
    token: TOKEN,
    pages: [shown, shown, shown],
    meanScore: 80,
    isAnotherMembersToken: async () => false,
    ...rest,
  }
}

const failure = (code: VerdictFailure, ownership: string | null) => ({
  passed: false,
  ownership,
  code,
  message: VERDICT_FAILURES[code],
})
const PASSED = { passed: true, ownership: 'verified' }

describe('judgeReview', () => {
  describe('a blank page', () => {
    it('fails below BLANK_SCORE_THRESHOLD, even on the member’s own site', async () => {
      expect(BLANK_SCORE_THRESHOLD).toBe(25)
      for (const meanScore of [0, 1, BLANK_SCORE_THRESHOLD - 0.01]) {
        expect(await judgeReview(input({ meanScore }))).toEqual(failure('blank_page', null))
      }
    })

    it('passes from the threshold up', async () => {
      for (const meanScore of [BLANK_SCORE_THRESHOLD, BLANK_SCORE_THRESHOLD + 0.1, 100]) {
        expect(await judgeReview(input({ meanScore }))).toEqual(PASSED)
      }
    })

    it('is the reason given before whose site it is, and asks nobody about tokens', async () => {
      const isAnotherMembersToken = vi.fn(async () => true)
      const verdict = await judgeReview(
        input({ meanScore: 0, page: page('https://bob.example/', [OTHER_TOKEN]), isAnotherMembersToken }),
      )
      expect(verdict).toEqual(failure('blank_page', null))
      expect(isAnotherMembersToken).not.toHaveBeenCalled()
    })
  })

  describe("the member's own github.io", () => {
    it.each([
      ['alice', 'https://alice.github.io/navbar'],
      ['Alice', 'https://alice.github.io/navbar'],
      ['alice', 'https://ALICE.github.io/'],
      ['ALICE', 'http://Alice.GitHub.io./x'],
    ])('passes for login %s ending on %s', async (login, finalUrl) => {
      expect(await judgeReview(input({ login, page: page(finalUrl) }))).toEqual(PASSED)
    })

    it("passes without asking about tokens, also when the page carries someone else's tag", async () => {
      const isAnotherMembersToken = vi.fn(async () => true)
      const verdict = await judgeReview(
        input({ page: page('https://alice.github.io/', [OTHER_TOKEN]), isAnotherMembersToken }),
      )
      expect(verdict).toEqual(PASSED)
      expect(isAnotherMembersToken).not.toHaveBeenCalled()
    })

    it.each([
      // Another login's user site, including one that contains the member's login.
      'https://bob.github.io/alice',
      'https://alice2.github.io/',
      'https://xalice.github.io/',
      // A deeper name, or GitHub's own name, are nobody's user site.
      'https://x.alice.github.io/',
      'https://github.io/alice',
    ])("fails %s as someone else's site", async (finalUrl) => {
      expect(await judgeReview(input({ page: page(finalUrl) }))).toEqual(failure('not_own_site', 'mismatch'))
    })

    it('fails a look-alike host as a site without the tag', async () => {
      for (const finalUrl of ['https://alice.github.io.evil.com/', 'https://evil.com/alice.github.io']) {
        expect(await judgeReview(input({ page: page(finalUrl) }))).toEqual(
          failure('verification_missing', 'unverified'),
        )
      }
    })
  })

  describe('the verification tag', () => {
    it("passes any host whose page carries the member's own token, among others or alone", async () => {
      const isAnotherMembersToken = vi.fn(async () => true)
      for (const tokens of [[TOKEN], [OTHER_TOKEN, TOKEN]]) {
        const verdict = await judgeReview(
          input({ page: page('https://portfolio.netlify.app/', tokens), isAnotherMembersToken }),
        )
        expect(verdict).toEqual(PASSED)
      }
      // Another login's github.io with the member's own tag is theirs too: the tag proves it.
      expect(
        await judgeReview(input({ page: page('https://bob.github.io/', [TOKEN]), isAnotherMembersToken })),
      ).toEqual(PASSED)
      expect(isAnotherMembersToken).not.toHaveBeenCalled()
    })

    it('fails a page on another host without a tag as missing it', async () => {
      expect(await judgeReview(input({ page: page('https://portfolio.netlify.app/') }))).toEqual(
        failure('verification_missing', 'unverified'),
      )
    })

    it("fails a page carrying another member's token, asking the injected lookup about the page's tokens", async () => {
      const isAnotherMembersToken = vi.fn(async (tokens: readonly string[]) => tokens.includes(OTHER_TOKEN))
      const verdict = await judgeReview(
        input({ page: page('https://copied.pages.dev/', ['nobody', OTHER_TOKEN]), isAnotherMembersToken }),
      )
      expect(verdict).toEqual(failure('verification_other_member', 'mismatch'))
      expect(isAnotherMembersToken).toHaveBeenCalledWith(['nobody', OTHER_TOKEN])
    })

    it("fails a page carrying nobody's token (an old one of the member's, after a rotation) as outdated", async () => {
      const isAnotherMembersToken = vi.fn(async () => false)
      const verdict = await judgeReview(
        input({ page: page('https://rotated.vercel.app/', [OTHER_TOKEN]), isAnotherMembersToken }),
      )
      expect(verdict).toEqual(failure('verification_outdated', 'mismatch'))
      expect(isAnotherMembersToken).toHaveBeenCalledTimes(1)
    })

    it("fails another login's github.io carrying another member's token as theirs", async () => {
      const verdict = await judgeReview(
        input({
          page: page('https://bob.github.io/', [OTHER_TOKEN]),
          isAnotherMembersToken: async () => true,
        }),
      )
      expect(verdict).toEqual(failure('verification_other_member', 'mismatch'))
    })
  })

  describe('every breakpoint', () => {
    const own = page('https://alice.github.io/navbar')
    const tagged = page('https://alice.example/', [TOKEN])

    it('passes when each ends on an own site, by Pages or by tag', async () => {
      expect(await judgeReview(input({ pages: [own, tagged, own] }))).toEqual(PASSED)
    })

    it.each([
      [
        'a site without the tag',
        page('https://m.alice.example/'),
        failure('verification_missing', 'unverified'),
      ],
      ["someone else's github.io", page('https://bob.github.io/m'), failure('not_own_site', 'mismatch')],
      [
        'a page with an outdated tag',
        page('https://m.example/', [OTHER_TOKEN]),
        failure('verification_outdated', 'mismatch'),
      ],
    ])('fails when only the mobile page ends elsewhere: %s', async (_name, mobile, expected) => {
      expect(await judgeReview(input({ pages: [own, tagged, mobile] }))).toEqual(expected)
    })

    it('gives the first breakpoint’s reason when several fail', async () => {
      const verdict = await judgeReview(
        input({ pages: [own, page('https://bob.github.io/'), page('https://elsewhere.example/')] }),
      )
      expect(verdict).toEqual(failure('not_own_site', 'mismatch'))
    })
  })
})
