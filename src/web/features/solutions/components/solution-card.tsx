import { Link } from 'react-router'
import { paths } from '#shared/paths.ts'
import type { SolutionCard as Card } from '#shared/solution.ts'
import { Avatar } from '#web/components/ui/avatar.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { commentsText, likesText } from '#web/features/feedback/format.ts'
import { formatLongDateUtc, formatScore } from '#web/lib/format.ts'

/** The name a card shows: the member's name, else their username (docs/product.md §11). */
export function memberName(member: Card['member']): string {
  return member.name?.trim() || member.username
}

/**
 * A gallery's card (docs/product.md §11): the first screen of the desktop capture (1440 wide, shown at
 * 1440:900 from its top, its box reserved before it loads), the member, the challenge on the site-wide
 * gallery, the score and the day (UTC) its review was asked for. The whole card links to the solution.
 */
export function SolutionCard({
  solution,
  showChallenge,
  note,
}: {
  solution: Card
  showChallenge: boolean
  /** A line of the card's own, e.g. "You built this one too" on the needs-feedback list. */
  note?: string | null
}) {
  const name = memberName(solution.member)
  return (
    <Link
      to={paths.solution(solution.id)}
      className="group flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-card transition hover:border-slate-300 hover:shadow-lg"
    >
      <div className="aspect-[1440/900] w-full overflow-hidden border-b border-slate-200 bg-slate-100">
        {solution.captureUrl ? (
          <img
            src={solution.previewUrl ?? solution.captureUrl}
            alt={`${name}'s solution to ${solution.challenge.title}`}
            loading="lazy"
            decoding="async"
            width={1440}
            height={900}
            className="size-full object-cover object-top transition duration-300 motion-safe:group-hover:scale-[1.02]"
          />
        ) : (
          <span className="flex size-full items-center justify-center text-sm text-slate-600">
            No capture
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        {showChallenge ? (
          <p className="text-base font-semibold tracking-tight text-slate-900 group-hover:underline">
            {solution.challenge.title}
          </p>
        ) : null}
        <p className="flex min-w-0 items-center gap-2 text-sm font-medium text-slate-800">
          <Avatar src={solution.member.avatarUrl} name={name} className="size-7 text-xs" />
          <span className="truncate">{name}</span>
        </p>
        {note ? (
          <p className="self-start rounded-full bg-accent-50 px-2.5 py-0.5 text-xs font-semibold text-accent-900 ring-1 ring-accent-600/25">
            {note}
          </p>
        ) : null}
        {/* Words, not symbols, so a screen reader says "3 likes, 2 comments" (docs/product.md §12). */}
        <p className="text-sm text-slate-700 tabular-nums">
          {likesText(solution.likeCount)}
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          {commentsText(solution.commentCount)}
        </p>
        <p className="mt-auto flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm text-slate-600">
          <span className="font-semibold text-slate-800 tabular-nums">
            Score {formatScore(solution.score)} / 100
          </span>
          <time dateTime={solution.passedAt}>{formatLongDateUtc(new Date(solution.passedAt))}</time>
        </p>
      </div>
    </Link>
  )
}

/** A card's shape while its page loads. */
export function SolutionCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-card"
    >
      <Skeleton className="aspect-[1440/900] w-full rounded-none" />
      <div className="space-y-3 p-5">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-7 w-1/2 rounded-full" />
        <Skeleton className="h-4 w-full" />
      </div>
    </div>
  )
}
