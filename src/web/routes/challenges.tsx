import { useQuery } from '@tanstack/react-query'
import { useLocation } from 'react-router'
import { CATALOGUE_SORT_WORDS, parseCatalogueFilters } from '#shared/catalogue-filters-rule.ts'
import { LoadError } from '#web/components/network-error.tsx'
import { PageTitle } from '#web/components/page-title.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { challengeListQuery } from '#web/features/challenges/api/challenges.ts'
import {
  ChallengeBrowser,
  challengeGridClass,
} from '#web/features/challenges/components/challenge-browser.tsx'
import { ChallengeCatalogue } from '#web/features/challenges/components/challenge-catalogue.tsx'
import { ChallengeListCardSkeleton } from '#web/features/challenges/components/challenge-list-card.tsx'
import { brandName, page, serverLoader } from '#web/lib/route-data.ts'

export { RouteError as ErrorBoundary } from '#web/components/route-error.tsx'

/** /challenges: every challenge, newest first unless sorted otherwise, searched, filtered and sorted in the address (docs/product.md §2). */
export function Component() {
  const list = useQuery(challengeListQuery())
  const { sort } = parseCatalogueFilters(useLocation().search)

  if (list.isError) {
    return (
      <LoadError
        error={list.error}
        message="Check your internet connection and try again"
        onRetry={() => list.refetch()}
      />
    )
  }

  return (
    <ChallengeBrowser
      heading="All Challenges"
      intro={`Real-world designs for every level, ${CATALOGUE_SORT_WORDS[sort]}. Pick one, build it pixel by pixel and submit your live site.`}
    >
      <PageTitle>All Challenges</PageTitle>
      {list.isPending ? (
        <>
          <p role="status" className="mb-6 flex items-center gap-2 text-sm font-medium text-slate-600">
            <Spinner className="size-4" />
            Loading challenges...
          </p>
          <div className={challengeGridClass}>
            <ChallengeListCardSkeleton />
            <ChallengeListCardSkeleton />
            <ChallengeListCardSkeleton />
            <ChallengeListCardSkeleton />
          </div>
        </>
      ) : (
        <ChallengeCatalogue challenges={list.data} />
      )}
    </ChallengeBrowser>
  )
}

/** The page's own components search, filter and sort the list as the address says. */
export const loader = serverLoader(async ({ request }, queryClient) => {
  await queryClient.ensureQueryData(challengeListQuery())
  const { sort } = parseCatalogueFilters(new URL(request.url).search)
  return page({
    description: `Every challenge in the ${await brandName(queryClient)} library, ${CATALOGUE_SORT_WORDS[sort]}.`,
  })
})
