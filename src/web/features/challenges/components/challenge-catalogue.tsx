import { useQuery } from '@tanstack/react-query'
import { type FormEvent, type RefObject, useEffect, useId, useMemo, useRef, useState } from 'react'
import { useLocation, useSearchParams } from 'react-router'
import {
  CATALOGUE_SORTS,
  CATALOGUE_STATUSES,
  type CatalogueFilters,
  type CatalogueSort,
  type CatalogueStatus,
  catalogueFiltersSearch,
  isCatalogueFiltered,
  normaliseQuery,
  parseCatalogueFilters,
  selectChallenges,
} from '#shared/catalogue-filters-rule.ts'
import type { ListedChallenge } from '#shared/challenge.ts'
import { type ChallengeStatus, DIFFICULTIES } from '#shared/constants.ts'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { EmptyState } from '#web/components/ui/empty-state.tsx'
import { FilterSelect, filterControlClass, filterLabelClass } from '#web/components/ui/filter-select.tsx'
import { useSession } from '#web/features/auth/use-session.ts'
import { statusesQuery } from '#web/features/challenges/api/progress.ts'
import { challengeGridClass } from '#web/features/challenges/components/challenge-browser.tsx'
import {
  ChallengeListCard,
  ChallengeListCardSkeleton,
} from '#web/features/challenges/components/challenge-list-card.tsx'
import { HydrateLater } from '#web/lib/hydrate-later.tsx'

/** docs/product.md §2 Catalogue search, word for word. */
export const CATALOGUE_TEXTS = {
  searchLabel: 'Search challenges',
  searchPlaceholder: 'Title, description or category',
  searchButton: 'Search',
  noMatch: 'No challenges match these filters.',
  clearFilters: 'Clear filters',
} as const

export const CATALOGUE_SORT_LABELS: Record<CatalogueSort, string> = {
  newest: 'Newest',
  easiest: 'Easiest first',
  hardest: 'Hardest first',
  solved: 'Most solved',
}

const STATUS_LABELS: Record<CatalogueStatus, string> = {
  'not-started': 'Not started',
  ongoing: 'Ongoing',
  completed: 'Completed',
}

const DIFFICULTY_LABELS = { easy: 'Easy', intermediate: 'Intermediate', hard: 'Hard' } as const

function countText(count: number): string {
  return count === 1 ? '1 challenge' : `${count} challenges`
}

/**
 * The search, filters and sort of /challenges and the category pages (docs/product.md §2), kept in the
 * address. It is a GET form, so it also works before the scripts run; afterwards every change updates
 * the address at once (the search box replaces the entry instead of adding one per key).
 */
function CatalogueFilterBar({
  filters,
  signedIn,
  searchRef,
  onChange,
}: {
  filters: CatalogueFilters
  signedIn: boolean
  searchRef: RefObject<HTMLInputElement | null>
  onChange: (next: Partial<CatalogueFilters>, options?: { replace?: boolean }) => void
}) {
  const { pathname } = useLocation()
  const searchId = useId()
  // What the box holds: the address keeps it normalised, and a trailing space must survive typing.
  const [text, setText] = useState(filters.q)
  useEffect(() => {
    setText((current) => (normaliseQuery(current) === filters.q ? current : filters.q))
  }, [filters.q])

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onChange({ q: normaliseQuery(text) })
  }

  return (
    <search aria-label="Search and filter challenges" className="mb-8 block">
      <form method="get" action={pathname} onSubmit={submit}>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={searchId} className={filterLabelClass}>
            {CATALOGUE_TEXTS.searchLabel}
          </label>
          <div className="flex gap-2">
            <input
              ref={searchRef}
              id={searchId}
              type="search"
              name="q"
              value={text}
              maxLength={100}
              autoComplete="off"
              placeholder={CATALOGUE_TEXTS.searchPlaceholder}
              onChange={(event) => {
                setText(event.target.value)
                onChange({ q: normaliseQuery(event.target.value) }, { replace: true })
              }}
              className={`${filterControlClass} min-w-0 flex-1 placeholder:text-slate-500`}
            />
            <button type="submit" className={buttonClasses('secondary', 'md', 'h-11 shrink-0')}>
              {CATALOGUE_TEXTS.searchButton}
            </button>
          </div>
        </div>
        <div className={`mt-4 grid grid-cols-2 gap-4 ${signedIn ? 'sm:grid-cols-3' : ''}`}>
          <FilterSelect
            label="Difficulty"
            name="difficulty"
            value={filters.difficulty ?? ''}
            onChange={(value) => onChange({ difficulty: DIFFICULTIES.find((d) => d === value) ?? null })}
          >
            <option value="">All difficulties</option>
            {DIFFICULTIES.map((difficulty) => (
              <option key={difficulty} value={difficulty}>
                {DIFFICULTY_LABELS[difficulty]}
              </option>
            ))}
          </FilterSelect>
          {signedIn ? (
            <FilterSelect
              label="Status"
              name="status"
              value={filters.status ?? ''}
              onChange={(value) => onChange({ status: CATALOGUE_STATUSES.find((s) => s === value) ?? null })}
            >
              <option value="">Any status</option>
              {CATALOGUE_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </FilterSelect>
          ) : null}
          <div className={signedIn ? 'col-span-2 sm:col-span-1' : ''}>
            <FilterSelect
              label="Sort by"
              name="sort"
              value={filters.sort}
              onChange={(value) => onChange({ sort: CATALOGUE_SORTS.find((s) => s === value) ?? 'newest' })}
            >
              {CATALOGUE_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {CATALOGUE_SORT_LABELS[sort]}
                </option>
              ))}
            </FilterSelect>
          </div>
        </div>
      </form>
    </search>
  )
}

