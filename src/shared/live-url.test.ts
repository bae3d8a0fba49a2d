import { describe, expect, it } from 'vitest'
import {
  liveUrlError,
  normalizeLiveUrl,
  normalizeRepositoryUrl,
  parseLiveUrl,
  parseRepositoryUrl,
  repositoryUrlError,
  submitSolutionSchema,
} from '#shared/live-url.ts'
import {
  LIVE_URL_CODE_HOST,
  LIVE_URL_GITHUB_IO,
  LIVE_URL_INCOMPLETE_HOST,
  LIVE_URL_INVALID,
  LIVE_URL_INVALID_HOST,
  LIVE_URL_IP,
  LIVE_URL_LOCAL,
  LIVE_URL_MAX_LENGTH,
  LIVE_URL_PORT,
  LIVE_URL_REQUIRED,
  LIVE_URL_SCHEME,
  REPOSITORY_URL_INVALID,
  REPOSITORY_URL_PATH,
  trimPastedUrl,
  URL_CREDENTIALS,
  URL_SPACES,
  URL_TOO_LONG,
} from '#shared/live-url-rule.ts'

describe('live site URL rule (docs/product.md §5)', () => {
  it('trims whitespace and removes trailing slashes, as pasting does', () => {
    expect(trimPastedUrl('  https://a.github.io/b///  ')).toBe('https://a.github.io/b')
    expect(trimPastedUrl('\tmy-site.netlify.app\n')).toBe('my-site.netlify.app')
    expect(normalizeLiveUrl('  https://a.github.io/b///  ')).toBe('https://a.github.io/b')
    expect(normalizeLiveUrl('\thttps://a.github.io\n')).toBe('https://a.github.io')
  })

  it.each(['', '   ', '/', '///', '\n'])('requires a value: %j', (value) => {
    expect(liveUrlError(value)).toBe(LIVE_URL_REQUIRED)
    expect(normalizeLiveUrl(value)).toBe('')
  })

  it.each([
    // Every kind of static host, as typed -> as stored.
    ['https://my-site.netlify.app', 'https://my-site.netlify.app'],
    ['https://deploy-preview-12--my-site.netlify.app/', 'https://deploy-preview-12--my-site.netlify.app'],
    ['https://my-project-abc123.vercel.app/about', 'https://my-project-abc123.vercel.app/about'],
    ['https://my-site.pages.dev', 'https://my-site.pages.dev'],
    ['https://you.gitlab.io/project/', 'https://you.gitlab.io/project'],
    ['https://someone.github.io', 'https://someone.github.io'],
    ['http://someone.github.io/project', 'http://someone.github.io/project'],
    ['https://some-one.github.io/a/b/index.html', 'https://some-one.github.io/a/b/index.html'],
    ['https://you.codeberg.page', 'https://you.codeberg.page'],
    ['https://www.example.com/portfolio', 'https://www.example.com/portfolio'],
    ['https://example.co.uk', 'https://example.co.uk'],
    ['https://my.site.dev', 'https://my.site.dev'],
    // Host names are case-insensitive and stored in lower case; the path keeps its case.
    ['https://SOMEONE.GITHUB.IO/Project', 'https://someone.github.io/Project'],
    ['HTTPS://My-Site.Netlify.App/Page', 'https://my-site.netlify.app/Page'],
    // IDN hosts are stored in punycode (what DNS and the capture use).
    ['https://bücher.de', 'https://xn--bcher-kva.de'],
    ['https://xn--bcher-kva.de/', 'https://xn--bcher-kva.de'],
    ['https://例え.テスト.jp', 'https://xn--r8jz45g.xn--zckzah.jp'],
    ['https://пример.рф', 'https://xn--e1afmkfd.xn--p1ai'],
    // No scheme typed: https.
    ['my-site.netlify.app/x', 'https://my-site.netlify.app/x'],
    ['someone.github.io', 'https://someone.github.io'],
    ['www.example.com/', 'https://www.example.com'],
    ['//my-site.netlify.app/x', 'https://my-site.netlify.app/x'],
    ['https:my-site.netlify.app', 'https://my-site.netlify.app'],
    // The query is kept, the fragment dropped, a trailing dot and default ports removed.
    ['https://my-site.netlify.app/?page=2', 'https://my-site.netlify.app/?page=2'],
    ['https://my-site.netlify.app/app?x=1&y=2#top', 'https://my-site.netlify.app/app?x=1&y=2'],
    ['https://my-site.netlify.app/#/about', 'https://my-site.netlify.app'],
    ['https://my-site.netlify.app/x?', 'https://my-site.netlify.app/x'],
    ['https://my-site.netlify.app./x', 'https://my-site.netlify.app/x'],
    ['https://my-site.netlify.app:443/x', 'https://my-site.netlify.app/x'],
    ['http://my-site.netlify.app:80', 'http://my-site.netlify.app'],
    // The URL parser's own clean-ups.
    ['https://a.example.org/./b/../c', 'https://a.example.org/c'],
    ['https://a.example.org/caf%C3%A9', 'https://a.example.org/caf%C3%A9'],
    ['https://a.example.org/café', 'https://a.example.org/caf%C3%A9'],
    // Characters that are not URL characters are stored percent-encoded, never as typed.
    ['https://someone.github.io/<script>', 'https://someone.github.io/%3Cscript%3E'],
    ['https://someone.github.io/"x"', 'https://someone.github.io/%22x%22'],
    // Any public name, even one that starts like another site's.
    ['https://github.io.evil.com/x', 'https://github.io.evil.com/x'],
  ])('accepts %s as %s', (value, stored) => {
    expect(parseLiveUrl(value)).toEqual({ url: stored })
    expect(liveUrlError(value)).toBeNull()
    expect(normalizeLiveUrl(value)).toBe(stored)
    // What is stored reads back as itself.
    expect(parseLiveUrl(stored)).toEqual({ url: stored })
  })

  it.each([
    // Not http(s).
    ['javascript:alert(1)', LIVE_URL_SCHEME],
    ['JavaScript:alert(1)', LIVE_URL_SCHEME],
    ['file:///etc/passwd', LIVE_URL_SCHEME],
    ['data:text/html,<h1>x', LIVE_URL_SCHEME],
    ['chrome://settings', LIVE_URL_SCHEME],
    ['ftp://files.example.com/site', LIVE_URL_SCHEME],
    ['ws://my-site.netlify.app', LIVE_URL_SCHEME],
    ['mailto:me@example.com', LIVE_URL_SCHEME],
    ['view-source:https://my-site.netlify.app', LIVE_URL_SCHEME],
    ['javascript:alert(1)//github.io', LIVE_URL_SCHEME],
    ['ftp://someone.github.io', LIVE_URL_SCHEME],
    // IP literals, however they are written.
    ['http://127.0.0.1', LIVE_URL_IP],
    ['http://127.0.0.1:8080/x', LIVE_URL_IP],
    ['127.0.0.1:5173', LIVE_URL_IP],
    ['https://93.184.216.34', LIVE_URL_IP],
    ['https://127.1', LIVE_URL_IP],
    ['https://0x7f.1', LIVE_URL_IP],
    ['https://2130706433', LIVE_URL_IP],
    ['https://[::1]/', LIVE_URL_IP],
    ['https://[2606:4700::6810:84e5]', LIVE_URL_IP],
    ['https://999.1.1.1', LIVE_URL_IP],
    ['https://site.example.1', LIVE_URL_IP],
    // Local names.
    ['http://localhost', LIVE_URL_LOCAL],
    ['localhost:3000', LIVE_URL_LOCAL],
    ['http://localhost:5173/index.html', LIVE_URL_LOCAL],
    ['https://app.localhost', LIVE_URL_LOCAL],
    ['https://my-mac.local', LIVE_URL_LOCAL],
    ['https://service.internal', LIVE_URL_LOCAL],
    ['https://site.test', LIVE_URL_LOCAL],
    ['https://site.example', LIVE_URL_LOCAL],
    ['https://site.invalid', LIVE_URL_LOCAL],
    ['https://router.home.arpa', LIVE_URL_LOCAL],
    ['https://nas.lan', LIVE_URL_LOCAL],
    ['https://LOCALHOST.', LIVE_URL_LOCAL],
    // GitHub's own domain.
    ['https://github.io', LIVE_URL_GITHUB_IO],
    ['github.io/project', LIVE_URL_GITHUB_IO],
    ['https://GitHub.IO./x', LIVE_URL_GITHUB_IO],
    // Credentials.
    ['https://user:secret@my-site.netlify.app', URL_CREDENTIALS],
    ['https://user@my-site.netlify.app', URL_CREDENTIALS],
    ['user:secret@my-site.netlify.app', URL_CREDENTIALS],
    ['http://localhost.github.io.evil.com@127.0.0.1', URL_CREDENTIALS],
    // Not a full public name.
    ['https://intranet', LIVE_URL_LOCAL],
    ['https://mysite', LIVE_URL_INCOMPLETE_HOST],
    ['my-site', LIVE_URL_INCOMPLETE_HOST],
    ['https://-bad.github.io', LIVE_URL_INVALID_HOST],
    ['https://bad-.netlify.app', LIVE_URL_INVALID_HOST],
    ['https://my_site.netlify.app', LIVE_URL_INVALID_HOST],
    ['https://a..com', LIVE_URL_INVALID_HOST],
    ['https://.a.com', LIVE_URL_INVALID_HOST],
    ['https://site.c0m', LIVE_URL_INVALID_HOST],
    ['https://site.c', LIVE_URL_INVALID_HOST],
    [`https://${'a'.repeat(64)}.netlify.app`, LIVE_URL_INVALID_HOST],
    [`https://${'a.'.repeat(130)}com`, LIVE_URL_INVALID_HOST],
    ['https://my-site.netlify.app:8080', LIVE_URL_PORT],
    ['my-site.netlify.app:3000/x', LIVE_URL_PORT],
    // Where the code is, not the site.
    ['https://github.com/you/project', LIVE_URL_CODE_HOST],
    ['www.github.com/you', LIVE_URL_CODE_HOST],
    ['https://gitlab.com/you/project', LIVE_URL_CODE_HOST],
    // Spaces and control characters, which the URL parser would silently drop or encode.
    ['https://someone.github.io/a b', URL_SPACES],
    ['https://my-site.netlify.app https://other.netlify.app', URL_SPACES],
    ['https://my-\nsite.netlify.app', URL_SPACES],
    ['https://my-site.netlify.app/\u0000', URL_SPACES],
    // Not a URL at all.
    ['https://', LIVE_URL_INVALID],
    ['https://exa%mple.com', LIVE_URL_INVALID],
    ['http://[::1', LIVE_URL_IP],
  ])('refuses %s', (value, message) => {
    expect(parseLiveUrl(value)).toEqual({ error: message })
    expect(liveUrlError(value)).toBe(message)
  })

  it(`allows at most ${LIVE_URL_MAX_LENGTH} characters`, () => {
    const base = 'https://my-site.netlify.app/'
    const longest = base + 'a'.repeat(LIVE_URL_MAX_LENGTH - base.length)
    expect(longest).toHaveLength(LIVE_URL_MAX_LENGTH)
    expect(parseLiveUrl(longest)).toEqual({ url: longest })
    expect(liveUrlError(`${longest}a`)).toBe(URL_TOO_LONG)
    // Surrounding whitespace does not count; what the parser encodes does.
    expect(liveUrlError(`  ${longest}  `)).toBeNull()
    expect(liveUrlError(`${base}${'é'.repeat(1000)}`)).toBe(URL_TOO_LONG)
    // A scheme-less address gets its https:// within the limit too.
    expect(liveUrlError(`my-site.netlify.app/${'a'.repeat(LIVE_URL_MAX_LENGTH - 26)}`)).toBe(URL_TOO_LONG)
  })

  it('says each wrong case in its own words, naming what is accepted', () => {
    const messages = [
      LIVE_URL_REQUIRED,
      LIVE_URL_INVALID,
      LIVE_URL_SCHEME,
      LIVE_URL_IP,
      LIVE_URL_LOCAL,
      LIVE_URL_GITHUB_IO,
      LIVE_URL_INCOMPLETE_HOST,
      LIVE_URL_INVALID_HOST,
      LIVE_URL_PORT,
      LIVE_URL_CODE_HOST,
      URL_CREDENTIALS,
      URL_SPACES,
      URL_TOO_LONG,
    ]
    expect(new Set(messages).size).toBe(messages.length)
    expect(LIVE_URL_GITHUB_IO).toContain('https://your-username.github.io/')
    expect(LIVE_URL_IP).toContain('https://my-site.netlify.app')
    expect(URL_TOO_LONG).toBe('The address is longer than 2048 characters.')
  })

  it('keeps a typed value that does not parse recognisable in normalizeLiveUrl', () => {
    expect(normalizeLiveUrl(' localhost:3000/ ')).toBe('https://localhost:3000')
    expect(normalizeLiveUrl('javascript:alert(1)')).toBe('javascript:alert(1)')
  })
})

