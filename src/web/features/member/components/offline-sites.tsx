import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { paths } from '#shared/paths.ts'
import { ArrowRightIcon, ExternalLinkIcon, WifiOffIcon } from '#web/components/ui/icons.tsx'
import { memberChallengesQuery } from '#web/features/member/api/member.ts'
import { SolutionLink } from '#web/features/solutions/components/solution-link.tsx'
import { webUrl } from '#web/lib/web-url.ts'

/**
 * The dashboard's notice of the member's sites that the weekly checks found down (docs/product.md §2
 * Dashboard, §4), each with the way to fix it: resubmit a working address on the challenge page. Nothing
 * while every site is live, or while the list loads or fails (the page's own counts report errors).
 */
export function OfflineSites({ className = '' }: { className?: string }) {
  const completed = useQuery(memberChallengesQuery('completed'))
  const offline = completed.data?.filter((entry) => entry.linkStatus === 'offline') ?? []
  if (offline.length === 0) return null
  const one = offline.length === 1

  return (
    <section
      aria-labelledby="offline-sites-heading"
      data-testid="offline-sites"
      className={`rounded-2xl border border-amber-300 bg-amber-50 p-5 sm:p-6 ${className}`}
    >
      <div className="flex items-start gap-3">
        <WifiOffIcon className="mt-0.5 size-6 shrink-0 text-amber-800" />
        <div className="min-w-0 flex-1">
          <h2 id="offline-sites-heading" className="text-lg font-semibold tracking-tight text-amber-950">
            {one ? 'One of your sites is offline' : `${offline.length} of your sites are offline`}
          </h2>
          <p className="mt-1 text-sm leading-6 text-amber-950">
            Our weekly checks could not reach {one ? 'this live site' : 'these live sites'}. Publish{' '}
            {one ? 'it' : 'them'} again, then resubmit the working address on the challenge page.
          </p>
          <ul className="mt-4 divide-y divide-amber-200 border-y border-amber-200">
            {offline.map(({ challenge, liveUrl, solutionId }) => {
              const site = webUrl(liveUrl)
              return (
                <li
                  key={challenge.id}
                  className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
                >
                  <div className="min-w-0">
                    <p className="font-semibold text-slate-900">
                      <SolutionLink id={solutionId} className="rounded-sm underline-offset-4 hover:underline">
                        {challenge.title}
                      </SolutionLink>
                    </p>
                    {site ? (
                      <a
                        href={site}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="mt-0.5 inline-flex max-w-full items-center gap-1 rounded-sm text-sm break-all text-slate-700 underline underline-offset-4 hover:text-slate-900"
                      >
                        {liveUrl}
                        <span className="sr-only"> (opens in a new tab)</span>
                        <ExternalLinkIcon className="size-3.5 shrink-0" />
                      </a>
                    ) : null}
                  </div>
                  <Link
                    to={paths.challenge(challenge.slug)}
                    state={{ challenge }}
                    className="inline-flex shrink-0 items-center gap-1.5 self-start rounded-lg bg-white px-3 py-2 text-sm font-semibold text-amber-950 shadow-sm ring-1 ring-amber-300 hover:bg-amber-100 sm:self-center"
                  >
                    Resubmit<span className="sr-only"> {challenge.title}</span>
                    <ArrowRightIcon className="size-4" />
                  </Link>
                </li>
              )
            })}
          </ul>
        </div>
      </div>
    </section>
  )
}
