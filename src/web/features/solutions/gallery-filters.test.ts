import { describe, expect, it } from 'vitest'
import {
  challengeGalleryApiPath,
  DEFAULT_FILTERS,
  galleryApiPath,
  galleryFiltersSearch,
  isFiltered,
  parseGalleryFilters,
} from '#web/features/solutions/gallery-filters.ts'

describe('gallery filters in the address (docs/product.md §11)', () => {
  it('reads the category, difficulty and sort the address names', () => {
    expect(parseGalleryFilters('?category=landing-page&difficulty=hard&sort=score')).toEqual({
      sort: 'score',
      category: 'landing-page',
      difficulty: 'hard',
    })
    expect(parseGalleryFilters(new URLSearchParams('difficulty=easy'))).toEqual({
      sort: 'newest',
      category: null,
      difficulty: 'easy',
    })
  })

  it('reads an empty, unknown or differently written value as no choice', () => {
    expect(parseGalleryFilters('')).toEqual(DEFAULT_FILTERS)
    // The URL segment of a category (landingpage), a letter case the API does not take, an empty value.
    expect(parseGalleryFilters('?category=landingpage&difficulty=Hard&sort=')).toEqual(DEFAULT_FILTERS)
    expect(parseGalleryFilters('?sort=oldest&category=%3Cscript%3E&difficulty=easy&difficulty=hard')).toEqual(
      {
        ...DEFAULT_FILTERS,
        // The first of repeated values counts.
        difficulty: 'easy',
      },
    )
  })

  it('writes defaults out of the address and reads back what it wrote', () => {
    expect(galleryFiltersSearch(DEFAULT_FILTERS)).toBe('')
    const chosen = { sort: 'score', category: 'hero', difficulty: 'intermediate' } as const
    const search = galleryFiltersSearch(chosen)
    expect(search).toBe('?category=hero&difficulty=intermediate&sort=score')
    expect(parseGalleryFilters(search)).toEqual(chosen)
    expect(galleryFiltersSearch({ ...DEFAULT_FILTERS, sort: 'score' })).toBe('?sort=score')
  })

  it('counts category and difficulty as filters, the sort not', () => {
    expect(isFiltered(DEFAULT_FILTERS)).toBe(false)
    expect(isFiltered({ ...DEFAULT_FILTERS, sort: 'score' })).toBe(false)
    expect(isFiltered({ ...DEFAULT_FILTERS, category: 'navbar' })).toBe(true)
    expect(isFiltered({ ...DEFAULT_FILTERS, difficulty: 'easy' })).toBe(true)
  })

  it('asks the API for the page after the cursor with the same choices', () => {
    expect(galleryApiPath(DEFAULT_FILTERS, null)).toBe('/api/solutions?sort=newest')
    expect(galleryApiPath({ sort: 'score', category: 'footer', difficulty: 'easy' }, 'abc_-1')).toBe(
      '/api/solutions?sort=score&category=footer&difficulty=easy&cursor=abc_-1',
    )
    expect(challengeGalleryApiPath(12, 'newest', null)).toBe('/api/challenges/12/solutions?sort=newest')
    expect(challengeGalleryApiPath(12, 'score', 'c1')).toBe(
      '/api/challenges/12/solutions?sort=score&cursor=c1',
    )
  })
})
