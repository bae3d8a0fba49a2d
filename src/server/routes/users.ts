import { Hono } from 'hono'
import { readBadgeFigures, readPublicProfile } from '#server/auth/users.ts'
import { cacheBytes, cacheJson, sendCached } from '#server/catalogue/cached-body.ts'
import type { Database } from '#server/db/client.ts'
import { notFound, parseInput } from '#server/http/errors.ts'
import type { ExpiringCache } from '#server/http/expiring-cache.ts'
import { usernameParams } from '#server/http/params.ts'
import type { CachedProfile } from '#server/member-caches.ts'
import { describeOperation, error, file, json, NOT_MODIFIED } from '#server/openapi/operation.ts'
import { readmeBadgeSvg } from '#server/render/readme-badge.ts'

/** Badge images change when points do; README renderers and proxies may keep one five minutes. */
export const README_BADGE_CACHE = 'public, max-age=300, stale-while-revalidate=86400'

/**
 * Public member data: what docs/product.md §6 lets anyone read (never the e-mail, §3), with their
 * completed challenges.
 * `profiles` keeps built answers for a moment (member-caches.ts; a lifetime of 0 keeps none).
 */
export function userRoutes(db: Database, options: { brand: string; profiles: ExpiringCache<CachedProfile> }) {
  const readProfile = async (username: string): Promise<CachedProfile> => {
    const answer = await readPublicProfile(db, username)
    // Not kept: a member who signs in next has this username at once.
    if (!answer) throw notFound('User not found. Please check the username.')
    return { userId: answer.profile.id, body: cacheJson(answer, 'fast') }
  }
  return new Hono()
    .get(
      '/:username/badge.svg',
      describeOperation({
        operationId: 'getProfileBadge',
        summary: 'A member’s badge for a README or a portfolio',
        description:
          'An SVG image of the member’s points and completed challenges; other sites may embed it.',
        tag: 'Members',
        params: usernameParams,
        responses: {
          200: file('The badge.', 'image/svg+xml'),
          304: NOT_MODIFIED,
          404: error('No member has this username.'),
        },
      }),
      async (c) => {
        const { username } = parseInput(usernameParams, c.req.param())
        const figures = username ? await readBadgeFigures(db, username) : null
        if (!figures) throw notFound('User not found. Please check the username.')
        const svg = Buffer.from(readmeBadgeSvg(options.brand, figures))
        // Embedded by other sites (a README, a portfolio): the one answer other origins may load.
        c.header('Cross-Origin-Resource-Policy', 'cross-origin')
        return sendCached(c, cacheBytes(svg, 'image/svg+xml; charset=utf-8', 'none'), README_BADGE_CACHE)
      },
    )
    .get(
      '/:username',
      describeOperation({
        operationId: 'getPublicProfile',
        summary: 'A member’s public profile',
        tag: 'Members',
        params: usernameParams,
        responses: {
          200: json('The profile, badges and completed challenges (no e-mail).', 'ProfilePage'),
          304: NOT_MODIFIED,
          404: error('No member has this username.'),
        },
      }),
      async (c) => {
        const { username } = parseInput(usernameParams, c.req.param())
        if (!username) throw notFound('User not found. Please check the username.')
        // Completed challenges in the same answer, so the profile page renders without a waterfall.
        const { body } = await options.profiles.load(username, () => readProfile(username))
        // Public, but it changes with every submission and review: browsers ask again (an ETag makes
        // that a 304 when nothing changed).
        return sendCached(c, body, 'no-cache')
      },
    )
}
