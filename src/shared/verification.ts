import { z } from 'zod'

/**
 * The verification tag (docs/product.md §10): a site on any host counts as the member's own when its
 * `<head>` carries this tag with the member's token. One token per member; rotating it makes the old one
 * worthless.
 */
export const VERIFICATION_META_NAME = 'frontend-dojo-verification'

/** The tag a member copies into their page's `<head>`. */
export const verificationTag = (token: string) => `<meta name="${VERIFICATION_META_NAME}" content="${token}">`

/** Where the tag goes, in one sentence (submit form and settings). */
export const VERIFICATION_HINT =
  'Put this tag inside the <head> of the page you submit, then publish the site: it proves the site is yours on any host.'

/** GET /api/me/verification, and POST /api/me/verification/rotate's answer. */
export const verificationResponse = z.object({ token: z.string(), tag: z.string() })
export type VerificationResponse = z.infer<typeof verificationResponse>
