import { describe, expect, it } from 'vitest'
import { profileUpdateSchema, textFieldError } from '#shared/profile.ts'

const NAME_HINT = 'Use letters, digits, spaces, apostrophes, hyphens and periods.'
const BIO_HINT = 'A bio takes any text that can be seen, without control or invisible characters.'

describe('names and bios people really have (docs/product.md §5)', () => {
  it.each([
    "O'Neil",
    'O’Neil',
    'Jean-Luc',
    'José María',
    // The same name typed with a combining accent.
    'Jose\u0301 Mari\u0301a',
    "D'Angelo",
    'J. R. R. Tolkien',
    'Zoë Saldaña',
    '李小龍',
    'Ngũgĩ wa Thiong’o',
    'Bob Builder 2',
    'R2-D2',
    // Persian keeps the two parts of ماه‌رخ apart with a zero-width non-joiner.
    'ماه\u200cرخ',
    '',
  ])('takes the name %j', (name) => {
    expect(textFieldError('name', name)).toBeNull()
  })

  it.each([
    ['Ada <b>', 'Name cannot contain "<".'],
    ['Ada!', 'Name cannot contain "!".'],
    ['Ada, Countess', 'Name cannot contain ",".'],
    ['ada_lovelace', 'Name cannot contain "_".'],
    ['Ada 😀', 'Name cannot contain "😀".'],
    // A flag is two code points: the message quotes all of it.
    ['Ada 🇫🇷', 'Name cannot contain "🇫🇷".'],
    // Unseen characters are named by their code point.
    ['Ada\u202e', 'Name cannot contain U+202E.'],
    ['Ada\u200b', 'Name cannot contain U+200B.'],
    ['Ada\u200c', 'Name cannot contain U+200C.'],
  ])('refuses the name %j, naming the character and what a name takes', (name, start) => {
    expect(textFieldError('name', name)).toBe(`${start} ${NAME_HINT}`)
  })

  it.each([
    "Hi! I'm Ada, a frontend developer. Ask me anything?",
    'Building interfaces since 1843',
    'Jean-Luc’s friend. 3 years of CSS!',
    'HTML & CSS',
    'dev @ Acme',
    'Frontend (React): "clean" code / a11y — and CSS; #frontend me@example.com',
    'I <3 CSS',
    'Coffee ☕ and code 😀',
    // Emoji sequences keep their joiners, variation selectors and tags.
    'Coder 👩‍💻 ❤️ from 🇫🇷 and 🏴󠁧󠁢󠁳󠁣󠁴󠁿',
    'Family 👨‍👩‍👧‍👦, skin tone 👋🏽',
    // A zero-width non-joiner between letters, as Persian spells words.
    'من می\u200cخواهم طراحی کنم',
  ])('takes the bio %j', (bio) => {
    expect(textFieldError('bio', bio)).toBeNull()
  })

  it.each([
    // Control characters.
    ['Ring \u0007 bell', 'Bio cannot contain U+0007.'],
    ['Null\u0000', 'Bio cannot contain U+0000.'],
    // Invisible characters: zero-width space, joiner outside an emoji, word joiner, BOM inside text,
    // bidi override, soft hyphen, a mark with nothing under it, the blank Braille pattern.
    ['zero\u200bwidth', 'Bio cannot contain U+200B.'],
    ['join\u200ded', 'Bio cannot contain U+200D.'],
    // A non-joiner draws nothing unless it keeps two letters apart.
    ['non-joiner \u200c alone', 'Bio cannot contain U+200C.'],
    ['ends with\u200c', 'Bio cannot contain U+200C.'],
    ['word\u2060joiner', 'Bio cannot contain U+2060.'],
    ['evil \u202e text', 'Bio cannot contain U+202E.'],
    ['soft\u00adhyphen', 'Bio cannot contain U+00AD.'],
    ['\u0301 alone', 'Bio cannot contain U+0301.'],
    ['blank \u2800 pattern', 'Bio cannot contain U+2800.'],
  ])('refuses the bio %j, naming the character by its code point', (bio, start) => {
    expect(textFieldError('bio', bio)).toBe(`${start} ${BIO_HINT}`)
  })

  it('counts characters as people see them (graphemes) against the limits', () => {
    expect(textFieldError('name', '李'.repeat(50))).toBeNull()
    expect(textFieldError('name', 'a'.repeat(51))).toBe('Name cannot exceed 50 characters.')
    // e + combining accent is one character.
    expect(textFieldError('name', 'e\u0301'.repeat(50))).toBeNull()
    expect(textFieldError('bio', 'b'.repeat(150))).toBeNull()
    expect(textFieldError('bio', 'b'.repeat(151))).toBe('Bio cannot exceed 150 characters.')
    // A flag is two code points and four UTF-16 units, and one character.
    expect(textFieldError('bio', '🇫🇷'.repeat(150))).toBeNull()
    expect(textFieldError('bio', '🇫🇷'.repeat(151))).toBe('Bio cannot exceed 150 characters.')
    expect(textFieldError('bio', `${'b'.repeat(149)}👨‍👩‍👧‍👦`)).toBeNull()
  })

  it('keeps what was typed, apart from runs of white space and the ends', () => {
    const parsed = profileUpdateSchema.parse({
      name: "  O'Neil \t Jean-Luc  ",
      bio: 'Line one.\nLine two!',
      linkedinUrl: '',
      githubUrl: '',
    })
    expect(parsed).toMatchObject({ name: "O'Neil Jean-Luc", bio: 'Line one. Line two!' })
  })
})

describe('social links (docs/product.md §5)', () => {
  const parse = (change: Partial<Record<'linkedinUrl' | 'githubUrl', string>>) =>
    profileUpdateSchema.safeParse({ name: '', bio: '', linkedinUrl: '', githubUrl: '', ...change })

  it.each([
    ['linkedinUrl', 'linkedin.com/in/name', 'https://linkedin.com/in/name'],
    ['linkedinUrl', 'www.linkedin.com/in/name', 'https://www.linkedin.com/in/name'],
    ['linkedinUrl', ' https://uk.linkedin.com/in/name ', 'https://uk.linkedin.com/in/name'],
    ['githubUrl', 'github.com/ada', 'https://github.com/ada'],
    ['githubUrl', 'http://github.com/ada', 'http://github.com/ada'],
  ] as const)('takes %s %j as %j', (key, typed, stored) => {
    const parsed = parse({ [key]: typed })
    expect(parsed.success && parsed.data[key]).toBe(stored)
  })

  it.each([
    ['linkedinUrl', 'linkedin.evil.com/in/name', 'LinkedIn must be a link to linkedin.com.'],
    ['linkedinUrl', 'https://example.com/linkedin.com', 'LinkedIn must be a link to linkedin.com.'],
    ['linkedinUrl', 'notlinkedin.com/in/name', 'LinkedIn must be a link to linkedin.com.'],
    ['linkedinUrl', 'https://me@linkedin.com.evil.com/in/x', 'LinkedIn must be a link to linkedin.com.'],
    ['githubUrl', 'gitlab.com/ada', 'GitHub must be a link to github.com.'],
    ['linkedinUrl', 'javascript:alert(1)', 'LinkedIn must be a link starting with http:// or https://.'],
    ['githubUrl', 'data:text/html,hi', 'GitHub must be a link starting with http:// or https://.'],
    ['githubUrl', 'ftp://github.com/ada', 'GitHub must be a link starting with http:// or https://.'],
  ] as const)('refuses %s %j: %s', (key, typed, message) => {
    const parsed = parse({ [key]: typed })
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0]?.message).toBe(message)
  })
})