/**
 * A catalogue list (all challenges or one category's) searched, filtered and sorted as its address says,
 * with the member's status on each card. The server renders it for a visitor with the same choices
 * (the status filter needs a member: it applies once their statuses are in).
 */
export function ChallengeCatalogue({ challenges }: { challenges: ListedChallenge[] }) {
  const [searchParams, setSearchParams] = useSearchParams()
  const filters = parseCatalogueFilters(searchParams)
  const session = useSession()
  const signedIn = session.status === 'signed-in'
  const statuses = useQuery({ ...statusesQuery(), enabled: signedIn })
  const statusById = useMemo(
    () =>
      statuses.data
        ? new Map<number, ChallengeStatus>(statuses.data.map((entry) => [entry.challengeId, entry.status]))
        : null,
    [statuses.data],
  )
  const choose = (next: Partial<CatalogueFilters>, options: { replace?: boolean } = {}) =>
    setSearchParams(catalogueFiltersSearch({ ...filters, ...next }), {
      preventScrollReset: true,
      replace: options.replace ?? false,
    })
  const { q, difficulty, status, sort } = filters
  const shown = useMemo(
    () =>
      selectChallenges(
        challenges,
        { q, difficulty, status, sort },
        statusById ? (id) => statusById.get(id) ?? null : undefined,
      ),
    [challenges, q, difficulty, status, sort, statusById],
  )
  // The same element while the list and the statuses are: a render for anything else (the session
  // check's answer) then passes over the cards' slices instead of hydrating all thirty at once, in one
  // task, to give them their new props (docs/decisions/019-first-visit-budgets.md).
  const grid = useMemo(
    () => (
      <ul className={challengeGridClass}>
        {shown.map((challenge) => (
          <li key={challenge.id} className="card-cell">
            <HydrateLater>
              <ChallengeListCard challenge={challenge} status={statusById?.get(challenge.id) ?? null} />
            </HydrateLater>
          </li>
        ))}
      </ul>
    ),
    [shown, statusById],
  )
  // A member's status filter waits for their statuses rather than showing every challenge first.
  const waiting = signedIn && filters.status !== null && statuses.isPending

  const searchRef = useRef<HTMLInputElement>(null)
  const noMatch = !waiting && shown.length === 0 && isCatalogueFiltered(filters)

  return (
    <>
      <CatalogueFilterBar filters={filters} signedIn={signedIn} searchRef={searchRef} onChange={choose} />
      {/* One region throughout, so a screen reader hears each new count as the choices change. */}
      <p aria-live="polite" className={noMatch ? 'sr-only' : 'mb-6 text-sm text-slate-600'}>
        {waiting ? '' : countText(shown.length)}
      </p>
      {waiting ? (
        <div className={challengeGridClass}>
          <ChallengeListCardSkeleton />
          <ChallengeListCardSkeleton />
        </div>
      ) : noMatch ? (
        <EmptyState text={CATALOGUE_TEXTS.noMatch}>
          <button
            type="button"
            className={buttonClasses('primary')}
            onClick={() => {
              choose({ q: '', difficulty: null, status: null })
              // The button goes with the empty state: the search box is where to carry on.
              searchRef.current?.focus()
            }}
          >
            {CATALOGUE_TEXTS.clearFilters}
          </button>
        </EmptyState>
      ) : (
        grid
      )}
    </>
  )
}
