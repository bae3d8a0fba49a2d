import { createHmac, hkdfSync } from 'node:crypto'

/** Who a member quota counts: the member, as the session has them (their GitHub account id). */
export type MemberLimitKey = (member: { githubId: number }) => string

/**
 * The key a member quota counts under (docs/product.md §9): a keyed hash (HMAC-SHA256) of the member's
 * GitHub account id, and nothing else: no user id, no login. Deleting the account and signing in again
 * is the same GitHub account, so the same key: the quotas go on counting where they were. The hash key
 * is derived from the GitHub OAuth app's secret (`secret`, the emulator's own in development), which
 * every instance has: without it, nobody can tell from a `rate_limits` row whose account it counts, or
 * work a key out from a known GitHub id.
 */
export function memberLimitKeys(secret: string): MemberLimitKey {
  const key = Buffer.from(hkdfSync('sha256', secret, 'frontend-dojo', 'member rate-limit keys', 32))
  return ({ githubId }) => createHmac('sha256', key).update(String(githubId)).digest('base64url')
}
