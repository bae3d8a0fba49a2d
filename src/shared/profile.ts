import { z } from 'zod'
import { BIO_MAX_LENGTH, NAME_MAX_LENGTH } from '#shared/constants.ts'

/** docs/product.md §5 messages, word for word. */
const PROFILE_MESSAGES = {
  nameTooLong: `Name cannot exceed ${NAME_MAX_LENGTH} characters.`,
  nameAllowed: 'Use letters, spaces, apostrophes, hyphens and periods.',
  bioTooLong: `Bio cannot exceed ${BIO_MAX_LENGTH} characters.`,
  bioAllowed:
    'Use letters, digits, spaces, apostrophes, hyphens, periods, commas, question and exclamation marks.',
  linkInvalid: 'must be a link starting with http:// or https://',
} as const

/**
 * The characters of names people really have (docs/product.md §5): Unicode letters (José, Zoë, 李) with
 * their combining marks, spaces, apostrophes (' and ’), hyphens and periods: O'Neil, Jean-Luc,
 * José María, D’Angelo, J. R. R. Tolkien. No digits.
 */
const NAME_CHARACTER = /[\p{L}\p{M} '’.-]/u
/** A bio's: a name's, and digits, commas, question and exclamation marks. */
const BIO_CHARACTER = /[\p{L}\p{M}\p{N} '’.,?!-]/u

/** How a refused character is named in a message: itself in quotes, or its code point when unseen. */
function describeCharacter(character: string): string {
  return /[\p{L}\p{N}\p{P}\p{S}]/u.test(character)
    ? `"${character}"`
    : `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`
}

/** Characters outside this set are stripped from LinkedIn and GitHub links as the user types. */
const LINK_DISALLOWED = /[^A-Za-z0-9\-._~:/?#@!$&'()*+,;=%]/g
export const LINK_MAX_LENGTH = 300

export function stripLinkCharacters(value: string): string {
  return value.replace(LINK_DISALLOWED, '')
}

/**
 * The message for a name or bio value, or null when valid: the first character outside the field's set
 * is named, with what the field takes. The form (on submit) and the server share it.
 */
export function textFieldError(field: 'name' | 'bio', value: string): string | null {
  const allowed = field === 'name' ? NAME_CHARACTER : BIO_CHARACTER
  const refused = [...value].find((character) => !allowed.test(character))
  if (refused !== undefined) {
    const label = field === 'name' ? 'Name' : 'Bio'
    const hint = field === 'name' ? PROFILE_MESSAGES.nameAllowed : PROFILE_MESSAGES.bioAllowed
    return `${label} cannot contain ${describeCharacter(refused)}. ${hint}`
  }
  const max = field === 'name' ? NAME_MAX_LENGTH : BIO_MAX_LENGTH
  if ([...value].length > max)
    return field === 'name' ? PROFILE_MESSAGES.nameTooLong : PROFILE_MESSAGES.bioTooLong
  return null
}

function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.')
  } catch {
    return false
  }
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
    .transform((value) => stripLinkCharacters(value.trim()))
    .refine(
      (value) => value.length <= LINK_MAX_LENGTH,
      `${label} must be at most ${LINK_MAX_LENGTH} characters.`,
    )
    .refine((value) => value === '' || isHttpUrl(value), `${label} ${PROFILE_MESSAGES.linkInvalid}.`)

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
