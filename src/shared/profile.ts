import { z } from 'zod'
import { BIO_MAX_LENGTH, NAME_MAX_LENGTH } from '#shared/constants.ts'

/** docs/product.md §5 messages, word for word. */
const PROFILE_MESSAGES = {
  nameTooLong: `Name cannot exceed ${NAME_MAX_LENGTH} characters.`,
  nameSpecial: 'Name cannot contain special characters.',
  bioTooLong: `Bio cannot exceed ${BIO_MAX_LENGTH} characters.`,
  bioSpecial: 'Bio cannot contain special characters.',
  linkInvalid: 'must be a link starting with http:// or https://',
} as const

/**
 * "Letters" are Unicode letters (José, Zoë, 李) with their combining marks, plus digits and spaces
 * (docs/product.md §5).
 */
const PLAIN_TEXT_PATTERN = /^[\p{L}\p{M}\p{N} ]*$/u

/** Characters outside this set are stripped from LinkedIn and GitHub links as the user types. */
const LINK_DISALLOWED = /[^A-Za-z0-9\-._~:/?#@!$&'()*+,;=%]/g
export const LINK_MAX_LENGTH = 300

export function stripLinkCharacters(value: string): string {
  return value.replace(LINK_DISALLOWED, '')
}

/** The message for a name or bio value, or null when valid. The form and the server share it. */
export function textFieldError(field: 'name' | 'bio', value: string): string | null {
  if (!PLAIN_TEXT_PATTERN.test(value))
    return field === 'name' ? PROFILE_MESSAGES.nameSpecial : PROFILE_MESSAGES.bioSpecial
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

const textField = (field: 'name' | 'bio') =>
  z
    .string()
    .transform((value) => value.replace(/\s+/g, ' ').trim())
    .superRefine((value, ctx) => {
      const message = textFieldError(field, value)
      if (message) ctx.addIssue({ code: 'custom', message })
    })

const linkField = (label: string) =>
  z
    .string()
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
    linkedinUrl: linkField('LinkedIn'),
    githubUrl: linkField('GitHub'),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Only name, bio, linkedinUrl and githubUrl can be changed (not ${issue.keys.join(', ')}).`
        : undefined,
  },
)
export type ProfileUpdate = z.input<typeof profileUpdateSchema>

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
