import { useInfiniteQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { CATEGORIES } from '#shared/categories.ts'
import { paths } from '#shared/paths.ts'
import { DIFFICULTY_VALUES, GALLERY_SORTS, type GallerySort } from '#shared/solution-rule.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { EmptyState } from '#web/components/ui/empty-state.tsx'
import { FilterSelect } from '#web/components/ui/filter-select.tsx'
import { galleryQuery } from '#web/features/solutions/api/solutions.ts'
import { SolutionGallery } from '#web/features/solutions/components/solution-gallery.tsx'
import {
  DEFAULT_FILTERS,
  type GalleryFilters,
  galleryFiltersSearch,
  isFiltered,
  parseGalleryFilters,
} from '#web/features/solutions/gallery-filters.ts'

/** docs/product.md §11, word for word. */
export const SOLUTIONS_PAGE_TEXTS = {
  heading: 'Solutions',
  intro:
    'Live sites members built from the challenges, each one passed by its review. Open one to see how it was made.',
  noneYet: 'No solutions yet. Pick a challenge and be the first.',
  noneYetLink: 'Browse challenges',
  noMatch: 'No solutions match these filters.',
  clearFilters: 'Clear filters',
  /** docs/product.md §12. */
  needsFeedbackLink: 'Solutions that need feedback',
} as const

export const SORT_LABELS: Record<GallerySort, string> = {
  newest: 'Newest',
  score: 'Highest score',
  liked: 'Most liked',
}
const DIFFICULTY_LABELS = { easy: 'Easy', intermediate: 'Intermediate', hard: 'Hard' } as const

/** The sort of a gallery, kept in the address like the filters. */
export function SortSelect({
  value,
  onChange,
}: {
  value: GallerySort
  onChange: (sort: GallerySort) => void
}) {
  return (
    <FilterSelect label="Sort by" value={value} onChange={(sort) => onChange(sort as GallerySort)}>
      {GALLERY_SORTS.map((sort) => (
        <option key={sort} value={sort}>
          {SORT_LABELS[sort]}
        </option>
      ))}
    </FilterSelect>
  )
}

/**
 * /solutions: every listed solution (docs/product.md §11), filtered by category and difficulty and sorted
 * by date or score, the choices kept in the address (`?category=`, `?difficulty=`, `?sort=`).
 */
export function SolutionsPage() {
  const [searchParams, setSearchParams] = useSearchParams()
  const filters = parseGalleryFilters(searchParams)
  const gallery = useInfiniteQuery(galleryQuery(filters))
  const choose = (next: Partial<GalleryFilters>) =>
    setSearchParams(galleryFiltersSearch({ ...filters, ...next }), { preventScrollReset: true })

  return (
    <>
      <PageTitle>Solutions</PageTitle>
      <header className="border-b border-slate-200 bg-slate-50">
        <div className="page-container py-10 sm:py-14">
          <p className="text-sm font-semibold tracking-[0.12em] text-accent-700 uppercase">Gallery</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {SOLUTIONS_PAGE_TEXTS.heading}
          </h1>
          <p className="mt-3 max-w-2xl text-base leading-7 text-slate-600">{SOLUTIONS_PAGE_TEXTS.intro}</p>
          <p className="mt-4">
            <Link
              to={paths.needsFeedback}
              className="inline-flex items-center gap-1.5 font-semibold text-accent-800 underline underline-offset-4"
            >
              {SOLUTIONS_PAGE_TEXTS.needsFeedbackLink}
            </Link>
          </p>
        </div>
      </header>
      <div className="page-container flex-1 py-8 sm:py-10">
        <search aria-label="Filter solutions" className="mb-8 block">
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:max-w-3xl">
            <FilterSelect
              label="Category"
              value={filters.category ?? ''}
              onChange={(value) =>
                choose({ category: CATEGORIES.find((c) => c.value === value)?.value ?? null })
              }
            >
              <option value="">All categories</option>
              {CATEGORIES.map((category) => (
                <option key={category.value} value={category.value}>
                  {category.heading}
                </option>
              ))}
            </FilterSelect>
            <FilterSelect
              label="Difficulty"
              value={filters.difficulty ?? ''}
              onChange={(value) => choose({ difficulty: DIFFICULTY_VALUES.find((d) => d === value) ?? null })}
            >
              <option value="">All difficulties</option>
              {DIFFICULTY_VALUES.map((difficulty) => (
                <option key={difficulty} value={difficulty}>
                  {DIFFICULTY_LABELS[difficulty]}
                </option>
              ))}
            </FilterSelect>
            <div className="col-span-2 sm:col-span-1">
              <SortSelect value={filters.sort} onChange={(sort) => choose({ sort })} />
            </div>
          </div>
        </search>
        <SolutionGallery
          query={gallery}
          showChallenge
          empty={
            isFiltered(filters) ? (
              <EmptyState text={SOLUTIONS_PAGE_TEXTS.noMatch}>
                <button
                  type="button"
                  className={buttonClasses('primary')}
                  onClick={() =>
                    choose({ category: DEFAULT_FILTERS.category, difficulty: DEFAULT_FILTERS.difficulty })
                  }
                >
                  {SOLUTIONS_PAGE_TEXTS.clearFilters}
                </button>
              </EmptyState>
            ) : (
              <EmptyState text={SOLUTIONS_PAGE_TEXTS.noneYet}>
                <Link to={paths.challenges} className={buttonClasses('primary')}>
                  {SOLUTIONS_PAGE_TEXTS.noneYetLink}
                </Link>
              </EmptyState>
            )
          }
        />
      </div>
    </>
  )
}
