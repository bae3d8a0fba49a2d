import { describe, expect, it } from 'vitest'
import { ownershipOf } from '#shared/ownership.ts'

describe('ownershipOf', () => {
  it.each([
    ['https://Alice.github.io/proj', 'alice', 'verified'],
    ['https://alice.github.io/', 'Alice', 'verified'],
    ['https://alice.github.io', 'alice', 'verified'],
    ['https://ALICE.GITHUB.IO/deep/path/?q=1#x', 'alice', 'verified'],
    ['https://alice.github.io./proj', 'alice', 'verified'],
    ['https://bob.github.io', 'alice', 'mismatch'],
    ['https://bob.github.io/alice', 'alice', 'mismatch'],
    ['http://alice.github.io/proj', 'alice', 'verified'],
    ['https://github.io/alice', 'alice', 'mismatch'],
    ['ftp://alice.github.io/', 'alice', 'mismatch'],
    ['https://x.alice.github.io/', 'alice', 'mismatch'],
    ['https://alice.github.io.evil.com/proj', 'alice', 'unverified'],
    ['https://evil.com/alice.github.io', 'alice', 'unverified'],
    ['https://alice-github.io/', 'alice', 'unverified'],
    ['https://my-portfolio.dev/navbar', 'alice', 'unverified'],
    ['https://alice.netlify.app', 'alice', 'unverified'],
    ['not a url', 'alice', 'unverified'],
  ])('%s for login %s is %s', (url, login, expected) => {
    expect(ownershipOf(url, login)).toBe(expected)
  })
})
