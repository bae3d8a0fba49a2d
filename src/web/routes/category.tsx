import { useQuery } from '@tanstack/react-query'
import { Link, Navigate, useLocation, useParams } from 'react-router'
import { CATALOGUE_SORT_WORDS, parseCatalogueFilters } from '#shared/catalogue-filters-rule.ts'
import { type CategoryInfo, categoryByPath, categoryByValue } from '#shared/categories.ts'
import { paths } from '#shared/paths.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { AlertIcon } from '#web/components/ui/icons.tsx'
import { challengeCategoryQuery } from '#web/features/challenges/api/challenges.ts'
import {
  ChallengeBrowser,
  challengeGridClass,
} from '#web/features/challenges/components/challenge-browser.tsx'
import { ChallengeCatalogue } from '#web/features/challenges/components/challenge-catalogue.tsx'
import { ChallengeListCardSkeleton } from '#web/features/challenges/components/challenge-list-card.tsx'
import { notFound, page, serverLoader } from '#web/lib/route-data.ts'
import { NotFoundPage } from '#web/routes/not-found.tsx'

export { RouteError as ErrorBoundary } from '#web/components/route-error.tsx'

/**
 * /challenges/:category (docs/product.md §2): one category's challenges; an unknown category is a 404. A
 * category named as stored (`landing-page`) goes to its page (`landingpage`), as the server redirects.
 */
export function Component() {
  const { category: segment = '' } = useParams()
  const { search } = useLocation()
  const category = categoryByPath(segment)
  const stored = categoryByValue(segment)
  if (!category && stored) return <Navigate replace to={`${paths.category(stored)}${search}`} />
  if (!category) return <NotFoundPage browse={{ to: paths.challenges, label: 'Browse challenges' }} />
  return <CategoryChallenges key={category.value} category={category} />
}

/** The page's subtitle, in the order the address chose (docs/product.md §2 Category list). */
function categoryIntro(category: CategoryInfo, search: string): string {
  const { sort } = parseCatalogueFilters(search)
  return `Every ${category.heading.toLowerCase()} challenge in the library, ${CATALOGUE_SORT_WORDS[sort]}.`
}

function CategoryChallenges({ category }: { category: CategoryInfo }) {
  const list = useQuery(challengeCategoryQuery(category.value))
  const { search } = useLocation()

  return (
    <ChallengeBrowser heading={category.heading} intro={categoryIntro(category, search)}>
      <PageTitle>{`${category.heading} Challenges`}</PageTitle>
      {list.isPending ? (
        <>
          <p role="status" className="sr-only">
            Loading challenges...
          </p>
          <div className={challengeGridClass}>
            <ChallengeListCardSkeleton />
            <ChallengeListCardSkeleton />
          </div>
        </>
      ) : list.isError ? (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-2xl border border-rose-200 bg-rose-50 p-5 text-rose-800"
        >
          <AlertIcon className="mt-0.5 size-5 shrink-0" />
          <div>
            <p className="font-medium">Error : {list.error.message}</p>
            <button
              type="button"
              onClick={() => list.refetch()}
              className="mt-2 text-sm font-semibold underline underline-offset-2 hover:no-underline"
            >
              Try again
            </button>
          </div>
        </div>
      ) : list.data.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-16 text-center">
          <p className="text-lg font-semibold text-slate-900">No {category.heading} challenges yet</p>
          <p className="mt-2 text-slate-600">
            New designs are added regularly. Try another category meanwhile.
          </p>
          <Link
            to={paths.challenges}
            className="mt-5 inline-block font-semibold text-accent-700 underline underline-offset-2 hover:no-underline"
          >
            Browse all challenges
          </Link>
        </div>
      ) : (
        <ChallengeCatalogue challenges={list.data} />
      )}
    </ChallengeBrowser>
  )
}

export const loader = serverLoader(async ({ params, request }, queryClient) => {
  const category = categoryByPath(params.category ?? '')
  if (!category) return notFound()
  await queryClient.ensureQueryData(challengeCategoryQuery(category.value))
  return page({ description: categoryIntro(category, new URL(request.url).search) })
})
