import { describe, expect, it } from 'vitest'
import { LIVE_URL_INVALID, LIVE_URL_REQUIRED, liveUrlError, normalizeLiveUrl } from '#shared/live-url.ts'

describe('live site URL rule (docs/product.md §5)', () => {
  it('trims whitespace and removes trailing slashes, as pasting does', () => {
    expect(normalizeLiveUrl('  https://a.github.io/b///  ')).toBe('https://a.github.io/b')
    expect(normalizeLiveUrl('\thttps://a.github.io\n')).toBe('https://a.github.io')
  })

  it.each(['', '   ', '/', '\n'])('requires a value: %j', (value) => {
    expect(liveUrlError(value)).toBe(LIVE_URL_REQUIRED)
  })

  it.each([
    'https://someone.github.io',
    'http://someone.github.io/project',
    'https://github.io',
    'https://some-one.github.io/a/b/index.html',
    'https://SOMEONE.GITHUB.IO/Project',
  ])('accepts %s', (value) => {
    expect(liveUrlError(value)).toBeNull()
  })

  it.each([
    'someone.github.io',
    'https://example.com',
    'https://someone.github.io.example.com',
    'https://a.b.github.io',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'data:text/html,<h1>x',
    'chrome://settings',
    'http://127.0.0.1',
    'http://localhost.github.io.evil.com',
    'https://someone.github.io/project?x=1',
    'https://someone.github.io/a b',
    'https://-bad.github.io',
    `https://someone.github.io/${'a'.repeat(2100)}`,
  ])('rejects %s', (value) => {
    expect(liveUrlError(value)).toBe(LIVE_URL_INVALID)
  })
})
