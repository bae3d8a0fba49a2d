import { secureHeaders } from 'hono/secure-headers'
import { inlineStyleHashes } from '#server/http/inline-styles.ts'

/**
 * Strict headers on every response. The CSP allows scripts and styles only from our origin: the built
 * app has no inline script, and React sets style through the DOM, which CSP allows. `storageOrigin`
 * (STORAGE_REDIRECT) is where /files and downloads redirect to: images and the app's fetch of a zip
 * follow the redirect, so img-src and connect-src allow it.
 */
export function securityHeaders(options: { production: boolean; storageOrigin?: string | undefined }) {
  const styleHashes = inlineStyleHashes()
  const storage = options.storageOrigin ? [options.storageOrigin] : []
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", ...styleHashes],
      imgSrc: ["'self'", 'data:', 'https://avatars.githubusercontent.com', ...storage],
      fontSrc: ["'self'"],
      connectSrc: ["'self'", ...storage],
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
    // A route that sets one of these headers itself (the embeddable badge's cross-origin CORP) keeps it.
    overwrite: false,
  })
}
