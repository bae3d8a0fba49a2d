import { describe, expect, it } from 'vitest'
import { parseRoster } from '#server/classrooms/roster.ts'
import { HttpError } from '#server/http/errors.ts'

const refusal = (text: string) => {
  try {
    parseRoster(text)
  } catch (error) {
    if (error instanceof HttpError) return error.message
    throw error
  }
  throw new Error('the roster was accepted')
}

/** Rosters as CSV (docs/product.md §13). */
describe('reading a roster', () => {
  it('reads rows with or without a header, quoted fields and an empty student id', () => {
    expect(parseRoster('Ada-L,"Lovelace, Ada",S-1\ngrace,Grace Hopper,\n')).toEqual([
      { login: 'ada-l', name: 'Lovelace, Ada', studentId: 'S-1' },
      { login: 'grace', name: 'Grace Hopper', studentId: null },
    ])
    expect(parseRoster('\uFEFFName,Login\r\n"Say ""hi""",linus\r\n')).toEqual([
      { login: 'linus', name: 'Say "hi"', studentId: null },
    ])
  })

  it('refuses broken quoting, an unknown column, a bad login, repeats and too many rows', () => {
    expect(refusal('ada,"Ada Lovelace\ngrace,Grace')).toMatch(/not valid CSV.*never closed/)
    expect(refusal('ada,Ad"a,1')).toMatch(/not valid CSV/)
    expect(refusal('login,name,email\nada,Ada,a@b.c')).toMatch(/column 3 is not one it can hold/)
    expect(refusal('ada,Ada,1,extra')).toMatch(/Row 1 .* 4 columns/)
    expect(refusal('not a login,Ada')).toMatch(/Row 1 .*is not a GitHub login/)
    expect(refusal('login\nada\nADA')).toMatch(/Row 3 of the roster repeats the login ADA/)
    expect(refusal('')).toMatch(/empty/)
    const rows = Array.from({ length: 10_000 }, (_, i) => `student-${i},Student ${i},${i}`).join('\n')
    expect(refusal(rows)).toBe(
      'The roster has 10,000 rows; a roster holds at most 1,000. Split it and upload each part.',
    )
  })
})
