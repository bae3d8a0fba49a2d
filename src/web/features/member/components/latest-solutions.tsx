import { useQuery } from '@tanstack/react-query'
import { memberChallengesQuery } from '#web/features/member/api/member.ts'
import { CompletedWork } from '#web/features/member/components/completed-work.tsx'

/** How many of the member's newest completed challenges the dashboard shows. */
const SHOWN = 3

/**
 * The dashboard's "Your latest solutions" (docs/product.md §2 Dashboard, §11): the newest completed
 * challenges, each with its date, live site and solution page. Nothing while there is none, or while
 * the list loads or fails (the page's own counts report errors).
 */
export function LatestSolutions({ className = '' }: { className?: string }) {
  const completed = useQuery(memberChallengesQuery('completed'))
  const latest = completed.data?.slice(0, SHOWN) ?? []
  if (latest.length === 0) return null
  return (
    <section aria-labelledby="latest-solutions-heading" className={className}>
      <h2 id="latest-solutions-heading" className="text-xl font-bold tracking-tight text-slate-900">
        Your latest solutions
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {latest.map((entry) => (
          <li
            key={entry.challenge.id}
            className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-card"
          >
            <h3 className="text-base font-semibold tracking-tight text-slate-900">{entry.challenge.title}</h3>
            <CompletedWork entry={entry} />
          </li>
        ))}
      </ul>
    </section>
  )
}
