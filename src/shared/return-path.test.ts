import { describe, expect, it } from 'vitest'
import { RETURN_PATH_MAX_LENGTH, safeReturnPath, signInHref } from '#shared/return-path.ts'

describe('the path a sign-in returns to', () => {
  it('keeps a path of this site, with its query and fragment', () => {
    expect(safeReturnPath('/solutions/3f1c0a4e-7d1e-4a59-8d0b-0c3c1e0b1a2f')).toBe(
      '/solutions/3f1c0a4e-7d1e-4a59-8d0b-0c3c1e0b1a2f',
    )
    expect(safeReturnPath('/solutions?sort=liked#top')).toBe('/solutions?sort=liked#top')
    expect(safeReturnPath('/')).toBe('/')
  })

  it.each([
    ['another site', 'https://evil.example/'],
    ['a protocol-relative address', '//evil.example/path'],
    ['a backslash the browser reads as a slash', '/\\evil.example'],
    ['a backslash later on', '/ok\\..\\x'],
    ['a scheme', 'javascript:alert(1)'],
    ['a relative path', 'solutions'],
    ['a tab that browsers drop', '/\t/evil.example'],
    ['a new line', '/x\n/y'],
    ['a space', '/x y'],
    ['the sign-in itself', '/auth/github?returnTo=/my'],
    ['the sign-in, by dot segments', '/x/../auth/github'],
    ['the sign-in failure page', '/sign-in-failed'],
    ['the sign-in failure page, with a query', '/sign-in-failed?x=1'],
    ['an empty string', ''],
    ['not a string', 42],
    ['too long', `/${'a'.repeat(RETURN_PATH_MAX_LENGTH)}`],
  ])('refuses %s', (_name, value) => {
    expect(safeReturnPath(value)).toBeNull()
  })

  it('links the sign-in with the path, or without one that is not safe', () => {
    expect(signInHref('/solutions/a b')).toBe('/auth/github')
    expect(signInHref('/solutions/abc#comments')).toBe('/auth/github?returnTo=%2Fsolutions%2Fabc%23comments')
  })
})
