import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { Spinner } from '#web/components/ui/spinner.tsx'

/** What a `Load more` footer says: its button, the button while the next page loads, and its failure. */
export type LoadMoreTexts = {
  readonly loadMore: string
  readonly loadingMore: string
  readonly loadMoreFailed: string
}

/** The part of an infinite query the footer reads. */
type NextPageQuery = {
  isFetchingNextPage: boolean
  isFetchNextPageError: boolean
  fetchNextPage: () => Promise<unknown>
}

/**
 * The footer under a list loaded page by page (docs/product.md §11, §12): the button that loads the next
 * page, a spinner in it while the page loads, and an alert above it when the page fails. `onLoad` runs
 * just before the next page is asked for (a list notes where the new items will start).
 */
export function LoadMore({
  query,
  texts,
  onLoad,
  className = 'mt-8',
}: {
  query: NextPageQuery
  texts: LoadMoreTexts
  onLoad?: () => void
  className?: string
}) {
  return (
    <div className={`${className} flex flex-col items-center gap-3`}>
      {query.isFetchNextPageError ? (
        <p role="alert" className="text-sm font-medium text-rose-800">
          {texts.loadMoreFailed}
        </p>
      ) : null}
      <button
        type="button"
        className={buttonClasses('secondary')}
        // Not `disabled`: a disabled button loses focus, and focus must stay here if the page fails.
        aria-disabled={query.isFetchingNextPage}
        onClick={() => {
          if (query.isFetchingNextPage) return
          onLoad?.()
          void query.fetchNextPage()
        }}
      >
        {query.isFetchingNextPage ? (
          <>
            <Spinner className="size-4" />
            {texts.loadingMore}
          </>
        ) : (
          texts.loadMore
        )}
      </button>
    </div>
  )
}
