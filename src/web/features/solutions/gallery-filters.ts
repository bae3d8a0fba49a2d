import { CATEGORY_VALUES, type Category } from '#shared/categories.ts'
import type { Difficulty } from '#shared/constants.ts'
import { DIFFICULTY_VALUES, GALLERY_SORTS, type GallerySort } from '#shared/solution-rule.ts'

/**
 * The galleries' choices as the address keeps them (docs/product.md §11): `?category=`, `?difficulty=`
 * and `?sort=`, so a filtered gallery can be shared and survives a reload. The server's renderer reads
 * them the same way (the loader of src/web/routes/solutions.tsx), so the page it renders is the one the browser
 * shows.
 */
export type GalleryFilters = {
  sort: GallerySort
  category: Category | null
  difficulty: Difficulty | null
}

export const DEFAULT_FILTERS: GalleryFilters = { sort: 'newest', category: null, difficulty: null }

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null
}

/**
 * The filters an address asks for. A value the gallery does not know (an old link, a typo) is read as
 * no choice at all, so such a link shows the whole gallery rather than an error.
 */
export function parseGalleryFilters(search: URLSearchParams | string): GalleryFilters {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search
  return {
    sort: oneOf(GALLERY_SORTS, params.get('sort')) ?? DEFAULT_FILTERS.sort,
    category: oneOf(CATEGORY_VALUES, params.get('category')),
    difficulty: oneOf(DIFFICULTY_VALUES, params.get('difficulty')),
  }
}

/** The address's query for `filters`: defaults are left out, so the plain gallery is plain `/solutions`. */
export function galleryFiltersSearch(filters: GalleryFilters): string {
  const params = new URLSearchParams()
  if (filters.category) params.set('category', filters.category)
  if (filters.difficulty) params.set('difficulty', filters.difficulty)
  if (filters.sort !== DEFAULT_FILTERS.sort) params.set('sort', filters.sort)
  const query = params.toString()
  return query ? `?${query}` : ''
}

/** Whether a category or difficulty narrows the gallery (the sort only orders it). */
export function isFiltered(filters: GalleryFilters): boolean {
  return filters.category !== null || filters.difficulty !== null
}

/** The API's query for one page of the site-wide gallery (`cursor` from the previous page). */
export function galleryApiPath(filters: GalleryFilters, cursor: string | null): string {
  const params = new URLSearchParams({ sort: filters.sort })
  if (filters.category) params.set('category', filters.category)
  if (filters.difficulty) params.set('difficulty', filters.difficulty)
  if (cursor) params.set('cursor', cursor)
  return `/api/solutions?${params}`
}

/** The API's query for one page of a challenge's gallery. */
export function challengeGalleryApiPath(
  challengeId: number,
  sort: GallerySort,
  cursor: string | null,
): string {
  const params = new URLSearchParams({ sort })
  if (cursor) params.set('cursor', cursor)
  return `/api/challenges/${challengeId}/solutions?${params}`
}

/**
 * The galleries' query keys, shared with the server's renderer, which seeds the first page under the
 * same key. Under `solutions` with the solution pages (whose second part is a UUID, never `gallery`).
 */
export const galleryKeys = {
  all: ['solutions', 'gallery'] as const,
  site: (filters: GalleryFilters) =>
    [...galleryKeys.all, 'site', filters.sort, filters.category, filters.difficulty] as const,
  challenge: (challengeId: number, sort: GallerySort) =>
    [...galleryKeys.all, 'challenge', challengeId, sort] as const,
}
