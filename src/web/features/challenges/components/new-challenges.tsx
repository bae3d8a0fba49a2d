import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { NEW_CHALLENGES_COUNT } from '#shared/constants.ts'
import { paths } from '#shared/paths.ts'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { ArrowRightIcon } from '#web/components/ui/icons.tsx'
import { SectionHeading } from '#web/components/ui/section-heading.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { challengeListQuery } from '#web/features/challenges/api/challenges.ts'
import { ChallengeCard, ChallengeCardSkeleton } from '#web/features/challenges/components/challenge-card.tsx'
import { HydrateLater } from '#web/lib/hydrate-later.tsx'

/**
 * "New Challenges" (docs/product.md §2 Home): the NEW_CHALLENGES_COUNT newest challenges and a way to all of
 * them. Used on Home and on the member dashboard. Reads the same list query as /challenges, so going
 * there next costs no request.
 */
export function NewChallenges({ className = '' }: { className?: string }) {
  const list = useQuery(challengeListQuery())
  const newest = list.data?.slice(0, NEW_CHALLENGES_COUNT)

  return (
    <section aria-labelledby="new-challenges-heading" className={className}>
      <div className="flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between">
        <SectionHeading
          id="new-challenges-heading"
          eyebrow="Fresh designs"
          title="New Challenges"
          align="left"
        >
          The latest designs added to the library. Pick one and start building today.
        </SectionHeading>
        <Link
          to={paths.challenges}
          className={buttonClasses('secondary', 'md', 'shrink-0 self-start sm:self-auto')}
        >
          Explore more
          <ArrowRightIcon className="size-4" />
        </Link>
      </div>

      {list.isPending ? (
        <>
          <p role="status" className="mt-10 flex items-center gap-2 text-sm font-medium text-slate-600">
            <Spinner className="size-4" />
            Loading new challenges...
          </p>
          <div className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: NEW_CHALLENGES_COUNT }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
              <ChallengeCardSkeleton key={index} />
            ))}
          </div>
        </>
      ) : list.isError ? (
        <div className="mt-10 rounded-2xl border border-rose-200 bg-rose-50 p-6 text-sm text-rose-800">
          <p>New challenges could not be loaded: {list.error.message}</p>
          <button
            type="button"
            onClick={() => list.refetch()}
            className="mt-3 font-semibold underline underline-offset-2 hover:no-underline"
          >
            Try again
          </button>
        </div>
      ) : newest && newest.length > 0 ? (
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {newest.map((challenge) => (
            <li key={challenge.id} className="card-cell">
              <HydrateLater>
                <ChallengeCard challenge={challenge} />
              </HydrateLater>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-10 rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          No challenges yet. New designs are on their way.
        </p>
      )}
    </section>
  )
}
