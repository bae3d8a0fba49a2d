import { z } from 'zod'
import { BIO_MAX_LENGTH, NAME_MAX_LENGTH } from '#shared/constants.ts'

/** docs/product.md §5 messages, word for word. */
const PROFILE_MESSAGES = {
  nameTooLong: `Name cannot exceed ${NAME_MAX_LENGTH} characters.`,
  nameAllowed: 'Use letters, digits, spaces, apostrophes, hyphens and periods.',
  bioTooLong: `Bio cannot exceed ${BIO_MAX_LENGTH} characters.`,
  bioAllowed: 'A bio takes any text that can be seen, without control or invisible characters.',
  linkInvalid: 'must be a link starting with http:// or https://',
} as const

/**
 * The characters of names people really have (docs/product.md §5): Unicode letters (José, Zoë, 李) with
 * their combining marks, digits, spaces, apostrophes (' and ’), hyphens and periods: O'Neil, Jean-Luc,
 * José María, D’Angelo, J. R. R. Tolkien, Bob Builder 2.
 */
const NAME_CHARACTER = /^[\p{L}\p{M}\p{N} '’.-]$/u
/** Characters that draw nothing or steer the text: control, format (bidi, zero-width) and default-ignorable ones. */
const INVISIBLE_CHARACTER = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{Zl}\p{Zp}\u2800]/u
/** Joiners, variation selectors and tag characters, which only belong inside an emoji sequence. */
const EMOJI_PART = /[\u200d\ufe0e\ufe0f\u{e0020}-\u{e007f}]/u
const EMOJI = /[\p{Extended_Pictographic}\p{Regional_Indicator}]/u
/** A character that draws something on its own: not white space, not a mark, not invisible. */
const VISIBLE_BASE = /[^\p{White_Space}\p{M}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{Z}\u2800]/u

/**
 * A zero-width non-joiner between two letters is part of how Persian, Kurdish and other scripts spell
 * words and names (می‌خواهم, ماه‌رخ): it draws nothing, yet the letters around it are drawn apart because
 * of it. It is taken there, in names and bios, and refused anywhere else.
 */
const JOINER_BETWEEN_LETTERS = /(?<=[\p{L}\p{M}])\u200c(?=\p{L})/gu

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' })

/** The text as people see it: one entry per grapheme cluster (a flag, a family emoji, e + accent). */
export function graphemes(value: string): string[] {
  return Array.from(segmenter.segment(value), (segment) => segment.segment)
}

/** How many characters people see in `value` (docs/product.md §5 counts lengths this way). */
export function graphemeCount(value: string): number {
  let count = 0
  for (const _ of segmenter.segment(value)) count += 1
  return count
}

function codePoint(character: string): string {
  return `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`
}

/**
 * The first character of a bio's grapheme that may not stand there, or null. Control and invisible
 * characters are refused, except the joiners and variation selectors of an emoji (👩‍💻, ❤️, 🏴 tags) and
 * a variation selector after something visible.
 */
function refusedInBio(grapheme: string): string | null {
  const characters = [...grapheme]
  const isEmoji = EMOJI.test(grapheme)
  const hasBase = characters.some((character) => VISIBLE_BASE.test(character))
  for (const character of characters) {
    if (/\p{White_Space}/u.test(character)) continue
    if (!INVISIBLE_CHARACTER.test(character)) continue
    if (isEmoji && EMOJI_PART.test(character)) continue
    if (hasBase && /\p{Variation_Selector}/u.test(character)) continue
    return character
  }
  // A mark with nothing to sit on draws nothing either.
  return hasBase || /^\p{White_Space}*$/u.test(grapheme) ? null : (characters[0] ?? null)
}

/**
 * How a refused grapheme is named in a message: the whole grapheme in quotes (never half of a flag or of
 * a family emoji), or the code point of the character that cannot be seen.
 */
function describeRefused(grapheme: string, character: string): string {
  return INVISIBLE_CHARACTER.test(character) || !VISIBLE_BASE.test(grapheme)
    ? codePoint(character)
    : `"${grapheme}"`
}

