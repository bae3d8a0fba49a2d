import { describe, expect, it } from 'vitest'
import { slugToTitle, titleToSlug } from '#shared/slug.ts'

describe('challenge slugs', () => {
  it('writes spaces as hyphens', () => {
    expect(titleToSlug('Lumen Studio Navbar')).toBe('Lumen-Studio-Navbar')
    expect(titleToSlug('  Two  spaces ')).toBe('Two-spaces')
  })

  it('turns hyphens back into spaces', () => {
    expect(slugToTitle('Lumen-Studio-Navbar')).toBe('Lumen Studio Navbar')
  })

  it.each(['Aurora Navbar', 'Night Tide Festival Hero', 'A', 'Café Menu 2'])('round-trips %s', (title) => {
    expect(slugToTitle(titleToSlug(title))).toBe(title)
  })
})
