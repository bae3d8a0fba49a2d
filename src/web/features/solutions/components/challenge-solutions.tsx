import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { Link, useParams, useSearchParams } from 'react-router'
import type { Challenge } from '#shared/challenge.ts'
import { paths } from '#shared/paths.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { EmptyState } from '#web/components/ui/empty-state.tsx'
import { challengeBySlugQuery } from '#web/features/challenges/api/challenges.ts'
import { ChallengeHeader } from '#web/features/challenges/components/challenge-detail.tsx'
import { WithChallenge } from '#web/features/challenges/components/with-challenge.tsx'
import { challengeGalleryQuery } from '#web/features/solutions/api/solutions.ts'
import { SolutionGallery } from '#web/features/solutions/components/solution-gallery.tsx'
import { SortSelect } from '#web/features/solutions/components/solutions-page.tsx'
import { galleryFiltersSearch, parseGalleryFilters } from '#web/features/solutions/gallery-filters.ts'
import { isApiNotFound } from '#web/lib/api-client.ts'

/** docs/product.md §11, word for word. */
export const CHALLENGE_SOLUTIONS_TEXTS = {
  heading: 'Solutions',
  empty: (title: string) => `No solutions yet. Be the first to solve ${title}.`,
  emptyLink: 'Go to the challenge',
  title: (title: string) => `${title} solutions`,
} as const

/** The route's page: the challenge by its slug, then its gallery; an unknown slug is the 404 page. */
export function ChallengeSolutionsPage() {
  const { challengeId: slug = '' } = useParams()
  const challenge = useQuery({
    ...challengeBySlugQuery(slug),
    retry: (failures, error) => !isApiNotFound(error) && failures < 1,
  })
  return (
    <WithChallenge challenge={challenge}>
      {(data) => (
        <>
          <PageTitle>{CHALLENGE_SOLUTIONS_TEXTS.title(data.title)}</PageTitle>
          <ChallengeSolutions challenge={data} />
        </>
      )}
    </WithChallenge>
  )
}

/**
 * /challenge/:slug/solutions: the challenge's Solutions tab (docs/product.md §11), its listed solutions
 * sorted by date or score (`?sort=`, kept in the address).
 */
export function ChallengeSolutions({ challenge }: { challenge: Challenge }) {
  const [searchParams, setSearchParams] = useSearchParams()
  const { sort } = parseGalleryFilters(searchParams)
  const gallery = useInfiniteQuery(challengeGalleryQuery(challenge.id, sort))
  return (
    <>
      <ChallengeHeader challenge={challenge} section="solutions" />
      <section aria-labelledby="solutions-heading" className="page-container flex-1 py-8 sm:py-10">
        <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
          <h2 id="solutions-heading" className="text-2xl font-bold tracking-tight text-slate-900">
            {CHALLENGE_SOLUTIONS_TEXTS.heading}
          </h2>
          <div className="w-full sm:w-56">
            <SortSelect
              value={sort}
              onChange={(next) =>
                setSearchParams(galleryFiltersSearch({ sort: next, category: null, difficulty: null }), {
                  preventScrollReset: true,
                })
              }
            />
          </div>
        </div>
        <SolutionGallery
          query={gallery}
          showChallenge={false}
          empty={
            <EmptyState text={CHALLENGE_SOLUTIONS_TEXTS.empty(challenge.title)}>
              <Link to={paths.challenge(challenge.slug)} className={buttonClasses('primary')}>
                {CHALLENGE_SOLUTIONS_TEXTS.emptyLink}
              </Link>
            </EmptyState>
          }
        />
      </section>
    </>
  )
}
