import type { MemberChallengesResponse } from '#shared/member.ts'
import { ExternalLinkIcon } from '#web/components/ui/icons.tsx'
import { SolutionLink } from '#web/features/solutions/components/solution-link.tsx'
import { formatMediumDate } from '#web/lib/format.ts'
import { webUrl } from '#web/lib/web-url.ts'

type MemberChallenge = MemberChallengesResponse['challenges'][number]

/**
 * What the member made of a completed challenge (docs/product.md §2 User challenge lists, §11): when it
 * was completed, its live site and its solution page. Its links sit above a card's stretched link.
 */
export function CompletedWork({ entry }: { entry: MemberChallenge }) {
  const { challenge, completedAt, liveUrl, solutionId } = entry
  const live = webUrl(liveUrl)
  return (
    <div className="mt-4 flex flex-col gap-2 border-t border-slate-200 pt-4 text-sm">
      {completedAt ? (
        <p className="text-slate-600">
          Completed on <time dateTime={completedAt}>{formatMediumDate(new Date(completedAt))}</time>
        </p>
      ) : null}
      {live ? (
        <a
          href={live}
          target="_blank"
          rel="noopener noreferrer"
          className="relative z-20 inline-flex max-w-full items-center gap-1 self-start rounded-sm break-all text-slate-700 underline underline-offset-4 hover:text-slate-900"
        >
          {liveUrl}
          <span className="sr-only"> (live site of {challenge.title}, opens in a new tab)</span>
          <ExternalLinkIcon className="size-3.5 shrink-0" />
        </a>
      ) : null}
      <SolutionLink
        id={solutionId}
        label={challenge.title}
        className="relative z-20 inline-flex items-center gap-1.5 self-start rounded-sm font-semibold text-accent-800 underline-offset-4 hover:underline"
      >
        View solution
      </SolutionLink>
    </div>
  )
}
