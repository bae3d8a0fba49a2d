import { describe, expect, it } from 'vitest'
import type { ListedChallenge } from '#shared/challenge.ts'
import {
  catalogueFiltersSearch,
  DEFAULT_CATALOGUE_FILTERS,
  isCatalogueFiltered,
  parseCatalogueFilters,
  selectChallenges,
} from './catalogue-filters.ts'

function challenge(id: number, fields: Partial<ListedChallenge>): ListedChallenge {
  return {
    id,
    slug: `c-${id}`,
    title: `Challenge ${id}`,
    description: 'A page to build.',
    category: 'navbar',
    difficulty: 'easy',
    templateImg: '',
    tabletImg: '',
    mobileImg: '',
    thumbnails: { desktop: '', tablet: '', mobile: '' },
    publishedAt: '2026-01-01T00:00:00.000Z',
    designs: { views: [], states: [] },
    solutionCount: 0,
    ...fields,
  }
}

// Newest first, as the catalogue lists them.
const LIST = [
  challenge(4, { title: 'Orbit Navbar', difficulty: 'hard', solutionCount: 1 }),
  challenge(3, { title: 'Quiet Footer', category: 'footer', difficulty: 'easy', solutionCount: 5 }),
  challenge(2, {
    title: 'Lamp Shop',
    category: 'landing-page',
    difficulty: 'intermediate',
    solutionCount: 1,
  }),
  challenge(1, { title: 'First Hero', category: 'hero', difficulty: 'easy', description: 'A bold ORBIT.' }),
]
const ids = (list: ListedChallenge[]) => list.map((c) => c.id)

describe('the catalogue address (docs/product.md §2 Catalogue search)', () => {
  it('reads known values, ignores unknown ones and folds the search', () => {
    expect(
      parseCatalogueFilters('?q=%20%20Orbit%20%20nav%20&difficulty=hard&status=ongoing&sort=solved'),
    ).toEqual({
      q: 'Orbit nav',
      difficulty: 'hard',
      status: 'ongoing',
      sort: 'solved',
    })
    expect(parseCatalogueFilters('?difficulty=expert&status=done&sort=popular')).toEqual(
      DEFAULT_CATALOGUE_FILTERS,
    )
    expect(parseCatalogueFilters(`?q=${'x'.repeat(150)}`).q).toHaveLength(100)
  })

  it('writes the defaults out, and only the search and filters count as filtering', () => {
    expect(catalogueFiltersSearch(DEFAULT_CATALOGUE_FILTERS)).toBe('')
    expect(
      catalogueFiltersSearch({ q: 'a b', difficulty: 'easy', status: 'not-started', sort: 'hardest' }),
    ).toBe('?q=a+b&difficulty=easy&status=not-started&sort=hardest')
    expect(isCatalogueFiltered({ ...DEFAULT_CATALOGUE_FILTERS, sort: 'easiest' })).toBe(false)
    expect(isCatalogueFiltered({ ...DEFAULT_CATALOGUE_FILTERS, status: 'completed' })).toBe(true)
  })
})

describe('selectChallenges', () => {
  const select = (search: string, statusOf?: (id: number) => 'ongoing' | 'completed' | null) =>
    ids(selectChallenges(LIST, parseCatalogueFilters(search), statusOf))

  it('finds every word in the title, the description or the category, whatever the case', () => {
    expect(select('?q=orbit')).toEqual([4, 1])
    expect(select('?q=ORBIT%20navbar')).toEqual([4])
    expect(select('?q=landing%20page')).toEqual([2])
    expect(select('?q=landing-page')).toEqual([2])
    expect(select('?q=orbit%20footer')).toEqual([])
  })

  it('filters by difficulty, and by status only for a member', () => {
    expect(select('?difficulty=easy')).toEqual([3, 1])
    const statusOf = (id: number) => (id === 3 ? 'ongoing' : id === 1 ? 'completed' : null)
    expect(select('?status=ongoing', statusOf)).toEqual([3])
    expect(select('?status=completed', statusOf)).toEqual([1])
    expect(select('?status=not-started', statusOf)).toEqual([4, 2])
    // A visitor has no statuses: the filter does not apply.
    expect(select('?status=ongoing')).toEqual([4, 3, 2, 1])
  })

  it('sorts by difficulty or solutions, keeping the newest first among equals', () => {
    expect(select('')).toEqual([4, 3, 2, 1])
    expect(select('?sort=easiest')).toEqual([3, 1, 2, 4])
    expect(select('?sort=hardest')).toEqual([4, 2, 3, 1])
    expect(select('?sort=solved')).toEqual([3, 4, 2, 1])
    // The list given is left as it was.
    expect(ids(LIST)).toEqual([4, 3, 2, 1])
  })
})