describe('repository URL rule (docs/product.md §5)', () => {
  it.each([
    ['https://github.com/you/project', 'https://github.com/you/project'],
    ['https://github.com/you/project/', 'https://github.com/you/project'],
    ['github.com/you/project', 'https://github.com/you/project'],
    ['http://github.com/you/project', 'https://github.com/you/project'],
    ['https://www.github.com/You/Project', 'https://github.com/You/Project'],
    ['https://github.com/you/project.git', 'https://github.com/you/project'],
    ['git@github.com:you/project.git', 'https://github.com/you/project'],
    ['https://github.com/you/project/tree/main/site', 'https://github.com/you/project/tree/main/site'],
    ['https://github.com/you/project?tab=readme#top', 'https://github.com/you/project'],
    ['https://gitlab.com/group/subgroup/project', 'https://gitlab.com/group/subgroup/project'],
    ['https://codeberg.org/you/project', 'https://codeberg.org/you/project'],
    ['https://bitbucket.org/workspace/project', 'https://bitbucket.org/workspace/project'],
    ['  https://GITHUB.COM/you/project  ', 'https://github.com/you/project'],
  ])('accepts %s as %s', (value, stored) => {
    expect(parseRepositoryUrl(value)).toEqual({ url: stored })
    expect(repositoryUrlError(value)).toBeNull()
    expect(normalizeRepositoryUrl(value)).toBe(stored)
    expect(parseRepositoryUrl(stored)).toEqual({ url: stored })
  })

  it.each([
    ['https://github.com', REPOSITORY_URL_PATH],
    ['https://github.com/you', REPOSITORY_URL_PATH],
    ['github.com/you/', REPOSITORY_URL_PATH],
    ['https://github.com/you/.git', REPOSITORY_URL_PATH],
    ['https://example.com/you/project', REPOSITORY_URL_INVALID],
    ['https://gist.github.com/you/abc123', REPOSITORY_URL_INVALID],
    ['https://you.github.io/project', REPOSITORY_URL_INVALID],
    ['https://github.com.evil.com/you/project', REPOSITORY_URL_INVALID],
    ['https://github.com:8443/you/project', REPOSITORY_URL_INVALID],
    ['ftp://github.com/you/project', REPOSITORY_URL_INVALID],
    ['javascript:alert(1)', REPOSITORY_URL_INVALID],
    ['not a url', URL_SPACES],
    ['https://me:token@github.com/you/project', URL_CREDENTIALS],
    [`https://github.com/you/${'a'.repeat(LIVE_URL_MAX_LENGTH)}`, URL_TOO_LONG],
  ])('refuses %s', (value, message) => {
    expect(parseRepositoryUrl(value)).toEqual({ error: message })
    expect(repositoryUrlError(value)).toBe(message)
  })

  it('is optional: blank means none', () => {
    expect(repositoryUrlError('')).toBeNull()
    expect(repositoryUrlError('   ')).toBeNull()
    expect(repositoryUrlError(undefined)).toBeNull()
    expect(normalizeRepositoryUrl('  ')).toBeUndefined()
    expect(normalizeRepositoryUrl(null)).toBeUndefined()
  })
})

