import type { Env } from '#server/env.ts'
import { inlineStyleHashes } from '#server/http/inline-styles.ts'
import { signedUrlOrigin } from '#server/storage/storage-url.ts'

/** Header names in lower case, as node:http and @hono/node-server write them. */
export type SecurityHeaders = Readonly<Record<string, string>>

/**
 * Strict headers on every response, built once. The CSP allows scripts and styles only from our
 * origin: the built app has no inline script, and React sets style through the DOM, which CSP allows.
 * `storageOrigin` (STORAGE_REDIRECT) is where /files and downloads redirect to: images and the app's
 * fetch of a zip follow the redirect, so img-src and connect-src allow it.
 *
 * The server's response writes them (server-response.ts) under whatever the answer set itself, so a route
 * that needs another value keeps it (the embeddable badge's cross-origin CORP). They used to be set per
 * answer by a Hono middleware, on a Headers object: fourteen checked writes per request, which cost member
 * reads a seventh of their throughput (docs/decisions/009-headers-and-compression-on-the-response.md).
 */
export function securityHeaders(options: { production: boolean; storageOrigin?: string | undefined }) {
  const storage = options.storageOrigin ? [options.storageOrigin] : []
  const policy: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    ['style-src', ["'self'", ...inlineStyleHashes()]],
    ['img-src', ["'self'", 'data:', 'https://avatars.githubusercontent.com', ...storage]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...storage]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ]
  const csp = [
    ...policy.map(([name, sources]) => `${name} ${sources.join(' ')}`),
    ...(options.production ? ['upgrade-insecure-requests'] : []),
  ].join('; ')
  const headers: Record<string, string> = {
    'content-security-policy': csp,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    // The old XSS auditor is gone from browsers, and where it remains it can be abused: off.
    'x-xss-protection': '0',
  }
  if (options.production) headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains'
  return Object.freeze(headers) as SecurityHeaders
}

/** The headers for this deployment: production adds HSTS, redirects to a store widen img and connect. */
export function securityHeadersFor(env: Env): SecurityHeaders {
  return securityHeaders({
    production: env.NODE_ENV === 'production',
    storageOrigin:
      env.STORAGE_REDIRECT && env.storage.kind === 's3' ? signedUrlOrigin(env.storage) : undefined,
  })
}
