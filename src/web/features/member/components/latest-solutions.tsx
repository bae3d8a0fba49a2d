import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { paths } from '#shared/paths.ts'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { EmptyState } from '#web/components/ui/empty-state.tsx'
import { memberChallengesQuery } from '#web/features/member/api/member.ts'
import { CompletedWork } from '#web/features/member/components/completed-work.tsx'

/** How many of the member's newest completed challenges the dashboard shows. */
const SHOWN = 3

/** docs/product.md §2 Dashboard, word for word. */
export const LATEST_SOLUTIONS_TEXTS = {
  heading: 'Your latest solutions',
  empty:
    'No solution yet. Build a challenge, submit your live site, and once its review passes it shows here.',
  next: 'Browse challenges',
} as const

/**
 * The dashboard's "Your latest solutions" (docs/product.md §2 Dashboard, §11): the newest completed
 * challenges, each with its date, live site and solution page; with none, what to do next. Nothing while
 * the list loads or fails (the page's own counts report errors).
 */
export function LatestSolutions({ className = '' }: { className?: string }) {
  const completed = useQuery(memberChallengesQuery('completed'))
  if (!completed.data) return null
  const latest = completed.data.slice(0, SHOWN)
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
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-card"
            >
              <h3 className="text-base font-semibold tracking-tight text-slate-900">
                {entry.challenge.title}
              </h3>
              <CompletedWork entry={entry} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