/** Characters outside this set are stripped from LinkedIn and GitHub links as the user types. */
const LINK_DISALLOWED = /[^A-Za-z0-9\-._~:/?#@!$&'()*+,;=%]/g
export const LINK_MAX_LENGTH = 300

export function stripLinkCharacters(value: string): string {
  return value.replace(LINK_DISALLOWED, '')
}

/**
 * The message for a name or bio value, or null when valid: the first grapheme outside the field's rule
 * is named, with what the field takes; lengths count graphemes. The form (on submit) and the server share it.
 */
export function textFieldError(field: 'name' | 'bio', value: string): string | null {
  const clusters = graphemes(value)
  for (const grapheme of graphemes(value.replace(JOINER_BETWEEN_LETTERS, ''))) {
    const refused =
      field === 'bio'
        ? refusedInBio(grapheme)
        : ([...grapheme].find((character) => !NAME_CHARACTER.test(character)) ?? null)
    if (refused !== null) {
      const label = field === 'name' ? 'Name' : 'Bio'
      const hint = field === 'name' ? PROFILE_MESSAGES.nameAllowed : PROFILE_MESSAGES.bioAllowed
      return `${label} cannot contain ${describeRefused(grapheme, refused)}. ${hint}`
    }
  }
  const max = field === 'name' ? NAME_MAX_LENGTH : BIO_MAX_LENGTH
  if (clusters.length > max)
    return field === 'name' ? PROFILE_MESSAGES.nameTooLong : PROFILE_MESSAGES.bioTooLong
  return null
}

/** The hosts each social link may point to (a subdomain such as `uk.linkedin.com` included). */
const LINK_HOSTS = { linkedinUrl: 'linkedin.com', githubUrl: 'github.com' } as const

/**
 * A social link as stored: trimmed, characters outside the set dropped, and `https://` added when no
 * scheme was typed (`linkedin.com/in/name`). Another scheme (`javascript:`, `ftp://`) is left for the
 * check to refuse.
 */
export function normaliseLink(value: string): string {
  const link = stripLinkCharacters(value.trim())
  if (link === '' || /^https?:\/\//i.test(link)) return link
  // `name:` before anything but a port number is a scheme.
  if (/^[a-z][a-z0-9+.-]*:(?!\d)/i.test(link)) return link
  return `https://${link.replace(/^\/+/, '')}`
}

/** The message for a normalised link, or null when it is empty or an http(s) link to the field's host. */
export function linkError(key: 'linkedinUrl' | 'githubUrl', label: string, value: string): string | null {
  if (value === '') return null
  if (value.length > LINK_MAX_LENGTH) return `${label} must be at most ${LINK_MAX_LENGTH} characters.`
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return `${label} ${PROFILE_MESSAGES.linkInvalid}.`
  }
  if (!/^https?:\/\//i.test(value) || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    return `${label} ${PROFILE_MESSAGES.linkInvalid}.`
  const host = LINK_HOSTS[key]
  const hostname = url.hostname.toLowerCase().replace(/\.$/, '')
  if (url.username || url.password || (hostname !== host && !hostname.endsWith(`.${host}`)))
    return `${label} must be a link to ${host}.`
  return null
}

/** The four fields a member may change, in the order the messages name them. */
const PROFILE_FIELDS = ['name', 'bio', 'linkedinUrl', 'githubUrl'] as const
const FIELD_LIST = 'name, bio, linkedinUrl and githubUrl'

/**
 * Each of the four must be sent, as a string (empty clears it): one left out reads `name is required.`,
 * one of another type `name must be text.`, naming the field as the body does.
 */
const stringField = (key: (typeof PROFILE_FIELDS)[number]) =>
  z.string({
    error: (issue) => (issue.input === undefined ? `${key} is required.` : `${key} must be text.`),
  })

const unknownKeysMessage = (keys: readonly string[]) =>
  `Only ${FIELD_LIST} can be changed (not ${keys.join(', ')}).`

const textField = (field: 'name' | 'bio') =>
  stringField(field)
    .transform((value) => value.replace(/\s+/g, ' ').trim())
    .superRefine((value, ctx) => {
      const message = textFieldError(field, value)
      if (message) ctx.addIssue({ code: 'custom', message })
    })

/** A name as the settings take it (§5): white space runs collapsed, ends trimmed, then the name's rule. */
export const profileNameSchema = textField('name')

const linkField = (key: 'linkedinUrl' | 'githubUrl', label: string) =>
  stringField(key)
    .transform(normaliseLink)
    .superRefine((value, ctx) => {
      const message = linkError(key, label, value)
      if (message) ctx.addIssue({ code: 'custom', message })
    })

/**
 * PATCH /api/me/profile: the only four fields a member may change. Strict: any other key (points,
 * username, submission...) is a 400 and nothing changes. Empty strings clear a field.
 */
export const profileUpdateSchema = z.strictObject(
  {
    name: textField('name'),
    bio: textField('bio'),
    linkedinUrl: linkField('linkedinUrl', 'LinkedIn'),
    githubUrl: linkField('githubUrl', 'GitHub'),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? unknownKeysMessage(issue.keys)
        : issue.code === 'invalid_type'
          ? `Send ${FIELD_LIST} in a JSON object.`
          : undefined,
  },
)
export type ProfileUpdate = z.input<typeof profileUpdateSchema>

/**
 * The body of PATCH /api/me/profile as the server checks it: a key other than the four is named first,
 * whatever else the body holds (a field missing or of the wrong type too), then the fields' own rules.
 */
export const profileUpdateRequestSchema = z
  .unknown()
  .superRefine((body, ctx) => {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return
    const unknown = Object.keys(body).filter((key) => !(PROFILE_FIELDS as readonly string[]).includes(key))
    if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: unknownKeysMessage(unknown) })
  })
  .pipe(profileUpdateSchema)

/** The member's own editable profile (GET and PATCH /api/me/profile). */
export const ownProfileSchema = z.object({
  username: z.string(),
  avatarUrl: z.string().nullable(),
  name: z.string().nullable(),
  bio: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  githubUrl: z.string().nullable(),
})
export type OwnProfile = z.infer<typeof ownProfileSchema>
export const ownProfileResponse = z.object({ profile: ownProfileSchema })
export type OwnProfileResponse = z.infer<typeof ownProfileResponse>
