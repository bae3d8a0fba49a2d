import * as oauth from 'oauth4webapi'
import type { GitHubConfig } from '#server/env.ts'

const GITHUB_SCOPES = 'read:user user:email'

export type GitHubProfile = {
  id: number
  login: string
  name: string | null
  email: string | null
  avatarUrl: string | null
  htmlUrl: string | null
}

/** Why a sign-in failed, for the log; people see one short sentence whatever the reason. */
export class SignInError extends Error {
  override name = 'SignInError'
}

type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>

/**
 * GitHub's OAuth web flow (authorization code with PKCE S256) through oauth4webapi, against the
 * addresses in configuration: github.com, a GitHub Enterprise Server, or the built-in emulator.
 */
export function createGitHubClient(config: GitHubConfig, options: { fetch?: FetchLike } = {}) {
  const as: oauth.AuthorizationServer = {
    issuer: config.url,
    authorization_endpoint: `${config.url}/login/oauth/authorize`,
    token_endpoint: `${config.url}/login/oauth/access_token`,
  }
  const client: oauth.Client = { client_id: config.clientId }
  const clientAuth = oauth.ClientSecretPost(config.clientSecret)
  const fetchImpl = options.fetch ?? fetch
  const requestOptions = {
    [oauth.customFetch]: fetchImpl as typeof fetch,
    [oauth.allowInsecureRequests]: config.url.startsWith('http:'),
  }

  async function api<T>(path: string, accessToken: string): Promise<T> {
    const response = await fetchImpl(`${config.apiUrl}${path}`, {
      headers: {
        Accept: 'application/vnd.github+json',
        Authorization: `Bearer ${accessToken}`,
        'User-Agent': 'frontend-dojo',
        'X-GitHub-Api-Version': '2022-11-28',
      },
    })
    if (!response.ok) throw new SignInError(`GitHub API ${path} answered ${response.status}`)
    return (await response.json()) as T
  }

  return {
    async authorizationUrl(params: {
      state: string
      codeVerifier: string
      redirectUri: string
    }): Promise<URL> {
      const url = new URL(as.authorization_endpoint ?? '')
      url.searchParams.set('client_id', config.clientId)
      url.searchParams.set('redirect_uri', params.redirectUri)
      url.searchParams.set('scope', GITHUB_SCOPES)
      url.searchParams.set('state', params.state)
      url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(params.codeVerifier))
      url.searchParams.set('code_challenge_method', 'S256')
      url.searchParams.set('allow_signup', 'true')
      return url
    },

    /** Checks the callback (error, state) and trades the code for an access token. */
    async exchangeCode(params: {
      callbackUrl: URL
      expectedState: string
      codeVerifier: string
      redirectUri: string
    }): Promise<string> {
      let callback: URLSearchParams
      try {
        callback = oauth.validateAuthResponse(as, client, params.callbackUrl, params.expectedState)
      } catch (error) {
        if (error instanceof oauth.AuthorizationResponseError) {
          throw new SignInError(
            `GitHub answered ${error.error}: ${error.error_description ?? 'no description'}`,
          )
        }
        throw new SignInError(`invalid callback: ${(error as Error).message}`)
      }
      try {
        const response = await oauth.authorizationCodeGrantRequest(
          as,
          client,
          clientAuth,
          callback,
          params.redirectUri,
          params.codeVerifier,
          requestOptions,
        )
        const result = await oauth.processAuthorizationCodeResponse(as, client, response)
        return result.access_token
      } catch (error) {
        throw new SignInError(`token exchange failed: ${(error as Error).message}`)
      }
    },

    async fetchProfile(accessToken: string): Promise<GitHubProfile> {
      const user = await api<{
        id: number
        login: string
        name: string | null
        email: string | null
        avatar_url: string | null
        html_url: string | null
      }>('/user', accessToken)
      let email = user.email
      if (!email) {
        const emails = await api<{ email: string; primary: boolean; verified: boolean }[]>(
          '/user/emails',
          accessToken,
        )
        email = emails.find((e) => e.primary && e.verified)?.email ?? null
      }
      if (!Number.isSafeInteger(user.id) || typeof user.login !== 'string') {
        throw new SignInError('GitHub answered a user without id or login')
      }
      return {
        id: user.id,
        login: user.login,
        name: user.name,
        email,
        avatarUrl: user.avatar_url,
        htmlUrl: user.html_url,
      }
    },
  }
}

export type GitHubClient = ReturnType<typeof createGitHubClient>

export function generateCodeVerifier(): string {
  return oauth.generateRandomCodeVerifier()
}
