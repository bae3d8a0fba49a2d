import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { paths } from '#shared/paths.ts'
import { ArrowRightIcon } from '#web/components/ui/icons.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { DifficultyBadge } from '#web/features/challenges/components/difficulty-badge.tsx'
import { nextChallengeQuery } from '#web/features/learning-paths/api/learning-paths.ts'

/**
 * "Up next" on the dashboard (docs/product.md §15): the challenge to do next and why. Nothing
 * when there is nothing to suggest, or when it could not be read (the dashboard has the rest).
 */
export function NextChallengeCard({ className = '' }: { className?: string }) {
  const next = useQuery(nextChallengeQuery())
  if (next.isError || next.data === null) return null
  const suggestion = next.data
  return (
    <section
      aria-labelledby="next-challenge-heading"
      data-testid="next-challenge"
      className={`rounded-2xl border border-accent-200 bg-accent-50 p-6 shadow-card ${className}`}
    >
      <h2
        id="next-challenge-heading"
        className="text-sm font-semibold tracking-[0.12em] text-accent-800 uppercase"
      >
        Up next
      </h2>
      {suggestion ? (
        <div className="mt-2 flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <p className="text-xl font-bold tracking-tight break-words text-slate-900">
              {suggestion.challenge.title}
            </p>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
              <span data-testid="next-challenge-reason">{suggestion.reason}</span>
              <DifficultyBadge difficulty={suggestion.challenge.difficulty} />
            </p>
          </div>
          <Link
            to={paths.challenge(suggestion.challenge.slug)}
            className="inline-flex items-center gap-1.5 rounded-sm text-sm font-semibold text-accent-800 underline-offset-4 hover:underline"
          >
            Go to {suggestion.challenge.title}
            <ArrowRightIcon className="size-4" />
          </Link>
        </div>
      ) : (
        <>
          <span className="sr-only" role="status">
            Loading your next challenge...
          </span>
          <Skeleton className="mt-3 h-6 w-64 max-w-full" />
        </>
      )}
    </section>
  )
}
