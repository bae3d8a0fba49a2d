import { createHash } from 'node:crypto'
import { type Context, Hono } from 'hono'
import { html } from 'hono/html'
import { randomToken } from '#server/auth/tokens.ts'
import { EMULATOR_CLIENT, EMULATOR_PATH, type Env } from '#server/env.ts'
import { parseInput } from '#server/http/errors.ts'
import { avatarFileParams, GITHUB_LOGIN_PATTERN } from '#server/http/params.ts'

const CODE_TTL_MS = 10 * 60 * 1000

type Grant = {
  login: string
  id: number
  name: string
  redirectUri: string
  codeChallenge: string
  expiresAt: number
}
/** `name`: the account's display name, as GitHub's profile holds it (any text its owner typed). */
type Account = { login: string; id: number; name: string }

/** A stable numeric id per login, so signing in as the same login is the same person. */
export function emulatedId(login: string): number {
  return Number.parseInt(createHash('sha256').update(login.toLowerCase()).digest('hex').slice(0, 10), 16)
}

function displayName(login: string): string {
  return login
    .split('-')
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join(' ')
}

function avatarSvg(login: string): string {
  const hue = emulatedId(login) % 360
  const initials = displayName(login)
    .split(' ')
    .map((w) => w[0])
    .join('')
    .slice(0, 2)
    .toUpperCase()
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96"><rect width="96" height="96" fill="hsl(${hue} 55% 32%)"/><text x="48" y="60" font-family="system-ui, sans-serif" font-size="36" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`
}

const STYLES = `
body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#0d1117;color:#e6edf3;display:grid;place-items:center;min-height:100vh}
main{width:min(100% - 2rem,24rem);background:#161b22;border:1px solid #30363d;border-radius:12px;padding:2rem}
h1{font-size:1.35rem;margin:0 0 .25rem}p{color:#9da7b3;margin:.25rem 0 1.25rem}
label{display:block;font-weight:600;margin:.75rem 0 .35rem}
input{box-sizing:border-box;width:100%;padding:.6rem .75rem;border-radius:6px;border:1px solid #57606a;background:#0d1117;color:#e6edf3;font:inherit}
.row{display:flex;gap:.75rem;margin-top:1.25rem}
button{flex:1;padding:.65rem 1rem;border-radius:6px;border:1px solid #3d444d;font:inherit;font-weight:600;cursor:pointer;background:#21262d;color:#e6edf3}
button[value=allow]{background:#1f7a33;border-color:#2ea043;color:#fff}
:focus-visible{outline:3px solid #58a6ff;outline-offset:2px}
.error{color:#ffa198;font-weight:600}
`

type AuthorizeParams = {
  client_id: string
  redirect_uri: string
  state: string
  code_challenge: string
  scope: string
}

