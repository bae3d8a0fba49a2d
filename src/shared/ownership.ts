import { z } from 'zod'

/**
 * Whose site a review saw (docs/product.md §10), as its verdict records it (src/server/review/verdict.ts):
 * 'verified' when every breakpoint ended on the member's own site (their `<login>.github.io`, or a page
 * carrying their verification tag), 'unverified' when a page on another host carried no tag, and
 * 'mismatch' when it was someone else's (another login's github.io, another member's or an old tag).
 */
const OWNERSHIP_VERDICTS = ['verified', 'mismatch', 'unverified'] as const
export type Ownership = (typeof OWNERSHIP_VERDICTS)[number]
export const ownershipSchema = z.enum(OWNERSHIP_VERDICTS)

/** Dead-link re-checks: a site is 'offline' after two failed checks at least 24 hours apart. */
const LINK_STATUSES = ['live', 'offline'] as const
export type LinkStatus = (typeof LINK_STATUSES)[number]
export const linkStatusSchema = z.enum(LINK_STATUSES)
