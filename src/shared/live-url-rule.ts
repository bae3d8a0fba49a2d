/**
 * The rules for the two addresses of a submit (docs/product.md §5), without a schema library so the
 * browser can check them cheaply: the live site's URL (required, any static host) and the repository's
 * URL (optional). The form and the server use the same functions, so both say the same thing.
 *
 * What the live URL rule keeps: the scheme (`http` or `https`; none typed means `https`), the host (lower
 * case, IDN as punycode, no trailing dot), the path (without trailing slashes) and the query. The
 * fragment is dropped: it never reaches the site's server, and a review opens the page itself.
 */
export const LIVE_URL_REQUIRED = 'Live site URL is required.'
export const LIVE_URL_INVALID =
  "This isn't a web address we can open. Use your site's public address, e.g. https://my-site.netlify.app."
export const LIVE_URL_MAX_LENGTH = 2048
export const URL_TOO_LONG = `The address is longer than ${LIVE_URL_MAX_LENGTH} characters.`
export const URL_SPACES = 'Remove the spaces from the address (a space in a file name is written %20).'
export const URL_CREDENTIALS = 'Remove the user name and password from the address.'
export const LIVE_URL_SCHEME = 'Only http:// and https:// addresses can be submitted.'
export const LIVE_URL_IP =
  "IP addresses can't be reviewed. Use your site's public address, e.g. https://my-site.netlify.app."
export const LIVE_URL_LOCAL =
  'localhost and local addresses (.local, .test, …) only work on your computer. Deploy the site and use its public address.'
export const LIVE_URL_GITHUB_IO =
  "Use your site's own address: github.io alone is GitHub's. A GitHub Pages site is at https://your-username.github.io/…"
export const LIVE_URL_INCOMPLETE_HOST =
  'Use the full domain name of your site, with a dot, e.g. https://my-site.netlify.app or https://www.example.com.'
export const LIVE_URL_INVALID_HOST =
  'The domain name is not valid: use letters, digits and hyphens between the dots, e.g. https://my-site.netlify.app.'
export const LIVE_URL_PORT =
  'Leave out the port (the ":" and number after the domain): submit the address your host gives your site, e.g. https://my-site.netlify.app.'
export const LIVE_URL_CODE_HOST =
  "That's where your code lives, not your published site. Submit the site's own address (e.g. https://your-username.github.io/project) and put this one in Repository URL."

export const REPOSITORY_URL_INVALID =
  'Use the address of the repository on GitHub, GitLab, Codeberg or Bitbucket, e.g. https://github.com/you/project.'
export const REPOSITORY_URL_PATH =
  'Add the repository to the address, not only its owner, e.g. https://github.com/you/project.'

/** Where a repository URL may point (docs/product.md §5). */
export const REPOSITORY_HOSTS = ['github.com', 'gitlab.com', 'codeberg.org', 'bitbucket.org'] as const

/**
 * Last labels that never name a public site (RFC 6761, RFC 6762, RFC 9476, and names used only inside
 * networks): `localhost` and `*.localhost`, `.local`, `.internal`, `.test`, `.example`, `.invalid`...
 */
const LOCAL_SUFFIXES = new Set([
  'localhost',
  'local',
  'internal',
  'test',
  'example',
  'invalid',
  'onion',
  'alt',
  'arpa',
  'home',
  'lan',
  'corp',
  'localdomain',
  'intranet',
])

/** A DNS label: letters, digits and inner hyphens, 1-63 characters (punycode `xn--` labels included). */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/
/** A top-level domain: letters only, or an internationalised one in punycode. */
const TOP_LEVEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/
/** Spaces, line breaks and control characters, which the URL parser would drop or encode silently. */
const SPACE_OR_CONTROL = /[\s\p{Cc}\u200b]/u
/** Schemes a person may paste that are never a site, even written without `//` (`mailto:a@b.c`). */
const OTHER_SCHEMES = new Set([
  'mailto',
  'tel',
  'sms',
  'javascript',
  'vbscript',
  'data',
  'blob',
  'file',
  'about',
  'chrome',
  'view-source',
])