function authorizePage(params: AuthorizeParams, error?: string, login = '') {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Authorize Frontend Dojo · GitHub emulator</title>
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <link rel="stylesheet" href="${EMULATOR_PATH}/emulator.css" />
  </head>
  <body>
    <main>
      <h1>Sign in to GitHub</h1>
      <p>to continue to Frontend Dojo. This is the built-in GitHub emulator for local use: any login works.</p>
      <form method="post" action="${EMULATOR_PATH}/login/oauth/authorize">
        ${error ? html`<p class="error" role="alert" id="login-error">${error}</p>` : ''}
        <label for="login">GitHub username</label>
        <input id="login" name="login" value="${login}" autocomplete="username" autocapitalize="none" spellcheck="false" required ${error ? html`aria-invalid="true" aria-describedby="login-error"` : ''} />
        <input type="hidden" name="client_id" value="${params.client_id}" />
        <input type="hidden" name="redirect_uri" value="${params.redirect_uri}" />
        <input type="hidden" name="state" value="${params.state}" />
        <input type="hidden" name="code_challenge" value="${params.code_challenge}" />
        <input type="hidden" name="scope" value="${params.scope}" />
        <div class="row">
          <button type="submit" name="decision" value="deny" formnovalidate>Cancel</button>
          <button type="submit" name="decision" value="allow">Authorize</button>
        </div>
      </form>
    </main>
  </body>
</html>`
}

/** The posted form, or null when the body cannot be parsed (say, multipart with no boundary). */
async function readForm(c: Context) {
  try {
    return await c.req.parseBody()
  } catch {
    return null
  }
}

/**
 * The built-in GitHub emulator (only without GITHUB_CLIENT_ID, never in production): the authorize
 * page, the token endpoint with PKCE S256, and the user and e-mail API, so the real OAuth client code
 * runs unchanged on a machine with no GitHub app.
 */
export function githubEmulatorRoutes(env: Env) {
  const grants = new Map<string, Grant>()
  const tokens = new Map<string, Account>()
  const redirectPrefix = `${env.publicOrigin}/`

  const checkClient = (params: Partial<AuthorizeParams>): string | null => {
    if (params.client_id !== EMULATOR_CLIENT.id) return 'Unknown client_id.'
    if (!params.redirect_uri?.startsWith(redirectPrefix))
      return 'The redirect_uri does not belong to this application.'
    if (!params.state) return 'The state parameter is required.'
    if (!params.code_challenge) return 'PKCE is required: code_challenge is missing.'
    return null
  }

  const bearer = (header: string | undefined) => tokens.get(header?.replace(/^(Bearer|token) /i, '') ?? '')

  return new Hono()
    .get('/emulator.css', (c) => {
      c.header('Content-Type', 'text/css; charset=utf-8')
      c.header('Cache-Control', 'public, max-age=3600')
      return c.body(STYLES)
    })
    .get('/login/oauth/authorize', (c) => {
      const params = c.req.query() as Partial<AuthorizeParams>
      const problem = checkClient(params)
      if (problem) return c.text(problem, 400)
      if (c.req.query('code_challenge_method') !== 'S256')
        return c.text('Only code_challenge_method=S256 is supported.', 400)
      c.header('Cache-Control', 'no-store')
      return c.html(authorizePage(params as AuthorizeParams))
    })
    .post('/login/oauth/authorize', async (c) => {
      const form = await readForm(c)
      if (!form) return c.text('The form could not be read. Please go back and try again.', 400)
      const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '')
      const params: AuthorizeParams = {
        client_id: field('client_id'),
        redirect_uri: field('redirect_uri'),
        state: field('state'),
        code_challenge: field('code_challenge'),
        scope: field('scope'),
      }
      const problem = checkClient(params)
      if (problem) return c.text(problem, 400)
      const back = new URL(params.redirect_uri)
      back.searchParams.set('state', params.state)
      if (field('decision') !== 'allow') {
        back.searchParams.set('error', 'access_denied')
        back.searchParams.set('error_description', 'The user has denied your application access.')
        return c.redirect(back.toString(), 302)
      }
      const login = field('login').trim()
      if (!GITHUB_LOGIN_PATTERN.test(login)) {
        const message = 'Enter a GitHub username: letters, digits and single hyphens, at most 39 characters.'
        return c.html(authorizePage(params, message, login), 400)
      }
      // The id follows from the login alone: nobody can ask for another member's account id. The display
      // name is the login's words, unless the form sends one (`name`, not on the page: tests send any
      // text a GitHub profile may hold).
      const code = randomToken()
      grants.set(code, {
        login,
        id: emulatedId(login),
        name: typeof form.name === 'string' ? form.name : displayName(login),
        redirectUri: params.redirect_uri,
        codeChallenge: params.code_challenge,
        expiresAt: Date.now() + CODE_TTL_MS,
      })
      back.searchParams.set('code', code)
      return c.redirect(back.toString(), 302)
    })
    .post('/login/oauth/access_token', async (c) => {
      const fail = (error: string, description: string) =>
        c.json({ error, error_description: description }, 400)
      const form = await readForm(c)
      if (!form) return fail('invalid_request', 'The request body could not be parsed as a form.')
      const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '')
      if (field('client_id') !== EMULATOR_CLIENT.id || field('client_secret') !== EMULATOR_CLIENT.secret) {
        return fail('invalid_client', 'The client_id and/or client_secret passed are incorrect.')
      }
      const code = field('code')
      const grant = grants.get(code)
      grants.delete(code)
      if (!grant || grant.expiresAt < Date.now())
        return fail('bad_verification_code', 'The code is incorrect or expired.')
      if (grant.redirectUri !== field('redirect_uri'))
        return fail('redirect_uri_mismatch', 'The redirect_uri does not match.')
      const challenge = createHash('sha256').update(field('code_verifier')).digest('base64url')
      if (challenge !== grant.codeChallenge)
        return fail('invalid_grant', 'The code_verifier does not match the code_challenge.')
      const accessToken = `gho_${randomToken()}`
      tokens.set(accessToken, { login: grant.login, id: grant.id, name: grant.name })
      return c.json({ access_token: accessToken, token_type: 'bearer', scope: 'read:user,user:email' })
    })
    .get('/api/user', (c) => {
      const account = bearer(c.req.header('Authorization'))
      if (!account) return c.json({ message: 'Bad credentials' }, 401)
      return c.json({
        id: account.id,
        login: account.login,
        name: account.name,
        email: null,
        avatar_url: `${env.publicOrigin}${EMULATOR_PATH}/avatars/${account.login}.svg`,
        html_url: `https://github.com/${account.login}`,
      })
    })
    .get('/api/user/emails', (c) => {
      const account = bearer(c.req.header('Authorization'))
      if (!account) return c.json({ message: 'Bad credentials' }, 401)
      return c.json([
        { email: `${account.login.toLowerCase()}@users.noreply.github.com`, primary: true, verified: true },
      ])
    })
    .get('/avatars/:file', (c) => {
      const { file: login } = parseInput(avatarFileParams, c.req.param())
      if (!login) return c.text('Not found', 404)
      c.header('Content-Type', 'image/svg+xml')
      c.header('Cache-Control', 'public, max-age=86400')
      return c.body(avatarSvg(login))
    })
}
