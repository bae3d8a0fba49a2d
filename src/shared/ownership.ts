import { z } from 'zod'

/**
 * The ownership check (docs/product.md §6): a live site at `https://<owner>.github.io/...` is the member's
 * own work when `<owner>` is their GitHub login (GitHub logins and host names are both case-insensitive).
 * Another `*.github.io` site is a mismatch; any other host cannot be checked this way and is "unverified",
 * which is not an error. Submits accept github.io addresses only (docs/product.md §5), so "unverified" comes
 * from a review whose site redirected to a custom domain (a Pages site with its own domain does).
 */
const OWNERSHIP_VERDICTS = ['verified', 'mismatch', 'unverified'] as const
export type Ownership = (typeof OWNERSHIP_VERDICTS)[number]
export const ownershipSchema = z.enum(OWNERSHIP_VERDICTS)

/** Dead-link re-checks: a site is 'offline' after two failed checks at least 24 hours apart. */
const LINK_STATUSES = ['live', 'offline'] as const
export type LinkStatus = (typeof LINK_STATUSES)[number]
export const linkStatusSchema = z.enum(LINK_STATUSES)

const PAGES_SUFFIX = '.github.io'

export function ownershipOf(liveUrl: string, login: string): Ownership {
  let host: string
  let protocol: string
  try {
    const url = new URL(liveUrl)
    // The URL parser lower-cases the host and drops a trailing dot's ambiguity only partly: strip it.
    host = url.hostname.replace(/\.$/, '')
    protocol = url.protocol
  } catch {
    return 'unverified'
  }
  // `github.io` itself is GitHub's, so a Pages address of nobody's: a mismatch like another's site.
  if (host === PAGES_SUFFIX.slice(1)) return 'mismatch'
  if (!host.endsWith(PAGES_SUFFIX)) return 'unverified'
  const owner = host.slice(0, -PAGES_SUFFIX.length)
  // One label deep: `x.alice.github.io` is not a Pages address of alice's. Plain http is the same site
  // (GitHub redirects it to https).
  if (
    (protocol === 'https:' || protocol === 'http:') &&
    owner === login.toLowerCase() &&
    !owner.includes('.')
  ) {
    return 'verified'
  }
  return 'mismatch'
}
