import { z } from 'zod'

/**
 * Path parameters, validated with zod through `parseInput` like every other input, so nothing that
 * reaches a query can upset the database (PostgreSQL rejects NUL in text, for one).
 */

export const MAX_CHALLENGE_ID = 2_147_483_647

/** A challenge id as written in a URL: canonical decimal only (no `01`, `+1`, `1e1`, `0x10`, ` 1`). */
export const CHALLENGE_ID_PATTERN = /^[1-9][0-9]{0,9}$/

const CHALLENGE_ID_MESSAGE = 'must be a challenge id (a positive whole number)'

const challengeId = z
  .string(CHALLENGE_ID_MESSAGE)
  .regex(CHALLENGE_ID_PATTERN, CHALLENGE_ID_MESSAGE)
  .transform(Number)
  .refine((id) => id <= MAX_CHALLENGE_ID, 'is too large to be a challenge id')

/** `:id` in a route: a positive 32-bit integer, else a 400 naming the field. */
export const challengeIdParams = z.object({ id: challengeId })

const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/

/** `:id` that is a UUID in any letter case, read in lower case; else a 400 with `message`. */
export const uuidParams = (message: string, description: string) =>
  z.object({
    id: z
      .string(message)
      .regex(UUID_PATTERN, message)
      .describe(description)
      .transform((id) => id.toLowerCase()),
  })

/** `:id` of a comment: its public id (a UUID, any case), as its anchor `comment-<id>` gives it. */
export const commentIdParams = uuidParams(
  'must be a comment id',
  'A comment’s public id: a UUID (any letter case).',
)

/** Slugs come from titles of at most 60 characters; this leaves room and still bounds the lookup. */
const MAX_SLUG_LENGTH = 200

/** `:slug`: bounded, with no control characters; an unknown one is the route's own 404. */
export const slugParams = z.object({
  slug: z
    .string()
    .min(1, 'must name a challenge')
    .max(MAX_SLUG_LENGTH, `must be at most ${MAX_SLUG_LENGTH} characters`)
    .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters'),
})

/** GitHub's rule for logins: letters, digits and single hyphens, at most 39 characters. */
const GITHUB_LOGIN = '[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}'
export const GITHUB_LOGIN_PATTERN = new RegExp(`^${GITHUB_LOGIN}$`)

/**
 * A member's username: their GitHub login, or `<login>-<githubId>` for an account whose login GitHub
 * gave to someone else (see upsertGitHubUser).
 */
const USERNAME_PATTERN = new RegExp(`^${GITHUB_LOGIN}(?:-[0-9]{1,20})?$`)

/**
 * `:username`: a value no member can have is simply not found, like an unknown one, so the profile
 * page shows its 404 for both. `null` means "no such member".
 */
export const usernameParams = z.object({
  username: z.string().regex(USERNAME_PATTERN).nullable().catch(null),
})

/** The GitHub emulator's `/avatars/:file`: `<login>.svg`; `null` for anything else (its 404). */
export const avatarFileParams = z.object({
  file: z
    .string()
    .regex(new RegExp(`^${GITHUB_LOGIN}(?:\\.svg)?$`))
    .transform((file) => file.replace(/\.svg$/, ''))
    .nullable()
    .catch(null),
})
