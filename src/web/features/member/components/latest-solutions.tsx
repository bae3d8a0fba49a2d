import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import type { MemberChallengesResponse } from '#shared/member.ts'
import { paths } from '#shared/paths.ts'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { EmptyState } from '#web/components/ui/empty-state.tsx'
import { memberChallengesQuery } from '#web/features/member/api/member.ts'
import { CompletedWork } from '#web/features/member/components/completed-work.tsx'
import { LatestReview } from '#web/features/member/components/latest-review.tsx'

type MemberChallenge = MemberChallengesResponse['challenges'][number]

/** How many of the member's newest solutions the dashboard shows. */
const SHOWN = 3

/** docs/product.md §2 Dashboard, word for word. */
export const LATEST_SOLUTIONS_TEXTS = {
  heading: 'Your latest solutions',
  empty: 'No solution yet. Build a challenge and submit your live site: it shows here with its review.',
  next: 'Browse challenges',
} as const

/** When the member last did something with it: its newest review, else its completion. */
const lastActivity = (entry: MemberChallenge) => entry.review?.createdAt ?? entry.completedAt ?? ''

/**
 * The newest solutions, submitted or completed, newest review first (never-submitted starts are left
 * out): ongoing and completed lists merged, each entry's review already in it.
 */
export function latestSolutions(lists: readonly (readonly MemberChallenge[])[]): MemberChallenge[] {
  return lists
    .flat()
    .filter((entry) => entry.review !== null || entry.status === 'completed')
    .sort((a, b) => lastActivity(b).localeCompare(lastActivity(a)))
    .slice(0, SHOWN)
}

/**
 * The dashboard's "Your latest solutions" (docs/product.md §2 Dashboard, §11): the newest solutions the
 * member submitted, each with its latest review's state (running, failed with its reason, passed with
 * its score), its live site and its solution page; with none, what to do next. Nothing while the lists
 * load or fail (the page's own counts report errors).
 */
export function LatestSolutions({ className = '' }: { className?: string }) {
  const ongoing = useQuery(memberChallengesQuery('ongoing'))
  const completed = useQuery(memberChallengesQuery('completed'))
  if (!ongoing.data || !completed.data) return null
  const latest = latestSolutions([ongoing.data, completed.data])
  return (
    <section aria-labelledby="latest-solutions-heading" className={className}>
      <h2 id="latest-solutions-heading" className="text-xl font-bold tracking-tight text-slate-900">
        {LATEST_SOLUTIONS_TEXTS.heading}
      </h2>
      {latest.length === 0 ? (
        <div className="mt-4">
          <EmptyState text={LATEST_SOLUTIONS_TEXTS.empty}>
            <Link to={paths.challenges} className={buttonClasses('primary', 'md')}>
              {LATEST_SOLUTIONS_TEXTS.next}
            </Link>
          </EmptyState>
        </div>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {latest.map((entry) => (
            <li
              key={entry.challenge.id}
              data-testid="latest-solution"
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-card"
            >
              <h3 className="text-base font-semibold tracking-tight text-slate-900">
                {entry.challenge.title}
              </h3>
              <div className="mt-3">
                <LatestReview review={entry.review} title={entry.challenge.title} />
              </div>
              <CompletedWork entry={entry} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
