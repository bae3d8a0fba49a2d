import { describe, expect, it } from 'vitest'
import { CATEGORIES, categoryByPath, categoryByValue, categoryHeading } from '#shared/categories.ts'
import { paths } from '#shared/paths.ts'

describe('categories', () => {
  it('are the five of docs/product.md §1, in order', () => {
    expect(CATEGORIES.map((c) => c.value)).toEqual(['navbar', 'footer', 'landing-page', 'hero', 'features'])
  })

  it('have the paths of docs/product.md §2', () => {
    expect(CATEGORIES.map((c) => paths.category(c))).toEqual([
      '/challenges/navbar',
      '/challenges/footer',
      '/challenges/landingpage',
      '/challenges/hero',
      '/challenges/features',
    ])
  })

  it('are headed by their name with words capitalised', () => {
    expect(CATEGORIES.map((c) => c.heading)).toEqual(['Navbar', 'Footer', 'Landing Page', 'Hero', 'Features'])
    for (const category of CATEGORIES) expect(categoryHeading(category.value)).toBe(category.heading)
  })

  it('are found by path and by value', () => {
    expect(categoryByPath('landingpage')?.value).toBe('landing-page')
    expect(categoryByValue('landing-page')?.path).toBe('landingpage')
    expect(categoryByPath('landing-page')).toBeUndefined()
    expect(categoryByValue('sidebar')).toBeUndefined()
  })
})
