import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query'
import { type ReactNode, useEffect, useRef } from 'react'
import type { SolutionCard as Card } from '#shared/solution.ts'
import { LoadMore } from '#web/components/load-more.tsx'
import { LoadError } from '#web/components/network-error.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { SolutionCard, SolutionCardSkeleton } from '#web/features/solutions/components/solution-card.tsx'
import { HydrateLater } from '#web/lib/hydrate-later.tsx'

/** docs/product.md §11, word for word. */
export const GALLERY_TEXTS = {
  loading: 'Loading solutions...',
  loadMore: 'Load more solutions',
  loadingMore: 'Loading more solutions...',
  loadMoreFailed: 'We could not load more solutions. Please try again.',
  failed: 'Check your internet connection and try again',
} as const

export const galleryGridClass = 'grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3'

type GalleryQuery<T extends Card> = UseInfiniteQueryResult<
  InfiniteData<{ solutions: T[]; nextCursor: string | null }, unknown>
>

/**
 * A gallery's cards, page after page (docs/product.md §11): skeletons while the first page loads, the
 * Network Error screen with `Try again` when it fails (`Something went wrong` when the server answered
 * with an error), `empty` when there is no card, and
 * `Load more solutions` while a next page exists. A loaded page moves focus to its first card, so
 * keyboard and screen reader users carry on where the new cards start (the button may be gone).
 */
export function SolutionGallery<T extends Card>({
  query,
  showChallenge,
  empty,
  note,
}: {
  query: GalleryQuery<T>
  showChallenge: boolean
  empty: ReactNode
  /** A card's line of its own (the needs-feedback list's "You built this one too"). */
  note?: (card: T) => string | null
}) {
  const listRef = useRef<HTMLUListElement>(null)
  /** The card count when `Load more` was pressed: the first new card's index. */
  const focusFrom = useRef<number | null>(null)
  const cards = query.data?.pages.flatMap((page) => page.solutions) ?? []

  useEffect(() => {
    const from = focusFrom.current
    if (from === null || query.isFetchingNextPage) return
    if (cards.length > from) {
      focusFrom.current = null
      listRef.current?.querySelectorAll<HTMLAnchorElement>(':scope > li > a')[from]?.focus()
    }
  }, [cards.length, query.isFetchingNextPage])

  if (query.isPending) {
    return (
      <>
        <p role="status" className="mb-6 flex items-center gap-2 text-sm font-medium text-slate-600">
          <Spinner className="size-4" />
          {GALLERY_TEXTS.loading}
        </p>
        <div className={galleryGridClass}>
          <SolutionCardSkeleton />
          <SolutionCardSkeleton />
          <SolutionCardSkeleton />
        </div>
      </>
    )
  }
  if (query.isError && cards.length === 0) {
    return (
      <LoadError
        error={query.error}
        headingLevel={2}
        message={GALLERY_TEXTS.failed}
        onRetry={() => query.refetch()}
      />
    )
  }
  if (cards.length === 0) return <>{empty}</>

  return (
    <>
      <ul ref={listRef} className={galleryGridClass}>
        {cards.map((solution) => (
          <li key={solution.id}>
            {/* Each card hydrates in a slice of its own, as the challenge lists' do. */}
            <HydrateLater>
              <SolutionCard solution={solution} showChallenge={showChallenge} note={note?.(solution)} />
            </HydrateLater>
          </li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <LoadMore
          query={query}
          texts={GALLERY_TEXTS}
          className="mt-10"
          onLoad={() => {
            focusFrom.current = cards.length
          }}
        />
      ) : null}
    </>
  )
}
