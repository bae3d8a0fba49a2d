import { categoryByValue } from '#shared/categories.ts'
import type { Challenge, ListedChallenge } from '#shared/challenge.ts'
import { type ChallengeStatus, DIFFICULTIES, type Difficulty } from '#shared/constants.ts'

/**
 * The catalogue's search, filters and sort (docs/product.md §2 Catalogue search): `?q=`, `?difficulty=`,
 * `?status=` (members only) and `?sort=`. The list API, the server's renderer and the pages all choose
 * challenges with `selectChallenges`, so a shared address shows the same cards everywhere. No schema
 * library here, so the catalogue pages do not load one: the API's schema is in catalogue-filters.ts.
 */
export const CATALOGUE_SORTS = ['newest', 'easiest', 'hardest', 'solved'] as const
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number]

/** How each order reads in a page's subtitle: "Every hero challenge in the library, easiest first." */
export const CATALOGUE_SORT_WORDS: Record<CatalogueSort, string> = {
  newest: 'newest first',
  easiest: 'easiest first',
  hardest: 'hardest first',
  solved: 'most solved first',
}

export const CATALOGUE_STATUSES = ['not-started', 'ongoing', 'completed'] as const
export type CatalogueStatus = (typeof CATALOGUE_STATUSES)[number]

/** A search longer than this is cut (in the pages) or refused (by the API). */
export const CATALOGUE_QUERY_MAX_LENGTH = 100

export type CatalogueFilters = {
  q: string
  difficulty: Difficulty | null
  status: CatalogueStatus | null
  sort: CatalogueSort
}

export const DEFAULT_CATALOGUE_FILTERS: CatalogueFilters = {
  q: '',
  difficulty: null,
  status: null,
  sort: 'newest',
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null
}

/** Spaces folded and trimmed, at most CATALOGUE_QUERY_MAX_LENGTH characters. */
export function normaliseQuery(q: string): string {
  return q.replace(/\s+/g, ' ').trim().slice(0, CATALOGUE_QUERY_MAX_LENGTH)
}

/**
 * The choices an address asks for. A value the page does not know (an old link, a typo) is read as no
 * choice, so such a link shows the whole catalogue rather than an error.
 */
export function parseCatalogueFilters(search: URLSearchParams | string): CatalogueFilters {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search
  return {
    q: normaliseQuery(params.get('q') ?? ''),
    difficulty: oneOf(DIFFICULTIES, params.get('difficulty')),
    status: oneOf(CATALOGUE_STATUSES, params.get('status')),
    sort: oneOf(CATALOGUE_SORTS, params.get('sort')) ?? DEFAULT_CATALOGUE_FILTERS.sort,
  }
}

/** The address's query for `filters`, defaults left out: the plain catalogue is plain `/challenges`. */
export function catalogueFiltersSearch(filters: CatalogueFilters): string {
  const params = new URLSearchParams()
  if (filters.q) params.set('q', filters.q)
  if (filters.difficulty) params.set('difficulty', filters.difficulty)
  if (filters.status) params.set('status', filters.status)
  if (filters.sort !== DEFAULT_CATALOGUE_FILTERS.sort) params.set('sort', filters.sort)
  const query = params.toString()
  return query ? `?${query}` : ''
}

/** Whether a search or a filter narrows the list (the sort only orders it). */
export function isCatalogueFiltered(filters: CatalogueFilters): boolean {
  return filters.q !== '' || filters.difficulty !== null || filters.status !== null
}

const DIFFICULTY_RANK: Record<Difficulty, number> = { easy: 0, intermediate: 1, hard: 2 }

/** The text a search looks in: title, description, and the category as stored and as named. */
function haystack(challenge: Challenge): string {
  const category = categoryByValue(challenge.category)
  return [challenge.title, challenge.description, challenge.category, category?.heading ?? '']
    .join('\n')
    .toLowerCase()
}

/**
 * The challenges that match, in the chosen order. `list` is newest first (the catalogue's order), which
 * every other order keeps among equals. `statusOf` is the member's status on a challenge; without it the
 * status filter does not apply (a visitor has none).
 */
export function selectChallenges<T extends ListedChallenge>(
  list: readonly T[],
  filters: Pick<CatalogueFilters, 'q' | 'difficulty' | 'sort'> & { status?: CatalogueStatus | null },
  statusOf?: (challengeId: number) => ChallengeStatus | null,
): T[] {
  const words = filters.q.toLowerCase().split(' ').filter(Boolean)
  const status = statusOf ? (filters.status ?? null) : null
  const selected = list.filter(
    (challenge) =>
      (!filters.difficulty || challenge.difficulty === filters.difficulty) &&
      (!status || (statusOf?.(challenge.id) ?? 'not-started') === status) &&
      (words.length === 0 || words.every((word) => haystack(challenge).includes(word))),
  )
  const position = new Map(list.map((challenge, index) => [challenge.id, index]))
  const newest = (a: T, b: T) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0)
  switch (filters.sort) {
    case 'easiest':
      return selected.sort(
        (a, b) => DIFFICULTY_RANK[a.difficulty] - DIFFICULTY_RANK[b.difficulty] || newest(a, b),
      )
    case 'hardest':
      return selected.sort(
        (a, b) => DIFFICULTY_RANK[b.difficulty] - DIFFICULTY_RANK[a.difficulty] || newest(a, b),
      )
    case 'solved':
      return selected.sort((a, b) => b.solutionCount - a.solutionCount || newest(a, b))
    default:
      return selected
  }
}
