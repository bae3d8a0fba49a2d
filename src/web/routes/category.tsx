import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { type CategoryInfo, categoryByPath } from '#shared/categories.ts'
import { paths } from '#shared/paths.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { AlertIcon } from '#web/components/ui/icons.tsx'
import { challengeCategoryQuery } from '#web/features/challenges/api/challenges.ts'
import {
  ChallengeBrowser,
  challengeGridClass,
} from '#web/features/challenges/components/challenge-browser.tsx'
import {
  ChallengeListCard,
  ChallengeListCardSkeleton,
} from '#web/features/challenges/components/challenge-list-card.tsx'
import { HydrateLater } from '#web/lib/hydrate-later.tsx'
import { NotFoundPage } from '#web/routes/not-found.tsx'

export { RouteError as ErrorBoundary } from '#web/components/route-error.tsx'

/** /challenges/:category (docs/product.md §2): one category's challenges; an unknown category is a 404. */
export function Component() {
  const { category: segment = '' } = useParams()
  const category = categoryByPath(segment)
  if (!category) return <NotFoundPage />
  return <CategoryChallenges key={category.value} category={category} />
}

function CategoryChallenges({ category }: { category: CategoryInfo }) {
  const list = useQuery(challengeCategoryQuery(category.value))

  return (
    <ChallengeBrowser
      heading={category.heading}
      intro={`Every ${category.heading.toLowerCase()} challenge in the library, newest first.`}
    >
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
        <>
          <p className="mb-6 text-sm text-slate-600">
            {list.data.length === 1 ? '1 challenge' : `${list.data.length} challenges`}
          </p>
          <ul className={challengeGridClass}>
            {list.data.map((challenge) => (
              <li key={challenge.id} className="card-cell">
                <HydrateLater>
                  <ChallengeListCard challenge={challenge} />
                </HydrateLater>
              </li>
            ))}
          </ul>
        </>
      )}
    </ChallengeBrowser>
  )
}
