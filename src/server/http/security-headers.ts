import { secureHeaders } from 'hono/secure-headers'
import { inlineStyleHashes } from '#server/http/inline-styles.ts'

/**
 * Strict headers on every response. The CSP allows scripts and styles only from our origin: the built
 * app has no inline script, and React sets style through the DOM, which CSP allows.
 */
export function securityHeaders(options: { production: boolean }) {
  const styleHashes = inlineStyleHashes()
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", ...styleHashes],
      imgSrc: ["'self'", 'data:', 'https://avatars.githubusercontent.com'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      ...(options.production ? { upgradeInsecureRequests: [] } : {}),
    },
    strictTransportSecurity: options.production ? 'max-age=31536000; includeSubDomains' : false,
    xFrameOptions: 'DENY',
    xContentTypeOptions: 'nosniff',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginOpenerPolicy: 'same-origin',
    crossOriginResourcePolicy: 'same-origin',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
  })
}
