import { describe, expect, it } from 'vitest'
import { profileUpdateSchema, textFieldError } from '#shared/profile.ts'

const NAME_HINT = 'Use letters, spaces, apostrophes, hyphens and periods.'
const BIO_HINT =
  'Use letters, digits, spaces, apostrophes, hyphens, periods, commas, question and exclamation marks.'

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
    '',
  ])('takes the name %j', (name) => {
    expect(textFieldError('name', name)).toBeNull()
  })

  it.each([
    ['Ada2', 'Name cannot contain "2".'],
    ['Ada <b>', 'Name cannot contain "<".'],
    ['Ada!', 'Name cannot contain "!".'],
    ['Ada, Countess', 'Name cannot contain ",".'],
    ['ada_lovelace', 'Name cannot contain "_".'],
    ['Ada 😀', 'Name cannot contain "😀".'],
    // Unseen characters are named by their code point.
    ['Ada\u202e', 'Name cannot contain U+202E.'],
    ['Ada\u200b', 'Name cannot contain U+200B.'],
  ])('refuses the name %j, naming the character and what a name takes', (name, start) => {
    expect(textFieldError('name', name)).toBe(`${start} ${NAME_HINT}`)
  })

  it.each([
    "Hi! I'm Ada, a frontend developer. Ask me anything?",
    'Building interfaces since 1843',
    'Jean-Luc’s friend. 3 years of CSS!',
  ])('takes the bio %j', (bio) => {
    expect(textFieldError('bio', bio)).toBeNull()
  })

  it.each([
    ['I <3 CSS', 'Bio cannot contain "<".'],
    ['CSS; HTML', 'Bio cannot contain ";".'],
    ['#frontend', 'Bio cannot contain "#".'],
    ['me@example.com', 'Bio cannot contain "@".'],
  ])('refuses the bio %j, naming the character and what a bio takes', (bio, start) => {
    expect(textFieldError('bio', bio)).toBe(`${start} ${BIO_HINT}`)
  })

  it('counts characters, not UTF-16 units, against the limits', () => {
    expect(textFieldError('name', '李'.repeat(50))).toBeNull()
    expect(textFieldError('name', 'a'.repeat(51))).toBe('Name cannot exceed 50 characters.')
    expect(textFieldError('bio', 'b'.repeat(150))).toBeNull()
    expect(textFieldError('bio', 'b'.repeat(151))).toBe('Bio cannot exceed 150 characters.')
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