describe('submitSolutionSchema (the submit body)', () => {
  it('normalises both addresses', () => {
    expect(
      submitSolutionSchema.parse({
        liveUrl: ' my-site.netlify.app/ ',
        repositoryUrl: 'github.com/you/project',
      }),
    ).toEqual({ liveUrl: 'https://my-site.netlify.app', repositoryUrl: 'https://github.com/you/project' })
  })

  it.each([{}, { repositoryUrl: '' }, { repositoryUrl: '  ' }, { repositoryUrl: null }])(
    'treats a missing or blank repository URL as none: %j',
    (extra) => {
      const parsed = submitSolutionSchema.parse({ liveUrl: 'https://someone.github.io', ...extra })
      expect(parsed).toEqual({ liveUrl: 'https://someone.github.io' })
      expect(parsed.repositoryUrl).toBeUndefined()
    },
  )

  it.each([
    [{}, LIVE_URL_REQUIRED],
    [{ liveUrl: 42 }, LIVE_URL_REQUIRED],
    [{ liveUrl: '  ' }, LIVE_URL_REQUIRED],
    [{ liveUrl: 'http://localhost:3000' }, LIVE_URL_LOCAL],
    [{ liveUrl: 'https://github.io' }, LIVE_URL_GITHUB_IO],
    [{ liveUrl: 'https://someone.github.io', repositoryUrl: 'https://github.com/you' }, REPOSITORY_URL_PATH],
    [{ liveUrl: 'https://someone.github.io', repositoryUrl: 7 }, REPOSITORY_URL_INVALID],
  ])('refuses %j with the rule’s own message first', (body, message) => {
    const result = submitSolutionSchema.safeParse(body)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe(message)
  })
})
