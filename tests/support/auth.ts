import type { App } from '#server/app.ts'

export const ORIGIN = 'http://localhost'

/** A minimal cookie jar: enough to carry our cookies between in-process requests. */
export class CookieJar {
  readonly cookies = new Map<string, string>()
  /** The raw Set-Cookie headers of the last response, for attribute checks. */
  lastSetCookie: string[] = []

  store(response: Response) {
    this.lastSetCookie = response.headers.getSetCookie()
    for (const header of this.lastSetCookie) {
      const [pair = '', ...attributes] = header.split(';')
      const index = pair.indexOf('=')
      const name = pair.slice(0, index).trim()
      const value = pair.slice(index + 1).trim()
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim())) || value === ''
      if (expired) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}

/** A browser stand-in: sends the jar's cookies, stores new ones, never follows redirects. */
export function browser(app: App, jar = new CookieJar()) {
  const request = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    if (jar.cookies.size > 0) headers.set('Cookie', jar.header())
    const response = await app.request(new URL(path, ORIGIN).toString(), { ...init, headers })
    jar.store(response)
    return response
  }
  return {
    jar,
    request,
    get: (path: string) => request(path),
    /** A same-origin JSON request, as the app sends. */
    send: (method: string, path: string, body: unknown = {}) =>
      request(path, {
        method,
        headers: { Origin: ORIGIN, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }),
  }
}
export type TestBrowser = ReturnType<typeof browser>

export function locationOf(response: Response): URL {
  const location = response.headers.get('Location')
  if (!location) throw new Error(`expected a redirect, got ${response.status}`)
  return new URL(location, ORIGIN)
}

/** Starts a sign-in and returns the emulator's authorize URL (the browser is now holding the state cookie). */
export async function startSignIn(b: TestBrowser, returnTo?: string): Promise<URL> {
  const start = await b.get(
    returnTo === undefined ? '/auth/github' : `/auth/github?returnTo=${encodeURIComponent(returnTo)}`,
  )
  if (start.status !== 302) throw new Error(`sign-in start answered ${start.status}`)
  return locationOf(start)
}

/** The emulator's authorize form as its page posts it, for the sign-in `authorizeUrl` started. */
export function authorizeForm(
  authorizeUrl: URL,
  options: { login?: string; name?: string; decision?: 'allow' | 'deny' } = {},
): Record<string, string> {
  return {
    client_id: authorizeUrl.searchParams.get('client_id') ?? '',
    redirect_uri: authorizeUrl.searchParams.get('redirect_uri') ?? '',
    state: authorizeUrl.searchParams.get('state') ?? '',
    code_challenge: authorizeUrl.searchParams.get('code_challenge') ?? '',
    scope: authorizeUrl.searchParams.get('scope') ?? '',
    login: options.login ?? 'octocat',
    decision: options.decision ?? 'allow',
    // The GitHub account's display name; without it the emulator makes one of the login.
    ...(options.name === undefined ? {} : { name: options.name }),
  }
}

/** Submits the emulator's authorize form; returns the callback URL GitHub would send the browser to. */
export async function authorize(
  b: TestBrowser,
  authorizeUrl: URL,
  options: { login?: string; name?: string; decision?: 'allow' | 'deny' } = {},
): Promise<URL> {
  const form = new URLSearchParams(authorizeForm(authorizeUrl, options))
  const response = await b.request(`${authorizeUrl.origin}${authorizeUrl.pathname}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  })
  return locationOf(response)
}

/** The whole real flow against the emulator; returns where the app sent the browser at the end. */
export async function signIn(
  b: TestBrowser,
  options: { login?: string; name?: string; returnTo?: string } = {},
) {
  const callback = await authorize(b, await startSignIn(b, options.returnTo), options)
  const done = await b.get(`${callback.pathname}${callback.search}`)
  return locationOf(done)
}

/** A new browser on `app`, signed in as `login` through the real flow. */
export async function signedInBrowser(app: App, login: string): Promise<TestBrowser> {
  const b = browser(app)
  await signIn(b, { login })
  return b
}