/** What a rule understood: the address to store, or the sentence saying what is wrong. */
export type UrlParseResult = { url: string; error?: undefined } | { url?: undefined; error: string }

/** The input with `https://` in front when it has no scheme of its own, or null for another scheme. */
function withScheme(input: string): string | null {
  const explicit = /^([a-z][a-z0-9+.-]*):\/\//i.exec(input)
  if (explicit) return /^https?$/i.test(explicit[1] ?? '') ? input : null
  if (input.startsWith('//')) return `https:${input}`
  const prefixed = /^([a-z][a-z0-9+.-]*):(.*)$/is.exec(input)
  if (prefixed) {
    const scheme = (prefixed[1] ?? '').toLowerCase()
    const rest = prefixed[2] ?? ''
    // `https:site.app` and `http:/site.app` are the URL parser's to read.
    if (scheme === 'http' || scheme === 'https') return input
    // A dot before the colon is a host (`site.app:8080`); digits after it are a port (`localhost:3000`);
    // `name:secret@host` is a host with credentials, unless the name is a scheme (`mailto:a@b.c`).
    const isHost =
      scheme.includes('.') ||
      /^\d*(?:[/?#\\]|$)/.test(rest) ||
      (/^[^/?#\\]*@/.test(rest) && !OTHER_SCHEMES.has(scheme))
    if (!isHost) return null
  }
  return `https://${input}`
}

/** The host as typed (between `//` and the path), for saying why the URL parser refused it. */
function typedHost(url: string): string {
  const authority = url.replace(/^[a-z][a-z0-9+.-]*:\/*/i, '').split(/[/?#\\]/)[0] ?? ''
  const host = authority.slice(authority.lastIndexOf('@') + 1)
  return host.startsWith('[') ? host : (host.split(':')[0] ?? '')
}

/**
 * The live site URL rule (docs/product.md §5): `http` or `https` on a public DNS name, any host. Returns
 * the address to store, normalised (see the top of this file), or what is wrong in one sentence.
 */
export function parseLiveUrl(input: string): UrlParseResult {
  const typed = input.trim()
  if (typed.replace(/\/+$/, '') === '') return { error: LIVE_URL_REQUIRED }
  if (typed.length > LIVE_URL_MAX_LENGTH) return { error: URL_TOO_LONG }
  if (SPACE_OR_CONTROL.test(typed)) return { error: URL_SPACES }
  const candidate = withScheme(typed)
  if (candidate === null) return { error: LIVE_URL_SCHEME }

  let url: URL
  try {
    url = new URL(candidate)
  } catch {
    const host = typedHost(candidate)
    if (host.startsWith('[') || /^[\d.]+$/.test(host) || /\.\d+$/.test(host)) return { error: LIVE_URL_IP }
    return { error: LIVE_URL_INVALID }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: LIVE_URL_SCHEME }
  if (url.username !== '' || url.password !== '') return { error: URL_CREDENTIALS }

  // The parser lower-cases the host, turns IDN into punycode and numeric forms (`127.1`) into dotted IPv4.
  const host = url.hostname.replace(/\.$/, '')
  if (host.startsWith('[') || IPV4.test(host)) return { error: LIVE_URL_IP }
  const labels = host.split('.')
  const last = labels.at(-1) ?? ''
  if (LOCAL_SUFFIXES.has(last)) return { error: LIVE_URL_LOCAL }
  if (host === 'github.io') return { error: LIVE_URL_GITHUB_IO }
  if (labels.length < 2) return { error: host === '' ? LIVE_URL_INVALID : LIVE_URL_INCOMPLETE_HOST }
  if (host.length > 253 || !labels.every((label) => LABEL.test(label)) || !TOP_LEVEL.test(last)) {
    return { error: LIVE_URL_INVALID_HOST }
  }
  // Default ports are already gone (`:443` on https); any other is not where a static host serves.
  if (url.port !== '') return { error: LIVE_URL_PORT }
  if (codeHost(host) !== null) return { error: LIVE_URL_CODE_HOST }

  // Trailing slashes go (the root's too), except the one a query needs: `https://site.app/?page=2`.
  const path = url.pathname.replace(/\/+$/, '') || (url.search === '' ? '' : '/')
  const normalized = `${url.protocol}//${host}${path}${url.search}`
  if (normalized.length > LIVE_URL_MAX_LENGTH) return { error: URL_TOO_LONG }
  return { url: normalized }
}

/** The repository host a host name is (`www.` allowed), or null. */
function codeHost(host: string): (typeof REPOSITORY_HOSTS)[number] | null {
  const bare = host.replace(/^www\./, '')
  return REPOSITORY_HOSTS.find((known) => known === bare) ?? null
}

/**
 * What the form and the server do before checking: trims, removes trailing slashes and puts `https://` in
 * front of an address typed without a scheme. A valid address comes back exactly as it is stored.
 */
export function normalizeLiveUrl(value: string): string {
  const parsed = parseLiveUrl(value)
  if (parsed.url !== undefined) return parsed.url
  const trimmed = value.trim().replace(/\/+$/, '')
  return trimmed === '' ? '' : (withScheme(trimmed) ?? trimmed)
}

/** What pasting does (docs/product.md §5): trims whitespace and removes trailing slashes, nothing else. */
export function trimPastedUrl(value: string): string {
  return value.trim().replace(/\/+$/, '')
}

/** The message for a live URL, or null when it is valid. Used by the form and by the server. */
export function liveUrlError(value: string): string | null {
  return parseLiveUrl(value).error ?? null
}

/**
 * The repository URL rule (docs/product.md §5), for a value that is not blank (blank means "none", which
 * the callers decide): `https` on GitHub, GitLab, Codeberg or Bitbucket with at least an owner and a
 * repository in the path. `http://`, `www.`, no scheme, a trailing `.git` and the SSH form
 * `git@github.com:you/project.git` all become `https://github.com/you/project`; query and fragment are
 * dropped.
 */
export function parseRepositoryUrl(input: string): UrlParseResult {
  let typed = input.trim()
  if (typed.length > LIVE_URL_MAX_LENGTH) return { error: URL_TOO_LONG }
  if (SPACE_OR_CONTROL.test(typed)) return { error: URL_SPACES }
  const ssh = /^git@([^:/]+):(.+)$/i.exec(typed)
  if (ssh) typed = `https://${ssh[1]}/${ssh[2]}`
  const candidate = withScheme(typed)
  if (candidate === null) return { error: REPOSITORY_URL_INVALID }

  let url: URL
  try {
    url = new URL(candidate)
  } catch {
    return { error: REPOSITORY_URL_INVALID }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: REPOSITORY_URL_INVALID }
  if (url.username !== '' || url.password !== '') return { error: URL_CREDENTIALS }
  const host = codeHost(url.hostname.replace(/\.$/, ''))
  if (host === null || url.port !== '') return { error: REPOSITORY_URL_INVALID }

  const segments = url.pathname.split('/').filter((segment) => segment !== '')
  const last = segments.length - 1
  if (segments.length >= 2) segments[last] = (segments[last] ?? '').replace(/\.git$/i, '')
  if (segments.length < 2 || segments[last] === '') return { error: REPOSITORY_URL_PATH }
  const normalized = `https://${host}/${segments.join('/')}`
  if (normalized.length > LIVE_URL_MAX_LENGTH) return { error: URL_TOO_LONG }
  return { url: normalized }
}

/** The repository URL to store: undefined when blank, else the normalised address (or the trimmed text). */
export function normalizeRepositoryUrl(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim() ?? ''
  if (trimmed === '') return undefined
  return parseRepositoryUrl(trimmed).url ?? trimmed
}

/** The message for a repository URL, or null when it is valid or blank (it is optional). */
export function repositoryUrlError(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? ''
  return trimmed === '' ? null : (parseRepositoryUrl(trimmed).error ?? null)
}
